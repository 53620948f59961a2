import { Hono } from "hono";
import { Temporal } from "temporal-polyfill";
import type { ExportColumn } from "../exports/tables";
import { AUDIT_KINDS, type AuditKind, type AuditLogEntry, exportAuditLog } from "../services/auditLog";
import { DomainError } from "../services/errors";
import type { RestDeps, RestEnv } from "./deps";
import { exportFormat, tableFile } from "./files";

const KIND_MESSAGE = `kind must be one of ${AUDIT_KINDS.join(", ")}`;

/**
 * GET /api/audit-log?format=xlsx|csv&text=&kind=&from=&to=: the facility's audit log as a file,
 * filtered as the auditLog query filters, the latest first, at most AUDIT_EXPORT_MAX records.
 * Admins only. Times in two columns: UTC (ISO 8601) and the facility's local time.
 */
export function auditLogRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get("/", async (c) => {
    const viewer = c.get("viewer");
    const format = exportFormat(c.req.query("format") ?? "csv");
    const kind = c.req.query("kind") || null;
    if (kind !== null && !AUDIT_KINDS.includes(kind as AuditKind)) {
      throw new DomainError("invalid", KIND_MESSAGE, { kind: KIND_MESSAGE });
    }
    const filter = {
      text: c.req.query("text") || null,
      kind: kind as AuditKind | null,
      from: c.req.query("from") || null,
      to: c.req.query("to") || null,
    };
    const { timeZone, entries } = await exportAuditLog(db, viewer, filter);
    if (!format) return c.json({ timeZone, entries });
    return tableFile(c, format, {
      title: "Audit log",
      fileName: "audit-log",
      columns: auditLogColumns(timeZone),
      rows: entries,
    });
  });
  return routes;
}

function auditLogColumns(timeZone: string): ExportColumn<AuditLogEntry>[] {
  return [
    { header: "Time (UTC)", value: (entry) => entry.at.toISOString(), width: 26 },
    { header: `Time (${timeZone})`, value: (entry) => localTime(entry.at, timeZone), width: 22 },
    { header: "Who", value: (entry) => entry.who, width: 36 },
    { header: "What", value: (entry) => entry.what, width: 28 },
    { header: "Entity", value: (entry) => entry.entityType, width: 18 },
    { header: "Entity id", value: (entry) => entry.entityId, width: 38 },
    { header: "Record", value: (entry) => entry.record, width: 36 },
    { header: "Details", value: (entry) => entry.details, width: 40 },
    { header: "From (address)", value: (entry) => entry.source, width: 18 },
  ];
}

/** '2026-01-09 23:59:00': the facility's wall-clock time of an instant. */
function localTime(at: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDateTime()
    .toString({ smallestUnit: "second" })
    .replace("T", " ");
}
