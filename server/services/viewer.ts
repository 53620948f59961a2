import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { costCenterPermissions, facilities, users } from "../../db/schema";
import type { AccountType } from "../../schema/accountTypes";
import type { VerifiedToken } from "../auth/tokens";
import type { AppEvents } from "../events";
import { recordAudit } from "./audit";
import { DomainError, notFound } from "./errors";

/** The signed-in person, resolved from a verified token on every request. */
export type Viewer = {
  userId: string;
  organizationId: string;
  facilityId: string;
  facilityName: string;
  /** The facility's time zone (HR guidelines): its dates are read there. */
  facilityTimeZone: string;
  email: string;
  firstName: string;
  lastName: string;
  accountType: AccountType;
  /** Where this request came from (`requestSource`): every audit record of the viewer carries it. */
  source: string | null;
};

/**
 * Finds the user behind a token: by the identity subject, or on a first B2C sign-in by e-mail,
 * which then links the subject. The account type follows spec §4: admin if the user type is Admin,
 * exec if the first cost-center permission has the executive flag, user otherwise.
 *
 * One SQL statement (the user, their facility and the first permission's executive flag together)
 * and nothing cached: `createViewerResolver` is what requests use.
 */
export async function resolveViewer(
  db: Queryable,
  token: VerifiedToken,
  source: string | null = null,
): Promise<Viewer> {
  return viewerOf(db, await findViewerRow(db, token), token, source);
}

type ViewerRow = NonNullable<Awaited<ReturnType<typeof findActiveUser>>>;

async function findViewerRow(db: Queryable, token: VerifiedToken): Promise<ViewerRow> {
  let row = await findActiveUser(db, eq(users.identitySubject, token.subject));
  if (!row && token.email) {
    row = await findActiveUser(
      db,
      and(isNull(users.identitySubject), sql`lower(${users.email}) = lower(${token.email})`),
    );
    if (row) await db.update(users).set({ identitySubject: token.subject }).where(eq(users.id, row.userId));
  }
  if (!row) throw new DomainError("unauthenticated", "No active user account matches this sign-in");
  return row;
}

async function viewerOf(db: Queryable, row: ViewerRow, token: VerifiedToken, source: string | null): Promise<Viewer> {
  if (token.signsIn) {
    await recordAudit(db, {
      actorUserId: row.userId,
      facilityId: row.facilityId,
      action: "sign_in.success",
      entityType: "user",
      entityId: row.userId,
      before: null,
      after: { email: row.email },
      source,
    });
  }
  return asViewer(row, source);
}

function asViewer(row: ViewerRow, source: string | null): Viewer {
  const { userType, firstPermissionExecutive, ...viewer } = row;
  const accountType: AccountType = userType === "Admin" ? "admin" : firstPermissionExecutive ? "exec" : "user";
  return { ...viewer, accountType, source };
}

/**
 * An active user as the services see them when they sign in, for work done in their name outside
 * a request (the demo's sample plans, a test's worker process); no sign-in is recorded.
 */
export async function viewerOfUser(db: Queryable, userId: string): Promise<Viewer> {
  const row = await findActiveUser(db, eq(users.id, userId));
  if (!row) throw notFound(`Active user ${userId}`);
  return asViewer(row, null);
}

export type ViewerResolver = {
  resolve(token: VerifiedToken, source: string | null): Promise<Viewer>;
  /**
   * After every write through this instance (a mutation, a REST call), before its answer leaves:
   * this instance forgets every viewer at once and tells the others to.
   */
  afterWrite(): void;
  forgetAll(): void;
  close(): Promise<void>;
};

/** How many signed-in people each instance remembers at most. */
const VIEWERS_REMEMBERED = 10_000;

/**
 * Resolves viewers as `resolveViewer` does, remembering each for `rememberMs` (VIEWER_CACHE_SECONDS;
 * 0 remembers nothing). Reading the viewer was the one statement every request made (issue #16:
 * `me` 1,287 → 3,871 req/s on PostgreSQL without it). What may change a viewer makes every instance
 * forget all it remembers:
 * - a write through this instance (`afterWrite`, after every mutation and REST write): forgotten here
 *   before the answer leaves, so the next request sees it; the others hear it through the app's
 *   events (Redis with several instances) a moment later;
 * - a finished import (a users file), through the same events.
 * A change made outside the app (SQL at the database) holds within `rememberMs`.
 */
export function createViewerResolver(
  db: Queryable,
  events: AppEvents,
  options: { rememberMs: number; now?: () => number },
): ViewerResolver {
  const now = options.now ?? Date.now;
  const remembered = new Map<string, { row: ViewerRow; until: number }>();
  // A lookup that started before a forgetAll must not store what it read: it may predate the change.
  let generation = 0;
  const forgetAll = () => {
    generation++;
    remembered.clear();
  };
  const changes = events.subscribe("viewersChanged");
  void (async () => {
    for await (const _ of changes) forgetAll();
  })();

  return {
    async resolve(token, source) {
      const known = remembered.get(token.subject);
      if (known && known.until > now()) return viewerOf(db, known.row, token, source);
      const startedIn = generation;
      const row = await findViewerRow(db, token);
      if (options.rememberMs > 0 && startedIn === generation) {
        remembered.delete(token.subject);
        remembered.set(token.subject, { row, until: now() + options.rememberMs });
        if (remembered.size > VIEWERS_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
      }
      return viewerOf(db, row, token, source);
    },
    afterWrite() {
      if (options.rememberMs === 0) return;
      forgetAll();
      events.publish("viewersChanged");
    },
    forgetAll,
    close: async () => {
      await changes.return?.();
    },
  };
}

/** The executive flag of the user's first cost-center permission (by sort order), null without one. */
const firstPermissionExecutive = sql<boolean | null>`(
  select ${costCenterPermissions.executive} from ${costCenterPermissions}
  where ${costCenterPermissions.userId} = ${users.id}
  order by ${costCenterPermissions.sortOrder}, ${costCenterPermissions.id}
  limit 1
)`;

async function findActiveUser(db: Queryable, condition: ReturnType<typeof and>) {
  const [row] = await db
    .select({
      userId: users.id,
      organizationId: users.organizationId,
      facilityId: users.facilityId,
      facilityName: facilities.name,
      facilityTimeZone: facilities.timeZone,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      userType: users.userType,
      firstPermissionExecutive,
    })
    .from(users)
    .innerJoin(facilities, eq(facilities.id, users.facilityId))
    .where(and(condition, isNull(users.deletedAt)))
    .limit(1);
  return row;
}
