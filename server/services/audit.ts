import type { Queryable } from "../../db/client";
import { auditLog } from "../../db/schema";

export type AuditEntry = {
  /** Null for events without a signed-in actor or facility (a sign-in lock). */
  actorUserId: string | null;
  facilityId: string | null;
  /** What happened, `<entity>.<verb>`: 'contact_message.create', 'user.profile.update'. */
  action: string;
  entityType: string;
  entityId: string;
  /** The record before the change (null when created) and after it (null when deleted). */
  before: unknown;
  after: unknown;
};

/** Writes one audit record. Pass the mutation's transaction so the record and the change commit together. */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    facilityId: entry.facilityId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Writes several audit records in one statement (a bulk change audited per row it changed). */
export async function recordAudits(db: Queryable, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorUserId: entry.actorUserId,
      facilityId: entry.facilityId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}
