import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { adminTaskNameEnum, adminTasks, taskStateEnum } from "../../db/schema";
import { recordAudit } from "./audit";
import { requireAdmin } from "./authorization";
import { DomainError } from "./errors";
import type { Viewer } from "./viewer";

export type AdminTaskName = (typeof adminTaskNameEnum.enumValues)[number];
export type TaskState = (typeof taskStateEnum.enumValues)[number];
export type AdminTaskRecord = { facilityId: string; taskName: AdminTaskName; taskState: TaskState };

/** The onboarding tasks of the admin's own facility (spec §3 'Admin task'), in onboarding order. */
export async function listAdminTasks(
  db: Queryable,
  viewer: Viewer,
  facilityId = viewer.facilityId,
): Promise<AdminTaskRecord[]> {
  requireAdmin(viewer, facilityId);
  return db
    .select({ facilityId: adminTasks.facilityId, taskName: adminTasks.taskName, taskState: adminTasks.taskState })
    .from(adminTasks)
    .where(eq(adminTasks.facilityId, facilityId))
    .orderBy(asc(adminTasks.taskName));
}

/**
 * Records an onboarding task's state (upsert), audited; call it inside the change's transaction.
 * The actor is the signed-in viewer, or the uploader when an import job finishes.
 */
export async function setAdminTaskState(
  db: Queryable,
  viewer: Pick<Viewer, "userId" | "facilityId">,
  taskName: AdminTaskName,
  taskState: TaskState,
) {
  const [previous] = await db
    .select({ taskState: adminTasks.taskState })
    .from(adminTasks)
    .where(sql`${adminTasks.facilityId} = ${viewer.facilityId} and ${adminTasks.taskName} = ${taskName}`);
  if (previous?.taskState === taskState) return;
  await db
    .insert(adminTasks)
    .values({ facilityId: viewer.facilityId, taskName, taskState })
    .onConflictDoUpdate({
      target: [adminTasks.facilityId, adminTasks.taskName],
      set: { taskState, updatedAt: new Date() },
    });
  await recordAudit(db, {
    actorUserId: viewer.userId,
    facilityId: viewer.facilityId,
    action: "admin_task.update",
    entityType: "admin_task",
    entityId: `${viewer.facilityId}:${taskName}`,
    before: previous ? { taskName, taskState: previous.taskState } : null,
    after: { taskName, taskState },
  });
}

/** `PUT /api/admin/tasks` and its mutation: validates the names, then sets the state. */
export async function updateAdminTask(db: Queryable, viewer: Viewer, input: unknown): Promise<AdminTaskRecord> {
  const { facilityId, taskName, taskState } = (input ?? {}) as Record<string, unknown>;
  requireAdmin(viewer, typeof facilityId === "string" ? facilityId : viewer.facilityId);
  if (!adminTaskNameEnum.enumValues.includes(taskName as AdminTaskName)) {
    throw new DomainError("invalid", `taskName must be one of ${adminTaskNameEnum.enumValues.join(", ")}`);
  }
  if (!taskStateEnum.enumValues.includes(taskState as TaskState)) {
    throw new DomainError("invalid", "taskState must be Completed or Pending");
  }
  await db.transaction((tx) => setAdminTaskState(tx, viewer, taskName as AdminTaskName, taskState as TaskState));
  return { facilityId: viewer.facilityId, taskName: taskName as AdminTaskName, taskState: taskState as TaskState };
}
