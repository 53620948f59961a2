import { and, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import type { AuditAction } from "./auditLabels";
import type { RateLimiter } from "./rateLimits";
import type { Viewer } from "./viewer";

export type AuditEntry = {
  /** Null for events without a signed-in actor or facility (a sign-in lock). */
  actorUserId: string | null;
  facilityId: string | null;
  /** What happened, `<entity>.<verb>`: 'contact_message.create', 'user.profile.update'. */
  action: AuditAction;
  entityType: string;
  entityId: string;
  /** The record before the change (null when created) and after it (null when deleted). */
  before: unknown;
  after: unknown;
  /** Where the request came from (the client's address); null without a request (an import job). */
  source: string | null;
};

/** Who did it and from where: the actor, their facility and the request's address. */
function auditActor(viewer: Pick<Viewer, "userId" | "facilityId" | "source">) {
  return { actorUserId: viewer.userId, facilityId: viewer.facilityId, source: viewer.source };
}

/** The viewer's change of one record: its type is the action's first part ('unit_role' of 'unit_role.update'). */
export function auditEntry(
  viewer: Pick<Viewer, "userId" | "facilityId" | "source">,
  action: AuditAction,
  entityId: string,
  before: unknown,
  after: unknown,
): AuditEntry {
  const entityType = action.split(".")[0] as string;
  return { ...auditActor(viewer), action, entityType, entityId, before, after };
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
      source: entry.source,
    })),
  );
}

/**
 * A failed sign-in: the email tried (never the password) and, when it is a user's, that user as
 * the entity and their facility, so the facility's administrators see tries on their accounts.
 */
export async function signInFailureEntry(db: Queryable, email: string, source: string | null): Promise<AuditEntry> {
  const tried = email.trim().slice(0, 320);
  const [user] = await db
    .select({ id: users.id, facilityId: users.facilityId })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${tried})`, isNull(users.deletedAt)))
    .limit(1);
  return {
    actorUserId: null,
    facilityId: user?.facilityId ?? null,
    action: "sign_in.failure",
    entityType: user ? "user" : "sign_in_account",
    entityId: user?.id ?? tried.toLowerCase(),
    before: null,
    after: { email: tried },
    source,
  };
}

/** A refused request (401/403): who asked when known, what they asked, the refusal's code, from where. */
export type DeniedRequest = {
  viewer: Pick<Viewer, "userId" | "facilityId"> | undefined;
  /** GraphQL: the operation and fields (`query Users: users`); REST: method and path (`GET /api/users`). */
  what: string;
  transport: "graphql" | "rest" | "websocket";
  /** FORBIDDEN / UNAUTHENTICATED (GraphQL) or the HTTP status's error code (REST). */
  code: string;
  source: string | null;
};

/** The longest `what` kept: a path or an operation name is the caller's to make long. */
const MAX_DENIED_WHAT = 300;

/**
 * Records refused requests as `authorization.denied`, at most as many per address as the
 * `deniedAudit` limiter allows (see its policy). A failure to record is logged, never the caller's
 * answer: the refusal stands either way.
 */
export function createDeniedRecorder(db: Queryable, limiter: RateLimiter) {
  return async (denied: DeniedRequest): Promise<void> => {
    if ((await limiter.hit(`address:${denied.source ?? "unknown"}`)) > 0) return;
    const what = denied.what.slice(0, MAX_DENIED_WHAT);
    try {
      await recordAudit(db, {
        actorUserId: denied.viewer?.userId ?? null,
        facilityId: denied.viewer?.facilityId ?? null,
        action: "authorization.denied",
        entityType: denied.transport,
        entityId: what,
        before: null,
        after: { what, code: denied.code },
        source: denied.source,
      });
    } catch (error) {
      console.error("The refusal of a request was not recorded in the audit log:", error);
    }
  };
}

export type DeniedRecorder = ReturnType<typeof createDeniedRecorder>;
