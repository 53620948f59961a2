// The dashboards' tables as files: the same rows and labels as the screens.
import {
  PLAN_STATUS_LABELS,
  POSITION_STATUS_LABELS,
  ROLLUP_GROUP_BY_LABELS,
  type RollupGroupBy,
} from "../../schema/dashboards";
import type { CostCenterFigures, StaffingFigures } from "../services/dashboards";
import type { PositionControlPage, PositionRow } from "../services/positionControl";
import type { PositionsRollup, RollupFigures, RollupRow } from "../services/positionsRollup";
import type { UserDashboardCostCenter } from "../services/userDashboard";
import type { ExportColumn } from "./tables";

/** A cost center's row, or (costCenter null) the facility's total row. */
type DashboardRow<Row extends CostCenterFigures = CostCenterFigures> = {
  costCenter: Row | null;
  figures: StaffingFigures;
};

const fte = (header: string, value: (figures: StaffingFigures) => number | null): ExportColumn<DashboardRow> => ({
  header,
  value: (row) => value(row.figures),
  numberFormat: "0.00",
});

/** The facility dashboard's table: a row per cost center in scope, then the totals. */
export const FACILITY_DASHBOARD_COLUMNS: readonly ExportColumn<DashboardRow>[] = [
  { header: "Cost center", value: (r) => r.costCenter?.code ?? "Total" },
  { header: "Name", value: (r) => r.costCenter?.name ?? "", width: 32 },
  { header: "Status", value: (r) => (r.costCenter ? PLAN_STATUS_LABELS[r.costCenter.status] : ""), width: 22 },
  fte("Budgeted productive FTE", (f) => f.budgetedProductiveFte),
  fte("Budgeted paid FTE", (f) => f.budgetedPaidFte),
  fte("Finance productive FTE", (f) => f.financeProductiveFte),
  fte("Finance paid FTE", (f) => f.financePaidFte),
  fte("Hired FTE", (f) => f.hiredFte),
  fte("PRN FTE", (f) => f.prnFte),
  fte("Traveller FTE", (f) => f.travellerFte),
  fte("Requested FTE", (f) => f.requestedFte),
  fte("Gap FTE", (f) => f.gapFte),
  fte("Over-hire FTE", (f) => f.overHireFte),
  fte("HPPD planned", (f) => f.hppdPlanned),
  { header: "HPPD target", value: (r) => r.costCenter?.hppdTarget ?? null, numberFormat: "0.00" },
  fte("Census-driven FTE", (f) => f.censusDrivenFte),
];

/** The user dashboard's table: the facility dashboard's columns, with what to do next after the status. */
export const USER_DASHBOARD_COLUMNS: readonly ExportColumn<DashboardRow<UserDashboardCostCenter>>[] = [
  ...FACILITY_DASHBOARD_COLUMNS.slice(0, 3),
  {
    header: "What to do next",
    value: (r) => r.costCenter?.todo ?? "",
    width: 48,
  },
  {
    header: "Needs attention",
    value: (r) => r.costCenter?.notices.join(" ") ?? "",
    width: 48,
  },
  ...FACILITY_DASHBOARD_COLUMNS.slice(3),
];

export function facilityDashboardRows<Row extends CostCenterFigures>(dashboard: {
  costCenters: readonly Row[];
  totals: StaffingFigures;
}): DashboardRow<Row>[] {
  return [
    ...dashboard.costCenters.map((costCenter) => ({ costCenter, figures: costCenter.figures })),
    { costCenter: null, figures: dashboard.totals },
  ];
}

/** What a rollup row opens onto, by what the rows are. */
export const ROLLUP_BREAKDOWN: Record<RollupGroupBy, { label: string; all: string }> = {
  JobCategory: { label: "Cost center", all: "All cost centers" },
  Job: { label: "Cost center", all: "All cost centers" },
  CostCenter: { label: "Job", all: "All jobs" },
};

/** A rollup row or one of its breakdown rows (part), or (row null) the totals. */
type RollupExportRow = { row: RollupRow | null; part: RollupRow | null; figures: RollupFigures };

const rollupFte = (header: string, key: keyof RollupFigures): ExportColumn<RollupExportRow> => ({
  header,
  value: (r) => r.figures[key],
  numberFormat: "0.00",
});

/**
 * The positions rollup's table: each row, then its breakdown rows (the row's label repeated, so a
 * filter or pivot on either column works), then the totals.
 */
export function positionsRollupColumns(groupBy: RollupGroupBy): ExportColumn<RollupExportRow>[] {
  const breakdown = ROLLUP_BREAKDOWN[groupBy];
  return [
    { header: ROLLUP_GROUP_BY_LABELS[groupBy], value: (r) => r.row?.label ?? "Total", width: 32 },
    { header: breakdown.label, value: (r) => (r.row ? (r.part?.label ?? breakdown.all) : ""), width: 32 },
    ...(groupBy === "Job"
      ? [{ header: "Job category", value: (r: RollupExportRow) => r.row?.detail ?? "", width: 24 }]
      : []),
    rollupFte("Budgeted FTE", "budgetedFte"),
    rollupFte("Hired FTE", "hiredFte"),
    rollupFte("PRN FTE", "prnFte"),
    rollupFte("Traveller FTE", "travellerFte"),
    rollupFte("Requested FTE", "requestedFte"),
    rollupFte("Gap FTE", "gapFte"),
    rollupFte("Over-hire FTE", "overHireFte"),
  ];
}

export function positionsRollupRows(rollup: PositionsRollup): RollupExportRow[] {
  return [
    ...rollup.rows.flatMap((row) => [
      { row, part: null, figures: row.figures },
      ...row.breakdown.map((part) => ({ row, part, figures: part.figures })),
    ]),
    { row: null, part: null, figures: rollup.totals },
  ];
}

/** A position, or (position null) the total row. */
type PositionExportRow = { position: PositionRow | null; totalFte: number };

/** Position control's table: every position matching the filters, then the total FTE. */
export const POSITION_CONTROL_COLUMNS: readonly ExportColumn<PositionExportRow>[] = [
  { header: "Cost center", value: (r) => r.position?.costCenterCode ?? "Total" },
  { header: "Cost center name", value: (r) => r.position?.costCenterName ?? "", width: 28 },
  { header: "Role", value: (r) => r.position?.roleName ?? "", width: 24 },
  { header: "Job", value: (r) => r.position?.jobName ?? "", width: 24 },
  { header: "Job category", value: (r) => r.position?.jobCategoryName ?? "", width: 20 },
  { header: "Shift", value: (r) => r.position?.shift ?? "" },
  { header: "Start", value: (r) => r.position?.startTime ?? "" },
  { header: "End", value: (r) => r.position?.endTime ?? "" },
  {
    header: "Status",
    value: (r) =>
      r.position
        ? `${POSITION_STATUS_LABELS[r.position.status]}${r.position.isTravellerRequisition ? " (traveller)" : ""}`
        : "",
  },
  { header: "FTE", value: (r) => (r.position ? r.position.fte : r.totalFte), numberFormat: "0.00" },
  { header: "Employee", value: (r) => r.position?.employeeName ?? "", width: 26 },
  { header: "Employee ID", value: (r) => r.position?.employeeId ?? "" },
  { header: "Requisition number", value: (r) => r.position?.requisitionNumber ?? "", width: 20 },
  { header: "Contract end", value: (r) => r.position?.contractEndDate ?? "", width: 14 },
];

export function positionControlRows(list: PositionControlPage): PositionExportRow[] {
  return [...list.rows.map((position) => ({ position, totalFte: 0 })), { position: null, totalFte: list.totalFte }];
}
