import { Hono } from "hono";
import { FACILITY_DASHBOARD_COLUMNS, facilityDashboardRows } from "../exports/dashboards";
import { EXPORT_CONTENT_TYPES, type ExportFormat, tableToCsv, tableToXlsx } from "../exports/tables";
import { facilityDashboard } from "../services/dashboards";
import { DomainError } from "../services/errors";
import type { RestDeps, RestEnv } from ".";

/** `?format=` on the dashboard calls: JSON by default, or the table as a file (Excel's Power Query reads either). */
function exportFormat(value: string | undefined): ExportFormat | null {
  if (value === undefined || value === "json") return null;
  if (value === "xlsx" || value === "csv") return value;
  throw new DomainError("invalid", "format must be json, xlsx or csv", { format: "format must be json, xlsx or csv" });
}

/** Spec §7 'Dashboard': the same figures as GraphQL's `facilityDashboard`. */
export function dashboardRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get("/facility", async (c) => {
    const format = exportFormat(c.req.query("format"));
    const dashboard = await facilityDashboard(db, c.get("viewer"));
    if (!format) return c.json(dashboard);
    const rows = facilityDashboardRows(dashboard);
    const name = `facility-dashboard-${dashboard.budgetYear}.${format}`;
    const body =
      format === "xlsx"
        ? await tableToXlsx("Facility dashboard", FACILITY_DASHBOARD_COLUMNS, rows)
        : tableToCsv(FACILITY_DASHBOARD_COLUMNS, rows);
    return c.body(typeof body === "string" ? body : new Uint8Array(body), 200, {
      "content-type": EXPORT_CONTENT_TYPES[format],
      "content-disposition": `attachment; filename="${name}"`,
    });
  });
  return routes;
}
