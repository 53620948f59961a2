// The individual dashboard (issue #13): one cost center in depth, for an executive or a user whose
// scope holds it: the plan beside finance's budget, the 24-hour distribution, roles, open positions
// and the attestation, read by the same loader as the facility dashboard.
import type { Queryable } from "../../db/client";
import type { ShiftName } from "../../schema/staffing";
import { emptyRoleTotals, roundFteForDisplay } from "../../schema/staffing";
import { type CostCenterFigures, figuresOf, outOfScope, plansInScope } from "./dashboards";
import { requireUuid } from "./errors";
import { jobsOfFacility } from "./jobs";
import { type RollupFigures, roleFigures, sumFigures } from "./positionsRollup";
import type { PlanView } from "./staffingPlans";
import type { Viewer } from "./viewer";

/** A line of the plan against finance's budget; the variance is plan − budget as shown (positive: the plan asks for more). */
export type BudgetLine = {
  measure: "ProductiveFte" | "PaidFte" | "ProductiveHours" | "PaidHours";
  plan: number | null;
  budget: number | null;
  variance: number | null;
};

export type SummaryRole = {
  id: string;
  name: string;
  jobName: string | null;
  jobCategory: string | null;
  isExempt: boolean;
  isDirectCare: boolean;
  shifts: { shift: ShiftName; startTime: string; endTime: string; paidHours: number; staffPerShift: number }[];
  figures: RollupFigures;
};

export type SummaryOpenPosition = {
  id: string;
  roleName: string | null;
  requisitionNumber: string | null;
  shift: ShiftName | null;
  startTime: string | null;
  endTime: string | null;
  fte: number;
  isTraveller: boolean;
};

export type CostCenterSummary = CostCenterFigures & {
  /** The facility's time zone (IANA), in which its people read the attestation time. */
  timeZone: string;
  /** Hours per FTE the figures use (null: no plan). */
  annualHoursPerFte: number | null;
  budget: BudgetLine[];
  /** Staff on duty in each hour of the day, 0 to 23, in total and per role. */
  careSchedule: PlanView["careSchedule"];
  roles: SummaryRole[];
  openPositions: SummaryOpenPosition[];
};

const fte = roundFteForDisplay;

/** Plan against budget: FTE to 2 decimals, hours (FTE × hours per FTE) to the whole hour. */
function budgetLines(
  plan: { productive: number; paid: number } | null,
  budget: { productive: number | null; paid: number | null },
  hoursPerFte: number | null,
): BudgetLine[] {
  const line = (measure: BudgetLine["measure"], planned: number | null, budgeted: number | null): BudgetLine => ({
    measure,
    plan: planned,
    budget: budgeted,
    variance: planned === null || budgeted === null ? null : fte(planned - budgeted),
  });
  const hours = (value: number | null | undefined) =>
    value === null || value === undefined || hoursPerFte === null ? null : Math.round(value * hoursPerFte);
  return [
    line("ProductiveFte", plan ? fte(plan.productive) : null, budget.productive),
    line("PaidFte", plan ? fte(plan.paid) : null, budget.paid),
    line("ProductiveHours", hours(plan?.productive), hours(budget.productive)),
    line("PaidHours", hours(plan?.paid), hours(budget.paid)),
  ];
}

/**
 * GraphQL `costCenterSummary(id)`: one cost center of the viewer's scope in depth, for the current
 * budget year. Not in the facility (or removed): not found; in it but outside the scope: forbidden.
 */
export async function costCenterSummary(
  db: Queryable,
  viewer: Viewer,
  costCenterId: string,
  now = new Date(),
): Promise<CostCenterSummary> {
  requireUuid(costCenterId, "costCenterId");
  const { budgetYear, scope, viewOf } = await plansInScope(db, viewer, now, costCenterId);
  const costCenter = scope[0];
  if (!costCenter) throw await outOfScope(db, viewer, costCenterId);
  const jobOf = new Map((await jobsOfFacility(db, viewer.facilityId)).map((j) => [j.id, j]));
  const view = viewOf.get(costCenter.id) ?? null;
  const figures = figuresOf(costCenter, budgetYear, view);
  const totalsOf = new Map(view?.roleTotals.map((t) => [t.roleKey, t]));
  return {
    ...figures,
    // The viewer's facility, read with the viewer on this request: no statement of its own.
    timeZone: viewer.facilityTimeZone,
    annualHoursPerFte: view?.annualHoursPerFte ?? null,
    budget: budgetLines(
      view ? { productive: view.totals.totalBudgetedWorked, paid: view.totals.totalBudgetedPaid } : null,
      { productive: view?.productiveFteBudget ?? null, paid: view?.totalPaidFteBudget ?? null },
      view?.annualHoursPerFte ?? null,
    ),
    careSchedule: view?.careSchedule ?? { total: new Array<number>(24).fill(0), byRole: [] },
    roles: (view?.roles ?? []).map((role) => {
      const job = role.jobId ? jobOf.get(role.jobId) : undefined;
      const totals = totalsOf.get(role.id);
      return {
        id: role.id,
        name: role.name,
        jobName: job?.name ?? null,
        jobCategory: job && job.categoryId !== 0 ? job.categoryName : null,
        isExempt: role.isExempt,
        isDirectCare: role.isDirectCare,
        shifts: role.shifts.map((s) => ({
          shift: s.shift,
          startTime: s.startTime,
          endTime: s.endTime,
          paidHours: s.paidHours,
          staffPerShift: s.staffPerShift,
        })),
        figures: sumFigures([roleFigures(totals ?? emptyRoleTotals(role.id))]),
      };
    }),
    openPositions: (view?.openPositions ?? []).map((o) => ({
      id: o.id,
      roleName: o.roleName,
      requisitionNumber: o.requisitionNumber,
      shift: o.shift,
      startTime: o.startTime,
      endTime: o.endTime,
      fte: o.fte,
      isTraveller: o.isTraveller,
    })),
  };
}
