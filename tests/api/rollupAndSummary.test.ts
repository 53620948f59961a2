import { readFileSync } from "node:fs";
import type ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoId } from "../../db/seed/demo";
import { EXAMPLE_QUERIES } from "../../server/graphql/exampleQueries";
import { startTestServer, type TestServer } from "../support/server";
import { type Json, planCalls, seedHandWorkedPlans } from "../support/staffingPlans";
import { demoAccountTokens, executiveOver } from "../support/tokens";
import { workbookOf } from "../support/workbooks";

/**
 * Issue #13: the positions rollup (GraphQL `positionsRollup(groupBy)`, REST
 * `GET /api/dashboard/position-rollup`) and the individual dashboard (`costCenterSummary(id)`),
 * hand-worked for two small plans with hired, PRN and traveller staff and requisitions; who sees
 * which cost centers; statements that do not grow.
 */

let server: TestServer;
let tokens: Record<"admin" | "exec" | "user" | "execOf6020", string>;
const [cc6010, cc6020] = [1, 2].map((n) => demoId("costCenter", n)) as [string, string];
// Demo jobs: 1 Registered Nurse (category Registered Nurse), 6 Unit Secretary (category Unit Support).
const [registeredNurse, unitSecretary] = [demoId("job", 1), demoId("job", 6)];

const FIGURES = "budgetedFte hiredFte prnFte travellerFte requestedFte gapFte overHireFte";
const ROLLUP = `query($groupBy: RollupGroupBy!) { positionsRollup(groupBy: $groupBy) { budgetYear groupBy
  rows { key label detail figures { ${FIGURES} } breakdown { key label detail figures { ${FIGURES} } } }
  totals { ${FIGURES} } } }`;

async function rollup(token: string, groupBy: string): Promise<Json> {
  const body = await planCalls(server.baseUrl, token).gql(ROLLUP, { groupBy });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data?.positionsRollup as Json;
}
const rest = (path: string, token: string) =>
  fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
const figures = (f: Partial<Json>) => ({
  budgetedFte: 0,
  hiredFte: 0,
  prnFte: 0,
  travellerFte: 0,
  requestedFte: 0,
  gapFte: 0,
  overHireFte: 0,
  ...f,
});

// The hand-worked cells (NP = non-productive %, H = 2080 hours per FTE):
// 6010 RN: Days 0700 12.5 h (12 paid) × 1: 12 × 365 ÷ 2080 = 2.1058 productive ÷ 0.9 = 2.3397 paid.
//   Hired 1 regular, 0.1 PRN, 0.5 traveller (contract past the budget year: counts whole);
//   step 5 requests the rest: 2.3397 − 1 − 0.5 = 0.8397, shown 0.84; gap 0.
const RN_6010 = figures({ budgetedFte: 2.34, hiredFte: 1, prnFte: 0.1, travellerFte: 0.5, requestedFte: 0.84 });
// 6010 Unit Secretary: Days 0800 8.5 h (8 paid) × 1: 8 × 365 ÷ 2080 = 1.4038 ÷ 0.9 = 1.5598 paid;
//   nobody hired, step 5 requests 1 and 0.56; 1.5598 − 1.56 = −0.0002: no gap, no over-hire shown.
const US_6010 = figures({ budgetedFte: 1.56, requestedFte: 1.56 });
// 6020 RN: Days 0700 8 h (7.5 paid) × 2, NP 0: 15 × 365 ÷ 2080 = 2.6322; nothing hired or requested.
const RN_6020 = figures({ budgetedFte: 2.63, gapFte: 2.63 });

beforeAll(async () => {
  server = await startTestServer();
  tokens = { ...(await demoAccountTokens(server)), execOf6020: await executiveOver(server, [cc6020]) };
  await seedHandWorkedPlans(server.baseUrl, tokens.user);
});
afterAll(() => server?.close());

describe("issue #13: positions rollup figures, hand-worked", () => {
  it("by job category: a row per category, opening onto its cost centers; totals are sums as shown", async () => {
    const answer = await rollup(tokens.exec, "JOB_CATEGORY");
    expect(answer.groupBy).toBe("JOB_CATEGORY");
    expect(answer.rows).toEqual([
      {
        key: "1",
        label: "Registered Nurse",
        detail: null,
        // 2.34 + 2.63 budgeted; the gap is 6020's alone
        figures: figures({
          budgetedFte: 4.97,
          hiredFte: 1,
          prnFte: 0.1,
          travellerFte: 0.5,
          requestedFte: 0.84,
          gapFte: 2.63,
        }),
        breakdown: [
          { key: cc6010, label: "6010 Medical Surgical 3 West", detail: "6010", figures: RN_6010 },
          { key: cc6020, label: "6020 Medical Surgical 4 East", detail: "6020", figures: RN_6020 },
        ],
      },
      {
        key: "4",
        label: "Unit Support",
        detail: null,
        figures: US_6010,
        breakdown: [{ key: cc6010, label: "6010 Medical Surgical 3 West", detail: "6010", figures: US_6010 }],
      },
    ]);
    // 4.97 + 1.56 budgeted; 0.84 + 1.56 requested
    expect(answer.totals).toEqual(
      figures({ budgetedFte: 6.53, hiredFte: 1, prnFte: 0.1, travellerFte: 0.5, requestedFte: 2.4, gapFte: 2.63 }),
    );
  });

  it("by job: the job's category beside it", async () => {
    const answer = await rollup(tokens.exec, "JOB");
    expect((answer.rows as Json[]).map((r) => [r.key, r.label, r.detail, r.breakdown.length])).toEqual([
      [registeredNurse, "Registered Nurse", "Registered Nurse", 2],
      [unitSecretary, "Unit Secretary", "Unit Support", 1],
    ]);
    expect(answer.rows[1].figures).toEqual(US_6010);
  });

  it("by cost center: a row per cost center with a plan, opening onto its jobs; it matches the facility dashboard", async () => {
    const answer = await rollup(tokens.exec, "COST_CENTER");
    expect(answer.rows).toEqual([
      {
        key: cc6010,
        label: "6010 Medical Surgical 3 West",
        detail: "6010",
        // 2.34 + 1.56 budgeted; 0.84 + 1.56 requested
        figures: figures({ budgetedFte: 3.9, hiredFte: 1, prnFte: 0.1, travellerFte: 0.5, requestedFte: 2.4 }),
        breakdown: [
          { key: registeredNurse, label: "Registered Nurse", detail: "Registered Nurse", figures: RN_6010 },
          { key: unitSecretary, label: "Unit Secretary", detail: "Unit Support", figures: US_6010 },
        ],
      },
      {
        key: cc6020,
        label: "6020 Medical Surgical 4 East",
        detail: "6020",
        figures: RN_6020,
        breakdown: [{ key: registeredNurse, label: "Registered Nurse", detail: "Registered Nurse", figures: RN_6020 }],
      },
    ]);
    const dashboard = (await planCalls(server.baseUrl, tokens.exec).gql(
      "{ facilityDashboard { costCenters { code figures { budgetedPaidFte hiredFte prnFte travellerFte requestedFte gapFte } } } }",
    )) as Json;
    const row6010 = (dashboard.data.facilityDashboard.costCenters as Json[]).find((c) => c.code === "6010");
    expect(row6010?.figures).toEqual({
      budgetedPaidFte: 3.9, // 2.3397 + 1.5598 = 3.8996
      hiredFte: 1,
      prnFte: 0.1,
      travellerFte: 0.5,
      requestedFte: 2.4,
      gapFte: 0,
    });
  });

  it("answers the same on GET /api/dashboard/position-rollup (job category by default)", async () => {
    for (const [query, groupBy] of [
      ["", "JOB_CATEGORY"],
      ["?groupBy=JOB", "JOB"],
      ["?groupBy=COST_CENTER", "COST_CENTER"],
    ] as const) {
      const response = await rest(`/dashboard/position-rollup${query}`, tokens.exec);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Json;
      const graphql = await rollup(tokens.exec, groupBy);
      // REST's breakdown rows carry their own (empty) breakdown, which the GraphQL query does not ask for.
      const rows = (body.rows as Json[]).map((row) => ({
        ...row,
        breakdown: (row.breakdown as Json[]).map(({ breakdown, ...part }) => {
          expect(breakdown).toEqual([]);
          return part;
        }),
      }));
      expect(rows).toEqual(graphql.rows);
      expect(body.totals).toEqual(graphql.totals);
    }
  });

  it("refuses an unknown groupBy or format with a clear message", async () => {
    const badGroup = await rest("/dashboard/position-rollup?groupBy=SHIFT", tokens.exec);
    expect(badGroup.status).toBe(400);
    expect(await badGroup.json()).toMatchObject({ message: "groupBy must be JOB_CATEGORY, JOB or COST_CENTER" });
    const badFormat = await rest("/dashboard/position-rollup?format=pdf", tokens.exec);
    expect(badFormat.status).toBe(400);
    const graphql = await planCalls(server.baseUrl, tokens.exec).gql(ROLLUP, { groupBy: "SHIFT" });
    expect(graphql.errors?.[0]?.message).toMatch(/RollupGroupBy/);
  });
});

describe("issue #13: the positions rollup as a file", () => {
  it("CSV: each row, then its cost centers (the row's label repeated), then the totals", async () => {
    const response = await rest("/dashboard/position-rollup?format=csv", tokens.exec);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect((await response.text()).trimEnd().split("\r\n")).toEqual([
      "Job category,Cost center,Budgeted FTE,Hired FTE,PRN FTE,Traveller FTE,Requested FTE,Gap FTE,Over-hire FTE",
      "Registered Nurse,All cost centers,4.97,1,0.1,0.5,0.84,2.63,0",
      "Registered Nurse,6010 Medical Surgical 3 West,2.34,1,0.1,0.5,0.84,0,0",
      "Registered Nurse,6020 Medical Surgical 4 East,2.63,0,0,0,0,2.63,0",
      "Unit Support,All cost centers,1.56,0,0,0,1.56,0,0",
      "Unit Support,6010 Medical Surgical 3 West,1.56,0,0,0,1.56,0,0",
      "Total,,6.53,1,0.1,0.5,2.4,2.63,0",
    ]);
  });

  it(".xlsx by job: the job category column, numbers as numbers", async () => {
    const response = await rest("/dashboard/position-rollup?groupBy=JOB&format=xlsx", tokens.exec);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="positions-rollup-\d{4}\.xlsx"$/,
    );
    const book = await workbookOf(response);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      "Job",
      "Cost center",
      "Job category",
      "Budgeted FTE",
      "Hired FTE",
      "PRN FTE",
      "Traveller FTE",
      "Requested FTE",
      "Gap FTE",
      "Over-hire FTE",
    ]);
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      "Registered Nurse",
      "All cost centers",
      "Registered Nurse",
      4.97,
      1,
      0.1,
      0.5,
      0.84,
      2.63,
      0,
    ]);
    expect(sheet?.rowCount).toBe(1 + 3 + 2 + 1);
  });
});

describe("issue #13: who sees which cost centers in the rollup", () => {
  it("an executive overseeing 6020 alone sees 6020's figures, and no other cost center's", async () => {
    const answer = await rollup(tokens.execOf6020, "JOB_CATEGORY");
    expect(answer.rows).toEqual([
      {
        key: "1",
        label: "Registered Nurse",
        detail: null,
        figures: RN_6020,
        breakdown: [{ key: cc6020, label: "6020 Medical Surgical 4 East", detail: "6020", figures: RN_6020 }],
      },
    ]);
    const csv = await (
      await rest("/dashboard/position-rollup?format=csv&groupBy=COST_CENTER", tokens.execOf6020)
    ).text();
    expect(csv).not.toContain("6010");
    expect(csv).toContain("6020 Medical Surgical 4 East");
  });

  it("an administrator gets no rollup, on GraphQL and on REST; no token gets 401", async () => {
    const body = await planCalls(server.baseUrl, tokens.admin).gql(ROLLUP, { groupBy: "JOB" });
    expect(body.errors?.[0]).toMatchObject({ extensions: { code: "FORBIDDEN" } });
    expect((await rest("/dashboard/position-rollup", tokens.admin)).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/dashboard/position-rollup`)).status).toBe(401);
  });
});

describe("issue #13: the rollup's statements do not grow with the cost centers", () => {
  it("reads 1 cost center in as many statements as 12", async () => {
    const statements = async (token: string) => {
      server.database.queries.length = 0;
      await rollup(token, "JOB");
      return server.database.queries.filter((q) => /^\s*select/i.test(q)).length;
    };
    expect(await statements(tokens.exec)).toBe(await statements(tokens.execOf6020));
  });
});

const SUMMARY = `query($id: ID!) { costCenterSummary(id: $id) {
  costCenter { code status figures { budgetedProductiveFte budgetedPaidFte financeProductiveFte financePaidFte } }
  timeZone annualHoursPerFte
  budget { measure plan budget variance }
  careSchedule { total byRole { name hours } }
  roles { name jobName jobCategory isExempt isDirectCare
    shifts { shift startTime endTime paidHours staffPerShift } figures { ${FIGURES} } }
  openPositions { roleName shift startTime endTime fte isTraveller } } }`;

describe("issue #13: the individual dashboard (costCenterSummary), hand-worked", () => {
  it("sets the plan beside finance's budget, with the variance in FTE and hours", async () => {
    const body = await planCalls(server.baseUrl, tokens.exec).gql(SUMMARY, { id: cc6010 });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const summary = body.data?.costCenterSummary as Json;
    expect(summary.costCenter).toEqual({
      code: "6010",
      status: "InProgress",
      figures: {
        budgetedProductiveFte: 3.51, // (12 + 8) paid h × 365 ÷ 2080 = 3.5096
        budgetedPaidFte: 3.9, // 2.3397 + 1.5598 = 3.8996
        financeProductiveFte: 3.5,
        financePaidFte: 4,
      },
    });
    expect(summary.annualHoursPerFte).toBe(2080);
    expect(summary.timeZone).toBe("US/Eastern");
    expect(summary.budget).toEqual([
      { measure: "ProductiveFte", plan: 3.51, budget: 3.5, variance: 0.01 },
      { measure: "PaidFte", plan: 3.9, budget: 4, variance: -0.1 },
      // 3.5096 × 2080 = 7300 h against 3.5 × 2080 = 7280 h
      { measure: "ProductiveHours", plan: 7300, budget: 7280, variance: 20 },
      // 3.8996 × 2080 = 8111.1 h against 4 × 2080 = 8320 h
      { measure: "PaidHours", plan: 8111, budget: 8320, variance: -209 },
    ]);
  });

  it("shows the 24-hour distribution, the roles with their jobs and figures, and the open positions", async () => {
    const summary = (await planCalls(server.baseUrl, tokens.user).gql(SUMMARY, { id: cc6010 })).data
      ?.costCenterSummary as Json;
    // RN 07:00 to 19:30 (hours 7 to 18, half of 19); Unit Secretary 08:00 to 16:30 (8 to 15, half of 16).
    const hours = (ranges: [number, number, number][]) => {
      const day = new Array<number>(24).fill(0);
      for (const [from, to, staff] of ranges) for (let h = from; h <= to; h++) day[h] = (day[h] ?? 0) + staff;
      return day;
    };
    const rn = hours([
      [7, 18, 1],
      [19, 19, 0.5],
    ]);
    const us = hours([
      [8, 15, 1],
      [16, 16, 0.5],
    ]);
    expect(summary.careSchedule.byRole).toEqual([
      { name: "Registered Nurse", hours: rn },
      { name: "Unit Secretary", hours: us },
    ]);
    expect(summary.careSchedule.total).toEqual([
      0, 0, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 1.5, 1, 1, 0.5, 0, 0, 0, 0,
    ]);
    expect(summary.roles).toEqual([
      {
        name: "Registered Nurse",
        jobName: "Registered Nurse",
        jobCategory: "Registered Nurse",
        isExempt: false,
        isDirectCare: true,
        shifts: [{ shift: "Days", startTime: "0700", endTime: "1930", paidHours: 12, staffPerShift: 1 }],
        figures: RN_6010,
      },
      {
        name: "Unit Secretary",
        jobName: "Unit Secretary",
        jobCategory: "Unit Support",
        isExempt: false,
        isDirectCare: false,
        shifts: [{ shift: "Days", startTime: "0800", endTime: "1630", paidHours: 8, staffPerShift: 1 }],
        figures: US_6010,
      },
    ]);
    const open = (summary.openPositions as Json[]).map((o) => [o.roleName, o.shift, o.startTime, o.endTime, o.fte]);
    expect(open[0]).toEqual(["Registered Nurse", "Days", "0700", "1930", 0.84]);
    expect(open.slice(1).sort((a, b) => Number(b[4]) - Number(a[4]))).toEqual([
      ["Unit Secretary", "Days", "0800", "1630", 1],
      ["Unit Secretary", "Days", "0800", "1630", 0.56],
    ]);
  });

  it("a cost center without a plan: its status, no budget figures, an empty day", async () => {
    const summary = (await planCalls(server.baseUrl, tokens.exec).gql(SUMMARY, { id: demoId("costCenter", 3) })).data
      ?.costCenterSummary as Json;
    expect(summary.costCenter).toMatchObject({ code: "6030", status: "NotStarted" });
    expect(summary.annualHoursPerFte).toBeNull();
    expect(summary.budget.map((b: Json) => [b.plan, b.budget, b.variance])).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    expect(summary.careSchedule.total).toEqual(new Array(24).fill(0));
    expect(summary.roles).toEqual([]);
  });

  it("refuses a cost center outside the viewer's scope, an unknown one and a malformed id; admins get none", async () => {
    const code = async (token: string, id: string) =>
      (await planCalls(server.baseUrl, token).gql(SUMMARY, { id })).errors?.[0]?.extensions?.code;
    expect(await code(tokens.execOf6020, cc6010)).toBe("FORBIDDEN");
    expect(await code(tokens.execOf6020, cc6020)).toBeUndefined();
    expect(await code(tokens.user, demoId("costCenter", 4))).toBe("FORBIDDEN"); // the manager holds nothing on 6040
    expect(await code(tokens.exec, "00000000-0000-4000-8000-000000000000")).toBe("NOT_FOUND");
    expect(await code(tokens.exec, "6010")).toBe("INVALID");
    expect(await code(tokens.admin, cc6010)).toBe("FORBIDDEN");
  });
});

describe("issue #13: the individual dashboard as files (GET /api/dashboard/cost-center/{id})", () => {
  it(".xlsx: a sheet per table (plan and budget, roles, open positions, the day), numbers as numbers", async () => {
    const response = await rest(`/dashboard/cost-center/${cc6010}?format=xlsx`, tokens.exec);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/filename="cost-center-6010-\d{4}\.xlsx"/);
    const book = await workbookOf(response);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      "Plan and budget",
      "Roles",
      "Open positions",
      "24-hour distribution",
    ]);
    const values = (sheet: ExcelJS.Worksheet | undefined) =>
      (sheet?.getSheetValues() ?? []).slice(1).map((row) => (Array.isArray(row) ? row.slice(1) : []));
    // The hand-worked lines above: plan, finance's budget, plan − budget.
    expect(values(book.getWorksheet("Plan and budget"))).toEqual([
      ["Measure", "Plan", "Finance budget", "Variance (plan − budget)"],
      ["Productive FTE", 3.51, 3.5, 0.01],
      ["Paid FTE", 3.9, 4, -0.1],
      ["Productive hours a year", 7300, 7280, 20],
      ["Paid hours a year", 8111, 8320, -209],
    ]);
    const roles = values(book.getWorksheet("Roles"));
    expect(roles[0]?.slice(0, 7)).toEqual([
      "Role",
      "Job",
      "Job category",
      "Type",
      "Direct care",
      "Shifts",
      "Budgeted FTE",
    ]);
    // Registered Nurse: 2.34 budgeted, 1 hired, 0.1 PRN, 0.5 traveller, 0.84 requested, no gap, no over-hire.
    expect(roles[1]).toEqual([
      "Registered Nurse",
      "Registered Nurse",
      "Registered Nurse",
      "Variable",
      "Yes",
      "Days 0700–1930 × 1",
      2.34,
      1,
      0.1,
      0.5,
      0.84,
      0,
      0,
    ]);
    expect(roles[2]?.slice(0, 7)).toEqual([
      "Unit Secretary",
      "Unit Secretary",
      "Unit Support",
      "Variable",
      "No",
      "Days 0800–1630 × 1",
      1.56,
    ]);
    const open = values(book.getWorksheet("Open positions"));
    expect(open).toHaveLength(4); // the header and 0.84, 1, 0.56
    const day = values(book.getWorksheet("24-hour distribution"));
    expect(day[0]).toEqual(["Hour", "Staff on duty", "Registered Nurse", "Unit Secretary"]);
    expect(day[8]).toEqual(["0700", 1, 1, 0]); // row 8 is hour 07
    expect(day[17]).toEqual(["1600", 1.5, 1, 0.5]);
  });

  it("CSV: the roles unless another table is asked for; a bad table or format is refused", async () => {
    const roles = await (await rest(`/dashboard/cost-center/${cc6010}?format=csv`, tokens.exec)).text();
    expect(roles.split("\r\n")[1]).toBe(
      "Registered Nurse,Registered Nurse,Registered Nurse,Variable,Yes,Days 0700–1930 × 1,2.34,1,0.1,0.5,0.84,0,0",
    );
    const open = await rest(`/dashboard/cost-center/${cc6010}?format=csv&table=openPositions`, tokens.exec);
    expect(open.headers.get("content-disposition")).toMatch(/cost-center-6010-\d{4}-openPositions\.csv/);
    expect((await open.text()).split("\r\n")[0]).toBe("Role,Requisition number,Shift,Start,End,FTE,Traveller");
    const badTable = await rest(`/dashboard/cost-center/${cc6010}?format=csv&table=staff`, tokens.exec);
    expect(badTable.status).toBe(400);
    expect(((await badTable.json()) as Json).message).toBe("table must be budget, roles, openPositions or day");
    const badFormat = await rest(`/dashboard/cost-center/${cc6010}?format=pdf`, tokens.exec);
    expect(((await badFormat.json()) as Json).message).toBe("format must be json, xlsx or csv");
  });

  it("JSON answers what GraphQL does; outside the scope, a malformed id and an admin are refused", async () => {
    const body = (await (await rest(`/dashboard/cost-center/${cc6010}`, tokens.exec)).json()) as Json;
    expect(body.budget[1]).toEqual({ measure: "PaidFte", plan: 3.9, budget: 4, variance: -0.1 });
    expect((await rest(`/dashboard/cost-center/${cc6010}?format=xlsx`, tokens.execOf6020)).status).toBe(403);
    expect((await rest(`/dashboard/cost-center/${cc6010}?format=csv`, tokens.admin)).status).toBe(403);
    expect((await rest("/dashboard/cost-center/6010", tokens.exec)).status).toBe(400);
    expect((await fetch(`${server.baseUrl}/api/dashboard/cost-center/${cc6010}`)).status).toBe(401);
  });
});

describe("issue #13: the example queries of GraphiQL's tabs and the README", () => {
  it.each(
    EXAMPLE_QUERIES.map((example) => [example.title, example] as const),
  )("%s: word for word in README.md, and it runs for an executive", async (_title, example) => {
    expect(readFileSync("README.md", "utf8")).toContain(`\`\`\`graphql\n${example.query}\`\`\``);
    const variables = example.variables ? { id: cc6010 } : {};
    const body = await planCalls(server.baseUrl, tokens.exec).gql(example.query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    expect(Object.keys(body.data ?? {})).toHaveLength(1);
  });
});
