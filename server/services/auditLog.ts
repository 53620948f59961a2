import { type SQL, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { type Queryable, rowsOf } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { startOfFacilityDay } from "../../schema/calendar";
import { ACTION_LABELS, auditDetails, auditLabel, type Recorded } from "./auditLabels";
import { RECORD_IN_WORDS, recordNamedLike } from "./auditRecordNames";
import { requireAdmin } from "./authorization";
import { DomainError } from "./errors";
import type { Viewer } from "./viewer";

/** The kinds of record an administrator filters by. */
export const AUDIT_KINDS = ["SignIns", "FailedSignIns", "Denied", "Changes"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export type AuditLogFilter = {
  /** Part of the actor's name or email (or the email tried), the action's label, the entity, the record's name or the details. */
  text?: string | null;
  kind?: AuditKind | null;
  /** Facility dates (YYYY-MM-DD, read in the facility's time zone), both included. */
  from?: string | null;
  to?: string | null;
};

export type AuditLogEntry = {
  id: number;
  at: Date;
  /** The actor's name and email, the email a sign-in tried, or "Unknown". */
  who: string;
  action: string;
  what: string;
  entityType: string;
  entityId: string;
  /** The record in words (a cost center's code and name, a person's name, a plan's unit and year); null when it cannot be told. */
  record: string | null;
  details: string | null;
  source: string | null;
};

export type AuditLogPage = { total: number; offset: number; size: number; timeZone: string; entries: AuditLogEntry[] };

export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 25;
/** The most records one export holds; more must be narrowed by the filters first. */
export const AUDIT_EXPORT_MAX = 10_000;
const MAX_TEXT = 100;

export const AUDIT_LOG_MESSAGES = {
  badDate: (label: string) => `${label} must be a date written YYYY-MM-DD`,
  fromAfterTo: "The From date must not be after the To date",
  pageSize: `A page holds 1 to ${AUDIT_PAGE_MAX} entries`,
  offset: "The page offset must be a whole number, 0 or more",
  text: `The search text must be at most ${MAX_TEXT} characters`,
  tooMany: (count: number) =>
    `The export holds at most ${AUDIT_EXPORT_MAX.toLocaleString("en-US")} entries and ${count.toLocaleString("en-US")} match: narrow the filters`,
} as const;

/**
 * The facility's audit log, latest first, a page at a time: administrators only, their own
 * facility only. Bad filters or paging are refused with a specific message.
 */
export async function searchAuditLog(
  db: Queryable,
  viewer: Viewer,
  filter: AuditLogFilter = {},
  page: { offset?: number | null; size?: number | null } = {},
): Promise<AuditLogPage> {
  requireAdmin(viewer);
  const offset = page.offset ?? 0;
  const size = page.size ?? AUDIT_PAGE_DEFAULT;
  if (!Number.isInteger(size) || size < 1 || size > AUDIT_PAGE_MAX) {
    throw new DomainError("invalid", AUDIT_LOG_MESSAGES.pageSize, { size: AUDIT_LOG_MESSAGES.pageSize });
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw new DomainError("invalid", AUDIT_LOG_MESSAGES.offset, { offset: AUDIT_LOG_MESSAGES.offset });
  }
  const where = auditLogWhere(viewer, filter);
  const total = await countEntries(db, where);
  // Nothing to read past the last match (a search that matches nothing reads the log once, not twice).
  const entries = total > offset ? await selectEntries(db, where, size, offset) : [];
  return { total, offset, size, timeZone: viewer.facilityTimeZone, entries };
}

/** Every record the filters match, for an export; refused when more than AUDIT_EXPORT_MAX match. */
export async function exportAuditLog(
  db: Queryable,
  viewer: Viewer,
  filter: AuditLogFilter = {},
): Promise<{ timeZone: string; entries: AuditLogEntry[] }> {
  requireAdmin(viewer);
  const where = auditLogWhere(viewer, filter);
  // Counted first, so that a refused export names no entries; entries recorded after the count can
  // still pass the limit, so one more than it is read, never a silently cut export.
  const tooMany = (total: number) => new DomainError("invalid", AUDIT_LOG_MESSAGES.tooMany(total));
  const total = await countEntries(db, where);
  if (total > AUDIT_EXPORT_MAX) throw tooMany(total);
  const entries = await selectEntries(db, where, AUDIT_EXPORT_MAX + 1, 0);
  if (entries.length > AUDIT_EXPORT_MAX) throw tooMany(await countEntries(db, where));
  return { timeZone: viewer.facilityTimeZone, entries };
}

async function countEntries(db: Queryable, where: SQL): Promise<number> {
  const [counted] = rowsOf<{ total: number | string }>(
    await db.execute(
      sql`select count(*) as total from ${auditLog} a left join ${users} u on u.id = a.actor_user_id where ${where}`,
    ),
  );
  return Number(counted?.total ?? 0);
}

async function selectEntries(db: Queryable, where: SQL, limit: number, offset: number): Promise<AuditLogEntry[]> {
  const result = await db.execute(sql`
    select a.id, a.at, a.action, a.entity_type, a.entity_id, a.before, a.after, a.source,
      u.first_name || ' ' || u.last_name as actor_name, u.email as actor_email, ${RECORD_IN_WORDS} as record
    from ${auditLog} a left join ${users} u on u.id = a.actor_user_id
    where ${where}
    order by a.at desc, a.id desc
    limit ${limit} offset ${offset}`);
  return rowsOf<{
    id: number | string;
    at: Date | string;
    action: string;
    entity_type: string;
    entity_id: string;
    before: Recorded;
    after: Recorded;
    source: string | null;
    actor_name: string | null;
    actor_email: string | null;
    record: string | null;
  }>(result).map((row) => {
    const tried = row.action.startsWith("sign_in.") ? row.after?.email : undefined;
    return {
      id: Number(row.id),
      at: new Date(row.at),
      who: row.actor_name
        ? `${row.actor_name} (${row.actor_email})`
        : typeof tried === "string" && tried
          ? tried
          : "Unknown",
      action: row.action,
      what: auditLabel(row.action),
      entityType: row.entity_type,
      entityId: row.entity_id,
      record: row.record,
      details: auditDetails({ action: row.action, entityId: row.entity_id, before: row.before, after: row.after }),
      source: row.source,
    };
  });
}

const KIND_CONDITIONS: Record<AuditKind, SQL> = {
  SignIns: sql`a.action = 'sign_in.success'`,
  FailedSignIns: sql`a.action in ('sign_in.failure', 'sign_in.lock')`,
  Denied: sql`a.action = 'authorization.denied'`,
  Changes: sql`a.action not like 'sign_in.%' and a.action <> 'authorization.denied'`,
};

/** The viewer's facility and the filters, checked; over `audit_log a left join users u`. */
function auditLogWhere(viewer: Viewer, filter: AuditLogFilter): SQL {
  const conditions: SQL[] = [sql`a.facility_id = ${viewer.facilityId}`];
  const from = filter.from ? facilityDateOf(filter.from, "From") : null;
  const to = filter.to ? facilityDateOf(filter.to, "To") : null;
  if (from && to && Temporal.PlainDate.compare(from, to) > 0) {
    throw new DomainError("invalid", AUDIT_LOG_MESSAGES.fromAfterTo, { from: AUDIT_LOG_MESSAGES.fromAfterTo });
  }
  if (from) conditions.push(sql`a.at >= ${startOfFacilityDay(from.toString(), viewer.facilityTimeZone).toISOString()}`);
  if (to) {
    const end = startOfFacilityDay(to.add({ days: 1 }).toString(), viewer.facilityTimeZone);
    conditions.push(sql`a.at < ${end.toISOString()}`);
  }
  if (filter.kind) conditions.push(KIND_CONDITIONS[filter.kind]);
  // One line: a line break or tab searched for is a space (and the joined texts below cannot be spanned).
  const text = (filter.text ?? "").replace(/\s+/g, " ").trim();
  if (text.length > MAX_TEXT)
    throw new DomainError("invalid", AUDIT_LOG_MESSAGES.text, { text: AUDIT_LOG_MESSAGES.text });
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const lower = text.toLowerCase();
    const labelled = Object.keys(ACTION_LABELS).filter((action) => auditLabel(action).toLowerCase().includes(lower));
    // The actor first: a search for a person stops there on most entries. Then one "contains" over
    // the entry's own texts joined, cheaper than one per text (bench:audit-log); joined by line
    // breaks, which a search (one line) cannot span.
    conditions.push(sql`(
      u.first_name || ' ' || u.last_name ilike ${pattern}
      or u.email ilike ${pattern}
      or concat_ws(chr(10), replace(replace(a.action, '.', ' '), '_', ' '), a.entity_type, a.entity_id,
        a.after::text, a.before::text, a.source) ilike ${pattern}
      ${
        labelled.length > 0
          ? sql`or a.action in (${sql.join(
              labelled.map((action) => sql`${action}`),
              sql`, `,
            )})`
          : sql``
      }
      or ${recordNamedLike(pattern)}
    )`);
  }
  return sql.join(conditions, sql` and `);
}

function facilityDateOf(value: string, label: "From" | "To"): Temporal.PlainDate {
  const message = AUDIT_LOG_MESSAGES.badDate(`The ${label} date`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new DomainError("invalid", message, { [label.toLowerCase()]: message });
  try {
    return Temporal.PlainDate.from(value, { overflow: "reject" });
  } catch {
    throw new DomainError("invalid", message, { [label.toLowerCase()]: message });
  }
}
