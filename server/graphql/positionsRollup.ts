import type { RollupGroupBy } from "../../schema/dashboards";
import { type PositionsRollup, positionsRollup, type RollupFigures, type RollupRow } from "../services/positionsRollup";
import { builder } from "./builder";
import { filledFteFields } from "./dashboard";

const RollupGroupByEnum = builder.enumType("RollupGroupBy", {
  description: "What the positions rollup's rows are; each row opens onto the other dimension.",
  values: {
    JOB_CATEGORY: { value: "JobCategory", description: "A row per job category, opening onto its cost centers." },
    JOB: { value: "Job", description: "A row per job, opening onto its cost centers." },
    COST_CENTER: { value: "CostCenter", description: "A row per cost center, opening onto its jobs." },
  } satisfies Record<string, { value: RollupGroupBy; description: string }>,
});

export const RollupFiguresType = builder.objectRef<RollupFigures>("RollupFigures").implement({
  description:
    "Position control FTE of a rollup row. A cell (one cost center's share of one job) is rounded once; a job or job category row is the sum of its cells as shown; a cost center row is that cost center's figures as the facility dashboard shows them (rounded once from its plan).",
  fields: (t) => ({
    budgetedFte: t.exposeFloat("budgetedFte", {
      description:
        "Paid FTE the plans' roles need: productive FTE grossed up for non-productive time. FTE, 2 decimals.",
    }),
    ...filledFteFields(t),
  }),
});

const RollupRowType = builder.objectRef<RollupRow>("RollupRow");
RollupRowType.implement({
  description: "A row of the positions rollup.",
  fields: (t) => ({
    key: t.exposeString("key", {
      description:
        "The job category's number, the job's or the cost center's id; 'none' for roles without a job or category.",
    }),
    label: t.exposeString("label", {
      description: "The category's or job's name, or the cost center's number and name.",
    }),
    detail: t.exposeString("detail", {
      nullable: true,
      description: "A job row's category; a cost center row's number.",
    }),
    figures: t.field({ type: RollupFiguresType, resolve: (row) => row.figures }),
    breakdown: t.field({
      type: [RollupRowType],
      description: "The row opened: by cost center for job category and job rows, by job for cost center rows.",
      resolve: (row) => row.breakdown,
    }),
  }),
});

const PositionsRollupType = builder.objectRef<PositionsRollup>("PositionsRollup").implement({
  description:
    "FTE by job category, job or cost center over the cost centers the viewer may see, for the current budget year.",
  fields: (t) => ({
    budgetYear: t.exposeInt("budgetYear", { description: "The calendar year the fiscal year began in." }),
    groupBy: t.expose("groupBy", { type: RollupGroupByEnum }),
    rows: t.field({
      type: [RollupRowType],
      description: "Job categories and jobs by name (no job and no category last); cost centers by numeric number.",
      resolve: (r) => r.rows,
    }),
    totals: t.field({
      type: RollupFiguresType,
      description:
        "The cost centers' figures summed as shown, whatever the grouping: the facility dashboard's totals. Rows rounded on their own may add up to a few hundredths more or less.",
      resolve: (r) => r.totals,
    }),
  }),
});

builder.queryField("positionsRollup", (t) =>
  t.field({
    type: PositionsRollupType,
    description:
      "The positions rollup: budgeted, hired, PRN, traveller, requested, gap and over-hire FTE by job category, job or cost center. Executives and users; each sees only their cost centers.",
    authScopes: { exec: true, user: true },
    args: { groupBy: t.arg({ type: RollupGroupByEnum, required: true }) },
    resolve: (_root, args, context) => positionsRollup(context.db, context.viewer, args.groupBy),
  }),
);
