import type { Queryable } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { Viewer } from "./viewer";

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

/** The viewer's change of one record: its type is the action's first part ('unit_role' of 'unit_role.update'). */
export function auditEntry(
  viewer: Pick<Viewer, "userId" | "facilityId">,
  action: string,
  entityId: string,
  before: unknown,
  after: unknown,
): AuditEntry {
  const entityType = action.split(".")[0] as string;
  return { actorUserId: viewer.userId, facilityId: viewer.facilityId, action, entityType, entityId, before, after };
}

/** Writes one audit record. Pass the mutation's transaction so the record and the change commit together. */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
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
