import { recordKind } from "../services/auditLabels";
import {
  AUDIT_EXPORT_MAX,
  AUDIT_KINDS,
  AUDIT_PAGE_DEFAULT,
  AUDIT_PAGE_MAX,
  type AuditLogEntry,
  type AuditLogPage,
  searchAuditLog,
} from "../services/auditLog";
import { type BuilderTypes, builder } from "./builder";

const AuditKindEnum = builder.enumType("AuditKind", {
  description: "Kinds of audit record: sign-ins, failed sign-ins (and locks), refused requests, changes.",
  values: AUDIT_KINDS,
});

const AuditLogFilterInput = builder.inputType("AuditLogFilter", {
  description: "The audit log's filters; each one left out lets every record through.",
  fields: (t) => ({
    text: t.string({
      description:
        "Part of who (name, email, the email a sign-in tried), what (the action's label), the entity, the record's name in words, the details or the address; any case, at most 100 characters.",
    }),
    kind: t.field({ type: AuditKindEnum }),
    from: t.string({ description: "First day (YYYY-MM-DD), read in the facility's time zone." }),
    to: t.string({ description: "Last day (YYYY-MM-DD, included), read in the facility's time zone." }),
  }),
});

const AuditLogPageInput = builder.inputType("AuditLogPageInput", {
  description: `Which page: an offset (0 by default) and a size (1 to ${AUDIT_PAGE_MAX}, ${AUDIT_PAGE_DEFAULT} by default).`,
  fields: (t) => ({ offset: t.int(), size: t.int() }),
});

/** What every audit record shows, in the audit log and in a cost center's history (costCenter.ts). */
export const auditRecordFields = <Entry extends { id: number; at: Date; action: string; what: string }>(
  t: PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, Entry>,
) => ({
  id: t.id({ resolve: (entry) => String(entry.id) }),
  at: t.string({ description: "When (ISO 8601, UTC).", resolve: (entry) => entry.at.toISOString() }),
  action: t.string({ description: "The recorded action, `<entity>.<verb>`.", resolve: (entry) => entry.action }),
  what: t.string({ description: "The action in words.", resolve: (entry) => entry.what }),
});

const AuditLogEntryType = builder.objectRef<AuditLogEntry>("AuditLogEntry").implement({
  description: "One audit record: who, what, when, from where.",
  fields: (t) => ({
    ...auditRecordFields(t),
    who: t.exposeString("who", {
      description: "The actor's name and email, the email a sign-in tried, or 'Unknown'.",
    }),
    entityType: t.exposeString("entityType", { description: "What kind of record it concerns." }),
    recordKind: t.string({
      description: "The kind of record in words ('Staff assignment' for staff_position).",
      resolve: (entry) => recordKind(entry.entityType),
    }),
    entityId: t.exposeString("entityId", { description: "Which record (an id, an email, a request)." }),
    record: t.exposeString("record", {
      nullable: true,
      description:
        "The record in words: a cost center's code and name, a person's name (a staff member's with their employee id), a plan's cost center and budget year, a role's or scenario's name, a file's name. Null when it cannot be told (a record deleted without a name in its snapshot).",
    }),
    details: t.exposeString("details", {
      nullable: true,
      description: "What happened, where the record says it plainly.",
    }),
    source: t.exposeString("source", {
      nullable: true,
      description: "The client's address as the server saw it; none for background work (an import job).",
    }),
  }),
});

const AuditLogPageType = builder.objectRef<AuditLogPage>("AuditLogPage").implement({
  description: `A page of the facility's audit log, the latest first. Exports (GET /api/audit-log?format=xlsx|csv, the same filters) hold at most ${AUDIT_EXPORT_MAX} records.`,
  fields: (t) => ({
    total: t.exposeInt("total", { description: "Records matching the filters, on every page." }),
    offset: t.exposeInt("offset"),
    size: t.exposeInt("size"),
    timeZone: t.exposeString("timeZone", { description: "The facility's time zone (IANA name), to show times in." }),
    entries: t.field({ type: [AuditLogEntryType], resolve: (page) => page.entries }),
  }),
});

builder.queryFields((t) => ({
  auditLog: t.field({
    type: AuditLogPageType,
    description:
      "The facility's audit log (sign-ins, failed sign-ins, refused requests, changes), the latest first, a page at a time. Admins only.",
    authScopes: { admin: true },
    args: {
      filter: t.arg({ type: AuditLogFilterInput }),
      page: t.arg({ type: AuditLogPageInput }),
    },
    resolve: (_root, args, context) => searchAuditLog(context.db, context.viewer, args.filter ?? {}, args.page ?? {}),
  }),
}));
