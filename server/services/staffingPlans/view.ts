// The wizard as the screens see it: the view of a cost center's plan with every step's status, problems and totals (read by all steps).
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import {
  costCenterStaff,
  openPositions,
  roleShifts,
  staff,
  staffingPlans,
  staffPositions,
  unitRoles,
  users,
  wizardSteps,
} from "../../../db/schema";
import {
  careSchedule,
  formatFte,
  fteEquals,
  type HeldPosition,
  isAssignedStaffComplete,
  isGapClosed,
  isRoleComplete,
  type PlanSummary,
  type PositionNeed,
  type PositionTotals,
  planSummary,
  positionNeeds,
  positionTotals,
  prnNotice,
  type RoleInput,
  roundFte,
  type ShiftName,
  type StepStatus,
  shiftEndTime,
  unitDefinitionSchema,
  WIZARD_NOTICES,
  WIZARD_STEPS,
  type WizardStep,
} from "../../../schema/staffing";
import type { Viewer } from "../viewer";
import { type Access, access, budgetSeasonStart, budgetYearOf, WIZARD_MESSAGES } from "./access";

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

export async function buildView(db: Queryable, granted: Access, now: Date): Promise<WizardView> {
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

export type PlanRow = typeof staffingPlans.$inferSelect;

export async function buildPlan(
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
