import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  adminTaskNameEnum,
  adminTasks,
  costCenterPermissions,
  costCenters,
  taskStateEnum,
  users,
} from "../../db/schema";
import { auditEntry, recordAudit } from "./audit";
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
  await db.transaction((tx) => recordCostCentersTask(tx, viewer));
  return db
    .select({ facilityId: adminTasks.facilityId, taskName: adminTasks.taskName, taskState: adminTasks.taskState })
    .from(adminTasks)
    .where(eq(adminTasks.facilityId, facilityId))
    .orderBy(asc(adminTasks.taskName));
}

/**
 * 'Cost Centers' is done once the facility has an active cost center with a manager (a user who
 * completes its wizard). Read from the facility as it is, so every way there (the maintenance
 * screen, uploads, user accessibility, deactivations) moves it, and recorded (audited) when it changes.
 */
async function recordCostCentersTask(db: Queryable, viewer: Viewer): Promise<void> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(costCenters)
    .innerJoin(
      costCenterPermissions,
      and(eq(costCenterPermissions.costCenterId, costCenters.id), eq(costCenterPermissions.completeWizard, true)),
    )
    .innerJoin(users, and(eq(users.id, costCenterPermissions.userId), isNull(users.deletedAt)))
    .where(and(eq(costCenters.facilityId, viewer.facilityId), isNull(costCenters.deletedAt)))
    .limit(1);
  await setAdminTaskState(db, viewer, "AddCostCenters", row ? "Completed" : "Pending");
}

/**
 * Records an onboarding task's state (upsert), audited; call it inside the change's transaction.
 * The actor is the signed-in viewer, or the uploader when an import job finishes.
 */
export async function setAdminTaskState(
  db: Queryable,
  viewer: Pick<Viewer, "userId" | "facilityId" | "source">,
  taskName: AdminTaskName,
  taskState: TaskState,
) {
  const [previous] = await db
    .select({ taskState: adminTasks.taskState })
    .from(adminTasks)
    .where(sql`${adminTasks.facilityId} = ${viewer.facilityId} and ${adminTasks.taskName} = ${taskName}`);
  if (previous?.taskState === taskState) return;
  // Only a write that changes the state is recorded: two requests making the same change at once
  // (two admins opening the landing page) both read the old state, and the second finds it changed.
  const changed = await db
    .insert(adminTasks)
    .values({ facilityId: viewer.facilityId, taskName, taskState })
    .onConflictDoUpdate({
      target: [adminTasks.facilityId, adminTasks.taskName],
      set: { taskState, updatedAt: new Date() },
      setWhere: sql`${adminTasks.taskState} is distinct from excluded.task_state`,
    })
    .returning({ taskName: adminTasks.taskName });
  if (changed.length === 0) return;
  await recordAudit(
    db,
    auditEntry(
      viewer,
      "admin_task.update",
      `${viewer.facilityId}:${taskName}`,
      previous ? { taskName, taskState: previous.taskState } : null,
      { taskName, taskState },
    ),
  );
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
