// The executives' and managers' figures (spec §1, §7 'Dashboard'; DESIGN.md §3): every plan in the
// viewer's scope, figured by the one staffing model, in a fixed number of queries.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { costCenterPermissions, costCenters, facilityBudgetSettings, staffingPlans } from "../../db/schema";
import { budgetYearOf } from "../../schema/calendar";
import type { PlanStatus } from "../../schema/dashboards";
import { type FilledFte, roundFteForDisplay, WIZARD_STEPS } from "../../schema/staffing";
import { byNumericCode, costCenterColumns, isActiveCostCenter } from "./costCenters";
import { type DomainError, forbidden, notFound } from "./errors";
import { type Access, budgetColumns, planViews, selectPlansWithAttester } from "./staffingPlans";
import { type PlanFigures, planFigures } from "./staffingPlans/figures";
import type { Viewer } from "./viewer";

export type { PlanStatus };

/** Staffing figures of a cost center, or of the facility; each FTE rounded as the wizard shows it (2 decimals). */
export type StaffingFigures = FilledFte & {
  /** Productive and paid FTE the plan budgets (null: no plan yet). */
  budgetedProductiveFte: number | null;
  budgetedPaidFte: number | null;
  /** Finance's budget as entered in the unit definition. */
  financeProductiveFte: number | null;
  financePaidFte: number | null;
  /** Direct-care hours per patient day the plan delivers. */
  hppdPlanned: number | null;
  /** Census × target HPPD × 365 ÷ hours per FTE: the productive FTE the census calls for. */
  censusDrivenFte: number | null;
};

export type CostCenterFigures = {
  costCenterId: string;
  code: string;
  name: string;
  budgetYear: number;
  status: PlanStatus;
  /** The unit's target HPPD. */
  hppdTarget: number | null;
  attestedAt: Date | null;
  attestedByName: string | null;
  figures: StaffingFigures;
};

export type FacilityDashboard = {
  budgetYear: number;
  costCenters: CostCenterFigures[];
  /** Sums of the rows as shown (HPPD: the facility's direct-care hours over its census). */
  totals: StaffingFigures;
  statusCounts: Record<PlanStatus, number>;
};

/**
 * The cost centers whose figures the viewer may see, with the viewer's permission on each: an
 * executive those of their executive permissions, a user those of their permissions. Administrators set the facility up and have no
 * dashboards (spec §2 route table).
 */
async function costCentersInScope(db: Queryable, viewer: Viewer, only?: string) {
  return db
    .select({
      ...costCenterColumns,
      completeWizard: costCenterPermissions.completeWizard,
      manageStaff: costCenterPermissions.manageStaff,
      readOnly: costCenterPermissions.readOnly,
    })
    .from(costCenterPermissions)
    .innerJoin(costCenters, eq(costCenters.id, costCenterPermissions.costCenterId))
    .leftJoin(facilityBudgetSettings, eq(facilityBudgetSettings.facilityId, costCenters.facilityId))
    .where(inScope(viewer, only))
    .orderBy(...byNumericCode);
}

/** The ids of the cost centers in the viewer's scope, as a subquery. */
function idsInScope(db: Queryable, viewer: Viewer, only?: string) {
  return db
    .select({ id: costCenters.id })
    .from(costCenterPermissions)
    .innerJoin(costCenters, eq(costCenters.id, costCenterPermissions.costCenterId))
    .where(inScope(viewer, only));
}

/** The permissions that put a cost center in the viewer's scope (administrators have none). */
function inScope(viewer: Viewer, only?: string) {
  if (viewer.accountType === "admin") throw forbidden();
  return and(
    eq(costCenterPermissions.userId, viewer.userId),
    eq(costCenters.facilityId, viewer.facilityId),
    isNull(costCenters.deletedAt),
    viewer.accountType === "exec" ? eq(costCenterPermissions.executive, true) : undefined,
    only ? eq(costCenters.id, only) : undefined,
  );
}

function statusOf(plan: PlanFigures | null): PlanStatus {
  if (!plan) return "NotStarted";
  if (plan.needsReverification) return "NeedsReverification";
  if (plan.lockedAt) return "Attested";
  const done = plan.steps.filter((s) => WIZARD_STEPS.slice(0, 5).includes(s.step) && s.status === "Completed");
  return done.length === 5 ? "Completed" : "InProgress";
}

const fte = roundFteForDisplay;
const hppd = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

export function figuresOf(
  costCenter: { id: string; code: string; name: string },
  budgetYear: number,
  plan: PlanFigures | null,
): CostCenterFigures {
  return {
    costCenterId: costCenter.id,
    code: costCenter.code,
    name: costCenter.name,
    budgetYear,
    status: statusOf(plan),
    hppdTarget: plan?.careTeamTarget ?? null,
    attestedAt: plan?.attestedAt ?? null,
    attestedByName: plan?.attestedByName ?? null,
    figures: staffingFiguresOf(plan),
  };
}

/** A cost center's figures from its plan (none: zeros and nulls), each rounded once for display. */
export function staffingFiguresOf(plan: PlanFigures | null): StaffingFigures {
  const summary = plan?.summary;
  const totals = plan?.totals;
  return {
    budgetedProductiveFte: totals ? fte(totals.totalBudgetedWorked) : null,
    budgetedPaidFte: totals ? fte(totals.totalBudgetedPaid) : null,
    financeProductiveFte: plan?.productiveFteBudget ?? null,
    financePaidFte: plan?.totalPaidFteBudget ?? null,
    hiredFte: fte(totals?.hiredFte ?? 0),
    prnFte: fte(totals?.prnFte ?? 0),
    travellerFte: fte(totals?.totalTravellerFte ?? 0),
    requestedFte: fte(totals?.totalRequestedFte ?? 0),
    gapFte: fte(totals?.totalGap ?? 0),
    overHireFte: fte(totals?.totalOverHire ?? 0),
    hppdPlanned: summary && summary.census > 0 ? hppd(summary.careTeamHours) : null,
    censusDrivenFte: summary && summary.census > 0 ? fte(summary.censusDrivenFte) : null,
  };
}

/** A sum of figures as shown, kept to cents (no 0.30000000000000004). */
const sumShown = (values: (number | null)[]) => fte(values.reduce<number>((sum, v) => sum + (v ?? 0), 0));

/**
 * The cost centers in the viewer's scope (or only the one `only` names, if in scope), in numeric
 * code order, and the facility's current budget year. Two queries.
 */
export async function scopeAndBudgetYear(db: Queryable, viewer: Viewer, now: Date, only?: string) {
  const [scope, { budget, budgetYear }] = await Promise.all([
    costCentersInScope(db, viewer, only),
    budgetYearAt(db, viewer, now),
  ]);
  return { scope, budget, budgetYear };
}

/** The facility's budget settings and the budget year `now` falls in. */
async function budgetYearAt(db: Queryable, viewer: Viewer, now: Date) {
  const [budget] = await db
    .select(budgetColumns)
    .from(facilityBudgetSettings)
    .where(eq(facilityBudgetSettings.facilityId, viewer.facilityId));
  return { budget: budget ?? null, budgetYear: budgetYearOf(now, budget ?? null, viewer.facilityTimeZone) };
}

/**
 * Why a cost center is not in the viewer's scope: it exists in their facility but they hold no
 * permission on it (forbidden), or there is no such active cost center (not found).
 */
export async function outOfScope(db: Queryable, viewer: Viewer, costCenterId: string): Promise<DomainError> {
  const [exists] = await db
    .select({ id: costCenters.id })
    .from(costCenters)
    .where(isActiveCostCenter(viewer.facilityId, costCenterId));
  return exists ? forbidden("You do not have access to this cost center") : notFound("Cost center");
}

/**
 * The cost centers in the viewer's scope (or only the one `only` names, if in scope) with their
 * plans for the current budget year, figured by the one staffing model. Queries: the scope, the budget settings, the plans, then the seven of the
 * plans' inputs: the same count for 1 cost center or 500.
 */
export async function plansInScope(db: Queryable, viewer: Viewer, now: Date, only?: string) {
  const { scope, budget, budgetYear } = await scopeAndBudgetYear(db, viewer, now, only);
  const plans =
    scope.length === 0
      ? []
      : await selectPlansWithAttester(db).where(
          and(
            inArray(
              staffingPlans.costCenterId,
              scope.map((c) => c.id),
            ),
            eq(staffingPlans.budgetYear, budgetYear),
          ),
        );
  const planOf = new Map(plans.map((p) => [p.plan.costCenterId, p]));
  const entries = scope.flatMap((costCenter) => {
    const found = planOf.get(costCenter.id);
    if (!found) return [];
    const granted: Access = { costCenter, canEdit: false, budget, timeZone: viewer.facilityTimeZone };
    return [{ granted, plan: found.plan, attestedByName: found.attestedByName }];
  });
  const views = await planViews(db, viewer.facilityId, entries, now);
  const viewOf = new Map(views.map((v) => [v.costCenterId, v]));
  return { budgetYear, scope, views, viewOf };
}

/**
 * The figures of the plans in the viewer's scope (or only the one `only` names), for the dashboards
 * that show no staff: summed by the database, figured by the one staffing model. Ten statements in
 * two rounds (the budget settings, then the rest together), the same for 1 cost center or 500.
 */
export async function planFiguresInScope(db: Queryable, viewer: Viewer, now: Date, only?: string) {
  // Refuses administrators before any statement runs.
  const ids = idsInScope(db, viewer, only);
  // The figures need the budget year, not the scope's rows (they take the scope as a subquery).
  const { budget, budgetYear } = await budgetYearAt(db, viewer, now);
  const [scope, figures] = await Promise.all([
    costCentersInScope(db, viewer, only),
    planFigures(db, viewer.facilityId, { budget, timeZone: viewer.facilityTimeZone }, ids, budgetYear, now),
  ]);
  const viewOf = new Map(figures.map((f) => [f.costCenterId, f]));
  const views = scope.flatMap((c) => viewOf.get(c.id) ?? []);
  return { budgetYear, scope, views, viewOf };
}

/** `GET /api/dashboard/facility`, GraphQL `facilityDashboard`: per cost center in scope and in total, the current budget year's plan figures. */
export async function facilityDashboard(db: Queryable, viewer: Viewer, now = new Date()): Promise<FacilityDashboard> {
  return dashboardOf(await planFiguresInScope(db, viewer, now));
}

/** The dashboard of the plans in scope: a row per cost center, the totals and the status counts. */
export function dashboardOf({
  budgetYear,
  scope,
  views,
  viewOf,
}: Awaited<ReturnType<typeof planFiguresInScope>>): FacilityDashboard {
  const rows = scope.map((c) => figuresOf(c, budgetYear, viewOf.get(c.id) ?? null));
  const statusCounts: Record<PlanStatus, number> = {
    NotStarted: 0,
    InProgress: 0,
    Completed: 0,
    Attested: 0,
    NeedsReverification: 0,
  };
  for (const row of rows) statusCounts[row.status]++;
  const figures = rows.map((r) => r.figures);
  /** A sum of the rows as shown; null when no row has the figure. */
  const total = (key: keyof StaffingFigures) =>
    figures.some((f) => f[key] !== null) ? sumShown(figures.map((f) => f[key])) : null;
  return {
    budgetYear,
    costCenters: rows,
    totals: {
      budgetedProductiveFte: total("budgetedProductiveFte"),
      budgetedPaidFte: total("budgetedPaidFte"),
      financeProductiveFte: total("financeProductiveFte"),
      financePaidFte: total("financePaidFte"),
      hiredFte: total("hiredFte") ?? 0,
      prnFte: total("prnFte") ?? 0,
      travellerFte: total("travellerFte") ?? 0,
      requestedFte: total("requestedFte") ?? 0,
      gapFte: total("gapFte") ?? 0,
      overHireFte: total("overHireFte") ?? 0,
      // HPPD does not add up over units; the facility's is its direct-care hours over its census.
      hppdPlanned: facilityHppd(views),
      censusDrivenFte: total("censusDrivenFte"),
    },
    statusCounts,
  };
}

/** The facility's HPPD: all units' direct-care hours a day ÷ their total census. */
function facilityHppd(views: readonly PlanFigures[]): number | null {
  const census = views.reduce((sum, v) => sum + v.summary.census, 0);
  if (census <= 0) return null;
  return hppd(views.reduce((sum, v) => sum + v.summary.directCareHours, 0) / census);
}
