import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { invites, localCredentials, outboxMessages, users } from "../../db/schema";
import { INVITE_VALID_HOURS, passwordProblem } from "../../schema/userAccess";
import { hashPassword } from "../auth/passwords";
import { recordAudit } from "./audit";
import { requireAdmin } from "./authorization";
import { DomainError } from "./errors";
import type { Viewer } from "./viewer";

/** Who is invited, and by whom. */
export type Invitation = {
  userId: string;
  facilityId: string;
  email: string;
  firstName: string;
  lastName: string;
  invitedByUserId: string;
};

/**
 * The one interface between user administration and the identity provider: provision the sign-in
 * account and send an invitation valid 48 hours. The embedded provider keeps the invitation in the
 * outbox table (opened by admins in development); Azure AD B2C provisions through Microsoft Graph.
 * Called inside the transaction that creates the user, so a refusal undoes the whole addition.
 */
export interface IdentityDirectory {
  readonly kind: "embedded" | "b2c";
  invite(db: Queryable, invitation: Invitation): Promise<void>;
}

export const INVITE_PATH = "/oidc/invite";
export const INVITE_SUBJECT = "You are invited to Staffing & Position Control";

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * Records a fresh invitation (earlier open ones of the user stop working) and answers its token.
 * Only the token's hash is stored; the token itself travels in the message.
 */
export async function createInviteToken(
  db: Queryable,
  invitation: Invitation,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITE_VALID_HOURS * 3600 * 1000);
  await db
    .update(invites)
    .set({ expiresAt: new Date() })
    .where(and(eq(invites.userId, invitation.userId), isNull(invites.acceptedAt)));
  await db.insert(invites).values({
    userId: invitation.userId,
    tokenHash: hashToken(token),
    expiresAt,
    createdByUserId: invitation.invitedByUserId,
  });
  return { token, expiresAt };
}

export function inviteMessageBody(invitation: Invitation, link: string, expiresAt: Date, afterLink = ""): string {
  return [
    `Hello ${invitation.firstName} ${invitation.lastName},`,
    "",
    "You have been given access to Staffing & Position Control.",
    `Open this link to set your password and sign in: ${link}`,
    afterLink,
    `The link is valid for ${INVITE_VALID_HOURS} hours (until ${expiresAt.toISOString().replace("T", " ").slice(0, 16)} UTC).`,
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/** The embedded default: the invitation lands in the outbox table with its accept-invite link. */
export function embeddedDirectory(publicUrl: string): IdentityDirectory {
  return {
    kind: "embedded",
    async invite(db, invitation) {
      const { token, expiresAt } = await createInviteToken(db, invitation);
      await db.insert(outboxMessages).values({
        toAddress: invitation.email,
        subject: INVITE_SUBJECT,
        body: inviteMessageBody(invitation, `${publicUrl}${INVITE_PATH}/${token}`, expiresAt),
      });
    },
  };
}

export type OpenInvite = { userId: string; email: string; firstName: string; lastName: string };

/** The invitation a link carries, if it is still open; otherwise a clear refusal. */
export async function findOpenInvite(db: Queryable, token: string): Promise<OpenInvite> {
  const [row] = await db
    .select({
      userId: invites.userId,
      expiresAt: invites.expiresAt,
      acceptedAt: invites.acceptedAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      deletedAt: users.deletedAt,
    })
    .from(invites)
    .innerJoin(users, eq(users.id, invites.userId))
    .where(eq(invites.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.deletedAt) throw new DomainError("not_found", "This invitation link is not valid.");
  if (row.acceptedAt)
    throw new DomainError("conflict", "This invitation was already used. Sign in with your password.");
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new DomainError("invalid", "This invitation has expired. Ask your administrator to resend it.");
  }
  return { userId: row.userId, email: row.email, firstName: row.firstName, lastName: row.lastName };
}

/**
 * Accepts an invitation: sets the password, links the sign-in subject, closes the invitation;
 * all or nothing, audited as done by the invited person.
 */
export async function acceptInvite(
  db: Queryable,
  token: string,
  password: string,
  confirm: string,
  /** Where the request came from (`requestSource`), for the audit record. */
  source: string | null,
): Promise<OpenInvite> {
  const problem = passwordProblem(password, confirm);
  return db.transaction(async (tx) => {
    const invite = await findOpenInvite(tx, token);
    if (problem) throw new DomainError("invalid", problem, { password: problem });
    const [user] = await tx
      .select({ identitySubject: users.identitySubject, facilityId: users.facilityId })
      .from(users)
      .where(eq(users.id, invite.userId))
      .for("update");
    if (!user) throw new DomainError("not_found", "This invitation link is not valid.");
    const passwordHash = await hashPassword(password);
    await tx
      .insert(localCredentials)
      .values({ userId: invite.userId, passwordHash })
      .onConflictDoUpdate({ target: localCredentials.userId, set: { passwordHash, updatedAt: new Date() } });
    const subject = user.identitySubject ?? invite.userId;
    await tx.update(users).set({ identitySubject: subject, updatedAt: new Date() }).where(eq(users.id, invite.userId));
    await tx
      .update(invites)
      .set({ acceptedAt: new Date() })
      .where(eq(invites.tokenHash, hashToken(token)));
    await recordAudit(tx, {
      actorUserId: invite.userId,
      facilityId: user.facilityId,
      action: "user.invite.accept",
      entityType: "user",
      entityId: invite.userId,
      before: { identitySubject: user.identitySubject, passwordSet: false },
      after: { identitySubject: subject, passwordSet: true },
      source,
    });
    return invite;
  });
}

export type OutboxMessageRecord = { id: string; toAddress: string; subject: string; body: string; createdAt: Date };

/**
 * The outbox, newest first: development only (embedded identity), for admins of a facility; only
 * messages to that facility's users.
 */
export async function listOutbox(
  db: Queryable,
  viewer: Viewer,
  directory: IdentityDirectory,
): Promise<OutboxMessageRecord[]> {
  requireAdmin(viewer);
  if (directory.kind !== "embedded") {
    throw new DomainError("not_found", "The outbox exists only with the embedded identity provider");
  }
  return db
    .selectDistinct({
      id: outboxMessages.id,
      toAddress: outboxMessages.toAddress,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .innerJoin(users, and(eq(users.email, outboxMessages.toAddress), eq(users.facilityId, viewer.facilityId)))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(100);
}
