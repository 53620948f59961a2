import {
  type BudgetLine,
  type CostCenterSummary,
  costCenterSummary,
  type SummaryOpenPosition,
  type SummaryRole,
} from "../services/costCenterSummary";
import { builder } from "./builder";
import { CostCenterFiguresType } from "./dashboard";
import { RollupFiguresType } from "./positionsRollup";
import { CareScheduleType, positionShiftFields, ShiftEnum } from "./wizard";

const BudgetMeasureEnum = builder.enumType("BudgetMeasure", {
  description: "What a line of the plan-against-budget comparison measures.",
  values: {
    ProductiveFte: { description: "Productive FTE, 2 decimals." },
    PaidFte: { description: "Paid FTE (productive grossed up for non-productive time), 2 decimals." },
    ProductiveHours: { description: "Productive hours a year: productive FTE × hours per FTE, whole hours." },
    PaidHours: { description: "Paid hours a year: paid FTE × hours per FTE, whole hours." },
  } satisfies Record<BudgetLine["measure"], unknown>,
});

const BudgetLineType = builder.objectRef<BudgetLine>("BudgetLine").implement({
  description: "The plan beside finance's budget (entered in the unit definition) for one measure.",
  fields: (t) => ({
    measure: t.expose("measure", { type: BudgetMeasureEnum }),
    plan: t.exposeFloat("plan", { nullable: true, description: "What the plan budgets (null: no plan)." }),
    budget: t.exposeFloat("budget", { nullable: true, description: "Finance's budget (null: not entered)." }),
    variance: t.exposeFloat("variance", {
      nullable: true,
      description: "Plan − budget as shown: positive when the plan asks for more than finance budgeted.",
    }),
  }),
});

const SummaryShiftType = builder.objectRef<SummaryRole["shifts"][number]>("SummaryShift").implement({
  fields: (t) => ({
    shift: t.field({ type: ShiftEnum, resolve: (s) => s.shift }),
    startTime: t.exposeString("startTime", { description: "HHmm, the facility's local time." }),
    endTime: t.exposeString("endTime", {
      description: "HHmm; before the start time when the shift ends the next day.",
    }),
    paidHours: t.exposeFloat("paidHours", { description: "Clock span less the unpaid break." }),
    staffPerShift: t.exposeInt("staffPerShift"),
  }),
});

const SummaryRoleType = builder.objectRef<SummaryRole>("SummaryRole").implement({
  description: "A role of the plan with its position control summed over its shifts.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    jobName: t.exposeString("jobName", { nullable: true }),
    jobCategory: t.exposeString("jobCategory", { nullable: true }),
    isExempt: t.exposeBoolean("isExempt"),
    isDirectCare: t.exposeBoolean("isDirectCare", { description: "Counts toward HPPD." }),
    shifts: t.field({ type: [SummaryShiftType], resolve: (r) => r.shifts }),
    figures: t.field({ type: RollupFiguresType, resolve: (r) => r.figures }),
  }),
});

const SummaryOpenPositionType = builder.objectRef<SummaryOpenPosition>("SummaryOpenPosition").implement({
  description: "An open position (requisition) of the plan.",
  fields: (t) => ({
    id: t.exposeID("id"),
    roleName: t.exposeString("roleName", { nullable: true, description: "null: its role was removed." }),
    requisitionNumber: t.exposeString("requisitionNumber", { nullable: true }),
    ...positionShiftFields(t),
    fte: t.exposeFloat("fte", { description: "FTE, 2 decimals." }),
    isTraveller: t.exposeBoolean("isTraveller"),
  }),
});

const CostCenterSummaryType = builder.objectRef<CostCenterSummary>("CostCenterSummary").implement({
  description: "One cost center in depth for the current budget year (the individual dashboard).",
  fields: (t) => ({
    costCenter: t.field({
      type: CostCenterFiguresType,
      description: "Its figures and status, as the facility dashboard shows them.",
      resolve: (summary) => summary,
    }),
    timeZone: t.exposeString("timeZone", {
      description: "The facility's time zone (IANA name), in which to read attestedAt.",
    }),
    annualHoursPerFte: t.exposeInt("annualHoursPerFte", {
      nullable: true,
      description: "Hours per FTE the figures use (null: no plan).",
    }),
    budget: t.field({ type: [BudgetLineType], resolve: (s) => s.budget }),
    careSchedule: t.field({
      type: CareScheduleType,
      description: "The 24-hour distribution of scheduled staff, in total and per role; shifts past midnight wrap.",
      resolve: (s) => s.careSchedule,
    }),
    roles: t.field({ type: [SummaryRoleType], description: "In the plan's role order.", resolve: (s) => s.roles }),
    openPositions: t.field({
      type: [SummaryOpenPositionType],
      description: "By role, then shift.",
      resolve: (s) => s.openPositions,
    }),
  }),
});

builder.queryField("costCenterSummary", (t) =>
  t.field({
    type: CostCenterSummaryType,
    description:
      "One cost center in depth: the plan beside finance's budget with the variance, the 24-hour distribution, roles, open positions and the attestation. Executives and users, for a cost center of their own.",
    authScopes: { exec: true, user: true },
    args: { id: t.arg.id({ required: true, description: "The cost center's id." }) },
    resolve: (_root, args, context) => costCenterSummary(context.db, context.viewer, String(args.id)),
  }),
);
