import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { costCenterPermissions, facilities, users } from "../../db/schema";
import type { AccountType } from "../../schema/accountTypes";
import type { VerifiedToken } from "../auth/tokens";
import { recordAudit } from "./audit";
import { DomainError } from "./errors";

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
 * One SQL statement per request (the user, their facility and the first permission's executive flag
 * together); nothing is cached, so a change to the user or their permissions holds from the next request.
 */
export async function resolveViewer(
  db: Queryable,
  token: VerifiedToken,
  source: string | null = null,
): Promise<Viewer> {
  let row = await findActiveUser(db, eq(users.identitySubject, token.subject));
  if (!row && token.email) {
    row = await findActiveUser(
      db,
      and(isNull(users.identitySubject), sql`lower(${users.email}) = lower(${token.email})`),
    );
    if (row) await db.update(users).set({ identitySubject: token.subject }).where(eq(users.id, row.userId));
  }
  if (!row) throw new DomainError("unauthenticated", "No active user account matches this sign-in");
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
  const { userType, firstPermissionExecutive, ...viewer } = row;
  const accountType: AccountType = userType === "Admin" ? "admin" : firstPermissionExecutive ? "exec" : "user";
  return { ...viewer, accountType, source };
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
