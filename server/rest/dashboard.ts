import { Hono } from "hono";
import type { RollupGroupBy } from "../../schema/dashboards";
import {
  costCenterSummaryTables,
  FACILITY_DASHBOARD_COLUMNS,
  facilityDashboardRows,
  POSITION_CONTROL_COLUMNS,
  positionControlRows,
  positionsRollupColumns,
  positionsRollupRows,
  SUMMARY_TABLES,
  type SummaryTable,
  USER_DASHBOARD_COLUMNS,
} from "../exports/dashboards";
import { tablesToXlsx, tableToCsv } from "../exports/tables";
import { costCenterSummary } from "../services/costCenterSummary";
import { facilityDashboard } from "../services/dashboards";
import { DomainError } from "../services/errors";
import { type PositionControlQuery, positionControl } from "../services/positionControl";
import { positionsRollup } from "../services/positionsRollup";
import { userDashboard } from "../services/userDashboard";
import type { RestDeps, RestEnv } from "./deps";
import { attachment, exportFormat, viewOrTableFile } from "./files";

/** `?groupBy=` on the rollup: the GraphQL enum's names; job category by default. */
const GROUP_BY: Record<string, RollupGroupBy> = { JOB_CATEGORY: "JobCategory", JOB: "Job", COST_CENTER: "CostCenter" };
function groupByOf(value: string | undefined): RollupGroupBy {
  if (value === undefined) return "JobCategory";
  const groupBy = GROUP_BY[value];
  if (groupBy) return groupBy;
  const message = "groupBy must be JOB_CATEGORY, JOB or COST_CENTER";
  throw new DomainError("invalid", message, { groupBy: message });
}

/** Position control's query parameters; whole numbers become numbers, anything else is left for the rule to refuse. */
function positionControlQueryOf(query: Record<string, string>): PositionControlQuery {
  const numberOf = (value: string | undefined) =>
    value === undefined ? undefined : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  // "true" and "false" as booleans; anything else as given, for the rule to refuse by name.
  const booleanOf = (value: string | undefined) => (value === "true" ? true : value === "false" ? false : value);
  return {
    costCenterId: query.costCenterId,
    jobCategoryId: numberOf(query.jobCategoryId) as number | undefined,
    shift: query.shift as PositionControlQuery["shift"],
    status: query.status as PositionControlQuery["status"],
    search: query.search,
    first: numberOf(query.first) as number | undefined,
    after: query.after,
    orderBy: query.orderBy as PositionControlQuery["orderBy"],
    descending: booleanOf(query.descending) as boolean | undefined,
  };
}

/** `?table=` on the individual dashboard's CSV: which of its tables (roles unless given). */
function summaryTableOf(value: string | undefined): SummaryTable {
  if (value === undefined) return "roles";
  if ((SUMMARY_TABLES as readonly string[]).includes(value)) return value as SummaryTable;
  const message = `table must be ${SUMMARY_TABLES.slice(0, -1).join(", ")} or ${SUMMARY_TABLES.at(-1)}`;
  throw new DomainError("invalid", message, { table: message });
}

/**
 * Spec §7 'Dashboard': the same figures as GraphQL's `userDashboard` (`GET /dashboard`),
 * `facilityDashboard`, `positionsRollup` and `positionControl` (the last is ours, for its export).
 */
export function dashboardRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get(
    "/",
    viewOrTableFile(
      (c) => userDashboard(db, c.get("viewer")),
      (dashboard) => ({
        title: "Dashboard",
        fileName: `dashboard-${dashboard.budgetYear}`,
        columns: USER_DASHBOARD_COLUMNS,
        rows: facilityDashboardRows(dashboard),
      }),
    ),
  );
  routes.get(
    "/facility",
    viewOrTableFile(
      (c) => facilityDashboard(db, c.get("viewer")),
      (dashboard) => ({
        title: "Facility dashboard",
        fileName: `facility-dashboard-${dashboard.budgetYear}`,
        columns: FACILITY_DASHBOARD_COLUMNS,
        rows: facilityDashboardRows(dashboard),
      }),
    ),
  );
  // The individual dashboard (ours, for its export): JSON, an .xlsx of its four tables, or one as CSV.
  routes.get("/cost-center/:id", async (c) => {
    const format = exportFormat(c.req.query("format"));
    const table = format === "csv" ? summaryTableOf(c.req.query("table")) : null;
    const summary = await costCenterSummary(db, c.get("viewer"), c.req.param("id"));
    if (!format) return c.json(summary);
    const tables = costCenterSummaryTables(summary);
    const fileName = `cost-center-${summary.code}-${summary.budgetYear}`;
    if (table)
      return attachment(c, "csv", `${fileName}-${table}`, tableToCsv(tables[table].columns, tables[table].rows));
    return attachment(c, "xlsx", fileName, new Uint8Array(await tablesToXlsx(SUMMARY_TABLES.map((t) => tables[t]))));
  });
  routes.get(
    "/position-rollup",
    viewOrTableFile(
      (c) => positionsRollup(db, c.get("viewer"), groupByOf(c.req.query("groupBy"))),
      (rollup) => ({
        title: "Positions rollup",
        fileName: `positions-rollup-${rollup.budgetYear}`,
        columns: positionsRollupColumns(rollup.groupBy),
        rows: positionsRollupRows(rollup),
      }),
    ),
  );
  routes.get(
    "/position-control",
    viewOrTableFile(
      // A file holds every matching position, not one page of them.
      (c, everyRow) => positionControl(db, c.get("viewer"), positionControlQueryOf(c.req.query()), { everyRow }),
      (list) => ({
        title: "Position control",
        fileName: `position-control-${list.budgetYear}`,
        columns: POSITION_CONTROL_COLUMNS,
        rows: positionControlRows(list),
      }),
    ),
  );
  return routes;
}
