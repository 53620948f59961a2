// Step 5 (FinalizePositionControl): position control, the open positions that close the gap.
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client";
import { openPositions } from "../../../db/schema";
import { type OpenPositionDraft, openPositionSchema, requisitionsFor } from "../../../schema/staffing";
import { auditEntry } from "../audit";
import { parseInput } from "../validation";
import type { Viewer } from "../viewer";
import { roleOfPlan, slotOf } from "./assignStaff";
import { changePlan, partToEdit, planToEdit } from "./edit";
import { assemblePlan, loadPlanInputs, type PlanInputs } from "./view";

/** `POST /api/staff-position/open/calculate`: replaces the open positions with what stays unfilled. */
export async function calculateOpenPositions(db: Database, viewer: Viewer, planId: string) {
  return changePlan(db, "FinalizePositionControl", planToEdit(viewer, planId), async (tx, context) => {
    const { granted, plan, attestedByName } = context;
    const inputs = (await loadPlanInputs(tx, [plan], granted.costCenter.facilityId)).get(plan.id) as PlanInputs;
    const current = assemblePlan(granted, plan, attestedByName, new Date(), inputs);
    // Step 4's "unfilled" (what regular staff and travellers leave) is exactly what is requested.
    const drafts = current.needs.flatMap((need) => requisitionsFor(need, need.openFte));
    await tx.delete(openPositions).where(eq(openPositions.planId, planId));
    const created = drafts.length ? await insertOpenPositions(tx, planId, drafts) : [];
    return {
      audit: auditEntry(viewer, "open_position.calculate", planId, current.openPositions, created),
      inputsAfter: { ...inputs, openPositions: created },
    };
  });
}

/**
 * A calculation's open positions in one statement with one parameter (the rows as JSON): a
 * multi-row VALUES list of a large plan's ~500 rows is ~5,000 parameters, which the driver and the
 * server spend ~40 ms binding and planning (bench:wizard), for what one json_to_recordset does in a few.
 */
function insertOpenPositions(tx: Transaction, planId: string, drafts: readonly OpenPositionDraft[]) {
  const rows = drafts.map((d) => ({
    unit_role_id: d.roleKey,
    fte: d.fte,
    shift: d.shift,
    start_time: d.startTime,
    end_time: d.endTime,
    duration_hours: d.durationHours,
  }));
  // Every column in the table's order, as drizzle's insert … select asks of raw SQL.
  return tx
    .insert(openPositions)
    .select(
      sql`select gen_random_uuid(), ${planId}::uuid, r.unit_role_id, null, r.fte, r.shift::shift, r.start_time,
                 r.end_time, r.duration_hours, false
            from json_to_recordset(${JSON.stringify(rows)}::json)
              as r(unit_role_id uuid, fte numeric, shift text, start_time varchar, end_time varchar, duration_hours numeric)`,
    )
    .returning();
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
const openToEdit = (viewer: Viewer, openPositionId: string) =>
  partToEdit(viewer, "Open position", openPositions, openPositionId, (open) => ({ open }));

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
