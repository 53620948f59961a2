import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Queryable } from "../../db/client";
import {
  careSchedules,
  costCenterPermissions,
  costCenterStaff,
  costCenters,
  educationLevels,
  facilities,
  facilityBudgetSettings,
  facilityShiftSettings,
  jobs,
  openPositions,
  roleShifts,
  staff,
  staffingPlans,
  staffPositions,
  unitRoles,
  users,
  wizardSteps,
} from "../../db/schema";
import {
  careSchedule,
  contractDateSchema,
  formatFte,
  fteEquals,
  type HeldPosition,
  isAssignedStaffComplete,
  isGapClosed,
  isRoleComplete,
  laterSteps,
  openPositionSchema,
  openPositionsFor,
  type PlanSummary,
  type PositionNeed,
  type PositionTotals,
  planSummary,
  positionNeeds,
  positionTotals,
  positiveFteSchema,
  prnNotice,
  type RoleInput,
  roleSchema,
  roundFte,
  SAMPLE_UNIT_DEFINITION,
  type ShiftName,
  type StepStatus,
  shiftEndTime,
  shiftSchema,
  splitStaffPositionSchema,
  staffPositionSchema,
  transferStaffPositionSchema,
  unitDefinitionSchema,
  WIZARD_NOTICES,
  WIZARD_STEPS,
  type WizardStep,
} from "../../schema/staffing";
import { recordAudit } from "./audit";
import { DomainError, forbidden, notFound, requireUuid } from "./errors";
import { parseInput } from "./validation";
import type { Viewer } from "./viewer";

/**
 * The planning wizard (spec §4, DESIGN.md §3): one staffing plan per cost center per budget year.
 * Only the cost center's Complete Wizard holder changes it; Read Only, Manage Staff and Executive
 * holders read it; anyone else gets nothing. Every change is audited and sends the later steps
 * back to InProgress.
 */

export const WIZARD_MESSAGES = {
  editRefused: "Only the cost center's Complete Wizard holder can change its staffing plan.",
  readRefused: "You have no access to this cost center.",
  locked: "This staffing plan is attested and locked. An administrator must unlock it before it can change.",
  noPlan: "This cost center has no staffing plan for the budget year yet.",
  planExists: "This cost center already has a staffing plan for the budget year.",
  earlierSteps: "Complete the earlier steps first.",
  notReverifiable: "This wizard was not begun before the current budget season, so it needs no re-verification.",
} as const;

// ---------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------

type Access = {
  costCenter: { id: string; code: string; name: string; facilityId: string; prnFte: number | null };
  canEdit: boolean;
  annualHoursPerFte: number;
  budget: {
    fiscalYearMonthsBegin: number;
    fiscalYearDaysBegin: number;
    budgetSeasonBeginMonth: number;
    budgetSeasonBeginDay: number;
    budgetSeasonEndMonth: number;
    budgetSeasonEndDay: number;
  } | null;
};

/**
 * One query: the cost center (active, the viewer's facility), its facility's FTE basis and budget
 * settings, and the viewer's permission there. `edit` needs Complete Wizard on a user account;
 * `read` any permission; `admin` an administrator of the facility.
 */
async function access(
  db: Queryable,
  viewer: Viewer,
  costCenterId: string,
  need: "read" | "edit" | "admin" | "editOrAdmin",
): Promise<Access> {
  requireUuid(costCenterId, "cost center");
  const [row] = await db
    .select({
      id: costCenters.id,
      code: costCenters.code,
      name: costCenters.name,
      facilityId: costCenters.facilityId,
      prnFte: sql<number | null>`coalesce(${costCenters.prnFte}, ${facilityBudgetSettings.prnStaffValue})::float8`,
      annualHoursPerFte: facilities.annualHoursPerFte,
      fiscalYearMonthsBegin: facilityBudgetSettings.fiscalYearMonthsBegin,
      fiscalYearDaysBegin: facilityBudgetSettings.fiscalYearDaysBegin,
      budgetSeasonBeginMonth: facilityBudgetSettings.budgetSeasonBeginMonth,
      budgetSeasonBeginDay: facilityBudgetSettings.budgetSeasonBeginDay,
      budgetSeasonEndMonth: facilityBudgetSettings.budgetSeasonEndMonth,
      budgetSeasonEndDay: facilityBudgetSettings.budgetSeasonEndDay,
      completeWizard: costCenterPermissions.completeWizard,
      hasPermission: sql<boolean>`${costCenterPermissions.id} is not null`,
    })
    .from(costCenters)
    .innerJoin(facilities, eq(facilities.id, costCenters.facilityId))
    .leftJoin(facilityBudgetSettings, eq(facilityBudgetSettings.facilityId, costCenters.facilityId))
    .leftJoin(
      costCenterPermissions,
      and(eq(costCenterPermissions.costCenterId, costCenters.id), eq(costCenterPermissions.userId, viewer.userId)),
    )
    .where(and(eq(costCenters.id, costCenterId), isNull(costCenters.deletedAt)))
    .limit(1);
  // Another facility's cost center is as unknown as a missing one.
  if (!row || row.facilityId !== viewer.facilityId) throw notFound("Cost center");
  const isAdmin = viewer.accountType === "admin";
  const canEdit = viewer.accountType === "user" && row.completeWizard === true;
  if (need === "admin" && !isAdmin) throw forbidden();
  if (need === "edit" && !canEdit) throw forbidden(WIZARD_MESSAGES.editRefused);
  if (need === "editOrAdmin" && !canEdit && !isAdmin) throw forbidden(WIZARD_MESSAGES.editRefused);
  if (need === "read" && (isAdmin || !row.hasPermission)) throw forbidden(WIZARD_MESSAGES.readRefused);
  return {
    costCenter: { id: row.id, code: row.code, name: row.name, facilityId: row.facilityId, prnFte: row.prnFte },
    canEdit,
    annualHoursPerFte: row.annualHoursPerFte,
    budget:
      row.fiscalYearMonthsBegin === null
        ? null
        : {
            fiscalYearMonthsBegin: row.fiscalYearMonthsBegin,
            fiscalYearDaysBegin: row.fiscalYearDaysBegin as number,
            budgetSeasonBeginMonth: row.budgetSeasonBeginMonth as number,
            budgetSeasonBeginDay: row.budgetSeasonBeginDay as number,
            budgetSeasonEndMonth: row.budgetSeasonEndMonth as number,
            budgetSeasonEndDay: row.budgetSeasonEndDay as number,
          },
  };
}

// ---------------------------------------------------------------------------------------------
// Budget year and budget season
// ---------------------------------------------------------------------------------------------

const utcDate = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

/** The budget year is the calendar year the current fiscal year began in (a fiscal year from July 2026 is 2026). */
export function budgetYearOf(now: Date, budget: Access["budget"]): number {
  const year = now.getUTCFullYear();
  if (!budget) return year;
  const start = utcDate(year, budget.fiscalYearMonthsBegin, budget.fiscalYearDaysBegin);
  return now >= start ? year : year - 1;
}

/** The start of the budget season `now` falls in, or null outside budget season. */
export function budgetSeasonStart(now: Date, budget: Access["budget"]): Date | null {
  if (!budget) return null;
  const today = utcDate(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
  for (const year of [today.getUTCFullYear(), today.getUTCFullYear() - 1]) {
    const begin = utcDate(year, budget.budgetSeasonBeginMonth, budget.budgetSeasonBeginDay);
    let end = utcDate(year, budget.budgetSeasonEndMonth, budget.budgetSeasonEndDay);
    if (end < begin) end = utcDate(year + 1, budget.budgetSeasonEndMonth, budget.budgetSeasonEndDay);
    if (begin <= today && today <= end) return begin;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The wizard as the screens see it
// ---------------------------------------------------------------------------------------------

export type RoleView = {
  id: string;
  jobId: string | null;
  name: string;
  isExempt: boolean;
  fte: number | null;
  replacement: "Fixed" | "FixedWithReplacement" | "Variable";
  sortOrder: number;
  isComplete: boolean;
  shifts: {
    id: string;
    shift: ShiftName;
    startTime: string;
    endTime: string;
    durationHours: number;
    staffPerShift: number;
  }[];
};

export type StaffPositionView = {
  id: string;
  staffId: string;
  unitRoleId: string | null;
  roleName: string | null;
  shift: ShiftName | null;
  fte: number;
  startTime: string | null;
  endTime: string | null;
};

export type PlanStaffView = {
  staffId: string;
  employeeId: string;
  firstName: string;
  lastName: string;
  staffType: "Regular" | "PRN" | "Traveller";
  dateOfHire: string | null;
  contractEndDate: string | null;
  education: string | null;
  /** Their FTE in this cost center. */
  costCenterFte: number;
  /** Σ FTE of their staff positions in this plan. */
  assignedFte: number;
  isAssigned: boolean;
  isComplete: boolean;
  needsContractDate: boolean;
  needsPrnStandard: boolean;
};

export type OpenPositionView = {
  id: string;
  unitRoleId: string | null;
  roleName: string | null;
  requisitionNumber: string | null;
  fte: number;
  shift: ShiftName | null;
  startTime: string | null;
  endTime: string | null;
  durationHours: number | null;
  isTraveller: boolean;
};

export type NeedView = PositionNeed & { unitRoleId: string; filledFte: number; openFte: number };

export type StepView = { step: WizardStep; status: StepStatus; isFormValid: boolean; problems: string[] };

export type PlanView = {
  id: string;
  costCenterId: string;
  budgetYear: number;
  census: number | null;
  careTeamTarget: number | null;
  nonProductiveGoalPercentage: number | null;
  targetOvertimePercentage: number | null;
  productiveFteBudget: number | null;
  totalPaidFteBudget: number | null;
  startedAt: Date;
  attestedAt: Date | null;
  attestedByName: string | null;
  lockedAt: Date | null;
  needsReverification: boolean;
  steps: StepView[];
  roles: RoleView[];
  careSchedule: { total: number[]; byRole: { unitRoleId: string; name: string; hours: number[] }[] };
  summary: PlanSummary;
  totals: PositionTotals;
  needs: NeedView[];
  staff: PlanStaffView[];
  staffPositions: StaffPositionView[];
  openPositions: OpenPositionView[];
  /** Footer notices (spec §2) that apply to the plan now, by step. */
  notices: { step: WizardStep; message: string }[];
};

export type WizardView = {
  costCenterId: string;
  costCenterCode: string;
  costCenterName: string;
  canEdit: boolean;
  budgetYear: number;
  annualHoursPerFte: number;
  prnStandard: number | null;
  plan: PlanView | null;
};

/** `GET /api/wizard/{costCenterId}`: the cost center's wizard for the current budget year, in a fixed number of queries. */
export async function getWizard(db: Queryable, viewer: Viewer, costCenterId: string, now = new Date()) {
  const granted = await access(db, viewer, costCenterId, "read");
  return buildView(db, granted, now);
}

async function buildView(db: Queryable, granted: Access, now: Date): Promise<WizardView> {
  const budgetYear = budgetYearOf(now, granted.budget);
  const [plan] = await db
    .select({
      plan: staffingPlans,
      attestedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(staffingPlans)
    .leftJoin(users, eq(users.id, staffingPlans.attestedByUserId))
    .where(and(eq(staffingPlans.costCenterId, granted.costCenter.id), eq(staffingPlans.budgetYear, budgetYear)))
    .limit(1);
  const base = {
    costCenterId: granted.costCenter.id,
    costCenterCode: granted.costCenter.code,
    costCenterName: granted.costCenter.name,
    canEdit: granted.canEdit,
    budgetYear,
    annualHoursPerFte: granted.annualHoursPerFte,
    prnStandard: granted.costCenter.prnFte,
  };
  if (!plan) return { ...base, plan: null };
  return { ...base, plan: await buildPlan(db, granted, plan.plan, plan.attestedByName, now) };
}

type PlanRow = typeof staffingPlans.$inferSelect;

async function buildPlan(
  db: Queryable,
  granted: Access,
  plan: PlanRow,
  attestedByName: string | null,
  now: Date,
): Promise<PlanView> {
  const H = granted.annualHoursPerFte;
  const [stepRows, roleRows, shiftRows, staffRows, positionRows, openRows] = await Promise.all([
    db.select().from(wizardSteps).where(eq(wizardSteps.planId, plan.id)),
    db
      .select()
      .from(unitRoles)
      .where(eq(unitRoles.planId, plan.id))
      .orderBy(asc(unitRoles.sortOrder), asc(unitRoles.name)),
    db
      .select({ shift: roleShifts })
      .from(roleShifts)
      .innerJoin(unitRoles, eq(unitRoles.id, roleShifts.roleId))
      .where(eq(unitRoles.planId, plan.id)),
    db
      .select({
        staffId: staff.id,
        employeeId: staff.employeeId,
        firstName: staff.firstName,
        lastName: staff.lastName,
        staffType: staff.staffType,
        dateOfHire: staff.dateOfHire,
        contractEndDate: staff.contractEndDate,
        education: staff.education,
        costCenterFte: costCenterStaff.fte,
      })
      .from(costCenterStaff)
      .innerJoin(staff, eq(staff.id, costCenterStaff.staffId))
      .where(and(eq(costCenterStaff.costCenterId, plan.costCenterId), isNull(staff.terminationDate)))
      .orderBy(sql`lower(${staff.firstName})`, sql`lower(${staff.lastName})`),
    db.select().from(staffPositions).where(eq(staffPositions.planId, plan.id)),
    db.select().from(openPositions).where(eq(openPositions.planId, plan.id)),
  ]);

  const shiftsByRole = new Map<string, (typeof roleShifts.$inferSelect)[]>();
  for (const { shift } of shiftRows) {
    const list = shiftsByRole.get(shift.roleId) ?? [];
    list.push(shift);
    shiftsByRole.set(shift.roleId, list);
  }
  const shiftOrder = (s: ShiftName) => ["Days", "Evenings", "Nights"].indexOf(s);
  const roles: RoleView[] = roleRows.map((role) => {
    const shifts = (shiftsByRole.get(role.id) ?? [])
      .sort((a, b) => shiftOrder(a.shift) - shiftOrder(b.shift))
      .map((s) => ({
        id: s.id,
        shift: s.shift,
        startTime: s.startTime,
        endTime: shiftEndTime(s.startTime, s.durationHours),
        durationHours: s.durationHours,
        staffPerShift: s.staffPerShift,
      }));
    return {
      id: role.id,
      jobId: role.jobId,
      name: role.name,
      isExempt: role.isExempt,
      fte: role.fte,
      replacement: role.replacement,
      sortOrder: role.sortOrder,
      isComplete: isRoleComplete({ name: role.name, isExempt: role.isExempt, fte: role.fte, shifts }),
      shifts,
    };
  });
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const modelRoles: RoleInput[] = roles.map((r) => ({
    key: r.id,
    name: r.name,
    isExempt: r.isExempt,
    fte: r.fte,
    replacement: r.replacement,
    shifts: r.shifts,
  }));
  const unit = {
    census: plan.census ?? 0,
    careTeamTarget: plan.careTeamTarget ?? 0,
    nonProductiveGoalPercentage: plan.nonProductiveGoalPercentage ?? 0,
    targetOvertimePercentage: plan.targetOvertimePercentage ?? 0,
    productiveFteBudget: plan.productiveFteBudget,
    totalPaidFteBudget: plan.totalPaidFteBudget,
  };
  const summary = planSummary(unit, modelRoles, H);
  const schedule = careSchedule(modelRoles);

  const staffById = new Map(staffRows.map((s) => [s.staffId, s]));
  const held: HeldPosition[] = [];
  const assignedByStaff = new Map<string, number>();
  const staffPositionViews: StaffPositionView[] = positionRows.map((p) => {
    const role = p.unitRoleId ? roleById.get(p.unitRoleId) : undefined;
    const person = staffById.get(p.staffId);
    assignedByStaff.set(p.staffId, (assignedByStaff.get(p.staffId) ?? 0) + p.fte);
    if (role && person) {
      held.push({ roleKey: role.id, shift: p.shift, fte: p.fte, staffType: person.staffType, isExempt: role.isExempt });
    }
    return {
      id: p.id,
      staffId: p.staffId,
      unitRoleId: p.unitRoleId,
      roleName: role?.name ?? null,
      shift: p.shift,
      fte: p.fte,
      startTime: p.startTime,
      endTime: p.endTime,
    };
  });
  const requested = openRows.map((o) => ({ fte: o.fte, isTraveller: o.isTraveller }));
  const totals = positionTotals(summary, held, requested);
  const needs = positionNeeds(modelRoles, unit.nonProductiveGoalPercentage, H);
  const filledByKey = new Map<string, number>();
  for (const h of held) {
    if (h.staffType === "PRN") continue;
    const key = `${h.roleKey}|${h.isExempt ? "" : (h.shift ?? "")}`;
    filledByKey.set(key, (filledByKey.get(key) ?? 0) + h.fte);
  }
  const needViews: NeedView[] = needs.map((need) => {
    const filledFte = filledByKey.get(`${need.roleKey}|${need.shift ?? ""}`) ?? 0;
    return { ...need, unitRoleId: need.roleKey, filledFte, openFte: Math.max(0, roundFte(need.paidFte - filledFte)) };
  });

  const prn = granted.costCenter.prnFte;
  const staffViews: PlanStaffView[] = staffRows.map((s) => {
    const assignedFte = roundFte(assignedByStaff.get(s.staffId) ?? 0);
    const needsContractDate = s.staffType === "Traveller" && !s.contractEndDate;
    const needsPrnStandard = s.staffType === "PRN" && prn !== null && !fteEquals(s.costCenterFte, prn);
    return {
      ...s,
      assignedFte,
      isAssigned: s.costCenterFte > 0 ? fteEquals(assignedFte, s.costCenterFte) : assignedFte === 0,
      isComplete: isAssignedStaffComplete({
        empId: s.employeeId,
        dateOfHire: s.dateOfHire,
        firstName: s.firstName,
        lastName: s.lastName,
        assignedFte: s.costCenterFte,
        isTraveller: s.staffType === "Traveller",
        contractDate: s.contractEndDate,
      }),
      needsContractDate,
      needsPrnStandard,
    };
  });

  const openViews: OpenPositionView[] = openRows.map((o) => ({
    id: o.id,
    unitRoleId: o.unitRoleId,
    roleName: o.unitRoleId ? (roleById.get(o.unitRoleId)?.name ?? null) : null,
    requisitionNumber: o.requisitionNumber,
    fte: o.fte,
    shift: o.shift,
    startTime: o.startTime,
    endTime: o.endTime,
    durationHours: o.durationHours,
    isTraveller: o.isTraveller,
  }));

  // Step validity (isFormValid) and the problems that stop it.
  const problems: Record<WizardStep, string[]> = {
    UnitDefinition: [],
    DefineRoles: [],
    CreateCareSchedules: [],
    AssignStaff: [],
    FinalizePositionControl: [],
    ReviewAttestation: [],
  };
  const unitCheck = unitDefinitionSchema.safeParse({
    census: plan.census,
    careTeamTarget: plan.careTeamTarget,
    nonProductiveGoalPercentage: plan.nonProductiveGoalPercentage,
    targetOvertimePercentage: plan.targetOvertimePercentage,
    productiveFteBudget: plan.productiveFteBudget,
    totalPaidFteBudget: plan.totalPaidFteBudget,
  });
  if (!unitCheck.success) problems.UnitDefinition.push(...unitCheck.error.issues.map((i) => i.message));
  if (roles.length === 0) problems.DefineRoles.push("Add at least one role.");
  for (const role of roles) if (!role.isComplete) problems.DefineRoles.push(`Complete the role ${role.name}.`);
  if (summary.dailyPlannedHours <= 0) problems.CreateCareSchedules.push("Add at least one shift to schedule care.");
  const notices: { step: WizardStep; message: string }[] = [];
  if (staffViews.some((s) => s.needsContractDate)) {
    problems.AssignStaff.push(WIZARD_NOTICES.travellerContractDates);
    notices.push({ step: "AssignStaff", message: WIZARD_NOTICES.travellerContractDates });
  }
  if (staffViews.some((s) => s.needsPrnStandard)) {
    problems.AssignStaff.push(prnNotice(prn));
    notices.push({ step: "AssignStaff", message: prnNotice(prn) });
  }
  if (staffViews.some((s) => !s.isAssigned)) {
    problems.AssignStaff.push(WIZARD_NOTICES.assignOrRemove);
    notices.push({ step: "AssignStaff", message: WIZARD_NOTICES.assignOrRemove });
    notices.push({ step: "FinalizePositionControl", message: WIZARD_NOTICES.transfer });
  }
  for (const s of staffViews) {
    if (!s.isComplete && !s.needsContractDate) {
      problems.AssignStaff.push(`${s.firstName} ${s.lastName} is missing employee details.`);
    }
  }
  if (!isGapClosed(totals.totalGap)) {
    problems.FinalizePositionControl.push(
      `The gap must be 0.00 FTE: request every budgeted position that is not hired or covered by a traveller (gap ${formatFte(totals.totalGap)}).`,
    );
  }
  const statusOf = new Map(stepRows.map((row) => [row.step, row.status]));
  for (const step of WIZARD_STEPS.slice(0, 5)) {
    if (statusOf.get(step) !== "Completed") {
      problems.ReviewAttestation.push(WIZARD_MESSAGES.earlierSteps);
      break;
    }
  }
  const seasonStart = budgetSeasonStart(now, granted.budget);
  const needsReverification = seasonStart !== null && plan.startedAt < seasonStart;
  if (needsReverification) notices.push({ step: "UnitDefinition", message: WIZARD_NOTICES.budgetSeason });

  return {
    id: plan.id,
    costCenterId: plan.costCenterId,
    budgetYear: plan.budgetYear,
    census: plan.census,
    careTeamTarget: plan.careTeamTarget,
    nonProductiveGoalPercentage: plan.nonProductiveGoalPercentage,
    targetOvertimePercentage: plan.targetOvertimePercentage,
    productiveFteBudget: plan.productiveFteBudget,
    totalPaidFteBudget: plan.totalPaidFteBudget,
    startedAt: plan.startedAt,
    attestedAt: plan.attestedAt,
    attestedByName: plan.attestedAt ? attestedByName : null,
    lockedAt: plan.lockedAt,
    needsReverification,
    steps: WIZARD_STEPS.map((step) => ({
      step,
      status: statusOf.get(step) ?? "Pending",
      isFormValid: problems[step].length === 0,
      problems: problems[step],
    })),
    roles,
    careSchedule: {
      total: schedule.total,
      byRole: roles.map((r) => ({ unitRoleId: r.id, name: r.name, hours: schedule.byRole[r.id] ?? [] })),
    },
    summary,
    totals,
    needs: needViews,
    staff: staffViews,
    staffPositions: staffPositionViews,
    openPositions: openViews,
    notices,
  };
}

// ---------------------------------------------------------------------------------------------
// Changing a plan
// ---------------------------------------------------------------------------------------------

type EditContext = { granted: Access; plan: PlanRow };

/** The plan behind an id, for its cost center's wizard holder, refused while locked. */
async function planForEdit(db: Queryable, viewer: Viewer, planId: string): Promise<EditContext> {
  requireUuid(planId, "staffing plan");
  const [plan] = await db.select().from(staffingPlans).where(eq(staffingPlans.id, planId)).limit(1);
  if (!plan) throw notFound("Staffing plan");
  const granted = await access(db, viewer, plan.costCenterId, "edit");
  if (plan.lockedAt) throw new DomainError("conflict", WIZARD_MESSAGES.locked);
  return { granted, plan };
}

function audit(viewer: Viewer, action: string, entityId: string, before: unknown, after: unknown) {
  const entityType = action.split(".")[0] as string;
  return { actorUserId: viewer.userId, facilityId: viewer.facilityId, action, entityType, entityId, before, after };
}

/**
 * A change on `step`: the step is InProgress again, and so is every later step that had been
 * begun (isWizardUpdated); later steps never visited stay Pending.
 */
async function markChanged(db: Queryable, planId: string, step: WizardStep) {
  const later = laterSteps(step);
  await db
    .update(wizardSteps)
    .set({ status: "InProgress", updatedAt: new Date() })
    .where(
      and(
        eq(wizardSteps.planId, planId),
        sql`(${wizardSteps.step} = ${step} or (${inArray(wizardSteps.step, [...later])} and ${wizardSteps.status} <> 'Pending'))`,
      ),
    );
  await db.update(staffingPlans).set({ updatedAt: new Date() }).where(eq(staffingPlans.id, planId));
}

async function viewAfter(db: Queryable, granted: Access): Promise<WizardView> {
  return buildView(db, granted, new Date());
}

/** `POST /api/wizard/{costCenterId}`: begins the budget year's plan with the sample defaults of spec §3. */
export async function startStaffingPlan(db: Database, viewer: Viewer, costCenterId: string): Promise<WizardView> {
  return db.transaction(async (tx) => {
    const granted = await access(tx, viewer, costCenterId, "edit");
    const budgetYear = budgetYearOf(new Date(), granted.budget);
    const [existing] = await tx
      .select({ id: staffingPlans.id })
      .from(staffingPlans)
      .where(and(eq(staffingPlans.costCenterId, costCenterId), eq(staffingPlans.budgetYear, budgetYear)));
    if (existing) throw new DomainError("conflict", WIZARD_MESSAGES.planExists);
    const [created] = await tx
      .insert(staffingPlans)
      .values({ costCenterId, budgetYear, ...SAMPLE_UNIT_DEFINITION })
      .returning();
    const plan = created as PlanRow;
    await tx
      .insert(wizardSteps)
      .values(
        WIZARD_STEPS.map(
          (step, index) => ({ planId: plan.id, step, status: index === 0 ? "InProgress" : "Pending" }) as const,
        ),
      );
    await recordAudit(tx, audit(viewer, "staffing_plan.create", plan.id, null, plan));
    return viewAfter(tx, granted);
  });
}

/** `POST /api/staffing`: step 1, the unit definition. */
export async function saveUnitDefinition(db: Database, viewer: Viewer, planId: string, input: unknown) {
  const values = parseInput(unitDefinitionSchema, input);
  return db.transaction(async (tx) => {
    const { granted, plan } = await planForEdit(tx, viewer, planId);
    const [after] = await tx
      .update(staffingPlans)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(staffingPlans.id, planId))
      .returning();
    await markChanged(tx, planId, "UnitDefinition");
    await recordAudit(tx, audit(viewer, "staffing_plan.unit_definition.update", planId, plan, after));
    return viewAfter(tx, granted);
  });
}

async function assertJobOfFacility(db: Queryable, facilityId: string, jobId: string | null) {
  if (!jobId) return;
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.facilityId, facilityId)));
  if (!job)
    throw new DomainError("invalid", "Choose a role from the facility's jobs.", {
      jobId: "Choose a role from the facility's jobs.",
    });
}

async function roleSnapshot(db: Queryable, roleId: string) {
  const [role] = await db.select().from(unitRoles).where(eq(unitRoles.id, roleId));
  if (!role) return null;
  const shifts = await db.select().from(roleShifts).where(eq(roleShifts.roleId, roleId)).orderBy(asc(roleShifts.shift));
  return { ...role, shifts };
}

/** Saves the care schedule for the plan's roles as they are now (the chart of step 3). */
async function storeCareSchedule(db: Queryable, planId: string) {
  const roleRows = await db.select().from(unitRoles).where(eq(unitRoles.planId, planId));
  const shiftRows = roleRows.length
    ? await db
        .select()
        .from(roleShifts)
        .where(
          inArray(
            roleShifts.roleId,
            roleRows.map((r) => r.id),
          ),
        )
    : [];
  const schedule = careSchedule(
    roleRows.map((r) => ({
      key: r.id,
      name: r.name,
      isExempt: r.isExempt,
      fte: r.fte,
      replacement: r.replacement,
      shifts: shiftRows.filter((s) => s.roleId === r.id),
    })),
  );
  await upsertSchedule(db, planId, schedule);
  return schedule;
}

async function upsertSchedule(
  db: Queryable,
  planId: string,
  distribution: { total: number[]; byRole: Record<string, number[]> },
) {
  await db
    .insert(careSchedules)
    .values({ planId, distribution, computedAt: new Date() })
    .onConflictDoUpdate({ target: careSchedules.planId, set: { distribution, computedAt: new Date() } });
}

/** `POST /api/role`: step 2, adds a role. */
export async function createRole(db: Database, viewer: Viewer, planId: string, input: unknown) {
  const role = parseInput(roleSchema, input);
  return db.transaction(async (tx) => {
    const { granted } = await planForEdit(tx, viewer, planId);
    await assertJobOfFacility(tx, granted.costCenter.facilityId, role.jobId);
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${unitRoles.sortOrder}) + 1, 0)::int` })
      .from(unitRoles)
      .where(eq(unitRoles.planId, planId));
    const [created] = await tx
      .insert(unitRoles)
      .values({
        planId,
        jobId: role.jobId,
        name: role.name,
        isExempt: role.isExempt,
        fte: role.fte,
        replacement: role.replacement as "Fixed" | "FixedWithReplacement" | "Variable",
        sortOrder: next,
      })
      .returning({ id: unitRoles.id });
    const roleId = (created as { id: string }).id;
    if (role.shifts.length) await tx.insert(roleShifts).values(role.shifts.map((s) => ({ ...s, roleId })));
    await storeCareSchedule(tx, planId);
    await markChanged(tx, planId, "DefineRoles");
    await recordAudit(tx, audit(viewer, "unit_role.create", roleId, null, await roleSnapshot(tx, roleId)));
    return viewAfter(tx, granted);
  });
}

async function roleForEdit(db: Queryable, viewer: Viewer, roleId: string) {
  requireUuid(roleId, "role");
  const [role] = await db.select({ planId: unitRoles.planId }).from(unitRoles).where(eq(unitRoles.id, roleId));
  if (!role) throw notFound("Role");
  return planForEdit(db, viewer, role.planId);
}

/**
 * `PUT /api/role/{id}`: step 2, changes a role. Staff and open positions on shifts the role no
 * longer has (or all of them, when it turns exempt or variable) go with the shifts.
 */
export async function updateRole(db: Database, viewer: Viewer, roleId: string, input: unknown) {
  const role = parseInput(roleSchema, input);
  return db.transaction(async (tx) => {
    const { granted, plan } = await roleForEdit(tx, viewer, roleId);
    await assertJobOfFacility(tx, granted.costCenter.facilityId, role.jobId);
    const before = await roleSnapshot(tx, roleId);
    await tx
      .update(unitRoles)
      .set({
        jobId: role.jobId,
        name: role.name,
        isExempt: role.isExempt,
        fte: role.fte,
        replacement: role.replacement as "Fixed" | "FixedWithReplacement" | "Variable",
      })
      .where(eq(unitRoles.id, roleId));
    await tx.delete(roleShifts).where(eq(roleShifts.roleId, roleId));
    if (role.shifts.length) await tx.insert(roleShifts).values(role.shifts.map((s) => ({ ...s, roleId })));
    const keep = role.shifts.map((s) => s.shift);
    const kindChanged = before?.isExempt !== role.isExempt;
    const stale = (table: typeof staffPositions | typeof openPositions) => {
      if (kindChanged) return eq(table.unitRoleId, roleId);
      if (role.isExempt) return sql`false`;
      const kept = sql.join(
        keep.map((shift) => sql`${shift}`),
        sql`, `,
      );
      return and(eq(table.unitRoleId, roleId), sql`(${table.shift} is null or ${table.shift} not in (${kept}))`);
    };
    await tx.delete(staffPositions).where(stale(staffPositions));
    await tx.delete(openPositions).where(stale(openPositions));
    // Staff positions keep their shift's hours.
    for (const s of role.shifts) {
      await tx
        .update(staffPositions)
        .set({ startTime: s.startTime, endTime: shiftEndTime(s.startTime, s.durationHours) })
        .where(and(eq(staffPositions.unitRoleId, roleId), eq(staffPositions.shift, s.shift)));
    }
    await storeCareSchedule(tx, plan.id);
    await markChanged(tx, plan.id, "DefineRoles");
    await recordAudit(tx, audit(viewer, "unit_role.update", roleId, before, await roleSnapshot(tx, roleId)));
    return viewAfter(tx, granted);
  });
}

/** `DELETE /api/role`: step 2, removes a role with its shifts, staff positions and open positions. */
export async function deleteRole(db: Database, viewer: Viewer, roleId: string) {
  return db.transaction(async (tx) => {
    const { granted, plan } = await roleForEdit(tx, viewer, roleId);
    const before = await roleSnapshot(tx, roleId);
    await tx.delete(staffPositions).where(eq(staffPositions.unitRoleId, roleId));
    await tx.delete(openPositions).where(eq(openPositions.unitRoleId, roleId));
    await tx.delete(unitRoles).where(eq(unitRoles.id, roleId));
    await storeCareSchedule(tx, plan.id);
    await markChanged(tx, plan.id, "DefineRoles");
    await recordAudit(tx, audit(viewer, "unit_role.delete", roleId, before, null));
    return viewAfter(tx, granted);
  });
}

/** `POST /api/care-schedule`: recomputes and saves step 3's 24-hour distribution. */
export async function saveCareSchedule(db: Database, viewer: Viewer, planId: string) {
  return db.transaction(async (tx) => {
    const { granted } = await planForEdit(tx, viewer, planId);
    const [before] = await tx.select().from(careSchedules).where(eq(careSchedules.planId, planId));
    const schedule = await storeCareSchedule(tx, planId);
    await recordAudit(tx, audit(viewer, "care_schedule.save", planId, before?.distribution ?? null, schedule));
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

// --------------------------------------------------------------------------------------------
// Step 4: staff
// --------------------------------------------------------------------------------------------

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

async function slotOf(db: Queryable, planId: string, unitRoleId: string, shift: ShiftName | null | undefined) {
  const [role] = await db
    .select()
    .from(unitRoles)
    .where(and(eq(unitRoles.id, unitRoleId), eq(unitRoles.planId, planId)));
  if (!role)
    throw new DomainError("invalid", "Choose a role of this plan.", { unitRoleId: "Choose a role of this plan." });
  if (role.isExempt) return { role, shift: null, startTime: null, endTime: null };
  const [slot] = shift
    ? await db
        .select()
        .from(roleShifts)
        .where(and(eq(roleShifts.roleId, unitRoleId), eq(roleShifts.shift, shift)))
    : [];
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
  return db.transaction(async (tx) => {
    const { granted } = await planForEdit(tx, viewer, planId);
    const person = await memberOf(tx, granted.costCenter.id, values.staffId);
    const slot = await slotOf(tx, planId, values.unitRoleId, values.shift);
    assertCapacity(person, await heldFte(tx, planId, values.staffId), values.fte);
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
    await markChanged(tx, planId, "AssignStaff");
    await recordAudit(tx, audit(viewer, "staff_position.create", (created as { id: string }).id, null, created));
    return viewAfter(tx, granted);
  });
}

async function positionForEdit(db: Queryable, viewer: Viewer, staffPositionId: string) {
  requireUuid(staffPositionId, "staff position");
  const [position] = await db.select().from(staffPositions).where(eq(staffPositions.id, staffPositionId));
  if (!position) throw notFound("Staff position");
  return { ...(await planForEdit(db, viewer, position.planId)), position };
}

/** `PATCH /api/staff-position`: splits part of a position's FTE off to another staff member. */
export async function splitStaffPosition(db: Database, viewer: Viewer, input: unknown) {
  const values = parseInput(splitStaffPositionSchema, input);
  return db.transaction(async (tx) => {
    const { granted, plan, position } = await positionForEdit(tx, viewer, values.staffPositionId);
    if (roundFte(values.fte) >= roundFte(position.fte)) {
      const message = `Split off less than the position's ${formatFte(position.fte)} FTE.`;
      throw new DomainError("invalid", message, { fte: message });
    }
    const person = await memberOf(tx, granted.costCenter.id, values.toStaffId);
    const held = await heldFte(tx, plan.id, values.toStaffId);
    assertCapacity(person, held, values.fte);
    const [reduced] = await tx
      .update(staffPositions)
      .set({ fte: roundFte(position.fte - values.fte) })
      .where(eq(staffPositions.id, position.id))
      .returning();
    const [created] = await tx
      .insert(staffPositions)
      .values({
        planId: plan.id,
        staffId: values.toStaffId,
        unitRoleId: position.unitRoleId,
        shift: position.shift,
        fte: values.fte,
        startTime: position.startTime,
        endTime: position.endTime,
      })
      .returning();
    await markChanged(tx, plan.id, "AssignStaff");
    await recordAudit(tx, audit(viewer, "staff_position.split", position.id, position, { reduced, created }));
    return viewAfter(tx, granted);
  });
}

/** `GET /api/positions/{id}`: one staff position, for readers of its cost center. */
export async function getStaffPosition(db: Queryable, viewer: Viewer, staffPositionId: string) {
  requireUuid(staffPositionId, "staff position");
  const [position] = await db.select().from(staffPositions).where(eq(staffPositions.id, staffPositionId));
  if (!position) throw notFound("Staff position");
  const [plan] = await db
    .select({ costCenterId: staffingPlans.costCenterId })
    .from(staffingPlans)
    .where(eq(staffingPlans.id, position.planId));
  await access(db, viewer, plan?.costCenterId ?? "", "read");
  return position;
}

/** `PATCH /api/positions/{id}` with `{ fte }`: changes the FTE a staff member holds in a position. */
export async function updateStaffPositionFte(db: Database, viewer: Viewer, staffPositionId: string, input: unknown) {
  const { fte } = parseInput(z.object({ fte: positiveFteSchema }), input);
  return db.transaction(async (tx) => {
    const { granted, plan, position } = await positionForEdit(tx, viewer, staffPositionId);
    const person = await memberOf(tx, granted.costCenter.id, position.staffId);
    assertCapacity(person, await heldFte(tx, plan.id, position.staffId, position.id), fte);
    const [after] = await tx.update(staffPositions).set({ fte }).where(eq(staffPositions.id, position.id)).returning();
    await markChanged(tx, plan.id, "AssignStaff");
    await recordAudit(tx, audit(viewer, "staff_position.update", position.id, position, after));
    return viewAfter(tx, granted);
  });
}

/**
 * `POST /api/shift`: adds a shift to a variable role, or replaces the role's shift of that name
 * (`{ roleId, shift, startTime, durationHours, staffPerShift }`); the same rules as a role change.
 */
export async function saveRoleShift(db: Database, viewer: Viewer, input: unknown) {
  const body = (input ?? {}) as Record<string, unknown>;
  const roleId = typeof body.roleId === "string" ? body.roleId : "";
  requireUuid(roleId, "role");
  const shift = parseInput(shiftSchema, body);
  const [role] = await db.select().from(unitRoles).where(eq(unitRoles.id, roleId));
  if (!role) throw notFound("Role");
  if (role.isExempt) {
    throw new DomainError("invalid", "Exempt roles carry an FTE, not shifts.", {
      roleId: "Exempt roles carry an FTE, not shifts.",
    });
  }
  const shifts = await db.select().from(roleShifts).where(eq(roleShifts.roleId, roleId));
  const merged = [
    ...shifts
      .filter((s) => s.shift !== shift.shift)
      .map((s) => ({
        shift: s.shift,
        startTime: s.startTime,
        durationHours: s.durationHours,
        staffPerShift: s.staffPerShift,
      })),
    shift,
  ];
  return updateRole(db, viewer, roleId, {
    jobId: role.jobId,
    name: role.name,
    isExempt: false,
    replacement: role.replacement,
    shifts: merged,
  });
}

/**
 * `POST /api/staff-position/transfer`: moves a staff member's position to another role and shift of
 * the plan ('Fill requested positions using transfer within the cost center'), keeping its FTE.
 */
export async function transferStaffPosition(db: Database, viewer: Viewer, input: unknown) {
  const values = parseInput(transferStaffPositionSchema, input);
  return db.transaction(async (tx) => {
    const { granted, plan, position } = await positionForEdit(tx, viewer, values.staffPositionId);
    const slot = await slotOf(tx, plan.id, values.unitRoleId, values.shift);
    const [after] = await tx
      .update(staffPositions)
      .set({ unitRoleId: values.unitRoleId, shift: slot.shift, startTime: slot.startTime, endTime: slot.endTime })
      .where(eq(staffPositions.id, position.id))
      .returning();
    await markChanged(tx, plan.id, "AssignStaff");
    await recordAudit(tx, audit(viewer, "staff_position.transfer", position.id, position, after));
    return viewAfter(tx, granted);
  });
}

/** `DELETE /api/staff-position/{id}`. */
export async function removeStaffPosition(db: Database, viewer: Viewer, staffPositionId: string) {
  return db.transaction(async (tx) => {
    const { granted, plan, position } = await positionForEdit(tx, viewer, staffPositionId);
    await tx.delete(staffPositions).where(eq(staffPositions.id, position.id));
    await markChanged(tx, plan.id, "AssignStaff");
    await recordAudit(tx, audit(viewer, "staff_position.delete", position.id, position, null));
    return viewAfter(tx, granted);
  });
}

/** Step 4: a traveller's contract end date ('All travellers need contract end dates to proceed.'). */
export async function setTravellerContractDate(db: Database, viewer: Viewer, planId: string, input: unknown) {
  const values = parseInput(contractDateSchema, input);
  return db.transaction(async (tx) => {
    const { granted } = await planForEdit(tx, viewer, planId);
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
    await markChanged(tx, planId, "AssignStaff");
    await recordAudit(tx, audit(viewer, "staff.contract_end_date.update", values.staffId, before, after));
    return viewAfter(tx, granted);
  });
}

/** Step 4: sets a PRN staff member's FTE to the facility standard ('All PRN FTE must be set to the facility standard'). */
export async function applyPrnStandard(db: Database, viewer: Viewer, planId: string, staffId: string) {
  return db.transaction(async (tx) => {
    const { granted } = await planForEdit(tx, viewer, planId);
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
    await markChanged(tx, planId, "AssignStaff");
    await recordAudit(
      tx,
      audit(
        viewer,
        "staff.prn_standard.apply",
        staffId,
        { costCenterFte: person.costCenterFte, assignedFte: person.assignedFte },
        { costCenterFte: standard, assignedFte: standard },
      ),
    );
    return viewAfter(tx, granted);
  });
}

// --------------------------------------------------------------------------------------------
// Step 5: open positions
// --------------------------------------------------------------------------------------------

/** `POST /api/staff-position/open/calculate`: replaces the open positions with what stays unfilled. */
export async function calculateOpenPositions(db: Database, viewer: Viewer, planId: string) {
  return db.transaction(async (tx) => {
    const { granted, plan } = await planForEdit(tx, viewer, planId);
    const current = await buildPlan(tx, granted, plan, null, new Date());
    const held: HeldPosition[] = [];
    const typeOf = new Map(current.staff.map((s) => [s.staffId, s.staffType]));
    const roleOf = new Map(current.roles.map((r) => [r.id, r]));
    for (const p of current.staffPositions) {
      const role = p.unitRoleId ? roleOf.get(p.unitRoleId) : undefined;
      const staffType = typeOf.get(p.staffId);
      if (role && staffType)
        held.push({ roleKey: role.id, shift: p.shift, fte: p.fte, staffType, isExempt: role.isExempt });
    }
    const drafts = openPositionsFor(current.needs, held);
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
    await markChanged(tx, planId, "FinalizePositionControl");
    await recordAudit(tx, audit(viewer, "open_position.calculate", planId, current.openPositions, created));
    return viewAfter(tx, granted);
  });
}

/** `POST /api/staff-position/open`: a requisition the manager adds by hand. */
export async function createOpenPosition(db: Database, viewer: Viewer, planId: string, input: unknown) {
  const values = parseInput(openPositionSchema, input);
  return db.transaction(async (tx) => {
    const { granted } = await planForEdit(tx, viewer, planId);
    await slotOf(tx, planId, values.unitRoleId, values.shift ?? undefined).catch((error) => {
      if (values.shift === null && error instanceof DomainError) return null;
      throw error;
    });
    const [created] = await tx
      .insert(openPositions)
      .values({ planId, ...values })
      .returning();
    await markChanged(tx, planId, "FinalizePositionControl");
    await recordAudit(tx, audit(viewer, "open_position.create", (created as { id: string }).id, null, created));
    return viewAfter(tx, granted);
  });
}

async function openForEdit(db: Queryable, viewer: Viewer, openPositionId: string) {
  requireUuid(openPositionId, "open position");
  const [open] = await db.select().from(openPositions).where(eq(openPositions.id, openPositionId));
  if (!open) throw notFound("Open position");
  return { ...(await planForEdit(db, viewer, open.planId)), open };
}

/** `POST /api/staff-position/updateOpen`: requisition number, FTE, shift, start and end time, traveller or not. */
export async function updateOpenPosition(db: Database, viewer: Viewer, openPositionId: string, input: unknown) {
  const values = parseInput(openPositionSchema, input);
  return db.transaction(async (tx) => {
    const { granted, plan, open } = await openForEdit(tx, viewer, openPositionId);
    const [role] = await tx
      .select({ id: unitRoles.id })
      .from(unitRoles)
      .where(and(eq(unitRoles.id, values.unitRoleId), eq(unitRoles.planId, plan.id)));
    if (!role)
      throw new DomainError("invalid", "Choose a role of this plan.", { unitRoleId: "Choose a role of this plan." });
    const [after] = await tx.update(openPositions).set(values).where(eq(openPositions.id, open.id)).returning();
    await markChanged(tx, plan.id, "FinalizePositionControl");
    await recordAudit(tx, audit(viewer, "open_position.update", open.id, open, after));
    return viewAfter(tx, granted);
  });
}

/** `DELETE /api/staff-position/open/{id}`. */
export async function deleteOpenPosition(db: Database, viewer: Viewer, openPositionId: string) {
  return db.transaction(async (tx) => {
    const { granted, plan, open } = await openForEdit(tx, viewer, openPositionId);
    await tx.delete(openPositions).where(eq(openPositions.id, open.id));
    await markChanged(tx, plan.id, "FinalizePositionControl");
    await recordAudit(tx, audit(viewer, "open_position.delete", open.id, open, null));
    return viewAfter(tx, granted);
  });
}

// --------------------------------------------------------------------------------------------
// Steps, attestation, budget season
// --------------------------------------------------------------------------------------------

/**
 * `PATCH /api/wizard/`: completes a step (the main button). Refused unless every earlier step is
 * Completed and the step is valid (isFormValid); the next step is then InProgress.
 */
export async function completeWizardStep(db: Database, viewer: Viewer, planId: string, step: unknown) {
  if (typeof step !== "string" || !(WIZARD_STEPS as readonly string[]).includes(step) || step === "ReviewAttestation") {
    throw new DomainError(
      "invalid",
      `step must be one of ${WIZARD_STEPS.slice(0, 5).join(", ")}; attest to complete ReviewAttestation`,
    );
  }
  const wizardStep = step as WizardStep;
  return db.transaction(async (tx) => {
    const { granted, plan } = await planForEdit(tx, viewer, planId);
    const current = await buildPlan(tx, granted, plan, null, new Date());
    const index = WIZARD_STEPS.indexOf(wizardStep);
    if (current.steps.slice(0, index).some((s) => s.status !== "Completed")) {
      throw new DomainError("conflict", WIZARD_MESSAGES.earlierSteps);
    }
    const view = current.steps[index] as StepView;
    if (!view.isFormValid) throw new DomainError("invalid", view.problems[0] ?? "The step is not complete.");
    await tx
      .update(wizardSteps)
      .set({ status: "Completed", updatedAt: new Date() })
      .where(and(eq(wizardSteps.planId, planId), eq(wizardSteps.step, wizardStep)));
    const next = WIZARD_STEPS[index + 1];
    if (next) {
      await tx
        .update(wizardSteps)
        .set({ status: "InProgress", updatedAt: new Date() })
        .where(and(eq(wizardSteps.planId, planId), eq(wizardSteps.step, next), eq(wizardSteps.status, "Pending")));
    }
    if (wizardStep === "CreateCareSchedules") await storeCareSchedule(tx, planId);
    await recordAudit(
      tx,
      audit(
        viewer,
        "wizard_step.complete",
        `${planId}:${wizardStep}`,
        { status: view.status },
        { status: "Completed" },
      ),
    );
    return viewAfter(tx, granted);
  });
}

/** Step 6: the attestation (who, when) completes the wizard and locks it. */
export async function attestStaffingPlan(db: Database, viewer: Viewer, planId: string) {
  return db.transaction(async (tx) => {
    const { granted, plan } = await planForEdit(tx, viewer, planId);
    const current = await buildPlan(tx, granted, plan, null, new Date());
    const review = current.steps[5] as StepView;
    if (!review.isFormValid) throw new DomainError("conflict", review.problems[0] ?? WIZARD_MESSAGES.earlierSteps);
    const now = new Date();
    const [after] = await tx
      .update(staffingPlans)
      .set({ attestedAt: now, attestedByUserId: viewer.userId, lockedAt: now, updatedAt: now })
      .where(eq(staffingPlans.id, planId))
      .returning();
    await tx
      .update(wizardSteps)
      .set({ status: "Completed", updatedAt: now })
      .where(and(eq(wizardSteps.planId, planId), eq(wizardSteps.step, "ReviewAttestation")));
    await recordAudit(
      tx,
      audit(viewer, "staffing_plan.attest", planId, plan, {
        ...after,
        totals: current.totals,
        summary: current.summary,
      }),
    );
    return viewAfter(tx, granted);
  });
}

/**
 * `POST /api/wizard/budget-season/{costCenterId}`: a wizard begun before the current budget season
 * is re-verified: unlocked, its begun steps InProgress again, and begun anew today.
 */
export async function budgetSeasonReset(db: Database, viewer: Viewer, costCenterId: string) {
  return db.transaction(async (tx) => {
    const granted = await access(tx, viewer, costCenterId, "editOrAdmin");
    const now = new Date();
    const budgetYear = budgetYearOf(now, granted.budget);
    const [plan] = await tx
      .select()
      .from(staffingPlans)
      .where(and(eq(staffingPlans.costCenterId, costCenterId), eq(staffingPlans.budgetYear, budgetYear)));
    if (!plan) throw new DomainError("not_found", WIZARD_MESSAGES.noPlan);
    const seasonStart = budgetSeasonStart(now, granted.budget);
    if (!seasonStart || plan.startedAt >= seasonStart)
      throw new DomainError("conflict", WIZARD_MESSAGES.notReverifiable);
    const [after] = await tx
      .update(staffingPlans)
      .set({ startedAt: now, attestedAt: null, attestedByUserId: null, lockedAt: null, updatedAt: now })
      .where(eq(staffingPlans.id, plan.id))
      .returning();
    await tx
      .update(wizardSteps)
      .set({ status: "InProgress", updatedAt: now })
      .where(and(eq(wizardSteps.planId, plan.id), ne(wizardSteps.status, "Pending")));
    await recordAudit(tx, audit(viewer, "staffing_plan.budget_season_reset", plan.id, plan, after));
    return buildView(tx, { ...granted }, now);
  });
}

/** `POST /api/staffing/model`: the same math on unsaved inputs (a what-if), nothing saved. */
export async function modelStaffing(db: Queryable, viewer: Viewer, costCenterId: string, input: unknown) {
  const granted = await access(db, viewer, costCenterId, "read");
  const body = (input ?? {}) as { roles?: unknown };
  const unit = parseInput(unitDefinitionSchema, input);
  if (!Array.isArray(body.roles))
    throw new DomainError("invalid", "roles must be a list", { roles: "roles must be a list" });
  const roles: RoleInput[] = body.roles.map((role, index) => {
    const parsed = roleSchema.safeParse(role);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issue?.message ?? "The role is invalid";
      throw new DomainError("invalid", message, { [`roles.${index}.${issue?.path.join(".") ?? ""}`]: message });
    }
    return { key: String(index), ...parsed.data, replacement: parsed.data.replacement as RoleInput["replacement"] };
  });
  return {
    summary: planSummary(unit, roles, granted.annualHoursPerFte),
    needs: positionNeeds(roles, unit.nonProductiveGoalPercentage, granted.annualHoursPerFte),
  };
}

/** The plan id of a cost center's budget year (REST calls that name the cost center), for a reader. */
export async function planIdOf(db: Queryable, viewer: Viewer, costCenterId: string): Promise<string> {
  const view = await getWizard(db, viewer, costCenterId);
  if (!view.plan) throw new DomainError("not_found", WIZARD_MESSAGES.noPlan);
  return view.plan.id;
}

/** `GET /api/education?unitId=`: the education names of the cost center's facility. */
export async function listEducationOfUnit(db: Queryable, viewer: Viewer, costCenterId: string | undefined) {
  if (!costCenterId) throw new DomainError("invalid", "unitId is required", { unitId: "unitId is required" });
  const granted = await access(db, viewer, costCenterId, viewer.accountType === "admin" ? "admin" : "read");
  const rows = await db
    .select({ name: educationLevels.name })
    .from(educationLevels)
    .where(eq(educationLevels.facilityId, granted.costCenter.facilityId))
    .orderBy(asc(educationLevels.name));
  return rows.map((r) => r.name);
}

/** The facility's jobs a role may be made from (step 2's role list), for readers of the cost center. */
export async function listRoleJobs(db: Queryable, viewer: Viewer, costCenterId: string) {
  const granted = await access(db, viewer, costCenterId, viewer.accountType === "admin" ? "admin" : "read");
  return db
    .select({ id: jobs.id, name: jobs.name, isExempt: jobs.isExempt })
    .from(jobs)
    .where(eq(jobs.facilityId, granted.costCenter.facilityId))
    .orderBy(sql`lower(${jobs.name})`);
}

/** The cost center's wizard whose plan must be `planId` (REST calls naming both unitId and staffingId). */
export async function planOfUnit(db: Queryable, viewer: Viewer, unitId: string | undefined, planId?: string) {
  if (!unitId) throw new DomainError("invalid", "unitId is required", { unitId: "unitId is required" });
  const view = await getWizard(db, viewer, unitId);
  if (!view.plan) throw new DomainError("not_found", WIZARD_MESSAGES.noPlan);
  if (planId !== undefined && view.plan.id !== planId) throw notFound("Staffing plan");
  return { view, plan: view.plan };
}

/** `GET /api/shift?unitId=`: the shifts a role may have, with the facility's usual hours (HR guidelines). */
export async function listShiftsOfUnit(db: Queryable, viewer: Viewer, unitId: string | undefined) {
  if (!unitId) throw new DomainError("invalid", "unitId is required", { unitId: "unitId is required" });
  const granted = await access(db, viewer, unitId, "read");
  const [settings] = await db
    .select()
    .from(facilityShiftSettings)
    .where(eq(facilityShiftSettings.facilityId, granted.costCenter.facilityId));
  return [
    { name: "Days", startTime: settings?.dayShiftStart ?? null, endTime: settings?.dayShiftEnd ?? null },
    { name: "Evenings", startTime: settings?.eveningShiftStart ?? null, endTime: settings?.eveningShiftEnd ?? null },
    { name: "Nights", startTime: settings?.nightShiftStart ?? null, endTime: settings?.nightShiftEnd ?? null },
  ];
}
