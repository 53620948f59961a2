import type { InputObjectRef } from "@pothos/core";
import type { Database } from "../../db/client";
import { SHIFT_NAMES, type ShiftName, WIZARD_STEPS } from "../../schema/staffing";
import { DomainError } from "../services/errors";
import {
  applyPrnStandard,
  assignStaffPosition,
  attestStaffingPlan,
  budgetSeasonReset,
  calculateOpenPositions,
  completeWizardStep,
  createOpenPosition,
  createRole,
  deleteOpenPosition,
  deleteRole,
  getWizard,
  listRoleJobs,
  type NeedView,
  type OpenPositionView,
  type PlanStaffView,
  type PlanView,
  type RoleView,
  removeStaffPosition,
  type StaffPositionView,
  type StepView,
  saveCareSchedule,
  saveUnitDefinition,
  setTravellerContractDate,
  splitStaffPosition,
  startStaffingPlan,
  transferStaffPosition,
  updateOpenPosition,
  updateRole,
  type WizardView,
} from "../services/staffingPlans";
import type { Viewer } from "../services/viewer";
import { type BuilderTypes, builder, type InputFields } from "./builder";
import { ofCostCenter } from "./costCenter";
import { StaffTypeEnum } from "./user";

export const WizardStepEnum = builder.enumType("WizardStep", { values: WIZARD_STEPS });
const StepStatusEnum = builder.enumType("StepStatus", { values: ["Pending", "InProgress", "Completed"] as const });
export const ShiftEnum = builder.enumType("Shift", { values: SHIFT_NAMES as readonly ["Days", "Evenings", "Nights"] });
/** A position's shift and its hours, none for an exempt role's position. */
export const positionShiftFields = <
  Position extends { shift: ShiftName | null; startTime: string | null; endTime: string | null },
>(
  t: PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, Position>,
) => ({
  shift: t.field({ type: ShiftEnum, nullable: true, resolve: (p) => p.shift }),
  startTime: t.string({ nullable: true, resolve: (p) => p.startTime }),
  endTime: t.string({ nullable: true, resolve: (p) => p.endTime }),
});
export const RoleReplacementEnum = builder.enumType("RoleReplacement", {
  values: ["Fixed", "FixedWithReplacement", "Variable"] as const,
});

const StepType = builder.objectRef<StepView>("WizardStepState").implement({
  fields: (t) => ({
    step: t.field({ type: WizardStepEnum, resolve: (s) => s.step }),
    status: t.field({ type: StepStatusEnum, resolve: (s) => s.status }),
    isFormValid: t.exposeBoolean("isFormValid", { description: "Whether the step may be completed now." }),
    problems: t.exposeStringList("problems", { description: "What stops the step from being completed." }),
  }),
});

type ShiftView = RoleView["shifts"][number];
const RoleShiftType = builder.objectRef<ShiftView>("RoleShift").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    shift: t.field({ type: ShiftEnum, resolve: (s) => s.shift }),
    startTime: t.exposeString("startTime", { description: "4-digit military time." }),
    endTime: t.exposeString("endTime", { description: "Start plus duration, past midnight when it wraps." }),
    durationHours: t.exposeFloat("durationHours", {
      description: "Clock span in hours (0700-1930 is 12.5): drives the 24-hour distribution.",
    }),
    paidHours: t.exposeFloat("paidHours", {
      description: "Paid hours: the clock span less the role's unpaid break (0700-1930 is 12). FTE uses these.",
    }),
    staffPerShift: t.exposeInt("staffPerShift"),
  }),
});

const RoleType = builder.objectRef<RoleView>("UnitRole").implement({
  description: "A role of a staffing plan: exempt roles carry an FTE, variable roles carry shifts.",
  fields: (t) => ({
    id: t.exposeID("id"),
    jobId: t.exposeID("jobId", { nullable: true }),
    name: t.exposeString("name"),
    isExempt: t.exposeBoolean("isExempt"),
    fte: t.exposeFloat("fte", { nullable: true }),
    replacement: t.field({ type: RoleReplacementEnum, resolve: (r) => r.replacement }),
    unpaidBreakMinutes: t.exposeInt("unpaidBreakMinutes", {
      nullable: true,
      description: "Unpaid meal break per shift in minutes; null is the default, 30 min on shifts of 8 h or more.",
    }),
    isDirectCare: t.exposeBoolean("isDirectCare", {
      description: "The role's job counts toward HPPD (job categorization's direct-care flag; roles without a job do).",
    }),
    isComplete: t.exposeBoolean("isComplete"),
    shifts: t.field({ type: [RoleShiftType], resolve: (r) => r.shifts }),
  }),
});

type RoleHours = PlanView["careSchedule"]["byRole"][number];
const RoleHoursType = builder.objectRef<RoleHours>("RoleHours").implement({
  fields: (t) => ({
    unitRoleId: t.exposeID("unitRoleId"),
    name: t.exposeString("name"),
    hours: t.exposeFloatList("hours", { description: "Staff on duty in each hour, 24 entries." }),
  }),
});

export const CareScheduleType = builder.objectRef<PlanView["careSchedule"]>("CareSchedule").implement({
  fields: (t) => ({
    total: t.exposeFloatList("total", { description: "position24HDistribution: staff on duty per hour, 24 entries." }),
    byRole: t.field({ type: [RoleHoursType], resolve: (c) => c.byRole }),
  }),
});

const SummaryType = builder.objectRef<PlanView["summary"]>("PlanSummary").implement({
  description: "The plan's figures (DESIGN.md §3), unrounded; show FTE with 2 decimals and hours with 1.",
  fields: (t) => ({
    dailyPlannedCare: t.exposeFloat("dailyPlannedCare", { description: "Care hours needed a day: census × HPPD." }),
    dailyPlannedHours: t.exposeFloat("dailyPlannedHours", {
      description: "Paid hours scheduled a day over all variable shifts.",
    }),
    directCareHours: t.exposeFloat("directCareHours", {
      description: "The direct-care part of the daily planned hours (what HPPD counts).",
    }),
    careTeamHours: t.exposeFloat("careTeamHours", { description: "HPPD delivered: direct-care hours ÷ census." }),
    fixedDailyHours: t.exposeFloat("fixedDailyHours"),
    budgetBalance: t.exposeFloat("budgetBalance", {
      description: "Care hours needed − direct-care hours scheduled a day; positive means under-staffed.",
    }),
    censusDrivenFte: t.exposeFloat("censusDrivenFte", {
      description: "Census-driven need: census × HPPD × 365 ÷ hours per FTE (productive FTE).",
    }),
    directCareFte: t.exposeFloat("directCareFte", {
      description: "The direct-care productive FTE the roles schedule.",
    }),
    censusDrivenDifference: t.exposeFloat("censusDrivenDifference", {
      description: "Direct-care FTE − census-driven need; negative means the roles do not cover the target.",
    }),
    productiveFte: t.exposeFloat("productiveFte", { description: "Σ productive FTE of the needed positions." }),
    totalPaidFte: t.exposeFloat("totalPaidFte", {
      description: "Σ paid FTE of the needed positions: productive ÷ (1 − non-productive %).",
    }),
    overtimeFte: t.exposeFloat("overtimeFte", {
      description: "Non-exempt productive FTE × target overtime %; exempt roles earn none.",
    }),
    productiveFteVariance: t.exposeFloat("productiveFteVariance", { nullable: true }),
    paidFteVariance: t.exposeFloat("paidFteVariance", { nullable: true }),
  }),
});

const TotalsType = builder.objectRef<PlanView["totals"]>("PositionTotals").implement({
  fields: (t) => ({
    totalBudgetedWorked: t.exposeFloat("totalBudgetedWorked"),
    totalBudgetedPaid: t.exposeFloat("totalBudgetedPaid"),
    hiredExemptFte: t.exposeFloat("hiredExemptFte"),
    hiredVariableFte: t.exposeFloat("hiredVariableFte"),
    hiredFte: t.exposeFloat("hiredFte"),
    prnFte: t.exposeFloat("prnFte"),
    totalTravellerFte: t.exposeFloat("totalTravellerFte"),
    totalRequestedFte: t.exposeFloat("totalRequestedFte"),
    totalBudgetedHiredDifference: t.exposeFloat("totalBudgetedHiredDifference"),
    totalGap: t.exposeFloat("totalGap", {
      description:
        "Σ of the needed positions' shortfalls, each rounded to 2 decimals: never negative; one role's surplus never offsets another's shortage.",
    }),
    totalOverHire: t.exposeFloat("totalOverHire", {
      description:
        "Σ of the needed positions' FTE above need (hired, traveller, requested), each rounded to 2 decimals.",
    }),
  }),
});

const NeedType = builder.objectRef<NeedView>("PositionNeed").implement({
  description: "A position the plan needs: one per exempt role, one per variable role and shift.",
  fields: (t) => ({
    unitRoleId: t.exposeID("unitRoleId"),
    roleName: t.exposeString("roleName"),
    isExempt: t.exposeBoolean("isExempt"),
    ...positionShiftFields(t),
    isDirectCare: t.exposeBoolean("isDirectCare"),
    durationHours: t.exposeFloat("durationHours", { nullable: true, description: "Clock span of the shift." }),
    paidHours: t.exposeFloat("paidHours", { nullable: true, description: "Paid hours of one shift." }),
    productiveFte: t.exposeFloat("productiveFte"),
    paidFte: t.exposeFloat("paidFte"),
    hiredFte: t.exposeFloat("hiredFte", { description: "Held by regular staff." }),
    travellerFte: t.exposeFloat("travellerFte", {
      description: "Held by travellers, each for the share of the budget year the contract covers.",
    }),
    requestedFte: t.exposeFloat("requestedFte", { description: "Open positions of this role and shift." }),
    filledFte: t.exposeFloat("filledFte", { description: "Held by regular staff and travellers (prorated)." }),
    openFte: t.exposeFloat("openFte", {
      description: "Paid need − filled, rounded to 2 decimals: what the calculation requests.",
    }),
    gapFte: t.exposeFloat("gapFte", {
      description: "max(0, paid − hired − traveller − requested), rounded to 2 decimals.",
    }),
    overHireFte: t.exposeFloat("overHireFte", {
      description: "Hired, traveller and requested FTE above the paid need, rounded to 2 decimals.",
    }),
  }),
});

const PlanStaffType = builder.objectRef<PlanStaffView>("PlanStaff").implement({
  description: "A staff member of the cost center as step 4 shows them.",
  fields: (t) => ({
    staffId: t.exposeID("staffId"),
    employeeId: t.exposeString("employeeId"),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    staffType: t.field({ type: StaffTypeEnum, resolve: (s) => s.staffType }),
    dateOfHire: t.exposeString("dateOfHire", { nullable: true }),
    contractEndDate: t.exposeString("contractEndDate", { nullable: true }),
    education: t.exposeString("education", { nullable: true }),
    costCenterFte: t.exposeFloat("costCenterFte"),
    assignedFte: t.exposeFloat("assignedFte"),
    isAssigned: t.exposeBoolean("isAssigned"),
    isComplete: t.exposeBoolean("isComplete"),
    needsContractDate: t.exposeBoolean("needsContractDate"),
    needsPrnStandard: t.exposeBoolean("needsPrnStandard"),
  }),
});

const StaffPositionType = builder.objectRef<StaffPositionView>("StaffPosition").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    staffId: t.exposeID("staffId"),
    unitRoleId: t.exposeID("unitRoleId", { nullable: true }),
    roleName: t.exposeString("roleName", { nullable: true }),
    ...positionShiftFields(t),
    fte: t.exposeFloat("fte"),
  }),
});

const OpenPositionType = builder.objectRef<OpenPositionView>("OpenPosition").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    unitRoleId: t.exposeID("unitRoleId", { nullable: true }),
    roleName: t.exposeString("roleName", { nullable: true }),
    requisitionNumber: t.exposeString("requisitionNumber", { nullable: true }),
    fte: t.exposeFloat("fte"),
    ...positionShiftFields(t),
    durationHours: t.exposeFloat("durationHours", { nullable: true }),
    isTraveller: t.exposeBoolean("isTraveller"),
  }),
});

const NoticeType = builder.objectRef<PlanView["notices"][number]>("WizardNotice").implement({
  fields: (t) => ({
    step: t.field({ type: WizardStepEnum, resolve: (n) => n.step }),
    message: t.exposeString("message"),
  }),
});

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const PlanType = builder.objectRef<PlanView>("StaffingPlan").implement({
  description: "A cost center's staffing plan for one budget year: what the wizard builds.",
  fields: (t) => ({
    id: t.exposeID("id"),
    budgetYear: t.exposeInt("budgetYear"),
    census: t.exposeFloat("census", { nullable: true }),
    careTeamTarget: t.exposeFloat("careTeamTarget", { nullable: true }),
    nonProductiveGoalPercentage: t.exposeFloat("nonProductiveGoalPercentage", { nullable: true }),
    targetOvertimePercentage: t.exposeFloat("targetOvertimePercentage", { nullable: true }),
    productiveFteBudget: t.exposeFloat("productiveFteBudget", { nullable: true }),
    totalPaidFteBudget: t.exposeFloat("totalPaidFteBudget", { nullable: true }),
    startedAt: t.string({ resolve: (p) => p.startedAt.toISOString() }),
    attestedAt: t.string({ nullable: true, resolve: (p) => iso(p.attestedAt) }),
    attestedByName: t.exposeString("attestedByName", { nullable: true }),
    lockedAt: t.string({ nullable: true, resolve: (p) => iso(p.lockedAt) }),
    isLocked: t.boolean({ resolve: (p) => p.lockedAt !== null }),
    annualHoursPerFte: t.exposeFloat("annualHoursPerFte", {
      description: "Hours per FTE the figures use: the facility's setting for the budget year, or what was signed.",
    }),
    needsReverification: t.exposeBoolean("needsReverification", {
      description:
        "Begun before the budget season, or a facility setting the figures use changed since a step was completed.",
    }),
    steps: t.field({ type: [StepType], resolve: (p) => p.steps }),
    roles: t.field({ type: [RoleType], resolve: (p) => p.roles }),
    careSchedule: t.field({ type: CareScheduleType, resolve: (p) => p.careSchedule }),
    summary: t.field({ type: SummaryType, resolve: (p) => p.summary }),
    totals: t.field({ type: TotalsType, resolve: (p) => p.totals }),
    needs: t.field({ type: [NeedType], resolve: (p) => p.needs }),
    staff: t.field({ type: [PlanStaffType], resolve: (p) => p.staff }),
    staffPositions: t.field({ type: [StaffPositionType], resolve: (p) => p.staffPositions }),
    openPositions: t.field({ type: [OpenPositionType], resolve: (p) => p.openPositions }),
    notices: t.field({ type: [NoticeType], resolve: (p) => p.notices }),
  }),
});

type JobOption = { id: string; name: string; isExempt: boolean };
const RoleJobType = builder.objectRef<JobOption>("RoleJob").implement({
  description: "A job of the facility a role can be made from.",
  fields: (t) => ({ id: t.exposeID("id"), name: t.exposeString("name"), isExempt: t.exposeBoolean("isExempt") }),
});

export const WizardType = builder.objectRef<WizardView>("Wizard").implement({
  description: "A cost center's planning wizard for the current budget year.",
  fields: (t) => ({
    costCenterId: t.exposeID("costCenterId"),
    costCenterCode: t.exposeString("costCenterCode"),
    costCenterName: t.exposeString("costCenterName"),
    viewerCanEdit: t.exposeBoolean("canEdit", {
      description: "Whether you hold Complete Wizard for the cost center (others read only).",
    }),
    budgetYear: t.exposeInt("budgetYear"),
    annualHoursPerFte: t.exposeFloat("annualHoursPerFte", {
      description: "Hours per FTE for this budget year (the plan's own when it is signed).",
    }),
    prnStandard: t.exposeFloat("prnStandard", { nullable: true }),
    plan: t.field({ type: PlanType, nullable: true, resolve: (w) => w.plan }),
    jobs: t.field({
      type: [RoleJobType],
      resolve: (w, _args, context) => listRoleJobs(context.db, context.viewer, w.costCenterId),
    }),
  }),
});

builder.queryField("wizard", (t) =>
  t.field({
    type: WizardType,
    description: "A cost center's wizard. Complete Wizard holders edit; Read Only and Executive holders read.",
    authScopes: { user: true, exec: true },
    ...ofCostCenter(t, getWizard),
  }),
);

/** Step 1's fields, shared by the unit definition and a model (modelling.ts). */
export const unitDefinitionFields = (t: InputFields) => ({
  census: t.float({ required: true }),
  careTeamTarget: t.float({ required: true }),
  nonProductiveGoalPercentage: t.float({ required: true }),
  targetOvertimePercentage: t.float({ required: true }),
  productiveFteBudget: t.float(),
  totalPaidFteBudget: t.float(),
});

const UnitDefinitionInput = builder.inputType("UnitDefinitionInput", { fields: unitDefinitionFields });

export const ShiftInput = builder.inputType("RoleShiftInput", {
  fields: (t) => ({
    shift: t.field({ type: ShiftEnum, required: true }),
    startTime: t.string({ required: true }),
    durationHours: t.float({ required: true }),
    staffPerShift: t.int({ required: true }),
  }),
});

/** Step 2's fields of a role, shared by a plan's role and a model's (modelling.ts). */
export const roleFields = (t: InputFields) => ({
  jobId: t.id(),
  name: t.string({ required: true }),
  isExempt: t.boolean({ required: true }),
  fte: t.float(),
  replacement: t.field({ type: RoleReplacementEnum }),
  unpaidBreakMinutes: t.int({
    description: "Minutes per shift; omit for the default (30 min on shifts of 8 h or more).",
  }),
  shifts: t.field({ type: [ShiftInput] }),
});

const RoleInput = builder.inputType("UnitRoleInput", { fields: roleFields });

/** Where a position sits in the plan: its role, and its shift when the role is variable. */
const roleAndShiftFields = (t: InputFields) => ({
  unitRoleId: t.id({ required: true }),
  shift: t.field({ type: ShiftEnum }),
});

const StaffPositionInput = builder.inputType("StaffPositionInput", {
  fields: (t) => ({ staffId: t.id({ required: true }), ...roleAndShiftFields(t), fte: t.float({ required: true }) }),
});

const SplitInput = builder.inputType("SplitStaffPositionInput", {
  fields: (t) => ({
    staffPositionId: t.id({ required: true }),
    toStaffId: t.id({ required: true }),
    fte: t.float({ required: true }),
  }),
});

const TransferInput = builder.inputType("TransferStaffPositionInput", {
  fields: (t) => ({ staffPositionId: t.id({ required: true }), ...roleAndShiftFields(t) }),
});

const OpenPositionInput = builder.inputType("OpenPositionInput", {
  fields: (t) => ({
    ...roleAndShiftFields(t),
    requisitionNumber: t.string(),
    fte: t.float({ required: true }),
    startTime: t.string(),
    endTime: t.string(),
    isTraveller: t.boolean(),
  }),
});

/** Drops GraphQL's absent-vs-null difference for optional fields: the zod rules treat both as missing. */
const plain = <T extends object>(input: T) => JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
const withNulls = (input: Record<string, unknown>, keys: string[]) => {
  const out = plain(input);
  for (const key of keys) out[key] ??= null;
  return out;
};

/** Step 1's fields (unitDefinitionFields) as the zod rules read them: a budget left out is null. */
export const unitDefinitionOf = (input: Record<string, unknown>) =>
  withNulls(input, ["productiveFteBudget", "totalPaidFteBudget"]);

const mutation = {
  type: WizardType,
  authScopes: { user: true } as { user?: boolean; admin?: boolean },
  errors: { types: [DomainError] },
};

/** What most wizard services are: a change to what `key` names, answered with the wizard as it now stands. */
type WizardChange<Input extends unknown[] = []> = (
  db: Database,
  viewer: Viewer,
  key: string,
  ...input: Input
) => Promise<WizardView>;
type ChangeKey = "costCenterId" | "planId" | "id";
/** The arguments `change` and `changeWith` declare, as their resolvers read them (Pothos cannot type a map with a computed key). */
type ChangeArgs<Key extends ChangeKey> = Record<Key, string> & { input: object };

builder.mutationFields((t) => {
  /** A change that needs only the id of the cost center, the plan (`planId`) or the plan's part (`id`) it changes. */
  const change = <Key extends ChangeKey>(key: Key, run: WizardChange, description?: string) => {
    const id = t.arg.id({ required: true });
    return t.field({
      ...mutation,
      description,
      args: { [key]: id },
      resolve: (_r, args: object, c) => run(c.db, c.viewer, (args as ChangeArgs<Key>)[key]),
    });
  };
  /** A change of the plan or of its part with an input object, passed on as plain data. */
  const changeWith = <Key extends ChangeKey>(
    key: Key,
    type: InputObjectRef<BuilderTypes, object>,
    run: WizardChange<[Record<string, unknown>]>,
  ) => {
    const id = t.arg.id({ required: true });
    const input = t.arg({ type, required: true });
    return t.field({
      ...mutation,
      args: { [key]: id, input },
      resolve: (_r, args: object, c) => {
        const { [key]: id, input } = args as ChangeArgs<Key>;
        return run(c.db, c.viewer, id, plain(input));
      },
    });
  };

  return {
    startStaffingPlan: change(
      "costCenterId",
      startStaffingPlan,
      "Begins the cost center's plan for the budget year with the sample defaults.",
    ),
    saveUnitDefinition: t.field({
      ...mutation,
      args: { planId: t.arg.id({ required: true }), input: t.arg({ type: UnitDefinitionInput, required: true }) },
      resolve: (_r, args, c) => saveUnitDefinition(c.db, c.viewer, args.planId, unitDefinitionOf(args.input)),
    }),
    createUnitRole: changeWith("planId", RoleInput, createRole),
    updateUnitRole: changeWith("id", RoleInput, updateRole),
    deleteUnitRole: change("id", deleteRole),
    saveCareSchedule: change("planId", saveCareSchedule),
    assignStaffPosition: changeWith("planId", StaffPositionInput, assignStaffPosition),
    splitStaffPosition: t.field({
      ...mutation,
      args: { input: t.arg({ type: SplitInput, required: true }) },
      resolve: (_r, args, c) => splitStaffPosition(c.db, c.viewer, plain(args.input)),
    }),
    transferStaffPosition: t.field({
      ...mutation,
      description: "Moves a staff position to another role and shift of the plan, keeping its FTE.",
      args: { input: t.arg({ type: TransferInput, required: true }) },
      resolve: (_r, args, c) => transferStaffPosition(c.db, c.viewer, plain(args.input)),
    }),
    removeStaffPosition: change("id", removeStaffPosition),
    setTravellerContractDate: t.field({
      ...mutation,
      args: {
        planId: t.arg.id({ required: true }),
        staffId: t.arg.id({ required: true }),
        contractEndDate: t.arg.string({ required: true }),
      },
      resolve: (_r, args, c) =>
        setTravellerContractDate(c.db, c.viewer, args.planId, {
          staffId: args.staffId,
          contractEndDate: args.contractEndDate,
        }),
    }),
    applyPrnStandard: t.field({
      ...mutation,
      args: { planId: t.arg.id({ required: true }), staffId: t.arg.id({ required: true }) },
      resolve: (_r, args, c) => applyPrnStandard(c.db, c.viewer, args.planId, args.staffId),
    }),
    calculateOpenPositions: change("planId", calculateOpenPositions),
    createOpenPosition: changeWith("planId", OpenPositionInput, createOpenPosition),
    updateOpenPosition: changeWith("id", OpenPositionInput, updateOpenPosition),
    deleteOpenPosition: change("id", deleteOpenPosition),
    completeWizardStep: t.field({
      ...mutation,
      description: "The main button: completes a step when it is valid and every earlier step is completed.",
      args: { planId: t.arg.id({ required: true }), step: t.arg({ type: WizardStepEnum, required: true }) },
      resolve: (_r, args, c) => completeWizardStep(c.db, c.viewer, args.planId, args.step),
    }),
    attestStaffingPlan: change(
      "planId",
      attestStaffingPlan,
      "Step 6: attests (who, when), completes the wizard and locks it.",
    ),
    budgetSeasonReset: t.field({
      ...mutation,
      authScopes: { user: true, admin: true },
      description: "Re-verification of a wizard begun before budget season.",
      ...ofCostCenter(t, budgetSeasonReset),
    }),
  };
});
