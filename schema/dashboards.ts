/** Where a cost center's staffing plan for the current budget year stands. */
export type PlanStatus = "NotStarted" | "InProgress" | "Completed" | "Attested" | "NeedsReverification";

/** The statuses in words, as screens, exports and print show them (never by colour alone). */
export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = {
  NotStarted: "Not started",
  InProgress: "In progress",
  Completed: "Completed",
  Attested: "Attested (locked)",
  NeedsReverification: "Needs re-verification",
};

/** What the positions rollup groups its rows by; each row opens onto the other dimension. */
export type RollupGroupBy = "JobCategory" | "Job" | "CostCenter";

export const ROLLUP_GROUP_BY_LABELS: Record<RollupGroupBy, string> = {
  JobCategory: "Job category",
  Job: "Job",
  CostCenter: "Cost center",
};

/** Rows for roles without a job (or requisitions whose role was removed), and jobs in category 'None'. */
export const NO_JOB_LABEL = "No job";
export const NO_CATEGORY_LABEL = "No category";
