// The positions rollup (issue #13): FTE by job category, job or cost center across the cost centers
// in the viewer's scope, from the same per-role position control the wizard shows.
import type { Queryable } from "../../db/client";
import { NO_CATEGORY_LABEL, NO_JOB_LABEL, type RollupGroupBy } from "../../schema/dashboards";
import { type FilledFte, noFilledFte, type RolePositionTotals, sumAsShown } from "../../schema/staffing";
import { planFiguresInScope, staffingFiguresOf } from "./dashboards";
import { jobsOfFacility } from "./jobs";
import type { PlanFigures } from "./staffingPlans/figures";
import type { Viewer } from "./viewer";

export type { RollupGroupBy };

/** FTE of a rollup row, 2 decimals. */
export type RollupFigures = FilledFte & {
  /** Paid FTE the plans' roles need. */
  budgetedFte: number;
};

export type RollupRow = {
  /** The job category's number, the job's or the cost center's id; "none" for no job or no category. */
  key: string;
  /** The category's or job's name, or the cost center's code and name. */
  label: string;
  /** A job row's category; a cost center row's code. */
  detail: string | null;
  figures: RollupFigures;
  /** The row opened: by cost center (job category and job rows) or by job (cost center rows). */
  breakdown: RollupRow[];
};

export type PositionsRollup = {
  budgetYear: number;
  groupBy: RollupGroupBy;
  rows: RollupRow[];
  /** The cost centers' figures (costCenterFigures) summed as shown: the facility dashboard's totals. */
  totals: RollupFigures;
};

const FIGURE_KEYS = [
  "budgetedFte",
  "hiredFte",
  "prnFte",
  "travellerFte",
  "requestedFte",
  "gapFte",
  "overHireFte",
] as const satisfies readonly (keyof RollupFigures)[];

const zero = (): RollupFigures => ({ budgetedFte: 0, ...noFilledFte() });

/** A role's position control as rollup figures, unrounded: its paid need is what it budgets. */
export const roleFigures = (role: RolePositionTotals): RollupFigures => ({
  budgetedFte: role.paidFte,
  hiredFte: role.hiredFte,
  prnFte: role.prnFte,
  travellerFte: role.travellerFte,
  requestedFte: role.requestedFte,
  gapFte: role.gapFte,
  overHireFte: role.overHireFte,
});

/**
 * Figures added up as shown (each rounded to 2 decimals first): a total is the sum of its rows on
 * screen, and one part alone is that part as shown.
 */
export function sumFigures(parts: readonly RollupFigures[]): RollupFigures {
  const sum = zero();
  for (const key of FIGURE_KEYS) sum[key] = sumAsShown(parts.map((p) => p[key]));
  return sum;
}

/**
 * A cost center's figures as the facility dashboard and the wizard show them: its plan's totals,
 * each rounded once. Its jobs, each rounded on its own, may add up to a few hundredths more or less.
 */
function costCenterFigures(plan: PlanFigures): RollupFigures {
  const { budgetedPaidFte, ...filled } = staffingFiguresOf(plan);
  return {
    budgetedFte: budgetedPaidFte ?? 0,
    hiredFte: filled.hiredFte,
    prnFte: filled.prnFte,
    travellerFte: filled.travellerFte,
    requestedFte: filled.requestedFte,
    gapFte: filled.gapFte,
    overHireFte: filled.overHireFte,
  };
}

type Label = { key: string; label: string; detail: string | null; order: string };

/**
 * `positionsRollup(groupBy)`, `GET /api/dashboard/position-rollup`. A cell is one cost center's
 * share of one job (its roles' FTE summed, then rounded once). A job or job category row adds its
 * cells up as shown; a cost center row is that cost center's figures (costCenterFigures). The totals,
 * whatever the grouping, add up the cost centers' figures as shown: the facility dashboard's totals,
 * so every screen and grouping tells a CFO the same facility figure (rows rounded on their own may
 * add up to a few hundredths more or less). Queries: those of `planFiguresInScope` and one for the jobs.
 */
export async function positionsRollup(
  db: Queryable,
  viewer: Viewer,
  groupBy: RollupGroupBy,
  now = new Date(),
): Promise<PositionsRollup> {
  const [{ budgetYear, scope, viewOf }, jobs] = await Promise.all([
    planFiguresInScope(db, viewer, now),
    jobsOfFacility(db, viewer.facilityId),
  ]);
  const jobOf = new Map(jobs.map((j) => [j.id, j]));

  const noJob: Label = { key: "none", label: NO_JOB_LABEL, detail: null, order: "\uffff" };
  const jobLabel = (jobId: string | null): Label => {
    const job = jobId ? jobOf.get(jobId) : undefined;
    if (!job) return noJob;
    const category = job.categoryId === 0 ? NO_CATEGORY_LABEL : job.categoryName;
    return { key: job.id, label: job.name, detail: category, order: job.name.toLowerCase() };
  };
  const categoryLabel = (jobId: string | null): Label => {
    const job = jobId ? jobOf.get(jobId) : undefined;
    if (!job || job.categoryId === 0) return { key: "none", label: NO_CATEGORY_LABEL, detail: null, order: "\uffff" };
    return {
      key: String(job.categoryId),
      label: job.categoryName,
      detail: null,
      order: job.categoryName.toLowerCase(),
    };
  };

  // Cells: (row key, breakdown key) → unrounded FTE, with the labels of both.
  type Cell = { row: Label; part: Label; figures: RollupFigures };
  const cells = new Map<string, Cell>();
  const shownOf = new Map<string, RollupFigures>();
  scope.forEach((costCenter, index) => {
    const view = viewOf.get(costCenter.id);
    if (!view) return;
    shownOf.set(costCenter.id, costCenterFigures(view));
    const costCenterLabel: Label = {
      key: costCenter.id,
      label: `${costCenter.code} ${costCenter.name}`,
      detail: costCenter.code,
      // The scope comes in numeric-code order.
      order: String(index).padStart(8, "0"),
    };
    const jobIdOf = new Map(view.roles.map((r) => [r.id, r.jobId]));
    for (const role of view.roleTotals) {
      const jobId = role.roleKey ? (jobIdOf.get(role.roleKey) ?? null) : null;
      const row =
        groupBy === "CostCenter" ? costCenterLabel : groupBy === "Job" ? jobLabel(jobId) : categoryLabel(jobId);
      const part = groupBy === "CostCenter" ? jobLabel(jobId) : costCenterLabel;
      const id = `${row.key}|${part.key}`;
      let cell = cells.get(id);
      if (!cell) {
        cell = { row, part, figures: zero() };
        cells.set(id, cell);
      }
      const figures = roleFigures(role);
      for (const key of FIGURE_KEYS) cell.figures[key] += figures[key];
    }
  });

  const byOrder = (a: { order: string; label: string }, b: { order: string; label: string }) =>
    a.order.localeCompare(b.order) || a.label.localeCompare(b.label);
  const rowsByKey = new Map<string, { label: Label; parts: Cell[] }>();
  for (const cell of cells.values()) {
    const entry = rowsByKey.get(cell.row.key) ?? { label: cell.row, parts: [] };
    entry.parts.push(cell);
    rowsByKey.set(cell.row.key, entry);
  }
  const rows = [...rowsByKey.values()]
    .sort((a, b) => byOrder(a.label, b.label))
    .map(({ label, parts }): RollupRow => {
      const breakdown = parts
        .sort((a, b) => byOrder(a.part, b.part))
        .map(
          (cell): RollupRow => ({
            key: cell.part.key,
            label: cell.part.label,
            detail: cell.part.detail,
            figures: sumFigures([cell.figures]),
            breakdown: [],
          }),
        );
      return {
        key: label.key,
        label: label.label,
        detail: label.detail,
        figures:
          (groupBy === "CostCenter" ? shownOf.get(label.key) : undefined) ??
          sumFigures(breakdown.map((b) => b.figures)),
        breakdown,
      };
    });
  return { budgetYear, groupBy, rows, totals: sumFigures([...shownOf.values()]) };
}
