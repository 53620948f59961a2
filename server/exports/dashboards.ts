// The dashboards' tables as files: the same rows and labels as the screens.
import {
  PLAN_STATUS_LABELS,
  POSITION_STATUS_LABELS,
  ROLLUP_GROUP_BY_LABELS,
  type RollupGroupBy,
} from "../../schema/dashboards";
import type { BudgetLine, CostCenterSummary, SummaryOpenPosition, SummaryRole } from "../services/costCenterSummary";
import type { CostCenterFigures, StaffingFigures } from "../services/dashboards";
import type { PositionControlPage, PositionRow } from "../services/positionControl";
import type { PositionsRollup, RollupFigures, RollupRow } from "../services/positionsRollup";
import type { UserDashboardCostCenter } from "../services/userDashboard";
import type { AnyExportTable, ExportColumn, ExportTable } from "./tables";

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

/** The individual dashboard's tables, as the screen shows them. */
export const SUMMARY_TABLES = ["budget", "roles", "openPositions", "day"] as const;
export type SummaryTable = (typeof SUMMARY_TABLES)[number];

const BUDGET_MEASURES: Record<BudgetLine["measure"], string> = {
  ProductiveFte: "Productive FTE",
  PaidFte: "Paid FTE",
  ProductiveHours: "Productive hours a year",
  PaidHours: "Paid hours a year",
};

const BUDGET_COLUMNS: readonly ExportColumn<BudgetLine>[] = [
  { header: "Measure", value: (line) => BUDGET_MEASURES[line.measure], width: 24 },
  { header: "Plan", value: (line) => line.plan, numberFormat: "#,##0.00" },
  { header: "Finance budget", value: (line) => line.budget, numberFormat: "#,##0.00", width: 16 },
  {
    header: "Variance (plan − budget)",
    value: (line) => line.variance,
    numberFormat: "+#,##0.00;−#,##0.00;0.00",
    width: 24,
  },
];

const roleFte = (header: string, key: keyof SummaryRole["figures"]): ExportColumn<SummaryRole> => ({
  header,
  value: (role) => role.figures[key],
  numberFormat: "0.00",
});
const ROLE_COLUMNS: readonly ExportColumn<SummaryRole>[] = [
  { header: "Role", value: (role) => role.name, width: 26 },
  { header: "Job", value: (role) => role.jobName ?? "", width: 24 },
  { header: "Job category", value: (role) => role.jobCategory ?? "", width: 20 },
  { header: "Type", value: (role) => (role.isExempt ? "Exempt" : "Variable") },
  { header: "Direct care", value: (role) => (role.isDirectCare ? "Yes" : "No") },
  {
    header: "Shifts",
    value: (role) => role.shifts.map((s) => `${s.shift} ${s.startTime}–${s.endTime} × ${s.staffPerShift}`).join("; "),
    width: 36,
  },
  roleFte("Budgeted FTE", "budgetedFte"),
  roleFte("Hired FTE", "hiredFte"),
  roleFte("PRN FTE", "prnFte"),
  roleFte("Traveller FTE", "travellerFte"),
  roleFte("Requested FTE", "requestedFte"),
  roleFte("Gap FTE", "gapFte"),
  roleFte("Over-hire FTE", "overHireFte"),
];

const OPEN_POSITION_COLUMNS: readonly ExportColumn<SummaryOpenPosition>[] = [
  { header: "Role", value: (open) => open.roleName ?? "", width: 26 },
  { header: "Requisition number", value: (open) => open.requisitionNumber ?? "", width: 20 },
  { header: "Shift", value: (open) => open.shift ?? "" },
  { header: "Start", value: (open) => open.startTime ?? "" },
  { header: "End", value: (open) => open.endTime ?? "" },
  { header: "FTE", value: (open) => open.fte, numberFormat: "0.00" },
  { header: "Traveller", value: (open) => (open.isTraveller ? "Yes" : "No") },
];

type HourRow = { hour: number; total: number; byRole: number[] };

/** The individual dashboard's tables by name: plan against budget, roles, open positions, the 24-hour day. */
export function costCenterSummaryTables(summary: CostCenterSummary): Record<SummaryTable, AnyExportTable> {
  const roles = summary.careSchedule.byRole;
  const day: HourRow[] = summary.careSchedule.total.map((total, hour) => ({
    hour,
    total,
    byRole: roles.map((role) => role.hours[hour] ?? 0),
  }));
  const dayColumns: ExportColumn<HourRow>[] = [
    { header: "Hour", value: (row) => `${String(row.hour).padStart(2, "0")}00` },
    { header: "Staff on duty", value: (row) => row.total, numberFormat: "0.##", width: 14 },
    ...roles.map(
      (role, index): ExportColumn<HourRow> => ({
        header: role.name,
        value: (row) => row.byRole[index] ?? 0,
        numberFormat: "0.##",
        width: Math.max(12, role.name.length + 2),
      }),
    ),
  ];
  const budget: ExportTable<BudgetLine> = { name: "Plan and budget", columns: BUDGET_COLUMNS, rows: summary.budget };
  const roleTable: ExportTable<SummaryRole> = { name: "Roles", columns: ROLE_COLUMNS, rows: summary.roles };
  const open: ExportTable<SummaryOpenPosition> = {
    name: "Open positions",
    columns: OPEN_POSITION_COLUMNS,
    rows: summary.openPositions,
  };
  const hours: ExportTable<HourRow> = { name: "24-hour distribution", columns: dayColumns, rows: day };
  return { budget, roles: roleTable, openPositions: open, day: hours };
}
