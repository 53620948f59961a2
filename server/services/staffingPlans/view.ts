// The wizard as the screens see it: the view of a cost center's plan with every step's status, problems and totals (read by all steps).
import { and, asc, eq, inArray, isNull, type SQLWrapper, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import {
  costCenterStaff,
  jobs,
  openPositions,
  roleShifts,
  staff,
  staffingPlans,
  staffPositions,
  unitRoles,
  users,
  wizardSteps,
} from "../../../db/schema";
import { budgetSeasonStart, budgetYearOf, budgetYearRange } from "../../../schema/calendar";
import {
  careSchedule,
  contractCoverage,
  formatFte,
  fteEquals,
  type HeldPosition,
  inShiftOrder,
  isAssignedStaffComplete,
  isFullyAssigned,
  isGapClosed,
  isRoleComplete,
  type PlanSummary,
  type PositionControlRow,
  type PositionNeed,
  type PositionTotals,
  planSummary,
  positionControl,
  positionNeeds,
  prnNotice,
  type RequestedPosition,
  type RoleInput,
  type RolePositionTotals,
  roleSettingsOf,
  roundFte,
  SHIFT_NAMES,
  type ShiftName,
  type StepStatus,
  shiftEndTime,
  shiftPaidHours,
  shiftRank,
  type UnitDefinitionDraft,
  unfilledFte,
  unitDefinitionSchema,
  WIZARD_NOTICES,
  WIZARD_STEPS,
  type WizardStep,
} from "../../../schema/staffing";
import { annualHoursPerFteFor } from "../facility";
import type { Viewer } from "../viewer";
import { type Access, access, type FacilityCalendar, WIZARD_MESSAGES } from "./access";

export type RoleView = {
  id: string;
  jobId: string | null;
  name: string;
  isExempt: boolean;
  fte: number | null;
  replacement: "Fixed" | "FixedWithReplacement" | "Variable";
  /** Minutes per shift; null: the default (30 min on shifts of 8 h or more). */
  unpaidBreakMinutes: number | null;
  /** The role's job counts toward HPPD (roles without a job do). */
  isDirectCare: boolean;
  sortOrder: number;
  isComplete: boolean;
  shifts: {
    id: string;
    shift: ShiftName;
    startTime: string;
    endTime: string;
    /** Clock span. */
    durationHours: number;
    /** Span less the unpaid break. */
    paidHours: number;
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

/** A needed position with what fills it: `openFte` is what staff leave unfilled (step 4), the gap what nothing covers (step 5). */
export type NeedView = PositionNeed &
  Omit<PositionControlRow, "roleKey" | "shift" | "paidFte"> & {
    unitRoleId: string;
    filledFte: number;
    openFte: number;
  };

export type StepView = { step: WizardStep; status: StepStatus; isFormValid: boolean; problems: string[] };

export type PlanView = UnitDefinitionDraft & {
  id: string;
  costCenterId: string;
  budgetYear: number;
  startedAt: Date;
  attestedAt: Date | null;
  attestedByName: string | null;
  lockedAt: Date | null;
  /** Hours per FTE the figures use: the facility's setting for the plan's budget year, or what was signed. */
  annualHoursPerFte: number;
  /** Begun before the budget season, or a facility setting its figures use changed since a step was completed. */
  needsReverification: boolean;
  steps: StepView[];
  roles: RoleView[];
  careSchedule: { total: number[]; byRole: { unitRoleId: string; name: string; hours: number[] }[] };
  summary: PlanSummary;
  totals: PositionTotals;
  /** Position control per role, summed over its shifts (the positions rollup adds these up). */
  roleTotals: RolePositionTotals[];
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

/** The attesting user's name (staffing_plans joined with users on attested_by_user_id). */
export const attestedByNameSql = sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`;

/** Staffing plans, each with its attesting user's name (null until attested). */
export function selectPlansWithAttester(db: Queryable) {
  return db
    .select({ plan: staffingPlans, attestedByName: attestedByNameSql })
    .from(staffingPlans)
    .leftJoin(users, eq(users.id, staffingPlans.attestedByUserId));
}

export async function buildView(db: Queryable, granted: Access, now: Date): Promise<WizardView> {
  const budgetYear = budgetYearOf(now, granted.budget, granted.timeZone);
  const { id: costCenterId, facilityId } = granted.costCenter;
  const ofTheYear = and(eq(staffingPlans.costCenterId, costCenterId), eq(staffingPlans.budgetYear, budgetYear));
  // The plan and what its view is computed from, read together (one round trip on PostgreSQL): the
  // inputs name the plan by a subquery, which finds none when there is no plan or it shows as signed.
  const computed = and(ofTheYear, computedFromInputs);
  const [[found], read] = await Promise.all([
    selectPlansWithAttester(db).where(ofTheYear).limit(1),
    readPlanInputs(db, {
      plans: db.select({ id: staffingPlans.id }).from(staffingPlans).where(computed),
      years: [budgetYear],
      costCenterIds: db.select({ id: staffingPlans.costCenterId }).from(staffingPlans).where(computed),
      facilityId,
    }),
  ]);
  if (!found) return wizardOf(granted, budgetYear, read.hours.get(budgetYear) as number, null);
  const { plan, attestedByName } = found;
  const view = signedPlan(plan, granted, now) ?? assemblePlan(granted, plan, attestedByName, now, inputsOf(read, plan));
  return wizardOf(granted, budgetYear, view.annualHoursPerFte, view);
}

/** The wizard of the budget year: its cost center, and its plan's view when it has one. */
export function wizardOf(
  granted: Access,
  budgetYear: number,
  annualHoursPerFte: number,
  plan: PlanView | null,
): WizardView {
  return {
    costCenterId: granted.costCenter.id,
    costCenterCode: granted.costCenter.code,
    costCenterName: granted.costCenter.name,
    canEdit: granted.canEdit,
    budgetYear,
    annualHoursPerFte,
    prnStandard: granted.costCenter.prnFte,
    plan,
  };
}

/** What attestation stores: the plan as it was signed, figures and all. */
export type SignedSnapshot = { plan: PlanView };

/** What every signed view carries from the snapshot and refreshes: the dates (JSON strings there) and the notices. */
type SignedParts = Pick<PlanView, "startedAt" | "attestedAt" | "notices">;

/**
 * A locked plan shows what was signed, never a recomputation: settings changed since (hours per
 * FTE, a job's direct-care flag), staff changes and formula changes leave it as it was. Only the
 * budget-season notice is current (a new season reopens even a signed plan).
 */
export function asSigned<T extends SignedParts>(
  signed: T,
  row: Pick<PlanRow, "startedAt"> & { lockedAt: Date },
  calendar: FacilityCalendar,
  now: Date,
): T & Pick<PlanView, "lockedAt" | "needsReverification"> {
  const { seasonDue } = reverificationOf(row, calendar, now);
  const notices = signed.notices.filter((n) => n.message !== WIZARD_NOTICES.budgetSeason);
  if (seasonDue) notices.push({ step: "UnitDefinition", message: WIZARD_NOTICES.budgetSeason });
  return {
    ...signed,
    startedAt: new Date(signed.startedAt),
    attestedAt: signed.attestedAt ? new Date(signed.attestedAt) : null,
    lockedAt: new Date(row.lockedAt),
    needsReverification: seasonDue,
    notices,
  };
}

/**
 * The plans whose view is computed from their stored inputs, as SQL: those signedPlan does not show
 * as signed (open, or locked without a signed plan in the snapshot).
 */
const computedFromInputs = sql`(${staffingPlans.lockedAt} is null
  or jsonb_typeof(${staffingPlans.attestedSnapshot} -> 'plan') is distinct from 'object')`;

function signedPlan(row: PlanRow, granted: Access, now: Date): PlanView | null {
  const snapshot = row.attestedSnapshot as SignedSnapshot | null;
  if (!row.lockedAt || !snapshot?.plan) return null;
  return asSigned(snapshot.plan, { startedAt: row.startedAt, lockedAt: row.lockedAt }, granted, now);
}

/**
 * Why an open plan needs re-verification: it was begun before the current budget season, or a
 * facility setting its figures use changed since a step was completed.
 */
export function reverificationOf(
  plan: Pick<PlanRow, "startedAt"> & Partial<Pick<PlanRow, "settingsChangedAt">>,
  calendar: FacilityCalendar,
  now: Date,
) {
  const seasonStart = budgetSeasonStart(now, calendar.budget, calendar.timeZone);
  const seasonDue = seasonStart !== null && plan.startedAt < seasonStart;
  const settingsChanged = (plan.settingsChangedAt ?? null) !== null;
  const notices: PlanView["notices"] = [];
  if (seasonDue) notices.push({ step: "UnitDefinition", message: WIZARD_NOTICES.budgetSeason });
  if (settingsChanged) notices.push({ step: "UnitDefinition", message: WIZARD_NOTICES.settingsChanged });
  return { seasonDue, needsReverification: seasonDue || settingsChanged, notices };
}

export type PlanRow = typeof staffingPlans.$inferSelect;

type UnitDefinitionColumns = Pick<
  PlanRow,
  | "census"
  | "careTeamTarget"
  | "nonProductiveGoalPercentage"
  | "targetOvertimePercentage"
  | "productiveFteBudget"
  | "totalPaidFteBudget"
>;

/** The plan's unit definition as stored (null where not entered yet). */
export function unitDefinitionOf(plan: UnitDefinitionColumns): UnitDefinitionColumns {
  return {
    census: plan.census,
    careTeamTarget: plan.careTeamTarget,
    nonProductiveGoalPercentage: plan.nonProductiveGoalPercentage,
    targetOvertimePercentage: plan.targetOvertimePercentage,
    productiveFteBudget: plan.productiveFteBudget,
    totalPaidFteBudget: plan.totalPaidFteBudget,
  };
}

/** What every view of a plan says of it: which plan, and when it was started, attested (by whom) and locked. */
export function planHeaderOf(
  plan: Pick<PlanRow, "id" | "costCenterId" | "budgetYear" | "startedAt" | "attestedAt" | "lockedAt">,
  attestedByName: string | null,
) {
  return {
    id: plan.id,
    costCenterId: plan.costCenterId,
    budgetYear: plan.budgetYear,
    startedAt: plan.startedAt,
    attestedAt: plan.attestedAt,
    attestedByName: plan.attestedAt ? attestedByName : null,
    lockedAt: plan.lockedAt,
  };
}

/** One cost center's plan, read in a fixed number of queries. */
export async function buildPlan(
  db: Queryable,
  granted: Access,
  plan: PlanRow,
  attestedByName: string | null,
  now: Date,
): Promise<PlanView> {
  const inputs = await loadPlanInputs(db, [plan], granted.costCenter.facilityId);
  return assemblePlan(granted, plan, attestedByName, now, inputs.get(plan.id) as PlanInputs);
}

/**
 * The views of many plans of one facility in the queries of one: signed plans as signed, the others
 * computed from their stored inputs. In the order given.
 */
export async function planViews(
  db: Queryable,
  facilityId: string,
  entries: readonly { granted: Access; plan: PlanRow; attestedByName: string | null }[],
  now: Date,
): Promise<PlanView[]> {
  const signed = entries.map((e) => signedPlan(e.plan, e.granted, now));
  const inputs = await loadPlanInputs(
    db,
    entries.filter((_, i) => signed[i] === null).map((e) => e.plan),
    facilityId,
  );
  return entries.map(
    (e, i) => signed[i] ?? assemblePlan(e.granted, e.plan, e.attestedByName, now, inputs.get(e.plan.id) as PlanInputs),
  );
}

/** What a plan's view is computed from, as stored. */
export type PlanInputs = {
  annualHoursPerFte: number;
  steps: Awaited<ReturnType<typeof stepsOfPlans>>;
  roles: { role: typeof unitRoles.$inferSelect; isDirectCare: boolean }[];
  shifts: (typeof roleShifts.$inferSelect)[];
  staff: Awaited<ReturnType<typeof staffOfCostCenters>>;
  staffPositions: (typeof staffPositions.$inferSelect)[];
  openPositions: (typeof openPositions.$inferSelect)[];
};

/** Plans named by id, or by a subquery of their ids. */
export type PlanIds = string[] | SQLWrapper;

export const stepsOfPlans = (db: Queryable, plans: PlanIds) =>
  db
    .select({ planId: wizardSteps.planId, step: wizardSteps.step, status: wizardSteps.status })
    .from(wizardSteps)
    .where(inArray(wizardSteps.planId, plans));

/** The plans' roles in their order, each with its job's direct-care flag (roles without a job count). */
export const rolesOfPlans = (db: Queryable, plans: PlanIds) =>
  db
    .select({ role: unitRoles, isDirectCare: sql<boolean>`coalesce(${jobs.isDirectCare}, true)` })
    .from(unitRoles)
    .leftJoin(jobs, eq(jobs.id, unitRoles.jobId))
    .where(inArray(unitRoles.planId, plans))
    .orderBy(asc(unitRoles.sortOrder), asc(unitRoles.name));

export const shiftsOfPlans = (db: Queryable, plans: PlanIds) =>
  db
    .select({ shift: roleShifts, planId: unitRoles.planId })
    .from(roleShifts)
    .innerJoin(unitRoles, eq(unitRoles.id, roleShifts.roleId))
    .where(inArray(unitRoles.planId, plans));

function staffOfCostCenters(db: Queryable, costCenterIds: readonly string[] | SQLWrapper) {
  return db
    .select({
      costCenterId: costCenterStaff.costCenterId,
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
    .where(and(inArray(costCenterStaff.costCenterId, costCenterIds), isNull(staff.terminationDate)))
    .orderBy(sql`lower(${staff.firstName})`, sql`lower(${staff.lastName})`);
}

/** What plans' views are computed from, as read: by plan, cost center (staff) and budget year (hours). */
type PlanInputRows = {
  hours: Map<number, number>;
  steps: Map<string, PlanInputs["steps"]>;
  roles: Map<string, PlanInputs["roles"]>;
  shifts: Map<string, PlanInputs["shifts"]>;
  staff: Map<string, PlanInputs["staff"]>;
  staffPositions: Map<string, PlanInputs["staffPositions"]>;
  openPositions: Map<string, PlanInputs["openPositions"]>;
};

/**
 * The stored inputs of the plans `plans` names (ids, or a subquery of them) of one facility, whose
 * budget years are `years` and whose staff are those of `costCenterIds` (ids, or a subquery of them),
 * in seven statements sent together.
 */
async function readPlanInputs(
  db: Queryable,
  which: {
    plans: PlanIds;
    years: readonly number[];
    costCenterIds: readonly string[] | SQLWrapper;
    facilityId: string;
  },
): Promise<PlanInputRows> {
  const { plans, years, costCenterIds, facilityId } = which;
  const [hoursByYear, stepRows, roleRows, shiftRows, staffRows, positionRows, openRows] = await Promise.all([
    Promise.all(years.map(async (year) => [year, await annualHoursPerFteFor(db, facilityId, year)] as const)),
    stepsOfPlans(db, plans),
    rolesOfPlans(db, plans),
    shiftsOfPlans(db, plans),
    staffOfCostCenters(db, costCenterIds),
    db.select().from(staffPositions).where(inArray(staffPositions.planId, plans)),
    db.select().from(openPositions).where(inArray(openPositions.planId, plans)),
  ]);
  return {
    hours: new Map(hoursByYear),
    steps: groupBy(stepRows, (r) => r.planId),
    roles: groupBy(roleRows, (r) => r.role.planId),
    shifts: new Map(
      [...groupBy(shiftRows, (s) => s.planId)].map(([planId, rows]) => [planId, rows.map((r) => r.shift)]),
    ),
    staff: groupBy(staffRows, (r) => r.costCenterId),
    staffPositions: groupBy(positionRows, (r) => r.planId),
    openPositions: groupBy(openRows, (r) => r.planId),
  };
}

/** One plan's inputs out of those read. */
function inputsOf(read: PlanInputRows, plan: Pick<PlanRow, "id" | "budgetYear" | "costCenterId">): PlanInputs {
  return {
    annualHoursPerFte: read.hours.get(plan.budgetYear) as number,
    steps: read.steps.get(plan.id) ?? [],
    roles: read.roles.get(plan.id) ?? [],
    shifts: read.shifts.get(plan.id) ?? [],
    staff: read.staff.get(plan.costCenterId) ?? [],
    staffPositions: read.staffPositions.get(plan.id) ?? [],
    openPositions: read.openPositions.get(plan.id) ?? [],
  };
}

/**
 * The stored inputs of plans of one facility, many in the same seven queries as one: the
 * dashboards read every plan in scope this way, a save the plan it changed.
 */
export async function loadPlanInputs(
  db: Queryable,
  plans: readonly PlanRow[],
  facilityId: string,
): Promise<Map<string, PlanInputs>> {
  if (plans.length === 0) return new Map();
  const read = await readPlanInputs(db, {
    plans: plans.map((p) => p.id),
    years: [...new Set(plans.map((p) => p.budgetYear))],
    costCenterIds: [...new Set(plans.map((p) => p.costCenterId))],
    facilityId,
  });
  return new Map(plans.map((plan) => [plan.id, inputsOf(read, plan)]));
}

export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** A plan's view from its stored inputs: pure, no database. */
export function assemblePlan(
  granted: Access,
  plan: PlanRow,
  attestedByName: string | null,
  now: Date,
  inputs: PlanInputs,
): PlanView {
  const {
    annualHoursPerFte: H,
    steps: stepRows,
    roles: roleRows,
    shifts: shiftRows,
    staff: staffList,
    staffPositions: positionRows,
    openPositions: openRows,
  } = inputs;
  const staffRows = staffList.map(({ costCenterId: _costCenterId, ...person }) => person);
  const roles = roleViewsOf(roleRows, shiftRows);
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const modelRoles = modelRolesOf(roles);
  const schedule = careSchedule(modelRoles);

  const staffById = new Map(staffRows.map((s) => [s.staffId, s]));
  const coverageOf = contractCoverageIn(plan.budgetYear, granted.budget);
  const held: HeldPosition[] = [];
  const assignedByStaff = new Map<string, number>();
  const staffPositionViews: StaffPositionView[] = positionRows.map((p) => {
    const role = p.unitRoleId ? roleById.get(p.unitRoleId) : undefined;
    const person = staffById.get(p.staffId);
    assignedByStaff.set(p.staffId, (assignedByStaff.get(p.staffId) ?? 0) + p.fte);
    if (role && person) {
      held.push({
        roleKey: role.id,
        shift: p.shift,
        fte: p.fte,
        staffType: person.staffType,
        isExempt: role.isExempt,
        coverage: coverageOf(person.staffType, person.contractEndDate),
      });
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
  const requested = openRows.map((o) => ({
    roleKey: o.unitRoleId,
    shift: o.shift,
    fte: o.fte,
    isTraveller: o.isTraveller,
  }));
  const { summary, needs, control } = planModel(plan, modelRoles, H, held, requested);
  const totals = control.totals;
  const needViews: NeedView[] = needs.map((need, index) => {
    const row = control.rows[index] as PositionControlRow;
    const filledFte = row.hiredFte + row.travellerFte;
    return {
      ...need,
      hiredFte: row.hiredFte,
      travellerFte: row.travellerFte,
      requestedFte: row.requestedFte,
      gapFte: row.gapFte,
      overHireFte: row.overHireFte,
      unitRoleId: need.roleKey,
      filledFte,
      openFte: unfilledFte(need, filledFte),
    };
  });

  const prn = granted.costCenter.prnFte;
  const staffViews: PlanStaffView[] = staffRows.map((s) => {
    const assignedFte = roundFte(assignedByStaff.get(s.staffId) ?? 0);
    const needsContractDate = s.staffType === "Traveller" && !s.contractEndDate;
    const needsPrnStandard = s.staffType === "PRN" && prn !== null && !fteEquals(s.costCenterFte, prn);
    return {
      ...s,
      assignedFte,
      isAssigned: isFullyAssigned(s.costCenterFte, assignedFte),
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

  // A stable order (role, shift, then id): an edited open position keeps its place in the list.
  // Ids are compared as text: canonical UUIDs (lowercase hex, dashes in the same places) sort the same by any collation.
  const roleOrder = new Map(roles.map((r, index) => [r.id, index]));
  const sortedOpenRows = openRows
    .map((o) => ({
      o,
      role: roleOrder.get(o.unitRoleId ?? "") ?? roles.length,
      shift: o.shift ? shiftRank(o.shift) : SHIFT_NAMES.length,
    }))
    .sort((a, b) => a.role - b.role || a.shift - b.shift || (a.o.id < b.o.id ? -1 : a.o.id > b.o.id ? 1 : 0))
    .map(({ o }) => o);
  const openViews: OpenPositionView[] = sortedOpenRows.map((o) => ({
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
  const unitCheck = unitDefinitionSchema.safeParse(unitDefinitionOf(plan));
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
  const reverification = reverificationOf(plan, granted, now);
  notices.push(...reverification.notices);

  return {
    ...planHeaderOf(plan, attestedByName),
    ...unitDefinitionOf(plan),
    annualHoursPerFte: H,
    needsReverification: reverification.needsReverification,
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
    roleTotals: control.byRole,
    needs: needViews,
    staff: staffViews,
    staffPositions: staffPositionViews,
    openPositions: openViews,
    notices,
  };
}

/** The plan's roles as the screens see them, each with its shifts in Days, Evenings, Nights order. */
export function roleViewsOf(
  roleRows: PlanInputs["roles"],
  shiftRows: readonly (typeof roleShifts.$inferSelect)[],
): RoleView[] {
  const shiftsByRole = groupBy(shiftRows, (s) => s.roleId);
  return roleRows.map(({ role, isDirectCare }) => {
    const shifts = inShiftOrder(shiftsByRole.get(role.id) ?? []).map((s) => ({
      id: s.id,
      shift: s.shift,
      startTime: s.startTime,
      endTime: shiftEndTime(s.startTime, s.durationHours),
      durationHours: s.durationHours,
      paidHours: shiftPaidHours(s, role.unpaidBreakMinutes),
      staffPerShift: s.staffPerShift,
    }));
    return {
      id: role.id,
      ...roleSettingsOf(role),
      isDirectCare,
      sortOrder: role.sortOrder,
      isComplete: isRoleComplete({ name: role.name, isExempt: role.isExempt, fte: role.fte, shifts }),
      shifts,
    };
  });
}

export function modelRolesOf(roles: readonly RoleView[]): RoleInput[] {
  return roles.map((r) => ({
    key: r.id,
    name: r.name,
    isExempt: r.isExempt,
    fte: r.fte,
    replacement: r.replacement,
    unpaidBreakMinutes: r.unpaidBreakMinutes,
    isDirectCare: r.isDirectCare,
    shifts: r.shifts,
  }));
}

/** The share of the plan's budget year a staff member's positions count for: travellers until their contract ends, everyone else all of it. */
export function contractCoverageIn(budgetYear: number, budget: Access["budget"]) {
  const year = budget
    ? budgetYearRange(budgetYear, budget.fiscalYearMonthsBegin, budget.fiscalYearDaysBegin)
    : budgetYearRange(budgetYear, 1, 1);
  return (staffType: HeldPosition["staffType"], contractEndDate: string | null) =>
    staffType === "Traveller" ? contractCoverage(contractEndDate, year.start, year.end) : 1;
}

/** The one staffing model over a plan's stored unit definition, roles and positions. */
export function planModel(
  plan: UnitDefinitionColumns,
  modelRoles: readonly RoleInput[],
  annualHoursPerFte: number,
  held: readonly HeldPosition[],
  requested: readonly RequestedPosition[],
) {
  const unit = {
    census: plan.census ?? 0,
    careTeamTarget: plan.careTeamTarget ?? 0,
    nonProductiveGoalPercentage: plan.nonProductiveGoalPercentage ?? 0,
    targetOvertimePercentage: plan.targetOvertimePercentage ?? 0,
    productiveFteBudget: plan.productiveFteBudget,
    totalPaidFteBudget: plan.totalPaidFteBudget,
  };
  const needs = positionNeeds(modelRoles, unit.nonProductiveGoalPercentage, annualHoursPerFte);
  const summary = planSummary(unit, modelRoles, annualHoursPerFte, needs);
  return { summary, needs, control: positionControl(needs, held, requested) };
}
