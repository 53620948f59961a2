import type { FilledFte } from "../../schema/staffing";
import {
  type CostCenterFigures,
  type FacilityDashboard,
  facilityDashboard,
  type PlanStatus,
  type StaffingFigures,
} from "../services/dashboards";
import { type BuilderTypes, builder } from "./builder";

const FTE = "FTE, rounded to 2 decimals as the wizard shows it.";

const PlanStatusEnum = builder.enumType("PlanStatus", {
  description: "Where a cost center's staffing plan for the current budget year stands.",
  values: {
    NotStarted: { description: "No plan for the budget year yet." },
    InProgress: { description: "Begun; not every step before the review is completed." },
    Completed: { description: "Steps 1 to 5 completed; not yet attested." },
    Attested: { description: "Attested and locked: its figures are those that were signed." },
    NeedsReverification: {
      description: "Begun before the budget season, or a facility setting its figures use changed since.",
    },
  } satisfies Record<PlanStatus, unknown>,
});

/**
 * How a plan's positions are held, the same six figures wherever they are summed (a cost center,
 * the dashboards' totals, a rollup row): each need's shortfall and over-hire per role and shift,
 * rounded as the wizard shows them, then summed.
 */
export const filledFteFields = <Figures extends FilledFte>(
  t: PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, Figures>,
) => ({
  hiredFte: t.float({
    description: `Regular staff (exempt and variable) holding positions. ${FTE}`,
    resolve: (f) => f.hiredFte,
  }),
  prnFte: t.float({ description: `PRN staff holding positions; they close no gap. ${FTE}`, resolve: (f) => f.prnFte }),
  travellerFte: t.float({
    description: `Travellers, each for the share of the budget year their contract covers. ${FTE}`,
    resolve: (f) => f.travellerFte,
  }),
  requestedFte: t.float({ description: `Open positions (requisitions). ${FTE}`, resolve: (f) => f.requestedFte }),
  gapFte: t.float({
    description: `Shortfall, 0 or more: per role and shift, paid need − hired − traveller − requested where positive, summed. Over-hire never offsets it. ${FTE}`,
    resolve: (f) => f.gapFte,
  }),
  overHireFte: t.float({
    description: `Hired, traveller and requested FTE beyond the need, 0 or more: per role and shift, summed. ${FTE}`,
    resolve: (f) => f.overHireFte,
  }),
});

export const StaffingFiguresType = builder.objectRef<StaffingFigures>("StaffingFigures").implement({
  description: "Staffing figures of a cost center's plan for the current budget year, or the facility's totals.",
  fields: (t) => ({
    budgetedProductiveFte: t.exposeFloat("budgetedProductiveFte", {
      nullable: true,
      description: `Productive FTE the plan budgets (null: no plan). ${FTE}`,
    }),
    budgetedPaidFte: t.exposeFloat("budgetedPaidFte", {
      nullable: true,
      description: `Paid FTE the plan budgets: productive FTE grossed up for non-productive time. ${FTE}`,
    }),
    financeProductiveFte: t.exposeFloat("financeProductiveFte", {
      nullable: true,
      description: "Finance's productive FTE budget, as entered in the unit definition.",
    }),
    financePaidFte: t.exposeFloat("financePaidFte", {
      nullable: true,
      description: "Finance's total paid FTE budget, as entered in the unit definition.",
    }),
    ...filledFteFields(t),
    hppdPlanned: t.exposeFloat("hppdPlanned", {
      nullable: true,
      description:
        "Direct-care hours per patient day the plan delivers (2 decimals); in the totals, all units' direct-care hours ÷ their census.",
    }),
    censusDrivenFte: t.exposeFloat("censusDrivenFte", {
      nullable: true,
      description: `Census × target HPPD × 365 ÷ the facility's hours per FTE: the productive FTE the census calls for. ${FTE}`,
    }),
  }),
});

export const CostCenterFiguresType = builder.objectRef<CostCenterFigures>("CostCenterFigures").implement({
  description: "One cost center's staffing figures for the current budget year (spec §1 dashboards).",
  fields: (t) => ({
    costCenterId: t.exposeID("costCenterId"),
    code: t.exposeString("code", { description: "The cost center number." }),
    name: t.exposeString("name"),
    budgetYear: t.exposeInt("budgetYear", { description: "The calendar year the fiscal year began in." }),
    status: t.expose("status", { type: PlanStatusEnum }),
    figures: t.field({ type: StaffingFiguresType, resolve: (row) => row.figures }),
    hppdTarget: t.exposeFloat("hppdTarget", {
      nullable: true,
      description: "The unit's target care team hours per patient day.",
    }),
    attestedAt: t.string({
      nullable: true,
      description: "When the plan was attested (ISO 8601, UTC).",
      resolve: (row) => row.attestedAt?.toISOString() ?? null,
    }),
    attestedByName: t.exposeString("attestedByName", { nullable: true }),
  }),
});

export const StatusCountsType = builder.objectRef<FacilityDashboard["statusCounts"]>("PlanStatusCounts").implement({
  description: "How many cost centers in scope are at each plan status.",
  fields: (t) => ({
    notStarted: t.exposeInt("NotStarted"),
    inProgress: t.exposeInt("InProgress"),
    completed: t.exposeInt("Completed"),
    attested: t.exposeInt("Attested"),
    needsReverification: t.exposeInt("NeedsReverification"),
  }),
});

/** How both dashboards order their rows (`costCenters`). */
export const SORTED_BY_CODE = "Sorted by numeric cost center number.";

/** What the facility and the user dashboard say beside their rows: the budget year, the rows' totals, the status counts. */
export const dashboardSummaryFields = <T extends Omit<FacilityDashboard, "costCenters">>(
  t: PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, T>,
) => ({
  budgetYear: t.int({ resolve: (d) => d.budgetYear }),
  totals: t.field({
    type: StaffingFiguresType,
    description: "Sums of the cost centers' rows as shown; HPPD is all units' direct-care hours ÷ their census.",
    resolve: (d) => d.totals,
  }),
  statusCounts: t.field({ type: StatusCountsType, resolve: (d) => d.statusCounts }),
});

const FacilityDashboardType = builder.objectRef<FacilityDashboard>("FacilityDashboard").implement({
  description:
    "The facility dashboard: every cost center the viewer may see (an executive's executive permissions, a user's own), with totals.",
  fields: (t) => ({
    ...dashboardSummaryFields(t),
    costCenters: t.field({ type: [CostCenterFiguresType], description: SORTED_BY_CODE, resolve: (d) => d.costCenters }),
  }),
});

builder.queryField("facilityDashboard", (t) =>
  t.field({
    type: FacilityDashboardType,
    description:
      "Staffing figures of the current budget year per cost center and in total, from the one staffing model. Executives and users; each sees only their cost centers.",
    authScopes: { exec: true, user: true },
    resolve: (_root, _args, context) => facilityDashboard(context.db, context.viewer),
  }),
);
