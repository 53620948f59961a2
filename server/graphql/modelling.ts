import type { HeldPosition, ModelInputs, ModelRole, RequestedPosition } from "../../schema/staffing";
import {
  carryScenarioIntoWizard,
  deleteScenario,
  getModelling,
  type Modelling,
  type ModellingJob,
  type ModellingScenario,
  saveScenario,
} from "../services/staffingPlans";
import { builder, userMutation } from "./builder";
import { ofCostCenter } from "./costCenter";
import { StaffTypeEnum } from "./user";
import {
  RoleReplacementEnum,
  roleFields,
  ShiftEnum,
  unitDefinitionFields,
  unitDefinitionOf,
  WizardType,
} from "./wizard";

type ModelShift = ModelRole["shifts"][number];
const ModelShiftType = builder.objectRef<ModelShift>("ModelShift").implement({
  fields: (t) => ({
    shift: t.field({ type: ShiftEnum, resolve: (s) => s.shift }),
    startTime: t.exposeString("startTime"),
    durationHours: t.exposeFloat("durationHours", { description: "Shift length (clock span) in hours." }),
    staffPerShift: t.exposeInt("staffPerShift"),
  }),
});

const ModelRoleType = builder.objectRef<ModelRole>("ModelRole").implement({
  description: "A role of a model: a role of the plan (unitRoleId) as the scenario has it, or a new role (null).",
  fields: (t) => ({
    unitRoleId: t.exposeID("unitRoleId", { nullable: true }),
    jobId: t.exposeID("jobId", { nullable: true }),
    name: t.exposeString("name"),
    isExempt: t.exposeBoolean("isExempt"),
    fte: t.exposeFloat("fte", { nullable: true }),
    replacement: t.field({ type: RoleReplacementEnum, resolve: (r) => r.replacement }),
    unpaidBreakMinutes: t.exposeInt("unpaidBreakMinutes", { nullable: true }),
    shifts: t.field({ type: [ModelShiftType], resolve: (r) => r.shifts }),
  }),
});

const ModelInputsType = builder.objectRef<ModelInputs>("ModelInputs").implement({
  description: "What a model changes: the unit definition (step 1) and the roles (step 2).",
  fields: (t) => ({
    census: t.exposeFloat("census"),
    careTeamTarget: t.exposeFloat("careTeamTarget", { description: "HPPD target." }),
    nonProductiveGoalPercentage: t.exposeFloat("nonProductiveGoalPercentage"),
    targetOvertimePercentage: t.exposeFloat("targetOvertimePercentage"),
    productiveFteBudget: t.exposeFloat("productiveFteBudget", { nullable: true }),
    totalPaidFteBudget: t.exposeFloat("totalPaidFteBudget", { nullable: true }),
    roles: t.field({ type: [ModelRoleType], resolve: (m) => m.roles }),
  }),
});

const HeldFteType = builder.objectRef<HeldPosition>("ModelHeldFte").implement({
  description: "FTE held in a role and shift by staff of one type: what a model does not change.",
  fields: (t) => ({
    unitRoleId: t.exposeID("roleKey"),
    shift: t.field({ type: ShiftEnum, nullable: true, resolve: (h) => h.shift }),
    fte: t.exposeFloat("fte"),
    staffType: t.field({ type: StaffTypeEnum, resolve: (h) => h.staffType }),
    isExempt: t.exposeBoolean("isExempt"),
    coverage: t.exposeFloat("coverage", {
      description: "Travellers: the share of the budget year their contract covers.",
    }),
  }),
});

const RequestedFteType = builder.objectRef<RequestedPosition>("ModelRequestedFte").implement({
  fields: (t) => ({
    unitRoleId: t.exposeID("roleKey", { nullable: true }),
    shift: t.field({ type: ShiftEnum, nullable: true, resolve: (r) => r.shift }),
    fte: t.exposeFloat("fte"),
    isTraveller: t.exposeBoolean("isTraveller"),
  }),
});

const ScenarioType = builder.objectRef<ModellingScenario>("ModellingScenario").implement({
  description: "A named what-if of a plan. It changes nothing until it is carried into the wizard.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    inputs: t.field({ type: ModelInputsType, resolve: (s) => s.inputs }),
    createdByName: t.exposeString("createdByName", { nullable: true }),
    updatedAt: t.string({ resolve: (s) => new Date(s.updatedAt).toISOString() }),
  }),
});

type ModellingPlan = NonNullable<Modelling["plan"]>;
const ModellingPlanType = builder.objectRef<ModellingPlan>("ModellingPlan").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    isLocked: t.boolean({ resolve: (p) => p.lockedAt !== null }),
    needsReverification: t.exposeBoolean("needsReverification"),
    inputs: t.field({
      type: ModelInputsType,
      description: "The saved plan as model inputs.",
      resolve: (p) => p.inputs,
    }),
    held: t.field({ type: [HeldFteType], resolve: (p) => p.held }),
    requested: t.field({ type: [RequestedFteType], resolve: (p) => p.requested }),
    scenarios: t.field({ type: [ScenarioType], resolve: (p) => p.scenarios }),
  }),
});

const ModellingJobType = builder.objectRef<ModellingJob>("ModellingJob").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    isDirectCare: t.exposeBoolean("isDirectCare"),
  }),
});

const ModellingType = builder.objectRef<Modelling>("Modelling").implement({
  description:
    "What-if modelling of a cost center's plan: the saved plan as inputs and what a model does not change (staff positions, requisitions, the facility's hours per FTE and average hourly rate). The figures are schema/staffing's modelFigures, the same as POST /api/staffing/model.",
  fields: (t) => ({
    costCenterId: t.exposeID("costCenterId"),
    costCenterCode: t.exposeString("costCenterCode"),
    costCenterName: t.exposeString("costCenterName"),
    budgetYear: t.exposeInt("budgetYear"),
    canEdit: t.exposeBoolean("canEdit", { description: "Keeps scenarios and carries them into the wizard." }),
    annualHoursPerFte: t.exposeFloat("annualHoursPerFte"),
    averageHourlyRate: t.exposeFloat("averageHourlyRate", { nullable: true }),
    jobs: t.field({ type: [ModellingJobType], resolve: (m) => m.jobs }),
    plan: t.field({ type: ModellingPlanType, nullable: true, resolve: (m) => m.plan }),
  }),
});

const ModelRoleInput = builder.inputType("ModelRoleInput", {
  fields: (t) => ({
    unitRoleId: t.id({ description: "The plan's role this is; omit for a new role." }),
    ...roleFields(t),
  }),
});

const ModelInputsInput = builder.inputType("ModelInputsInput", {
  fields: (t) => ({
    ...unitDefinitionFields(t),
    roles: t.field({ type: [ModelRoleInput], required: true }),
  }),
});

builder.queryField("modelling", (t) =>
  t.field({
    type: ModellingType,
    description: "A cost center's plan, ready to model, with its scenarios. User accounts with a permission on it.",
    authScopes: { user: true },
    ...ofCostCenter(t, getModelling),
  }),
);

builder.mutationFields((t) => ({
  saveModellingScenario: t.field({
    type: ScenarioType,
    description:
      "Keeps a named scenario of the plan (a new one without scenarioId). The cost center's Complete Wizard holder; audited; the plan is not changed.",
    ...userMutation,
    args: {
      planId: t.arg.id({ required: true }),
      scenarioId: t.arg.id(),
      name: t.arg.string({ required: true }),
      inputs: t.arg({ type: ModelInputsInput, required: true }),
    },
    resolve: (_root, args, c) =>
      saveScenario(c.db, c.viewer, args.planId, args.scenarioId ?? null, args.name, unitDefinitionOf(args.inputs)),
  }),
  deleteModellingScenario: t.field({
    type: "ID",
    description: "Deletes a scenario; the plan is not changed. The cost center's Complete Wizard holder; audited.",
    ...userMutation,
    args: { scenarioId: t.arg.id({ required: true }) },
    resolve: (_root, args, c) => deleteScenario(c.db, c.viewer, args.scenarioId),
  }),
  carryModellingScenarioIntoWizard: t.field({
    type: WizardType,
    description:
      "Makes the scenario the plan (unit definition, changed and new roles), all or nothing; the plan's later steps need completing and attesting again. Refused while the plan is locked.",
    ...userMutation,
    args: { scenarioId: t.arg.id({ required: true }) },
    resolve: (_root, args, c) => carryScenarioIntoWizard(c.db, c.viewer, args.scenarioId),
  }),
}));
