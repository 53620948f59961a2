// Step 5 (FinalizePositionControl): position control, the open positions that close the gap.
import { eq } from "drizzle-orm";
import type { Database, Queryable } from "../../../db/client";
import { openPositions } from "../../../db/schema";
import { openPositionSchema, requisitionsFor } from "../../../schema/staffing";
import { auditEntry } from "../audit";
import { notFound, requireUuid } from "../errors";
import { parseInput } from "../validation";
import type { Viewer } from "../viewer";
import { roleOfPlan, slotOf } from "./assignStaff";
import { changePlan, planForEdit, planToEdit } from "./edit";
import { buildPlan } from "./view";

/** `POST /api/staff-position/open/calculate`: replaces the open positions with what stays unfilled. */
export async function calculateOpenPositions(db: Database, viewer: Viewer, planId: string) {
  return changePlan(db, "FinalizePositionControl", planToEdit(viewer, planId), async (tx, { granted, plan }) => {
    const current = await buildPlan(tx, granted, plan, null, new Date());
    // Step 4's "unfilled" (what regular staff and travellers leave) is exactly what is requested.
    const drafts = current.needs.flatMap((need) => requisitionsFor(need, need.openFte));
    await tx.delete(openPositions).where(eq(openPositions.planId, planId));
    const created = drafts.length
      ? await tx
          .insert(openPositions)
          .values(
            drafts.map((d) => ({
              planId,
              unitRoleId: d.roleKey,
              fte: d.fte,
              shift: d.shift,
              startTime: d.startTime,
              endTime: d.endTime,
              durationHours: d.durationHours,
              isTraveller: false,
            })),
          )
          .returning()
      : [];
    return auditEntry(viewer, "open_position.calculate", planId, current.openPositions, created);
  });
}

/** `POST /api/staff-position/open`: a requisition the manager adds by hand. */
export async function createOpenPosition(db: Database, viewer: Viewer, planId: string, input: unknown) {
  const values = parseInput(openPositionSchema, input);
  return changePlan(db, "FinalizePositionControl", planToEdit(viewer, planId), async (tx) => {
    // Always a role of this plan (both calls refuse any other); a shift, when one is named, must be one
    // of a variable role's shifts. Without a shift the position is stored shift-less.
    if (values.shift) await slotOf(tx, planId, values.unitRoleId, values.shift);
    else await roleOfPlan(tx, planId, values.unitRoleId);
    const [created] = await tx
      .insert(openPositions)
      .values({ planId, ...values })
      .returning();
    return auditEntry(viewer, "open_position.create", (created as { id: string }).id, null, created);
  });
}

/** An open position and its plan, for the plan's editor. */
function openToEdit(viewer: Viewer, openPositionId: string) {
  return async (db: Queryable) => {
    requireUuid(openPositionId, "open position");
    const [open] = await db.select().from(openPositions).where(eq(openPositions.id, openPositionId));
    if (!open) throw notFound("Open position");
    return { ...(await planForEdit(db, viewer, open.planId)), open };
  };
}

/** `POST /api/staff-position/updateOpen`: requisition number, FTE, shift, start and end time, traveller or not. */
export async function updateOpenPosition(db: Database, viewer: Viewer, openPositionId: string, input: unknown) {
  const values = parseInput(openPositionSchema, input);
  return changePlan(db, "FinalizePositionControl", openToEdit(viewer, openPositionId), async (tx, { plan, open }) => {
    await roleOfPlan(tx, plan.id, values.unitRoleId);
    const [after] = await tx.update(openPositions).set(values).where(eq(openPositions.id, open.id)).returning();
    return auditEntry(viewer, "open_position.update", open.id, open, after);
  });
}

/** `DELETE /api/staff-position/open/{id}`. */
export async function deleteOpenPosition(db: Database, viewer: Viewer, openPositionId: string) {
  return changePlan(db, "FinalizePositionControl", openToEdit(viewer, openPositionId), async (tx, { open }) => {
    await tx.delete(openPositions).where(eq(openPositions.id, open.id));
    return auditEntry(viewer, "open_position.delete", open.id, open, null);
  });
}
