import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client";
import { costCenterPermissions, costCenterStaff } from "../../db/schema";
import { DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { demoFacilityDay } from "../support/facilityDate";
import { startTestServer, type TestServer } from "../support/server";
import { type Json, planCalls, seedHandWorkedPlans } from "../support/staffingPlans";
import { demoAccountTokens } from "../support/tokens";
import { workbookOf } from "../support/workbooks";

/**
 * Issue #13: the user dashboard (GraphQL `userDashboard`, REST `GET /api/dashboard`): the demo
 * manager's cost centers with the hand-worked plans' figures and what to do next in each; only
 * users get it; the file holds the same rows.
 */

let server: TestServer;
let tokens: Record<"admin" | "exec" | "user", string>;
let seeded: Awaited<ReturnType<typeof seedHandWorkedPlans>>;
const [cc6010, cc6020] = [1, 2].map((n) => demoId("costCenter", n)) as [string, string];

const DASHBOARD = `{ userDashboard { budgetYear
  costCenters { costCenter { costCenterId code status figures { budgetedPaidFte hiredFte prnFte travellerFte requestedFte gapFte } }
    completeWizard manageStaff readOnly stepsLeft nextStep todo notices }
  totals { budgetedPaidFte hiredFte requestedFte gapFte } } }`;

async function dashboard(token: string): Promise<{ data?: Json; errors?: Json[] }> {
  const body = await planCalls(server.baseUrl, token).gql(DASHBOARD);
  return { data: body.data?.userDashboard as Json | undefined, errors: body.errors as Json[] | undefined };
}
const rest = (path: string, token: string) =>
  fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  server = await startTestServer();
  tokens = await demoAccountTokens(server);
  seeded = await seedHandWorkedPlans(server.baseUrl, tokens.user);
});
afterAll(() => server?.close());

describe("issue #13: the user dashboard, hand-worked", () => {
  it("lists the manager's cost centers with the plans' figures and what to do next", async () => {
    const { data, errors } = await dashboard(tokens.user);
    expect(errors, JSON.stringify(errors)).toBeUndefined();
    // The manager's permissions, counted in the database rather than by the code under test.
    const held = await server.database.db
      .select({ id: costCenterPermissions.costCenterId })
      .from(costCenterPermissions)
      .where(eq(costCenterPermissions.userId, DEMO_USER_IDS.user));
    const rows = data?.costCenters as Json[];
    expect(rows.map((r) => r.costCenter.costCenterId).sort()).toEqual(held.map((h) => h.id).sort());

    const row6010 = rows.find((r) => r.costCenter.costCenterId === cc6010) as Json;
    // Paid need: RN 12 × 365 ÷ 2080 ÷ 0.9 = 2.3397; Unit Secretary 8 × 365 ÷ 2080 ÷ 0.9 = 1.5598;
    // 3.8995, shown 3.90. Hired 1 regular, PRN 0.1, traveller 0.5; requested 0.84 + 1.56 = 2.40; no gap.
    expect(row6010.costCenter.figures).toEqual({
      budgetedPaidFte: 3.9,
      hiredFte: 1,
      prnFte: 0.1,
      travellerFte: 0.5,
      requestedFte: 2.4,
      gapFte: 0,
    });
    expect(row6010).toMatchObject({ completeWizard: true, costCenter: { code: "6010", status: "InProgress" } });
    // The plan is begun and filled in, but no step is marked complete (that is each step's own button).
    expect(row6010.stepsLeft).toEqual([
      "UnitDefinition",
      "DefineRoles",
      "CreateCareSchedules",
      "AssignStaff",
      "FinalizePositionControl",
      "ReviewAttestation",
    ]);
    expect(row6010.nextStep).toBe("UnitDefinition");
    expect(row6010.todo).toBe("Continue the plan with step 1 of 6, Unit definition.");
    // 6010's members whose FTE there is not all held by positions of the plan, counted in SQL.
    const [{ partly } = { partly: -1 }] = rowsOf<{ partly: number }>(
      await server.database.db.execute(sql`
        select count(*)::int as partly from cost_center_staff m where m.cost_center_id = ${cc6010}
          and m.fte <> coalesce((select sum(sp.fte) from staff_positions sp
            where sp.plan_id = ${seeded.plan6010} and sp.staff_id = m.staff_id), 0)`),
    );
    expect(partly).toBeGreaterThan(0);
    expect(row6010.notices).toContain(`${partly} staff members are not yet assigned all of their FTE in the plan.`);
    // The wizard's own notices come along.
    expect(row6010.notices).toContain("All staff must be assigned a position or removed");

    // 6020: RN Days 8 h (7.5 paid) × 2, NP 0: 15 × 365 ÷ 2080 = 2.6322, none of it filled or requested.
    const row6020 = rows.find((r) => r.costCenter.costCenterId === cc6020) as Json;
    expect(row6020.costCenter.figures).toMatchObject({ budgetedPaidFte: 2.63, gapFte: 2.63 });
    expect(row6020.notices).toContain("2.63 FTE of the need is neither filled nor requested.");

    // A cost center without a plan: begin it (the manager holds Complete Wizard) or wait for it.
    for (const row of rows.filter((r) => r.costCenter.status === "NotStarted")) {
      expect(row.stepsLeft).toHaveLength(6);
      expect(row.todo).toBe(
        row.completeWizard
          ? `Begin the staffing plan for budget year ${data?.budgetYear}: step 1 of 6, Unit definition.`
          : `The staffing plan for budget year ${data?.budgetYear} has not been begun.`,
      );
      expect(row.nextStep).toBe(row.completeWizard ? "UnitDefinition" : null);
    }
    // Totals add the rows up as shown.
    const sum = (key: string) => Math.round(rows.reduce((s, r) => s + (r.costCenter.figures[key] ?? 0), 0) * 100) / 100;
    expect(data?.totals).toEqual({
      budgetedPaidFte: sum("budgetedPaidFte"),
      hiredFte: sum("hiredFte"),
      requestedFte: sum("requestedFte"),
      gapFte: sum("gapFte"),
    });
  });

  it("answers the same rows over REST, and as a file with what to do next", async () => {
    const body = (await (await rest("/dashboard", tokens.user)).json()) as Json;
    expect((body.costCenters as Json[]).find((r) => r.costCenterId === cc6010)?.todo).toBe(
      "Continue the plan with step 1 of 6, Unit definition.",
    );
    const response = await rest("/dashboard?format=xlsx", tokens.user);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="dashboard-${seeded.budgetYear}.xlsx"`,
    );
    const book = await workbookOf(response);
    const sheet = book.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 6)).toEqual([
      "Cost center",
      "Name",
      "Status",
      "What to do next",
      "Needs attention",
      "Budgeted productive FTE",
    ]);
    const row = sheet?.getRows(2, (sheet?.rowCount ?? 1) - 1)?.find((r) => r.getCell(1).value === "6010");
    expect(row?.getCell(4).value).toBe("Continue the plan with step 1 of 6, Unit definition.");
    expect(sheet?.getRow(sheet.rowCount).getCell(1).value).toBe("Total");
  });

  it("only users have a user dashboard: executives and administrators are refused; no token gets 401", async () => {
    for (const account of ["exec", "admin"] as const) {
      expect((await dashboard(tokens[account])).errors?.[0]).toMatchObject({ extensions: { code: "FORBIDDEN" } });
      expect((await rest("/dashboard", tokens[account])).status).toBe(403);
    }
    expect((await fetch(`${server.baseUrl}/api/dashboard`)).status).toBe(401);
    expect((await rest("/dashboard?format=pdf", tokens.user)).status).toBe(400);
  });
});

describe("issue #13: the user dashboard warns of traveller contracts ending", () => {
  it("names a traveller whose contract ends within 60 days, with the days left", async () => {
    const in10Days = demoFacilityDay(10).toISOString().slice(0, 10);
    await planCalls(server.baseUrl, tokens.user).mutate(
      "setTravellerContractDate",
      `mutation($p: ID!, $s: ID!, $d: String!) { setTravellerContractDate(planId: $p, staffId: $s, contractEndDate: $d) {
        __typename ... on DomainError { message } } }`,
      { p: seeded.plan6010, s: seeded.traveller.staffId, d: in10Days },
    );
    const { data } = await dashboard(tokens.user);
    const row6010 = (data?.costCenters as Json[]).find((r) => r.costCenter.costCenterId === cc6010) as Json;
    const name = `${seeded.traveller.firstName} ${seeded.traveller.lastName}`;
    expect(row6010.notices).toContain(`The traveller contract of ${name} ends on ${in10Days}, in 10 days.`);
    // The membership is untouched by the dashboard: still in 6010.
    const [member] = await server.database.db
      .select({ fte: costCenterStaff.fte })
      .from(costCenterStaff)
      .where(and(eq(costCenterStaff.costCenterId, cc6010), eq(costCenterStaff.staffId, seeded.traveller.staffId)));
    expect(member).toBeDefined();
  });
});
