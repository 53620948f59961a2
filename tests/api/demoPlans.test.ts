import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOf } from "../../db/client";
import { startTestServer, type TestServer } from "../support/server";
import { type Json, planCalls } from "../support/staffingPlans";
import { demoAccountTokens } from "../support/tokens";

/**
 * A first start with the demo's sample plans (SEED_DEMO_PLANS, server/seed/demo.ts): ICU and ED
 * attested by their nurse managers, Labor and Delivery begun, the other units not, and the
 * executive's facility dashboard reading them. Expected figures come from the seeded rows by plain
 * SQL, not from the app's figures.
 */

let server: TestServer;
let execToken: string;

beforeAll(async () => {
  server = await startTestServer({ seedDemoPlans: true });
  execToken = (await demoAccountTokens(server)).exec;
}, 120_000);

afterAll(() => server?.close());

const query = async <Row>(statement: ReturnType<typeof sql>) =>
  rowsOf<Row>(await server.database.db.execute(statement));

it("attests ICU and ED as their nurse managers, leaves Labor and Delivery at step 3, and plans no other unit", async () => {
  const plans = await query<{ code: string; attested_by: string | null; manager: string; steps: string }>(sql`
    select cc.code, p.attested_by_user_id as attested_by,
      (select u.id from cost_center_permissions cp join users u on u.id = cp.user_id
        where cp.cost_center_id = cc.id and cp.complete_wizard) as manager,
      (select string_agg(w.status::text, ' ' order by array_position(
        array['UnitDefinition', 'DefineRoles', 'CreateCareSchedules', 'AssignStaff', 'FinalizePositionControl',
          'ReviewAttestation'], w.step::text)) from wizard_steps w where w.plan_id = p.id) as steps
    from staffing_plans p join cost_centers cc on cc.id = p.cost_center_id
    order by cc.code`);
  const done = "Completed Completed Completed Completed Completed Completed";
  expect(plans).toEqual([
    { code: "6040", attested_by: plans[0]?.manager, manager: expect.any(String), steps: done },
    { code: "6060", attested_by: plans[1]?.manager, manager: expect.any(String), steps: done },
    {
      code: "6070",
      attested_by: null,
      manager: expect.any(String),
      steps: "Completed Completed InProgress Pending Pending Pending",
    },
  ]);
  // Each unit's own manager, three different people, none of them the demo manager account.
  expect(new Set(plans.map((p) => p.manager)).size).toBe(3);
});

it("shows the executive every member of ICU and ED hired, their gap closed by open positions, and L&D's budget all open", async () => {
  const body = await planCalls(server.baseUrl, execToken).gql(`{ facilityDashboard {
    costCenters { code status attestedByName figures { budgetedPaidFte hiredFte prnFte travellerFte requestedFte gapFte } }
    statusCounts { notStarted inProgress completed attested needsReverification } } }`);
  expect(body.errors).toBeUndefined();
  const dashboard = body.data.facilityDashboard as Json;
  expect(dashboard.statusCounts).toEqual({
    notStarted: 9,
    inProgress: 1,
    completed: 0,
    attested: 2,
    needsReverification: 0,
  });
  const row = (code: string) => (dashboard.costCenters as Json[]).find((c) => c.code === code) as Json;
  // Every member of the unit holds a position at their FTE there (PRN staff at the facility's PRN
  // standard): PRN and traveller FTE count apart from the hired (DESIGN.md §3).
  const sumOf = (type: string) =>
    sql`coalesce(round(sum(ccs.fte) filter (where s.staff_type = ${type})::numeric, 2), 0)::float8`;
  const members = await query<{ code: string; hired: number; prn: number; travellers: number; manager: string }>(sql`
    select cc.code, ${sumOf("Regular")} as hired, ${sumOf("PRN")} as prn, ${sumOf("Traveller")} as travellers,
      (select u.first_name || ' ' || u.last_name from cost_center_permissions cp join users u on u.id = cp.user_id
        where cp.cost_center_id = cc.id and cp.complete_wizard) as manager
    from cost_center_staff ccs join staff s on s.id = ccs.staff_id join cost_centers cc on cc.id = ccs.cost_center_id
    where cc.code in ('6040', '6060') group by cc.id, cc.code order by cc.code`);
  expect(members).toHaveLength(2);
  for (const member of members) {
    const { status, attestedByName, figures } = row(member.code);
    expect(status).toBe("Attested");
    expect(attestedByName).toBe(member.manager);
    expect(figures.hiredFte).toBeCloseTo(member.hired, 2);
    expect(figures.prnFte).toBeCloseTo(member.prn, 2);
    // A traveller counts for the part of the budget year their contract covers: at most their FTE.
    expect(figures.travellerFte).toBeGreaterThan(0);
    expect(figures.travellerFte).toBeLessThanOrEqual(member.travellers);
    // Attested: nothing budgeted is left without a person or a requisition.
    expect(figures.requestedFte).toBeGreaterThan(0);
    expect(figures.gapFte).toBe(0);
  }
  const laborAndDelivery = row("6070");
  expect(laborAndDelivery.status).toBe("InProgress");
  expect(laborAndDelivery.figures.hiredFte).toBe(0);
  expect(laborAndDelivery.figures.gapFte).toBeGreaterThan(0);
  expect(laborAndDelivery.figures.gapFte).toBeCloseTo(laborAndDelivery.figures.budgetedPaidFte, 2);
  expect(row("6010")).toMatchObject({ status: "NotStarted", figures: { hiredFte: 0, gapFte: 0 } });
});

it("the positions rollup reads each planned unit and the facility as the facility dashboard does, in every grouping", async () => {
  const calls = planCalls(server.baseUrl, execToken);
  const figures = "budgetedPaidFte hiredFte prnFte travellerFte requestedFte gapFte overHireFte";
  const dashboard = (
    await calls.gql(
      `{ facilityDashboard { costCenters { costCenterId figures { ${figures} } } totals { ${figures} } } }`,
    )
  ).data.facilityDashboard as Json;
  const asRollup = ({ budgetedPaidFte, ...rest }: Json) => ({ budgetedFte: budgetedPaidFte, ...rest });
  const rollupFigures = "budgetedFte hiredFte prnFte travellerFte requestedFte gapFte overHireFte";
  for (const groupBy of ["JOB_CATEGORY", "JOB", "COST_CENTER"]) {
    const body = await calls.gql(
      `query($g: RollupGroupBy!) { positionsRollup(groupBy: $g) { rows { key figures { ${rollupFigures} } } totals { ${rollupFigures} } } }`,
      { g: groupBy },
    );
    expect(body.errors).toBeUndefined();
    const rollup = body.data.positionsRollup as Json;
    // The demo's jobs round apart from their units (ICU's 29.52 budgeted is 29.51 job by job).
    expect(rollup.totals).toEqual(asRollup(dashboard.totals));
    if (groupBy !== "COST_CENTER") continue;
    expect(rollup.rows).toHaveLength(3);
    for (const row of rollup.rows as Json[]) {
      const costCenter = (dashboard.costCenters as Json[]).find((c) => c.costCenterId === row.key) as Json;
      expect(row.figures).toEqual(asRollup(costCenter.figures));
    }
  }
});
