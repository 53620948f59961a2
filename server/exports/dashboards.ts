// The dashboards' tables as files: the same rows and labels as the screens.
import { PLAN_STATUS_LABELS } from "../../schema/dashboards";
import type { CostCenterFigures, FacilityDashboard, StaffingFigures } from "../services/dashboards";
import type { ExportColumn } from "./tables";

/** A cost center's row, or (costCenter null) the facility's total row. */
type DashboardRow = { costCenter: CostCenterFigures | null; figures: StaffingFigures };

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

export function facilityDashboardRows(dashboard: FacilityDashboard): DashboardRow[] {
  return [
    ...dashboard.costCenters.map((costCenter) => ({ costCenter, figures: costCenter.figures })),
    { costCenter: null, figures: dashboard.totals },
  ];
}
