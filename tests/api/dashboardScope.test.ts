import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPositions, roleShifts, staffingPlans, unitRoles } from "../../db/schema";
import { DEMO_COST_CENTERS, demoId } from "../../db/seed/demo";
import { startTestServer, type TestServer } from "../support/server";
import { type Json, planCalls } from "../support/staffingPlans";
import { demoAccountTokens, executiveOver, userOver } from "../support/tokens";
import { workbookOf } from "../support/workbooks";

/**
 * Issue #13, scoping on every path: all twelve demo cost centers have a plan with a role and a
 * requisition named after the cost center; an executive overseeing three of them, and a user
 * holding permissions on two, see exactly those on every query, REST call and export. Anything
 * of another cost center that leaked would show up by its code or its requisition.
 */

let server: TestServer;
let tokens: { exec: string; scopedExec: string; scopedUser: string; admin: string };
const costCenterOf = (code: string) => demoId("costCenter", DEMO_COST_CENTERS.findIndex((c) => c.code === code) + 1);
const EXEC_CODES = ["6030", "6070", "6110"];
const USER_CODES = ["6050", "6090"];

beforeAll(async () => {
  server = await startTestServer();
  const demo = await demoAccountTokens(server);
  tokens = {
    exec: demo.exec,
    admin: demo.admin,
    scopedExec: await executiveOver(server, EXEC_CODES.map(costCenterOf)),
    scopedUser: await userOver(server, USER_CODES.map(costCenterOf)),
  };
  const budgetYear = (await gql(demo.exec, "{ facilityDashboard { budgetYear } }")).facilityDashboard.budgetYear;
  const db = server.database.db;
  for (const { code } of DEMO_COST_CENTERS) {
    const [plan] = await db
      .insert(staffingPlans)
      .values({ costCenterId: costCenterOf(code), budgetYear, census: 10, careTeamTarget: 8 })
      .returning({ id: staffingPlans.id });
    const planId = plan?.id as string;
    const [role] = await db
      .insert(unitRoles)
      .values({ planId, jobId: demoId("job", 1), name: `Registered Nurse ${code}` })
      .returning({ id: unitRoles.id });
    const roleId = role?.id as string;
    await db
      .insert(roleShifts)
      .values({ roleId, shift: "Days", startTime: "0700", durationHours: 8, staffPerShift: 1 });
    await db
      .insert(openPositions)
      .values({ planId, unitRoleId: roleId, shift: "Days", fte: 1, requisitionNumber: `REQ-${code}` });
  }
});
afterAll(() => server?.close());

async function gql(token: string, query: string, variables: Json = {}): Promise<Json> {
  const body = await planCalls(server.baseUrl, token).gql(query, variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as Json;
}
const rest = (path: string, token: string) =>
  fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
async function restJson(path: string, token: string): Promise<Json> {
  const response = await rest(path, token);
  expect(response.status, path).toBe(200);
  return (await response.json()) as Json;
}
/** The first column of a CSV file, header and totals row left out. */
async function csvCodes(path: string, token: string): Promise<string[]> {
  const response = await rest(path, token);
  expect(response.status, path).toBe(200);
  const lines = (await response.text()).trimEnd().split("\r\n").slice(1);
  return lines.map((line) => line.split(",")[0] as string).filter((first) => first !== "Total");
}
async function xlsxColumn(path: string, token: string, column: number): Promise<string[]> {
  const response = await rest(path, token);
  expect(response.status, path).toBe(200);
  const book = await workbookOf(response);
  const sheet = book.worksheets[0];
  return (sheet?.getRows(2, sheet.rowCount - 1) ?? [])
    .map((row) => String(row.getCell(column).value ?? ""))
    .filter((value) => value !== "" && value !== "Total");
}
const unique = (values: string[]) => [...new Set(values)].sort();

const POSITIONS = `{ positionControl(first: 50) { totalCount costCenters { code }
  edges { node { costCenterCode requisitionNumber } } } }`;

describe("issue #13: an executive overseeing 3 of 12 cost centers sees exactly those 3 everywhere", () => {
  it("GraphQL: facility dashboard, rollup by cost center, position control and its filter options", async () => {
    const dashboard = await gql(tokens.scopedExec, "{ facilityDashboard { costCenters { code } } }");
    expect(dashboard.facilityDashboard.costCenters.map((c: Json) => c.code)).toEqual(EXEC_CODES);

    const rollup = await gql(tokens.scopedExec, "{ positionsRollup(groupBy: COST_CENTER) { rows { detail } } }");
    expect(rollup.positionsRollup.rows.map((r: Json) => r.detail)).toEqual(EXEC_CODES);
    const byJob = await gql(
      tokens.scopedExec,
      "{ positionsRollup(groupBy: JOB) { rows { breakdown { detail } } totals { budgetedFte } } }",
    );
    expect(unique(byJob.positionsRollup.rows.flatMap((r: Json) => r.breakdown.map((b: Json) => b.detail)))).toEqual(
      EXEC_CODES,
    );

    const positions = (await gql(tokens.scopedExec, POSITIONS)).positionControl;
    expect(positions.totalCount).toBe(3);
    expect(positions.costCenters.map((c: Json) => c.code)).toEqual(EXEC_CODES);
    expect(positions.edges.map((e: Json) => e.node.requisitionNumber)).toEqual(EXEC_CODES.map((c) => `REQ-${c}`));
  });

  it("GraphQL: the individual dashboard of one of the three, and of none of the other nine", async () => {
    const summary = `query($id: ID!) { costCenterSummary(id: $id) { costCenter { code } } }`;
    for (const { code } of DEMO_COST_CENTERS) {
      const body = await planCalls(server.baseUrl, tokens.scopedExec).gql(summary, { id: costCenterOf(code) });
      if (EXEC_CODES.includes(code)) {
        expect(body.errors, code).toBeUndefined();
        expect((body.data as Json).costCenterSummary.costCenter.code).toBe(code);
      } else {
        expect(body.errors?.[0], code).toMatchObject({
          message: "You do not have access to this cost center",
          extensions: { code: "FORBIDDEN" },
        });
      }
    }
    const other = await planCalls(server.baseUrl, tokens.scopedExec).gql(
      "query($f: PositionControlFilter) { positionControl(filter: $f) { totalCount } }",
      { f: { costCenterId: costCenterOf("6010") } },
    );
    expect(other.errors?.[0]).toMatchObject({ extensions: { code: "FORBIDDEN" } });
  });

  it("REST and every export: facility dashboard, rollup, position control (JSON, CSV, .xlsx)", async () => {
    const facility = await restJson("/dashboard/facility", tokens.scopedExec);
    expect(facility.costCenters.map((c: Json) => c.code)).toEqual(EXEC_CODES);
    expect(await csvCodes("/dashboard/facility?format=csv", tokens.scopedExec)).toEqual(EXEC_CODES);
    expect(await xlsxColumn("/dashboard/facility?format=xlsx", tokens.scopedExec, 1)).toEqual(EXEC_CODES);

    const rollup = await restJson("/dashboard/position-rollup?groupBy=COST_CENTER", tokens.scopedExec);
    expect(rollup.rows.map((r: Json) => r.detail)).toEqual(EXEC_CODES);
    const rollupLabels = await csvCodes("/dashboard/position-rollup?groupBy=COST_CENTER&format=csv", tokens.scopedExec);
    expect(unique(rollupLabels.map((label) => label.slice(0, 4)))).toEqual(EXEC_CODES);

    const positions = await restJson("/dashboard/position-control", tokens.scopedExec);
    expect(positions.rows.map((r: Json) => r.requisitionNumber)).toEqual(EXEC_CODES.map((c) => `REQ-${c}`));
    const positionsCsv = await (await rest("/dashboard/position-control?format=csv", tokens.scopedExec)).text();
    for (const { code } of DEMO_COST_CENTERS) {
      expect(positionsCsv.includes(`REQ-${code}`), code).toBe(EXEC_CODES.includes(code));
    }
    const positionsXlsx = await rest("/dashboard/position-control?format=xlsx", tokens.scopedExec);
    const book = await workbookOf(positionsXlsx);
    const cells = (book.worksheets[0]?.getSheetValues() ?? []).flat().map(String);
    for (const { code } of DEMO_COST_CENTERS) {
      expect(cells.includes(`REQ-${code}`), code).toBe(EXEC_CODES.includes(code));
    }
  });

  it("has no user dashboard (GraphQL or REST), and the demo executive still sees all twelve", async () => {
    const body = await planCalls(server.baseUrl, tokens.scopedExec).gql("{ userDashboard { budgetYear } }");
    expect(body.errors?.[0]).toMatchObject({ extensions: { code: "FORBIDDEN" } });
    expect((await rest("/dashboard", tokens.scopedExec)).status).toBe(403);
    const all = await gql(tokens.exec, "{ facilityDashboard { costCenters { code } } }");
    expect(all.facilityDashboard.costCenters).toHaveLength(12);
  });
});

describe("issue #13: a user's token gets only the user's own cost centers", () => {
  it("user dashboard (GraphQL, REST, CSV, .xlsx), position control and rollup", async () => {
    const mine = await gql(tokens.scopedUser, "{ userDashboard { costCenters { costCenter { code } } } }");
    expect(mine.userDashboard.costCenters.map((c: Json) => c.costCenter.code)).toEqual(USER_CODES);
    const viaRest = await restJson("/dashboard", tokens.scopedUser);
    expect(viaRest.costCenters.map((c: Json) => c.code)).toEqual(USER_CODES);
    expect(await csvCodes("/dashboard?format=csv", tokens.scopedUser)).toEqual(USER_CODES);
    expect(await xlsxColumn("/dashboard?format=xlsx", tokens.scopedUser, 1)).toEqual(USER_CODES);

    const positions = (await gql(tokens.scopedUser, POSITIONS)).positionControl;
    expect(positions.edges.map((e: Json) => e.node.requisitionNumber)).toEqual(USER_CODES.map((c) => `REQ-${c}`));
    const rollup = await gql(tokens.scopedUser, "{ positionsRollup(groupBy: COST_CENTER) { rows { detail } } }");
    expect(rollup.positionsRollup.rows.map((r: Json) => r.detail)).toEqual(USER_CODES);
  });

  it("an administrator's token gets none of it", async () => {
    for (const path of [
      "/dashboard",
      "/dashboard/facility",
      "/dashboard/position-rollup",
      "/dashboard/position-control",
    ]) {
      expect((await rest(path, tokens.admin)).status, path).toBe(403);
    }
  });
});
