import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { localCredentials, users } from "../../db/schema";
import { verifyPassword } from "../auth/passwords";

/** An account of the embedded identity provider: a user who has set a password. */
export type IdentityAccount = {
  subject: string;
  userId: string;
  facilityId: string;
  email: string;
  firstName: string;
  lastName: string;
};

const accountColumns = {
  subject: users.identitySubject,
  userId: users.id,
  facilityId: users.facilityId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

export async function findIdentityAccount(db: Queryable, subject: string): Promise<IdentityAccount | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.identitySubject, subject), isNull(users.deletedAt)))
    .limit(1);
  return row?.subject ? { ...row, subject: row.subject } : undefined;
}

/** The account for an e-mail and password, or undefined; the same answer for every kind of miss. */
export async function checkPassword(
  db: Queryable,
  email: string,
  password: string,
): Promise<IdentityAccount | undefined> {
  const [row] = await db
    .select({ ...accountColumns, passwordHash: localCredentials.passwordHash })
    .from(users)
    .innerJoin(localCredentials, eq(localCredentials.userId, users.id))
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, isNull(users.deletedAt)))
    .limit(1);
  if (!row?.subject || !(await verifyPassword(password, row.passwordHash))) return undefined;
  const { passwordHash: _hash, ...account } = row;
  return { ...account, subject: row.subject };
}
