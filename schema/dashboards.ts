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
