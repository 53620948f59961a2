// Step 4 (AssignStaff): placing the cost center's staff in the plan's roles and shifts, travellers' contract dates, the PRN standard.
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Queryable } from "../../../db/client";
import { costCenterStaff, roleShifts, staff, staffPositions, unitRoles } from "../../../db/schema";
import {
  contractDateSchema,
  formatFte,
  positiveFteSchema,
  roundFte,
  type ShiftName,
  shiftEndTime,
  splitStaffPositionSchema,
  staffPositionSchema,
  transferStaffPositionSchema,
} from "../../../schema/staffing";
import { allInOrder } from "../allInOrder";
import { auditEntry } from "../audit";
import { DomainError, requireUuid } from "../errors";
import { parseInput } from "../validation";
import type { Viewer } from "../viewer";
import { accessRow, costCenterOfPlan, grantAccess } from "./access";
import { changePlan, partById, partToEdit, planOfPart, planToEdit } from "./edit";

async function memberOf(db: Queryable, costCenterId: string, staffId: string) {
  requireUuid(staffId, "staff");
  const [row] = await db
    .select({
      staffId: staff.id,
      firstName: staff.firstName,
      lastName: staff.lastName,
      staffType: staff.staffType,
      assignedFte: staff.assignedFte,
      contractEndDate: staff.contractEndDate,
      costCenterFte: costCenterStaff.fte,
    })
    .from(costCenterStaff)
    .innerJoin(staff, eq(staff.id, costCenterStaff.staffId))
    .where(and(eq(costCenterStaff.costCenterId, costCenterId), eq(costCenterStaff.staffId, staffId)));
  if (!row)
    throw new DomainError("invalid", "The staff member is not in this cost center.", {
      staffId: "The staff member is not in this cost center.",
    });
  return row;
}

async function heldFte(db: Queryable, planId: string, staffId: string, exceptPositionId?: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${staffPositions.fte}), 0)::float8` })
    .from(staffPositions)
    .where(
      and(
        eq(staffPositions.planId, planId),
        eq(staffPositions.staffId, staffId),
        exceptPositionId ? ne(staffPositions.id, exceptPositionId) : undefined,
      ),
    );
  return row?.total ?? 0;
}

function assertCapacity(
  person: { firstName: string; lastName: string; costCenterFte: number },
  held: number,
  adding: number,
) {
  if (roundFte(held + adding) > roundFte(person.costCenterFte)) {
    const message = `The FTE assigned to ${person.firstName} ${person.lastName} would exceed their ${formatFte(person.costCenterFte)} FTE in this cost center (${formatFte(Math.max(0, person.costCenterFte - held))} left).`;
    throw new DomainError("invalid", message, { fte: message });
  }
}

/** A role of this plan: another plan's role (another cost center's, say) or an unknown id is refused. */
export async function roleOfPlan(db: Queryable, planId: string, unitRoleId: string) {
  const [role] = await db
    .select()
    .from(unitRoles)
    .where(and(eq(unitRoles.id, unitRoleId), eq(unitRoles.planId, planId)));
  if (!role)
    throw new DomainError("invalid", "Choose a role of this plan.", { unitRoleId: "Choose a role of this plan." });
  return role;
}

export async function slotOf(db: Queryable, planId: string, unitRoleId: string, shift: ShiftName | null | undefined) {
  const [role, [slot]] = await allInOrder([
    roleOfPlan(db, planId, unitRoleId),
    shift
      ? db
          .select()
          .from(roleShifts)
          .where(and(eq(roleShifts.roleId, unitRoleId), eq(roleShifts.shift, shift)))
      : Promise.resolve([]),
  ] as const);
  if (role.isExempt) return { role, shift: null, startTime: null, endTime: null };
  if (!slot) {
    const message = `Choose one of the shifts of ${role.name}.`;
    throw new DomainError("invalid", message, { shift: message });
  }
  return {
    role,
    shift: slot.shift,
    startTime: slot.startTime,
    endTime: shiftEndTime(slot.startTime, slot.durationHours),
  };
}

/** `POST /api/staff-position`: step 4, places a staff member of the cost center in a role (and shift). */
export async function assignStaffPosition(db: Database, viewer: Viewer, planId: string, input: unknown) {
  const values = parseInput(staffPositionSchema, input);
  return changePlan(db, "AssignStaff", planToEdit(viewer, planId), async (tx, { granted }) => {
    const [person, slot, held] = await allInOrder([
      memberOf(tx, granted.costCenter.id, values.staffId),
      slotOf(tx, planId, values.unitRoleId, values.shift),
      heldFte(tx, planId, values.staffId),
    ] as const);
    assertCapacity(person, held, values.fte);
    const [created] = await tx
      .insert(staffPositions)
      .values({
        planId,
        staffId: values.staffId,
        unitRoleId: values.unitRoleId,
        shift: slot.shift,
        fte: values.fte,
        startTime: slot.startTime,
        endTime: slot.endTime,
      })
      .returning();
    return auditEntry(viewer, "staff_position.create", (created as { id: string }).id, null, created);
  });
}

/** A staff position and its plan, for the plan's editor. */
const positionToEdit = (viewer: Viewer, staffPositionId: string) =>
  partToEdit(viewer, "Staff position", staffPositions, staffPositionId, (position) => ({ position }));

/** `PATCH /api/staff-position`: splits part of a position's FTE off to another staff member. */
export async function splitStaffPosition(db: Database, viewer: Viewer, input: unknown) {
  const { staffPositionId, ...values } = parseInput(splitStaffPositionSchema, input);
  return changePlan(db, "AssignStaff", positionToEdit(viewer, staffPositionId), async (tx, { granted, position }) => {
    if (roundFte(values.fte) >= roundFte(position.fte)) {
      const message = `Split off less than the position's ${formatFte(position.fte)} FTE.`;
      throw new DomainError("invalid", message, { fte: message });
    }
    const [person, held] = await allInOrder([
      memberOf(tx, granted.costCenter.id, values.toStaffId),
      heldFte(tx, position.planId, values.toStaffId),
    ] as const);
    assertCapacity(person, held, values.fte);
    const [reduced] = await tx
      .update(staffPositions)
      .set({ fte: roundFte(position.fte - values.fte) })
      .where(eq(staffPositions.id, position.id))
      .returning();
    const [created] = await tx
      .insert(staffPositions)
      .values({
        planId: position.planId,
        staffId: values.toStaffId,
        unitRoleId: position.unitRoleId,
        shift: position.shift,
        fte: values.fte,
        startTime: position.startTime,
        endTime: position.endTime,
      })
      .returning();
    return auditEntry(viewer, "staff_position.split", position.id, position, { reduced, created });
  });
}

/** `GET /api/positions/{id}`: one staff position, for readers of its cost center. */
export async function getStaffPosition(db: Queryable, viewer: Viewer, staffPositionId: string) {
  requireUuid(staffPositionId, "staff position");
  // The position and its cost center's access together (the cost center through its plan).
  const [position, accessFound] = await allInOrder([
    partById(db, staffPositions, staffPositionId, "Staff position"),
    accessRow(db, viewer, costCenterOfPlan(planOfPart(staffPositions, staffPositionId))),
  ] as const);
  grantAccess(viewer, accessFound, "read");
  return position;
}

/** `PATCH /api/positions/{id}` with `{ fte }`: changes the FTE a staff member holds in a position. */
export async function updateStaffPositionFte(db: Database, viewer: Viewer, staffPositionId: string, input: unknown) {
  const { fte } = parseInput(z.object({ fte: positiveFteSchema }), input);
  return changePlan(db, "AssignStaff", positionToEdit(viewer, staffPositionId), async (tx, { granted, position }) => {
    const [person, held] = await allInOrder([
      memberOf(tx, granted.costCenter.id, position.staffId),
      heldFte(tx, position.planId, position.staffId, position.id),
    ] as const);
    assertCapacity(person, held, fte);
    const [after] = await tx.update(staffPositions).set({ fte }).where(eq(staffPositions.id, position.id)).returning();
    return auditEntry(viewer, "staff_position.update", position.id, position, after);
  });
}

/**
 * `POST /api/staff-position/transfer`: moves a staff member's position to another role and shift of
 * the plan ('Fill requested positions using transfer within the cost center'), keeping its FTE.
 */
export async function transferStaffPosition(db: Database, viewer: Viewer, input: unknown) {
  const { staffPositionId, ...values } = parseInput(transferStaffPositionSchema, input);
  return changePlan(db, "AssignStaff", positionToEdit(viewer, staffPositionId), async (tx, { position }) => {
    const slot = await slotOf(tx, position.planId, values.unitRoleId, values.shift);
    const [after] = await tx
      .update(staffPositions)
      .set({ unitRoleId: values.unitRoleId, shift: slot.shift, startTime: slot.startTime, endTime: slot.endTime })
      .where(eq(staffPositions.id, position.id))
      .returning();
    return auditEntry(viewer, "staff_position.transfer", position.id, position, after);
  });
}

/** `DELETE /api/staff-position/{id}`. */
export async function removeStaffPosition(db: Database, viewer: Viewer, staffPositionId: string) {
  return changePlan(db, "AssignStaff", positionToEdit(viewer, staffPositionId), async (tx, { position }) => {
    await tx.delete(staffPositions).where(eq(staffPositions.id, position.id));
    return auditEntry(viewer, "staff_position.delete", position.id, position, null);
  });
}

/** Step 4: a traveller's contract end date ('All travellers need contract end dates to proceed.'). */
export async function setTravellerContractDate(db: Database, viewer: Viewer, planId: string, input: unknown) {
  const values = parseInput(contractDateSchema, input);
  return changePlan(db, "AssignStaff", planToEdit(viewer, planId), async (tx, { granted }) => {
    const person = await memberOf(tx, granted.costCenter.id, values.staffId);
    if (person.staffType !== "Traveller") {
      throw new DomainError("invalid", "Only travellers have a contract end date.", {
        staffId: "Only travellers have a contract end date.",
      });
    }
    const [before] = await tx.select().from(staff).where(eq(staff.id, values.staffId));
    const [after] = await tx
      .update(staff)
      .set({ contractEndDate: values.contractEndDate, updatedAt: new Date() })
      .where(eq(staff.id, values.staffId))
      .returning();
    return auditEntry(viewer, "staff.contract_end_date.update", values.staffId, before, after);
  });
}

/** Step 4: sets a PRN staff member's FTE to the facility standard ('All PRN FTE must be set to the facility standard'). */
export async function applyPrnStandard(db: Database, viewer: Viewer, planId: string, staffId: string) {
  return changePlan(db, "AssignStaff", planToEdit(viewer, planId), async (tx, { granted }) => {
    const person = await memberOf(tx, granted.costCenter.id, staffId);
    const standard = granted.costCenter.prnFte;
    if (person.staffType !== "PRN") {
      throw new DomainError("invalid", "Only PRN staff are set to the PRN standard.", {
        staffId: "Only PRN staff are set to the PRN standard.",
      });
    }
    if (standard === null) throw new DomainError("conflict", "The facility has no PRN FTE standard yet.");
    const held = await heldFte(tx, planId, staffId);
    if (roundFte(held) > roundFte(standard)) {
      throw new DomainError(
        "conflict",
        `${person.firstName} ${person.lastName} holds ${formatFte(held)} FTE of positions; remove some before setting the PRN standard of ${formatFte(standard)}.`,
      );
    }
    await tx
      .update(costCenterStaff)
      .set({ fte: standard })
      .where(and(eq(costCenterStaff.costCenterId, granted.costCenter.id), eq(costCenterStaff.staffId, staffId)));
    await tx.update(staff).set({ assignedFte: standard, updatedAt: new Date() }).where(eq(staff.id, staffId));
    return auditEntry(
      viewer,
      "staff.prn_standard.apply",
      staffId,
      { costCenterFte: person.costCenterFte, assignedFte: person.assignedFte },
      { costCenterFte: standard, assignedFte: standard },
    );
  });
}
