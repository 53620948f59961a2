// Step 3 (CreateCareSchedules): the 24-hour care schedule computed from the roles' shifts.
import { and, eq } from "drizzle-orm";
import type { Database, Queryable } from "../../../db/client";
import { careSchedules, staffingPlans, unitRoles } from "../../../db/schema";
import { type CareSchedule, careSchedule } from "../../../schema/staffing";
import { auditEntry, recordAudit } from "../audit";
import { notFound, requireUuid } from "../errors";
import type { Viewer } from "../viewer";
import { access } from "./access";
import { planForEdit, viewAfter } from "./edit";
import { groupBy, shiftsOfPlans } from "./view";

/** A role as the care schedule takes it: its key (id), whether it is exempt, and its shifts. */
export type ScheduledRole = Parameters<typeof careSchedule>[0][number];

/** The plan's roles with their shifts, as the care schedule takes them (the two reads sent together). */
export async function scheduledRolesOf(db: Queryable, planId: string): Promise<ScheduledRole[]> {
  const [roleRows, shiftRows] = await Promise.all([
    db.select({ id: unitRoles.id, isExempt: unitRoles.isExempt }).from(unitRoles).where(eq(unitRoles.planId, planId)),
    shiftsOfPlans(db, [planId]).then((rows) => rows.map((r) => r.shift)),
  ]);
  const shiftsByRole = groupBy(shiftRows, (s) => s.roleId);
  return roleRows.map((r) => ({ key: r.id, isExempt: r.isExempt, shifts: shiftsByRole.get(r.id) ?? [] }));
}

/** Saves the care schedule for the plan's roles as they are now (the chart of step 3). */
export async function storeCareSchedule(db: Queryable, planId: string) {
  const schedule = careSchedule(await scheduledRolesOf(db, planId));
  await upsertCareSchedule(db, planId, schedule);
  return schedule;
}

/** Saves `distribution` as the plan's care schedule. */
export async function upsertCareSchedule(db: Queryable, planId: string, distribution: CareSchedule) {
  await db
    .insert(careSchedules)
    .values({ planId, distribution, computedAt: new Date() })
    .onConflictDoUpdate({ target: careSchedules.planId, set: { distribution, computedAt: new Date() } });
}

/** `POST /api/care-schedule`: recomputes and saves step 3's 24-hour distribution. */
export async function saveCareSchedule(db: Database, viewer: Viewer, planId: string) {
  return db.transaction(async (tx) => {
    const { granted } = await planForEdit(tx, viewer, planId);
    const [before] = await tx.select().from(careSchedules).where(eq(careSchedules.planId, planId));
    const schedule = await storeCareSchedule(tx, planId);
    await recordAudit(tx, auditEntry(viewer, "care_schedule.save", planId, before?.distribution ?? null, schedule));
    return viewAfter(tx, granted);
  });
}

/** `GET /api/care-schedule`: the saved distribution (recomputed when none is saved yet). */
export async function getCareSchedule(db: Queryable, viewer: Viewer, costCenterId: string, planId: string) {
  requireUuid(planId, "staffing plan");
  await access(db, viewer, costCenterId, "read");
  const [plan] = await db
    .select({ id: staffingPlans.id })
    .from(staffingPlans)
    .where(and(eq(staffingPlans.id, planId), eq(staffingPlans.costCenterId, costCenterId)));
  if (!plan) throw notFound("Staffing plan");
  const [saved] = await db.select().from(careSchedules).where(eq(careSchedules.planId, planId));
  return saved
    ? { ...saved.distribution, computedAt: saved.computedAt }
    : { total: new Array(24).fill(0), byRole: {}, computedAt: null };
}
