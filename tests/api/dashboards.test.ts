import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffingPlans, users } from "../../db/schema";
import { DEMO_COST_CENTERS, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { startTestServer, type TestServer } from "../support/server";
import { type Json, planCalls, REGISTERED_NURSE_ON_DAYS } from "../support/staffingPlans";
import { demoAccountTokens, tokenFactory } from "../support/tokens";
import { workbookOf } from "../support/workbooks";

/**
 * Issue #13: the facility dashboard's figures (GraphQL `facilityDashboard`, REST
 * `GET /api/dashboard/facility`), hand-worked for two small plans; who sees which cost centers; and
 * a statement count that does not grow with the cost centers.
 */

let server: TestServer;
let tokens: Record<"admin" | "exec" | "user" | "directorOfNursing", string>;
const [cc6010, cc6020, cc6030, cc6040] = [1, 2, 3, 4].map((n) => demoId("costCenter", n)) as [
  string,
  string,
  string,
  string,
];

const FIGURES = `budgetedProductiveFte budgetedPaidFte financeProductiveFte financePaidFte hiredFte prnFte
  travellerFte requestedFte gapFte overHireFte hppdPlanned censusDrivenFte`;
const DASHBOARD = `{ facilityDashboard { budgetYear
  costCenters { costCenterId code name status hppdTarget attestedAt attestedByName figures { ${FIGURES} } }
  totals { ${FIGURES} }
  statusCounts { notStarted inProgress completed attested needsReverification } } }`;

const gql = (token: string, query: string, variables: Record<string, unknown> = {}) =>
  planCalls(server.baseUrl, token).gql(query, variables);

/** Begins the plan of a cost center the demo manager holds Complete Wizard on, with its unit and one role. */
async function plan(
  costCenterId: string,
  unit: Json,
  role: { name: string; jobId: string; shift: Json },
): Promise<string> {
  const manager = planCalls(server.baseUrl, tokens.user);
  const planId = await manager.startPlan(costCenterId, unit);
  await manager.addRole(planId, role);
  return planId;
}

beforeAll(async () => {
  server = await startTestServer();
  const demo = await demoAccountTokens(server);
  const [director] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.firstName, "Patricia"), eq(users.lastName, "Vance")));
  // The director has not signed in yet: give the account an identity subject to sign tokens for.
  await server.database.db
    .update(users)
    .set({ identitySubject: "director-of-nursing" })
    .where(eq(users.id, director?.id as string));
  tokens = { ...demo, directorOfNursing: await (await tokenFactory(server)).valid("director-of-nursing") };

  // 6010: census 2 at 6 HPPD, 10 % non-productive; one RN on days, 0700 for 12.5 h (12 paid).
  const plan6010 = await plan(
    cc6010,
    {
      census: 2,
      careTeamTarget: 6,
      nonProductiveGoalPercentage: 10,
      targetOvertimePercentage: 0,
      productiveFteBudget: 2,
      totalPaidFteBudget: 2.5,
    },
    REGISTERED_NURSE_ON_DAYS,
  );
  // Its open positions request all it needs.
  await planCalls(server.baseUrl, tokens.user).calculateOpenPositions(plan6010);
  // 6020: census 4 at 8 HPPD, no non-productive time; two CNAs on days, 8 h (7.5 paid); nothing requested.
  await plan(
    cc6020,
    { census: 4, careTeamTarget: 8, nonProductiveGoalPercentage: 0, targetOvertimePercentage: 0 },
    {
      name: "Certified Nursing Assistant",
      jobId: demoId("job", 4),
      shift: { shift: "Days", startTime: "0700", durationHours: 8, staffPerShift: 2 },
    },
  );
});
afterAll(() => server?.close());

describe("issue #13: facility dashboard figures, hand-worked", () => {
  it("shows each plan's figures and the facility's totals as sums of the rows as shown", async () => {
    const body = await gql(tokens.exec, DASHBOARD);
    expect(body.errors).toBeUndefined();
    const dashboard = body.data?.facilityDashboard as Json;
    const row = (code: string) => (dashboard.costCenters as Json[]).find((c) => c.code === code) as Json;

    expect(row("6010")).toMatchObject({ status: "InProgress", hppdTarget: 6, attestedAt: null });
    expect(row("6010").figures).toEqual({
      budgetedProductiveFte: 2.11, // 12 paid h × 365 ÷ 2080 = 2.1058
      budgetedPaidFte: 2.34, // 2.1058 ÷ (1 − 10 %) = 2.3397
      financeProductiveFte: 2,
      financePaidFte: 2.5,
      hiredFte: 0,
      prnFte: 0,
      travellerFte: 0,
      requestedFte: 2.34, // the open positions request the whole paid need
      gapFte: 0,
      overHireFte: 0,
      hppdPlanned: 6, // 12 direct-care hours ÷ census 2
      censusDrivenFte: 2.11, // 2 × 6 × 365 ÷ 2080 = 2.1058
    });
    expect(row("6020").figures).toEqual({
      budgetedProductiveFte: 2.63, // 2 × 7.5 h = 15 h × 365 ÷ 2080 = 2.6322
      budgetedPaidFte: 2.63, // no non-productive time
      financeProductiveFte: null,
      financePaidFte: null,
      hiredFte: 0,
      prnFte: 0,
      travellerFte: 0,
      requestedFte: 0,
      gapFte: 2.63, // nothing hired or requested
      overHireFte: 0,
      hppdPlanned: 3.75, // 15 ÷ 4
      censusDrivenFte: 5.62, // 4 × 8 × 365 ÷ 2080 = 5.6154
    });
    expect(row("6030")).toMatchObject({ status: "NotStarted", hppdTarget: null });
    expect(row("6030").figures).toMatchObject({ budgetedProductiveFte: null, hiredFte: 0, gapFte: 0 });

    expect(dashboard.totals).toEqual({
      budgetedProductiveFte: 4.74, // 2.11 + 2.63
      budgetedPaidFte: 4.97, // 2.34 + 2.63
      financeProductiveFte: 2,
      financePaidFte: 2.5,
      hiredFte: 0,
      prnFte: 0,
      travellerFte: 0,
      requestedFte: 2.34,
      gapFte: 2.63,
      overHireFte: 0,
      hppdPlanned: 4.5, // (12 + 15) direct-care hours ÷ (2 + 4) patients
      censusDrivenFte: 7.73, // 2.11 + 5.62
    });
    expect(dashboard.statusCounts).toEqual({
      notStarted: DEMO_COST_CENTERS.length - 2,
      inProgress: 2,
      completed: 0,
      attested: 0,
      needsReverification: 0,
    });
    // Sorted by numeric code.
    expect((dashboard.costCenters as Json[]).map((c) => c.code)).toEqual(
      DEMO_COST_CENTERS.map((c) => c.code).sort((a, b) => Number(a) - Number(b)),
    );
  });

  it("answers the same figures on GET /api/dashboard/facility", async () => {
    const response = await fetch(`${server.baseUrl}/api/dashboard/facility`, {
      headers: { authorization: `Bearer ${tokens.exec}` },
    });
    expect(response.status).toBe(200);
    const rest = (await response.json()) as Json;
    const graphql = (await gql(tokens.exec, DASHBOARD)).data?.facilityDashboard as Json;
    expect(rest.totals).toEqual(graphql.totals);
    expect((rest.costCenters as Json[]).map((c) => [c.code, c.status, c.figures])).toEqual(
      (graphql.costCenters as Json[]).map((c) => [c.code, c.status.replace(/_/g, ""), c.figures]),
    );
  });
});

describe("issue #13: the facility dashboard as a file (?format=xlsx|csv)", () => {
  const get = (format: string, token = tokens.exec) =>
    fetch(`${server.baseUrl}/api/dashboard/facility?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it("CSV: a header row, a row per cost center in scope, then the totals", async () => {
    const response = await get("csv", tokens.directorOfNursing);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Cost center,Name,Status,Budgeted productive FTE,Budgeted paid FTE,/);
    expect(lines.map((line) => line.split(",")[0])).toEqual(["Cost center", "6010", "6020", "6030", "6040", "Total"]);
    // 6010: in progress, 2.11 productive and 2.34 paid (worked above).
    expect(lines[1]).toMatch(/^6010,Medical Surgical 3 West,In progress,2\.11,2\.34,/);
  });

  it(".xlsx: the same rows, numbers as numbers", async () => {
    const response = await get("xlsx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="facility-dashboard-\d{4}\.xlsx"$/,
    );
    const book = await workbookOf(response);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(1 + DEMO_COST_CENTERS.length + 1);
    const total = sheet?.getRow(sheet.rowCount);
    expect(total?.getCell(1).value).toBe("Total");
    expect(total?.getCell(4).value).toBe(4.74); // budgeted productive: 2.11 + 2.63
  });

  it("refuses an unknown format with a clear message, and an admin gets no file", async () => {
    const response = await get("pdf");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "format must be json, xlsx or csv" });
    expect((await get("csv", tokens.admin)).status).toBe(403);
  });
});

describe("issue #13: who sees which cost centers", () => {
  const codes = async (token: string) => {
    const body = await gql(token, DASHBOARD);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return ((body.data?.facilityDashboard as Json).costCenters as Json[]).map((c) => c.code);
  };

  it("an executive sees the cost centers of their executive permissions, and no others", async () => {
    expect(await codes(tokens.directorOfNursing)).toEqual(["6010", "6020", "6030", "6040"]);
    expect(await codes(tokens.exec)).toHaveLength(DEMO_COST_CENTERS.length);
  });

  it("a user sees the cost centers they hold permissions on", async () => {
    // The demo manager: Complete Wizard on 6010 and 6020, Read Only on 6030, nothing on 6040.
    expect(await codes(tokens.user)).toEqual(["6010", "6020", "6030"]);
  });

  it("an administrator has no dashboards, on GraphQL and on REST", async () => {
    const body = await gql(tokens.admin, DASHBOARD);
    expect(body.errors?.[0]).toMatchObject({ extensions: { code: "FORBIDDEN" } });
    const response = await fetch(`${server.baseUrl}/api/dashboard/facility`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(response.status).toBe(403);
    const anonymous = await fetch(`${server.baseUrl}/api/dashboard/facility`);
    expect(anonymous.status).toBe(401);
  });
});

describe("issue #13: the dashboard's statements do not grow with the cost centers", () => {
  it("reads 12 cost centers in as many statements as 3, and 4 plans in as many as 2", async () => {
    const statements = async (token: string) => {
      server.database.queries.length = 0;
      const body = await gql(token, DASHBOARD);
      expect(body.errors).toBeUndefined();
      return server.database.queries.filter((q) => /^\s*select/i.test(q)).length;
    };
    // The first read after a write refigures the stale plans' held-FTE sums (a few statements, as
    // many for one plan as for all): count the reads once the sums are fresh.
    await statements(tokens.exec);
    const forThree = await statements(tokens.user);
    const forTwelve = await statements(tokens.exec);
    expect(forTwelve).toBe(forThree);
    // Two more plans, begun straight in the database (6030 and 6040 have no Complete Wizard holder).
    const [existing] = await server.database.db
      .select({ budgetYear: staffingPlans.budgetYear })
      .from(staffingPlans)
      .where(eq(staffingPlans.costCenterId, cc6010));
    await server.database.db.insert(staffingPlans).values(
      [cc6030, cc6040].map((costCenterId) => ({
        costCenterId,
        budgetYear: existing?.budgetYear as number,
        startedByUserId: DEMO_USER_IDS.user,
      })),
    );
    expect(await statements(tokens.exec)).toBe(forTwelve);
  });
});
