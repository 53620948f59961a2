// Manage Staff (issue #14, /user/manageStaff, spec §7 `/staff`): a cost center's staff, and the
// changes its Manage Staff holder makes: add, edit, remove from the cost center, transfer within
// the organisation, terminate. Every change is one transaction with its audit record; a change that
// takes positions away or brings unassigned staff sends the affected open plans' Assign Staff step
// (and the begun steps after it) back to InProgress, so the plan is verified again.
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Queryable } from "../../db/client";
import { costCenterStaff, costCenters, jobs, staff, staffingPlans, staffPositions, unitRoles } from "../../db/schema";
import { budgetYearOf, facilityDate } from "../../schema/calendar";
import {
  type AddStaffMemberInput,
  addStaffMemberSchema,
  MANAGE_STAFF_MESSAGES,
  type StaffType,
  transferStaffMemberSchema,
  updateStaffMemberSchema,
} from "../../schema/manageStaff";
import {
  heldPositionKey,
  isFullyAssigned,
  type OverFill,
  overFillsOf,
  overFillWarning,
  positionKey,
  roundFte,
  type ShiftName,
} from "../../schema/staffing";
import { auditEntry, recordAudit } from "./audit";
import { isActiveCostCenter } from "./costCenters";
import { refuseTakenEmployeeId } from "./employees";
import { DomainError, notFound, requireUuid } from "./errors";
import { type Access, buildView } from "./staffingPlans";
import { access } from "./staffingPlans/access";
import { markChanged } from "./staffingPlans/edit";
import { parseInput } from "./validation";
import type { Viewer } from "./viewer";

export type ManagedPosition = {
  id: string;
  roleName: string | null;
  jobName: string | null;
  shift: ShiftName | null;
  fte: number;
};

/** A position of the cost center's plan holding more FTE than it needs (`overFillsOf`), with its warning in words. */
export type OverFilledPosition = OverFill & { warning: string };

export type ManagedStaffMember = {
  staffId: string;
  employeeId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string | null;
  staffType: StaffType;
  /** The FTE they work in this cost center. */
  fte: number;
  dateOfHire: string | null;
  contractEndDate: string | null;
  education: string | null;
  notes: string | null;
  /** Their staff positions in the cost center's plan for the current budget year. */
  positions: ManagedPosition[];
  /** Σ FTE of those positions (3 decimals). */
  positionsFte: number;
  /** The positions add up to their FTE here. */
  isAssigned: boolean;
  /** The plan's over-filled positions (role and shift) they hold a position in. */
  overFilledPositions: OverFilledPosition[];
};

export type ManagedStaff = {
  costCenter: { id: string; code: string; name: string };
  /** The viewer holds Manage Staff here (everyone else with a permission reads). */
  canEdit: boolean;
  budgetYear: number;
  /** The facility's PRN standard FTE (HR guidelines), or null. */
  prnStandard: number | null;
  /** By first name, then last name, case-insensitive. */
  staff: ManagedStaffMember[];
  /** The budget year's plan's positions holding more FTE than they need, in the plan's order (as its Assign Staff step warns). */
  overFilledPositions: OverFilledPosition[];
};

/** `GET /api/staff?costCenterId=`, GraphQL `manageStaff`: anyone with a permission on the cost center reads. */
export async function listManagedStaff(
  db: Queryable,
  viewer: Viewer,
  costCenterId: string,
  now = new Date(),
): Promise<ManagedStaff> {
  const granted = await access(db, viewer, costCenterId, "read");
  const budgetYear = budgetYearOf(now, granted.budget, granted.timeZone);
  return {
    costCenter: { id: granted.costCenter.id, code: granted.costCenter.code, name: granted.costCenter.name },
    canEdit: granted.canManageStaff,
    budgetYear,
    prnStandard: granted.costCenter.prnFte,
    ...(await membersOf(db, granted, budgetYear, now)),
  };
}

/**
 * The budget year's plan's over-filled positions: the wizard's own view of the plan (the one
 * staffing model; a signed plan as signed), so Manage Staff warns of what Assign Staff shows.
 */
async function overFilledPositionsOf(db: Queryable, granted: Access, now: Date): Promise<OverFilledPosition[]> {
  const { plan } = await buildView(db, granted, now);
  return plan ? overFillsOf(plan.needs).map((o) => ({ ...o, warning: overFillWarning(o) })) : [];
}

/**
 * The cost center's staff still employed (or only `staffId`), with their positions in the budget
 * year's plan, and that plan's over-filled positions.
 */
async function membersOf(
  db: Queryable,
  granted: Access,
  budgetYear: number,
  now: Date,
  staffId?: string,
): Promise<Pick<ManagedStaff, "staff" | "overFilledPositions">> {
  const costCenterId = granted.costCenter.id;
  const [members, positions, overFilledPositions] = await Promise.all([
    db
      .select({
        staffId: staff.id,
        employeeId: staff.employeeId,
        firstName: staff.firstName,
        middleName: staff.middleName,
        lastName: staff.lastName,
        email: staff.email,
        staffType: staff.staffType,
        fte: costCenterStaff.fte,
        dateOfHire: staff.dateOfHire,
        contractEndDate: staff.contractEndDate,
        education: staff.education,
        notes: staff.notes,
      })
      .from(costCenterStaff)
      .innerJoin(staff, eq(staff.id, costCenterStaff.staffId))
      .where(
        and(
          eq(costCenterStaff.costCenterId, costCenterId),
          isNull(staff.terminationDate),
          staffId ? eq(staff.id, staffId) : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${staff.firstName})`), asc(sql`lower(${staff.lastName})`), asc(staff.employeeId)),
    db
      .select({
        staffId: staffPositions.staffId,
        id: staffPositions.id,
        unitRoleId: staffPositions.unitRoleId,
        isExempt: unitRoles.isExempt,
        roleName: unitRoles.name,
        jobName: jobs.name,
        shift: staffPositions.shift,
        fte: staffPositions.fte,
      })
      .from(staffPositions)
      .innerJoin(
        staffingPlans,
        and(
          eq(staffingPlans.id, staffPositions.planId),
          eq(staffingPlans.costCenterId, costCenterId),
          eq(staffingPlans.budgetYear, budgetYear),
        ),
      )
      .leftJoin(unitRoles, eq(unitRoles.id, staffPositions.unitRoleId))
      .leftJoin(jobs, eq(jobs.id, unitRoles.jobId))
      .where(staffId ? eq(staffPositions.staffId, staffId) : undefined)
      .orderBy(asc(unitRoles.sortOrder), asc(staffPositions.shift)),
    overFilledPositionsOf(db, granted, now),
  ]);
  const overFilled = new Map(overFilledPositions.map((o) => [positionKey(o.unitRoleId, o.shift), o]));
  const held = new Map<string, { positions: ManagedPosition[]; overFilled: Set<OverFilledPosition> }>();
  for (const { staffId: holder, unitRoleId, isExempt, ...position } of positions) {
    const own = held.get(holder) ?? { positions: [], overFilled: new Set() };
    own.positions.push(position);
    // The needed position it fills, as the staffing model matches them (a removed role fills none).
    const overFill =
      unitRoleId === null || isExempt === null
        ? undefined
        : overFilled.get(heldPositionKey({ roleKey: unitRoleId, shift: position.shift, isExempt }));
    if (overFill) own.overFilled.add(overFill);
    held.set(holder, own);
  }
  const staffList = members.map((member) => {
    const own = held.get(member.staffId);
    const positionsFte = roundFte((own?.positions ?? []).reduce((sum, p) => sum + p.fte, 0));
    return {
      ...member,
      positions: own?.positions ?? [],
      positionsFte,
      isAssigned: isFullyAssigned(member.fte, positionsFte),
      overFilledPositions: overFilledPositions.filter((o) => own?.overFilled.has(o)),
    };
  });
  return { staff: staffList, overFilledPositions };
}

/** A change's context: the cost center for its Manage Staff holder, and the budget year. */
async function forChange(db: Queryable, viewer: Viewer, costCenterId: string, now: Date) {
  const granted = await access(db, viewer, costCenterId, "manageStaff");
  return { granted, budgetYear: budgetYearOf(now, granted.budget, granted.timeZone) };
}

/** The staff member as a member of the cost center (and still employed), or a clear refusal. */
async function memberRow(db: Queryable, viewer: Viewer, costCenterId: string, staffId: string) {
  requireUuid(staffId, "staff member");
  const [row] = await db
    .select({ staff, fte: costCenterStaff.fte })
    .from(staff)
    .leftJoin(
      costCenterStaff,
      and(eq(costCenterStaff.staffId, staff.id), eq(costCenterStaff.costCenterId, costCenterId)),
    )
    .where(and(eq(staff.id, staffId), eq(staff.facilityId, viewer.facilityId)));
  if (!row) throw notFound("Staff member");
  if (row.staff.terminationDate) throw new DomainError("conflict", MANAGE_STAFF_MESSAGES.terminated);
  if (row.fte === null) throw new DomainError("not_found", MANAGE_STAFF_MESSAGES.notInCostCenter);
  return { ...row, fte: row.fte };
}

/** What a change to one member of the cost center starts from, the member as they are (`before`) among it. */
type MemberChange = {
  viewer: Viewer;
  costCenterId: string;
  staffId: string;
  now: Date;
  granted: Access;
  budgetYear: number;
  before: Awaited<ReturnType<typeof memberRow>>;
};

/** A change to one member of the cost center, in one transaction, by its Manage Staff holder. */
async function changeMember<Result>(
  db: Queryable,
  viewer: Viewer,
  costCenterId: string,
  staffId: string,
  now: Date,
  change: (tx: Queryable, member: MemberChange) => Promise<Result>,
): Promise<Result> {
  return db.transaction(async (tx) => {
    const { granted, budgetYear } = await forChange(tx, viewer, costCenterId, now);
    const before = await memberRow(tx, viewer, granted.costCenter.id, staffId);
    return change(tx, { viewer, costCenterId, staffId, now, granted, budgetYear, before });
  });
}

/** A change to one member made with the holder's input, which `rule` checks first. */
function memberEdit<Rule extends z.ZodType, Result>(
  rule: Rule,
  change: (tx: Queryable, data: z.output<Rule>, member: MemberChange) => Promise<Result>,
) {
  return (
    db: Queryable,
    viewer: Viewer,
    costCenterId: string,
    staffId: string,
    input: unknown,
    now = new Date(),
  ): Promise<Result> => {
    const data = parseInput(rule, input);
    return changeMember(db, viewer, costCenterId, staffId, now, (tx, member) => change(tx, data, member));
  };
}

/**
 * The open (unlocked) plans whose staff changed go back to Assign Staff. `positionsOf` names whose
 * positions to take away first (in those plans only: a signed plan keeps what was signed).
 */
async function replan(db: Queryable, costCenterIds: readonly string[], positionsOf?: string) {
  if (costCenterIds.length === 0) return;
  const plans = await db
    .select({ id: staffingPlans.id })
    .from(staffingPlans)
    .where(and(inArray(staffingPlans.costCenterId, [...costCenterIds]), isNull(staffingPlans.lockedAt)));
  if (plans.length === 0) return;
  const planIds = plans.map((p) => p.id);
  if (positionsOf) {
    await db
      .delete(staffPositions)
      .where(and(eq(staffPositions.staffId, positionsOf), inArray(staffPositions.planId, planIds)));
  }
  for (const planId of planIds) await markChanged(db, planId, "AssignStaff");
}

/** The member leaves the cost center, and their positions leave its open plans. */
async function leaveCostCenter(db: Queryable, costCenterId: string, staffId: string) {
  await replan(db, [costCenterId], staffId);
  await db
    .delete(costCenterStaff)
    .where(and(eq(costCenterStaff.staffId, staffId), eq(costCenterStaff.costCenterId, costCenterId)));
}

/** `POST /api/staff`, GraphQL `addStaffMember`: a new staff member of the facility, in this cost center. */
export async function addStaffMember(
  db: Queryable,
  viewer: Viewer,
  costCenterId: string,
  input: unknown,
  now = new Date(),
): Promise<ManagedStaffMember> {
  const data: AddStaffMemberInput = parseInput(addStaffMemberSchema, input);
  return db.transaction(async (tx) => {
    const { granted, budgetYear } = await forChange(tx, viewer, costCenterId, now);
    await refuseTakenEmployeeId(tx, viewer.facilityId, data.employeeId, "employeeId");
    const { fte, ...details } = data;
    const [created] = await tx
      .insert(staff)
      .values({ ...details, facilityId: viewer.facilityId, assignedFte: fte })
      .returning({ id: staff.id });
    const staffId = created?.id as string;
    await tx.insert(costCenterStaff).values({ costCenterId: granted.costCenter.id, staffId, fte });
    await replan(tx, [granted.costCenter.id]);
    await recordAudit(tx, auditEntry(viewer, "staff.create", staffId, null, { ...data, costCenterId }));
    return (await membersOf(tx, granted, budgetYear, now, staffId)).staff[0] as ManagedStaffMember;
  });
}

/** `PUT /api/staff/{id}`, GraphQL `updateStaffMember`: the fields given change, the others stay. */
export const updateStaffMember = memberEdit(
  updateStaffMemberSchema,
  async (
    tx,
    patch,
    { viewer, costCenterId, staffId, now, granted, budgetYear, before },
  ): Promise<ManagedStaffMember> => {
    if (patch.employeeId !== undefined) {
      await refuseTakenEmployeeId(tx, viewer.facilityId, patch.employeeId, "employeeId", staffId);
    }
    const staffType = patch.staffType ?? before.staff.staffType;
    const contractEndDate = patch.contractEndDate !== undefined ? patch.contractEndDate : before.staff.contractEndDate;
    if (staffType === "Traveller" && !contractEndDate) {
      const message = MANAGE_STAFF_MESSAGES.travellerContract;
      throw new DomainError("invalid", message, { contractEndDate: message });
    }
    const { fte, ...details } = patch;
    if (Object.keys(details).length > 0) {
      await tx
        .update(staff)
        .set({ ...details, updatedAt: now })
        .where(eq(staff.id, staffId));
    }
    if (fte !== undefined) {
      await tx
        .update(costCenterStaff)
        .set({ fte })
        .where(and(eq(costCenterStaff.staffId, staffId), eq(costCenterStaff.costCenterId, granted.costCenter.id)));
    }
    // Their FTE, type or contract end change what the plan counts.
    if (fte !== undefined || patch.staffType !== undefined || patch.contractEndDate !== undefined) {
      await replan(tx, [granted.costCenter.id]);
    }
    await recordAudit(
      tx,
      auditEntry(viewer, "staff.update", staffId, { ...before.staff, fte: before.fte }, { ...patch, costCenterId }),
    );
    return (await membersOf(tx, granted, budgetYear, now, staffId)).staff[0] as ManagedStaffMember;
  },
);

/** `DELETE /api/staff/{id}?costCenterId=`, GraphQL `removeStaffMember`: out of this cost center, with its positions here. */
export async function removeStaffMember(
  db: Queryable,
  viewer: Viewer,
  costCenterId: string,
  staffId: string,
  now = new Date(),
): Promise<{ staffId: string }> {
  return changeMember(db, viewer, costCenterId, staffId, now, async (tx, { granted, before }) => {
    await leaveCostCenter(tx, granted.costCenter.id, staffId);
    await recordAudit(tx, auditEntry(viewer, "staff.remove", staffId, { costCenterId, fte: before.fte }, null));
    return { staffId };
  });
}

export type StaffTransferResult =
  | { transferType: "TransferWithinOrg"; staffId: string; toCostCenter: { id: string; code: string; name: string } }
  | { transferType: "VoluntaryTermination" | "InvoluntaryTermination"; staffId: string; terminationDate: string };

/**
 * `POST /api/staff/{id}/transfer`, GraphQL `transferStaffMember` (spec §4 transfer reasons): to
 * another active cost center of the facility with the same FTE, or the end of the employment (out of
 * every cost center). Either way the positions go from the open plans, all in one transaction.
 */
export const transferStaffMember = memberEdit(
  transferStaffMemberSchema,
  async (tx, data, { viewer, costCenterId, staffId, now, granted, before }): Promise<StaffTransferResult> => {
    if (data.transferType === "TransferWithinOrg") {
      const target = await transferTarget(tx, viewer, granted, data.toCostCenterId, staffId);
      await leaveCostCenter(tx, granted.costCenter.id, staffId);
      await tx.insert(costCenterStaff).values({ costCenterId: target.id, staffId, fte: before.fte });
      await replan(tx, [target.id]);
      await recordAudit(
        tx,
        auditEntry(viewer, "staff.transfer", staffId, { costCenterId, fte: before.fte }, { costCenterId: target.id }),
      );
      return { transferType: data.transferType, staffId, toCostCenter: target };
    }
    if (data.terminationDate > facilityDate(granted.timeZone, now)) {
      throw new DomainError("invalid", MANAGE_STAFF_MESSAGES.futureTermination, {
        terminationDate: MANAGE_STAFF_MESSAGES.futureTermination,
      });
    }
    if (before.staff.dateOfHire && data.terminationDate < before.staff.dateOfHire) {
      throw new DomainError("invalid", MANAGE_STAFF_MESSAGES.terminationBeforeHire, {
        terminationDate: MANAGE_STAFF_MESSAGES.terminationBeforeHire,
      });
    }
    const memberships = await tx
      .select({ costCenterId: costCenterStaff.costCenterId })
      .from(costCenterStaff)
      .where(eq(costCenterStaff.staffId, staffId));
    await replan(
      tx,
      memberships.map((m) => m.costCenterId),
      staffId,
    );
    await tx.delete(costCenterStaff).where(eq(costCenterStaff.staffId, staffId));
    await tx
      .update(staff)
      .set({ terminationDate: data.terminationDate, terminationType: data.transferType, updatedAt: now })
      .where(eq(staff.id, staffId));
    await recordAudit(
      tx,
      auditEntry(
        viewer,
        "staff.terminate",
        staffId,
        { memberships },
        {
          terminationType: data.transferType,
          terminationDate: data.terminationDate,
        },
      ),
    );
    return { transferType: data.transferType, staffId, terminationDate: data.terminationDate };
  },
);

/**
 * Where a staff member of the cost center may be transferred within the organisation: the
 * facility's other active cost centers, by number. Its Manage Staff holder only.
 */
export async function transferTargets(
  db: Queryable,
  viewer: Viewer,
  costCenterId: string,
): Promise<{ costCenterId: string; code: string; name: string }[]> {
  const granted = await access(db, viewer, costCenterId, "manageStaff");
  return db
    .select({ costCenterId: costCenters.id, code: costCenters.code, name: costCenters.name })
    .from(costCenters)
    .where(
      and(
        eq(costCenters.facilityId, granted.costCenter.facilityId),
        isNull(costCenters.deletedAt),
        ne(costCenters.id, granted.costCenter.id),
      ),
    )
    .orderBy(sql`length(${costCenters.code})`, costCenters.code);
}

/** The cost center a transfer goes to: active, of the facility, another one, not already theirs. */
async function transferTarget(
  db: Queryable,
  viewer: Viewer,
  from: Access,
  toCostCenterId: string,
  staffId: string,
): Promise<{ id: string; code: string; name: string }> {
  const refuse = (message: string, code: "invalid" | "conflict" = "invalid") => {
    throw new DomainError(code, message, { toCostCenterId: message });
  };
  if (toCostCenterId === from.costCenter.id) refuse(MANAGE_STAFF_MESSAGES.sameCostCenter);
  const [target] = await db
    .select({ id: costCenters.id, code: costCenters.code, name: costCenters.name, member: costCenterStaff.staffId })
    .from(costCenters)
    .leftJoin(
      costCenterStaff,
      and(eq(costCenterStaff.costCenterId, costCenters.id), eq(costCenterStaff.staffId, staffId)),
    )
    .where(isActiveCostCenter(viewer.facilityId, toCostCenterId));
  if (!target) throw notFound("Cost center");
  if (target.member) refuse(MANAGE_STAFF_MESSAGES.alreadyThere(target.code), "conflict");
  return { id: target.id, code: target.code, name: target.name };
}
