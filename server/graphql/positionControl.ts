import { POSITION_STATUSES, type PositionOrder, type PositionStatus } from "../../schema/dashboards";
import {
  type PositionControlPage,
  type PositionRow,
  type PositionStatusTotal,
  positionControl,
} from "../services/positionControl";
import { builder } from "./builder";
import { JobCategoryType } from "./job";
import { ShiftEnum } from "./wizard";

const FTE = "FTE, 2 decimals.";

const PositionStatusEnum = builder.enumType("StaffingPositionStatus", {
  description: "What a position is: held by a regular employee, a PRN or a traveller, or open (a requisition).",
  values: {
    Filled: { description: "A staff position held by a regular employee (exempt or variable)." },
    PRN: { description: "A staff position held by a PRN employee." },
    Traveller: { description: "A staff position held by a traveller." },
    Open: { description: "An open position: a requisition to hire." },
  } satisfies Record<PositionStatus, { description: string }>,
});

const PositionKindEnum = builder.enumType("StaffingPositionKind", {
  values: {
    StaffPosition: { description: "A staff member holding (part of) a role and shift." },
    OpenPosition: { description: "What stays unfilled after staff are assigned." },
  } satisfies Record<PositionRow["kind"], { description: string }>,
});

const PositionOrderEnum = builder.enumType("StaffingPositionOrder", {
  description:
    "What position control is ordered by first; ties keep the list's own order (cost center by numeric code, role, shift, status, holder).",
  values: {
    CostCenter: { description: "The list's own order: cost center by numeric code, then role, shift, status, holder." },
    Role: { description: "Role name, A to Z." },
    Shift: { description: "Days, Evenings, Nights, then positions of no shift." },
    Status: { description: "Filled, PRN, Traveller, Open." },
    Holder: { description: "Who holds the position ('Last, First'), or the requisition number; A to Z." },
    Fte: { description: "FTE, smallest first." },
  } satisfies Record<PositionOrder, { description: string }>,
});

const PositionFilter = builder.inputType("PositionControlFilter", {
  description: "Position control's filters; each one left out lets every row through.",
  fields: (t) => ({
    costCenterId: t.id({ description: "One cost center of the viewer's scope." }),
    jobCategoryId: t.int({ description: "A job category's number; 0 for positions with no category." }),
    shift: t.field({ type: ShiftEnum }),
    status: t.field({ type: PositionStatusEnum }),
    search: t.string({
      description:
        "Part of the holder's name or employee id, the requisition number, the role's or the job's name (any case, at most 100 characters).",
    }),
  }),
});

const PositionType = builder.objectRef<PositionRow>("StaffingPosition").implement({
  description: "A position of the current budget year's plan of a cost center.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The staff position's or open position's id." }),
    kind: t.expose("kind", { type: PositionKindEnum }),
    status: t.expose("status", { type: PositionStatusEnum }),
    costCenterId: t.exposeID("costCenterId"),
    costCenterCode: t.exposeString("costCenterCode", { description: "The cost center's number." }),
    costCenterName: t.exposeString("costCenterName"),
    roleName: t.exposeString("roleName", {
      nullable: true,
      description: "The plan's role (null: the role was removed after the position was made).",
    }),
    jobName: t.exposeString("jobName", { nullable: true }),
    jobCategoryId: t.exposeInt("jobCategoryId", { description: "0: no category." }),
    jobCategoryName: t.exposeString("jobCategoryName"),
    shift: t.field({ type: ShiftEnum, nullable: true, resolve: (row) => row.shift }),
    startTime: t.exposeString("startTime", { nullable: true, description: "HHmm, the facility's local time." }),
    endTime: t.exposeString("endTime", {
      nullable: true,
      description: "HHmm; before the start time when the shift ends the next day.",
    }),
    fte: t.exposeFloat("fte", { description: FTE }),
    staffId: t.exposeID("staffId", { nullable: true, description: "Who holds a staff position." }),
    employeeName: t.exposeString("employeeName", { nullable: true, description: "'Last, First' of the holder." }),
    employeeId: t.exposeString("employeeId", { nullable: true }),
    contractEndDate: t.exposeString("contractEndDate", {
      nullable: true,
      description: "A traveller's contract end, YYYY-MM-DD.",
    }),
    requisitionNumber: t.exposeString("requisitionNumber", {
      nullable: true,
      description: "An open position's requisition number.",
    }),
    isTravellerRequisition: t.exposeBoolean("isTravellerRequisition", {
      description: "An open position to be filled by a traveller.",
    }),
  }),
});

const PositionEdgeType = builder.objectRef<PositionRow>("StaffingPositionEdge").implement({
  fields: (t) => ({
    cursor: t.exposeString("cursor", { description: "Pass as `after` for the positions that follow this one." }),
    node: t.field({ type: PositionType, resolve: (row) => row }),
  }),
});

const PositionPageInfoType = builder.objectRef<PositionControlPage>("PositionControlPageInfo").implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean("hasNextPage"),
    endCursor: t.exposeString("endCursor", { nullable: true, description: "The last position's cursor." }),
  }),
});

const PositionStatusTotalType = builder.objectRef<PositionStatusTotal>("PositionControlStatusTotal").implement({
  description: "Positions of one status matching the filters, on every page.",
  fields: (t) => ({
    status: t.expose("status", { type: PositionStatusEnum }),
    count: t.exposeInt("count"),
    fte: t.exposeFloat("fte", { description: `The sum of the positions' FTE as shown. ${FTE}` }),
  }),
});

const CostCenterOptionType = builder
  .objectRef<PositionControlPage["costCenters"][number]>("PositionControlCostCenter")
  .implement({
    description: "A cost center the viewer may see, to filter by.",
    fields: (t) => ({
      id: t.exposeID("id"),
      code: t.exposeString("code", { description: "The cost center's number." }),
      name: t.exposeString("name"),
    }),
  });

const PositionControlType = builder.objectRef<PositionControlPage>("PositionControl").implement({
  description:
    "Every position (filled, PRN, traveller, open) of the current budget year's plans in the viewer's scope, a page at a time.",
  fields: (t) => ({
    budgetYear: t.exposeInt("budgetYear", { description: "The calendar year the fiscal year began in." }),
    edges: t.field({
      type: [PositionEdgeType],
      description: "By cost center (numeric number), role, shift (days, evenings, nights), status, then holder.",
      resolve: (page) => page.rows,
    }),
    pageInfo: t.field({ type: PositionPageInfoType, resolve: (page) => page }),
    totalCount: t.exposeInt("totalCount", { description: "Positions matching the filters, on every page." }),
    totals: t.field({
      type: [PositionStatusTotalType],
      description: `Per status (${POSITION_STATUSES.join(", ")}), every one listed.`,
      resolve: (page) => page.totals,
    }),
    totalFte: t.exposeFloat("totalFte", { description: `FTE of every position matching the filters. ${FTE}` }),
    costCenters: t.field({
      type: [CostCenterOptionType],
      description: "The cost centers the viewer may see, by numeric number.",
      resolve: (page) => page.costCenters,
    }),
    jobCategories: t.field({
      type: [JobCategoryType],
      description: "Every job category, by number ('No category' first).",
      resolve: (page) => page.jobCategories,
    }),
  }),
});

builder.queryField("positionControl", (t) =>
  t.field({
    type: PositionControlType,
    description:
      "Position control: the positions of the current budget year's plans, filtered and paged by cursor (`first` 1 to 500, 50 unless given; `after` a cursor from the page before). Executives and users; each sees only their cost centers.",
    authScopes: { exec: true, user: true },
    args: {
      filter: t.arg({ type: PositionFilter }),
      first: t.arg.int({ description: "How many positions, 1 to 500 (50 unless given)." }),
      after: t.arg.string({
        description: "The cursor of the position to start after, from a page of the same order and direction.",
      }),
      orderBy: t.arg({ type: PositionOrderEnum, description: "What to order by first (CostCenter unless given)." }),
      descending: t.arg.boolean({ description: "Reverse the whole order (false unless given)." }),
    },
    resolve: (_root, { filter, first, after, orderBy, descending }, context) =>
      positionControl(context.db, context.viewer, {
        costCenterId: filter?.costCenterId ?? undefined,
        jobCategoryId: filter?.jobCategoryId ?? undefined,
        shift: filter?.shift ?? undefined,
        status: filter?.status ?? undefined,
        search: filter?.search ?? undefined,
        first: first ?? undefined,
        after: after ?? undefined,
        orderBy: orderBy ?? undefined,
        descending: descending ?? undefined,
      }),
  }),
);
