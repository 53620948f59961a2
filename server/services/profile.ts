import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { staff, users } from "../../db/schema";
import { profileSchema } from "../../schema/profile";
import { auditEntry, recordAudit } from "./audit";
import { forbidden, notFound, requireUuid } from "./errors";
import { getUser, type UserRecord } from "./users";
import { parseInput } from "./validation";
import type { Viewer } from "./viewer";

/**
 * Updates the signed-in person's own names (/user/profile), and those of their staff record when
 * they have one. Only one's own profile: anyone else's is refused, also for admins. Audited with
 * the names before and after, in the same transaction.
 */
export async function updateOwnProfile(
  db: Queryable,
  viewer: Viewer,
  userId: string,
  input: unknown,
): Promise<UserRecord> {
  requireUuid(userId, "user");
  if (userId !== viewer.userId) throw forbidden();
  const names = parseInput(profileSchema, input);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        firstName: users.firstName,
        middleName: users.middleName,
        lastName: users.lastName,
        staffId: users.staffId,
      })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for("update");
    if (!current) throw notFound("User");
    const now = new Date();
    await tx
      .update(users)
      .set({ ...names, updatedAt: now })
      .where(eq(users.id, userId));
    if (current.staffId) {
      await tx
        .update(staff)
        .set({ ...names, updatedAt: now })
        .where(eq(staff.id, current.staffId));
    }
    const { staffId, ...before } = current;
    await recordAudit(
      tx,
      auditEntry(viewer, "user.profile.update", userId, { ...before, staffId }, { ...names, staffId }),
    );
    return getUser(tx, viewer, userId);
  });
}
