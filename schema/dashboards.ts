import { z } from "zod";
import { SHIFT_NAMES, type ShiftName } from "./staffing/math";
import { UUID_PATTERN } from "./text";

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

/**
 * What a position in position control is: a staff position held by a regular employee (Filled), by
 * a PRN or a traveller, or an open position (a requisition to hire).
 */
export const POSITION_STATUSES = ["Filled", "PRN", "Traveller", "Open"] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];

export const POSITION_STATUS_LABELS: Record<PositionStatus, string> = {
  Filled: "Filled",
  PRN: "PRN",
  Traveller: "Traveller",
  Open: "Open",
};

/**
 * What position control can be ordered by, first; ties keep the list's own order (cost center by
 * numeric code, role, shift, status, holder). Descending reverses the whole order.
 */
export const POSITION_ORDERS = ["CostCenter", "Role", "Shift", "Status", "Holder", "Fte"] as const;
export type PositionOrder = (typeof POSITION_ORDERS)[number];

/** Position control pages: `first` rows at a time, 50 unless asked, at most 500. */
export const POSITION_CONTROL_PAGE_SIZE = 50;
export const POSITION_CONTROL_MAX_PAGE_SIZE = 500;
/** The longest search text position control accepts. */
export const POSITION_CONTROL_SEARCH_MAX_LENGTH = 100;

/** Position control's filters and page (GraphQL `positionControl`, `GET /api/dashboard/position-control`). */
export const positionControlQuerySchema = z.object({
  costCenterId: z.string().regex(UUID_PATTERN, "costCenterId must be a cost center's id").optional(),
  jobCategoryId: z
    .number({ error: "jobCategoryId must be a job category's number" })
    .int("jobCategoryId must be a job category's number")
    .min(0, "jobCategoryId must be a job category's number")
    .optional(),
  shift: z
    .enum(SHIFT_NAMES as [ShiftName, ...ShiftName[]], { error: "shift must be Days, Evenings or Nights" })
    .optional(),
  status: z.enum(POSITION_STATUSES, { error: "status must be Filled, PRN, Traveller or Open" }).optional(),
  search: z
    .string()
    .trim()
    .max(POSITION_CONTROL_SEARCH_MAX_LENGTH, `search must be at most ${POSITION_CONTROL_SEARCH_MAX_LENGTH} characters`)
    .optional(),
  first: z
    .number({ error: `first must be a whole number from 1 to ${POSITION_CONTROL_MAX_PAGE_SIZE}` })
    .int(`first must be a whole number from 1 to ${POSITION_CONTROL_MAX_PAGE_SIZE}`)
    .min(1, `first must be a whole number from 1 to ${POSITION_CONTROL_MAX_PAGE_SIZE}`)
    .max(POSITION_CONTROL_MAX_PAGE_SIZE, `first must be a whole number from 1 to ${POSITION_CONTROL_MAX_PAGE_SIZE}`)
    .default(POSITION_CONTROL_PAGE_SIZE),
  after: z.string().max(1000, "after is not a cursor of position control").optional(),
  orderBy: z
    .enum(POSITION_ORDERS, { error: `orderBy must be one of ${POSITION_ORDERS.join(", ")}` })
    .default("CostCenter"),
  descending: z.boolean({ error: "descending must be true or false" }).default(false),
});
export type PositionControlQuery = z.input<typeof positionControlQuerySchema>;
