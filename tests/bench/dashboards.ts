/**
 * Executives' figures benchmark (issue #13): a fresh database (in-memory PGlite, or with --postgres a
 * new database on the local server, dropped afterwards) with the demo seed plus a generated facility
 * of 500 cost centers, each with a plan of 4 roles on 2 shifts and 100 staff positions (50,000), and
 * an executive overseeing all 500. Each dashboard query through its service, beside the one
 * hand-written SQL statement the figures need (the floor). Prints the median of the runs in ms.
 *
 * With --browser (and a built client): the facility dashboard in Chromium, signed in as the demo
 * executive, from navigation start until every cost center's row shows, on a full page load and
 * on the way in from the executive landing page.
 *
 *   npx tsx tests/bench/dashboards.ts [--postgres] [--browser] [--cost-centers 500] [--per-unit 100] [--runs 7]
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { print } from "graphql";
import { CostCenterMaintenance_CostCentersQueryDocument } from "../../client/src/gql/graphql";
import { type Database, type DatabaseHandle, rowsOf } from "../../db/client";
import { DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { costCenterSummary } from "../../server/services/costCenterSummary";
import { listCostCenters } from "../../server/services/costCenters";
import { facilityDashboard, scopeAndBudgetYear } from "../../server/services/dashboards";
import { positionControl } from "../../server/services/positionControl";
import { positionsRollup } from "../../server/services/positionsRollup";
import { getWizard } from "../../server/services/staffingPlans";
import { resolveViewer } from "../../server/services/viewer";
import { graphqlPost } from "../support/graphql";
import { signInWithPassword } from "../support/signIn";
import { inSignedInChromium, startBenchApp } from "./browser";
import { onDemoDatabase } from "./demoDatabase";
import { numberOption } from "./options";
import { median, medianTime, medianTimesInTurn } from "./statistics";
import { readWizardFloor } from "./wizardFloor";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(args, name, fallback);
const COST_CENTERS = option("--cost-centers", 500);
const PER_UNIT = option("--per-unit", 100);
const RUNS = option("--runs", 7);
const WARM_UP = 2;
const HOT_READ_RUNS = 41;

/** The generated facility, all in SQL (generate_series), so seeding 50,000 positions takes seconds. */
async function generateFacility(db: Database, budgetYear: number): Promise<void> {
  const jobs = [1, 4, 6, 2].map((n) => demoId("job", n)); // RN, CNA, Unit Secretary, Charge Nurse
  await db.execute(sql`
    insert into cost_centers (facility_id, code, name)
    select ${DEMO_FACILITY_ID}::uuid, (100000 + g)::text, 'Bench Unit ' || g from generate_series(1, ${COST_CENTERS}) g`);
  await db.execute(sql`
    insert into cost_center_permissions (user_id, cost_center_id, read_only, executive)
    select ${DEMO_USER_IDS.exec}::uuid, id, false, true from cost_centers where name like 'Bench Unit %'`);
  await db.execute(sql`
    insert into staffing_plans (cost_center_id, budget_year, census, care_team_target, non_productive_goal_percentage, target_overtime_percentage)
    select id, ${budgetYear}, 20, 8, 10, 0 from cost_centers where name like 'Bench Unit %'`);
  await db.execute(sql`
    insert into unit_roles (plan_id, job_id, name, sort_order)
    select p.id, j.job_id::uuid, j.name, j.n
    from staffing_plans p join cost_centers c on c.id = p.cost_center_id and c.name like 'Bench Unit %'
    cross join (values (${jobs[0]}, 'Registered Nurse', 1), (${jobs[1]}, 'Certified Nursing Assistant', 2),
      (${jobs[2]}, 'Unit Secretary', 3), (${jobs[3]}, 'Charge Nurse', 4)) as j(job_id, name, n)`);
  await db.execute(sql`
    insert into role_shifts (role_id, shift, start_time, duration_hours, staff_per_shift)
    select r.id, s.shift::shift, s.start_time, 12.5, case r.sort_order when 1 then 6 when 2 then 4 else 1 end
    from unit_roles r join staffing_plans p on p.id = r.plan_id join cost_centers c on c.id = p.cost_center_id
      and c.name like 'Bench Unit %'
    cross join (values ('Days', '0700'), ('Nights', '1900')) as s(shift, start_time)`);
  // Staff g belongs to the cost center of rank ceil(g / PER_UNIT): 1 in 20 PRN, 1 in 15 a traveller.
  await db.execute(sql`
    insert into staff (facility_id, employee_id, first_name, last_name, assigned_fte, staff_type, contract_end_date)
    select ${DEMO_FACILITY_ID}::uuid, 'BENCH-' || g, 'First' || (g % 400), 'Last' || g, 0.9,
      (case when g % 20 = 0 then 'PRN' when g % 15 = 0 then 'Traveller' else 'Regular' end)::staff_type,
      case when g % 15 = 0 and g % 20 <> 0 then make_date(${budgetYear + 2}, 12, 31) end
    from generate_series(1, ${COST_CENTERS * PER_UNIT}) g`);
  // The bench cost centers ranked by code, and the bench staff by their number g.
  const unitsAndPeople = sql`
    with units as (
      select c.id as cost_center_id, p.id as plan_id, row_number() over (order by c.code) as rank
      from cost_centers c join staffing_plans p on p.cost_center_id = c.id where c.name like 'Bench Unit %'
    ),
    people as (
      select s.id as staff_id, substr(s.employee_id, 7)::int as g from staff s where s.employee_id like 'BENCH-%'
    )`;
  await db.execute(sql`
    ${unitsAndPeople}
    insert into cost_center_staff (cost_center_id, staff_id, fte)
    select u.cost_center_id, p.staff_id, 0.9 from people p join units u on u.rank = (p.g - 1) / ${PER_UNIT} + 1`);
  await db.execute(sql`
    ${unitsAndPeople}
    insert into staff_positions (plan_id, staff_id, unit_role_id, shift, fte, start_time, end_time)
    select u.plan_id, p.staff_id, r.id, (case when p.g % 2 = 0 then 'Days' else 'Nights' end)::shift, 0.9,
      case when p.g % 2 = 0 then '0700' else '1900' end, case when p.g % 2 = 0 then '1930' else '0730' end
    from people p join units u on u.rank = (p.g - 1) / ${PER_UNIT} + 1
    join unit_roles r on r.plan_id = u.plan_id and r.sort_order = p.g % 4 + 1`);
  await db.execute(sql`
    insert into open_positions (plan_id, unit_role_id, fte, shift, start_time, end_time, duration_hours, requisition_number)
    select r.plan_id, r.id, 0.9, 'Nights', '1900', '0730', 12.5, 'REQ-' || row_number() over ()
    from unit_roles r join staffing_plans p on p.id = r.plan_id join cost_centers c on c.id = p.cost_center_id
      and c.name like 'Bench Unit %'`);
  await db.execute(sql`analyze`);
}

/**
 * The floors: what each answer is made of, read in one hand-written statement and nothing else
 * (no model, no second round trip). The two rollups read the same inputs: the plans in scope with
 * their unit definition, their roles' shifts, the FTE held per plan, role, shift and staff type
 * (travellers per contract end; staff still in the cost center and not terminated) and the FTE
 * requested per plan, role and shift.
 */
const figuresFloor = (budgetYear: number) => sql`
    with plans as (
      select p.id, p.cost_center_id, p.census, p.care_team_target, p.non_productive_goal_percentage
      from staffing_plans p join cost_center_permissions cp on cp.cost_center_id = p.cost_center_id
        and cp.user_id = ${DEMO_USER_IDS.exec} and cp.executive
      where p.budget_year = ${budgetYear}
    ),
    held as (
      select sp.plan_id, sp.unit_role_id, sp.shift, s.staff_type,
        case when s.staff_type = 'Traveller' then s.contract_end_date end as contract_end,
        coalesce(sum(sp.fte) filter (where ccs.staff_id is not null and s.termination_date is null), 0) as fte
      from staff_positions sp join plans p on p.id = sp.plan_id join staff s on s.id = sp.staff_id
      left join cost_center_staff ccs on ccs.staff_id = sp.staff_id and ccs.cost_center_id = p.cost_center_id
      group by 1, 2, 3, 4, 5
    ),
    requested as (
      select op.plan_id, op.unit_role_id, op.shift, op.is_traveller, sum(op.fte) as fte
      from open_positions op join plans p on p.id = op.plan_id group by 1, 2, 3, 4
    )
    select 'plan' as part, id as plan_id, null::uuid as role_id, null::text as shift, null::text as kind,
      census::float8 as a, care_team_target::float8 as b, non_productive_goal_percentage::float8 as c
    from plans
    union all
    select 'shift', r.plan_id, r.id, rs.shift::text, r.is_exempt::text, r.fte::float8, rs.duration_hours::float8,
      rs.staff_per_shift::float8
    from unit_roles r join plans p on p.id = r.plan_id left join role_shifts rs on rs.role_id = r.id
    union all
    select 'held', plan_id, unit_role_id, shift::text, staff_type::text || coalesce(' ' || contract_end, ''),
      fte::float8, null, null
    from held
    union all
    select 'requested', plan_id, unit_role_id, shift::text, is_traveller::text, fte::float8, null, null from requested`;

const floors = (budgetYear: number) => ({
  facilityDashboard: figuresFloor(budgetYear),
  positionsRollup: figuresFloor(budgetYear),
  // The first 50 positions in the list's order (cost center, role, shift, status, holder), with the
  // number and FTE of every position per status, in one statement.
  positionControl: sql`
    with positions as (
      select sp.id, c.code, ur.name as role, sp.shift,
        case s.staff_type when 'Regular' then 1 when 'PRN' then 2 else 3 end as status,
        s.last_name || ', ' || s.first_name as holder, round(sp.fte, 2) as fte
      from staff_positions sp join staff s on s.id = sp.staff_id
      join staffing_plans p on p.id = sp.plan_id and p.budget_year = ${budgetYear}
      join cost_centers c on c.id = p.cost_center_id
      join cost_center_permissions cp on cp.cost_center_id = c.id and cp.user_id = ${DEMO_USER_IDS.exec} and cp.executive
      left join unit_roles ur on ur.id = sp.unit_role_id
      union all
      select op.id, c.code, ur.name, op.shift, 4, op.requisition_number, round(op.fte, 2)
      from open_positions op
      join staffing_plans p on p.id = op.plan_id and p.budget_year = ${budgetYear}
      join cost_centers c on c.id = p.cost_center_id
      join cost_center_permissions cp on cp.cost_center_id = c.id and cp.user_id = ${DEMO_USER_IDS.exec} and cp.executive
      left join unit_roles ur on ur.id = op.unit_role_id
    )
    select *,
      count(*) filter (where status = 1) over () as filled, sum(fte) filter (where status = 1) over () as filled_fte,
      count(*) filter (where status = 2) over () as prn, sum(fte) filter (where status = 2) over () as prn_fte,
      count(*) filter (where status = 3) over () as travellers, sum(fte) filter (where status = 3) over () as traveller_fte,
      count(*) filter (where status = 4) over () as open, sum(fte) filter (where status = 4) over () as open_fte
    from positions
    order by code, lower(coalesce(role, '')), shift, status, lower(coalesce(holder, '')), id
    limit 51`,
});

/** The facility dashboard's first render in Chromium: navigation start until every row shows (median of 5). */
async function facilityDashboardInChromium(database: DatabaseHandle, rows: number) {
  await inSignedInChromium(database, "exec", async (page) => {
    const everyRowShown = () =>
      page.waitForFunction((n) => document.querySelectorAll('[data-testid="dashboard-row"]').length >= n, rows, {
        timeout: 60_000,
      });
    const loads: number[] = [];
    const fromLanding: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto("/exec/facility-dashboard");
      await everyRowShown();
      loads.push(await page.evaluate(() => performance.now()));

      await page.goto("/exec/landing");
      const card = page.getByRole("link", { name: /FACILITY DASHBOARD/ });
      await card.waitFor();
      const start = await page.evaluate(() => performance.now());
      await card.click();
      await everyRowShown();
      fromLanding.push((await page.evaluate(() => performance.now())) - start);
    }
    console.log(
      `${database.kind} Chromium facility dashboard, ${rows} rows: full page load ${median(loads).toFixed(0)} ms, ` +
        `from the landing page ${median(fromLanding).toFixed(0)} ms (median of 5; navigation start to every row shown)`,
    );
  });
}

/**
 * The cost-center list's floor over HTTP: a bare node:http server that answers any POST with the
 * floor statement's rows as the same JSON shape (`{ data: { costCenters } }`), with no sign-in, no
 * GraphQL and no model. Asked by the same client as the app, so both pay the same HTTP and JSON.
 */
async function startBareListServer(db: Database, listFloor: ReturnType<typeof sql>) {
  const server = createServer(async (request, response) => {
    for await (const _ of request);
    const costCenters = rowsOf(await db.execute(listFloor));
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: { costCenters } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Issue #16's hot reads at this size against their hand-written SQL floors (p50; target within 2x):
 * the admin's cost-center list as the client asks for it over HTTP (GraphQL, signed in) against the
 * one statement it needs, alone and served bare over HTTP (startBareListServer); the list's service
 * against the statement of its own answer (every cost center's id, facility, number, name and PRN
 * FTE, which its other callers read); and the wizard of a bench unit (100 staff) through its service
 * against its nine statements (wizardFloor.ts).
 */
async function hotReadsAgainstFloors(database: DatabaseHandle, execUserId: string, costCenterId: string) {
  const db = database.db;
  const activeByCode = sql`
      from cost_centers c
     where c.facility_id = ${DEMO_FACILITY_ID} and c.deleted_at is null
     order by case when c.code ~ '^[0-9]+$' then c.code::numeric end nulls last, c.code`;
  const listFloor = sql`select c.id, c.code, c.name ${activeByCode}`;
  const serviceFloor = sql`
    select c.id, c.facility_id, c.code, c.name,
           coalesce(c.prn_fte, (select s.prn_staff_value from facility_budget_settings s
                                 where s.facility_id = ${DEMO_FACILITY_ID}))::float8 as prn_fte
    ${activeByCode}`;
  const app = await startBenchApp(database);
  const bare = await startBareListServer(db, listFloor);
  try {
    const token = await signInWithPassword(app.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const query = print(CostCenterMaintenance_CostCentersQueryDocument);
    const list = async () => {
      const { body } = await graphqlPost(app.baseUrl, token, { query });
      if (!(body.data?.costCenters as unknown[] | undefined)?.length)
        throw new Error("The cost-center list came back empty");
    };
    const bareList = async () => {
      await graphqlPost(bare.baseUrl, token, { query });
    };
    const exec = await resolveViewer(db, { subject: DEMO_USER_IDS.exec, email: undefined, claims: {} });
    const [plan] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from staffing_plans where cost_center_id = ${costCenterId} limit 1`),
    );
    const ids = { planId: plan?.id as string, costCenterId, userId: execUserId, facilityId: DEMO_FACILITY_ID };
    const admin = await resolveViewer(db, { subject: DEMO_USER_IDS.admin, email: undefined, claims: {} });
    for (const [name, run, floor] of [
      ["costCenters, the service (admin)", () => listCostCenters(db, admin), () => db.execute(serviceFloor)],
      ["costCenters over HTTP (admin)", list, () => db.execute(listFloor)],
      ["costCenters over HTTP vs the bare HTTP floor", list, bareList],
      ["wizard of a bench unit (100 staff)", () => getWizard(db, exec, costCenterId), () => readWizardFloor(db, ids)],
    ] as const) {
      // Cheap reads: many samples, the app and its floor in turns.
      const { app: took, floor: least } = await medianTimesInTurn(run, floor, WARM_UP, HOT_READ_RUNS);
      console.log(
        `${database.kind} ${name.padEnd(44)} median ${took.toFixed(1).padStart(7)} ms   floor ${least.toFixed(1).padStart(6)} ms   ${(took / least).toFixed(1)}× the floor`,
      );
    }
    // What any signed-in request costs over HTTP here, whatever it reads: the HTTP list's part that
    // no SQL floor has.
    const me = async () => {
      await graphqlPost(app.baseUrl, token, { query: "{ me { id } }" });
    };
    console.log(
      `${database.kind} ${"{ me { id } } over HTTP (for reference)".padEnd(44)} median ${(await medianTime(me, WARM_UP, RUNS)).toFixed(1).padStart(7)} ms`,
    );
  } finally {
    await bare.close();
    await app.close();
  }
}

async function main() {
  await onDemoDatabase(args, async (database, seedingBegan) => {
    const kind = database.kind;
    const db = database.db;
    let started = seedingBegan;
    const exec = await resolveViewer(db, { subject: DEMO_USER_IDS.exec, email: undefined, claims: {} });
    const { budgetYear } = await scopeAndBudgetYear(db, exec, new Date());
    await generateFacility(db, budgetYear);
    const scope = (await scopeAndBudgetYear(db, exec, new Date())).scope;
    console.log(
      `${kind}: ${COST_CENTERS} cost centers, ${COST_CENTERS * PER_UNIT} staff positions generated in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s; the executive oversees ${scope.length} cost centers`,
    );

    const one = scope.find((c) => c.name === "Bench Unit 1")?.id as string;
    const FLOORS = floors(budgetYear);
    const measures: [string, () => Promise<unknown>, keyof typeof FLOORS | null][] = [
      ["facilityDashboard", () => facilityDashboard(db, exec), "facilityDashboard"],
      ["positionsRollup(JOB_CATEGORY)", () => positionsRollup(db, exec, "JobCategory"), "positionsRollup"],
      ["positionControl(first 50)", () => positionControl(db, exec), "positionControl"],
      ["positionControl(status Open)", () => positionControl(db, exec, { status: "Open" }), null],
      ["positionControl(search 'last123')", () => positionControl(db, exec, { search: "last123" }), null],
      ["costCenterSummary(one)", () => costCenterSummary(db, exec, one), null],
    ];
    for (const [name, run, floorOf] of measures) {
      const took = await medianTime(run, WARM_UP, RUNS);
      const floor = floorOf ? await medianTime(() => db.execute(FLOORS[floorOf]), WARM_UP, RUNS) : null;
      console.log(
        `${kind} ${name.padEnd(44)} median ${took.toFixed(1).padStart(7)} ms` +
          (floor === null
            ? ""
            : `   floor ${floor.toFixed(1).padStart(6)} ms   ${(took / floor).toFixed(1)}× the floor`),
      );
    }
    await hotReadsAgainstFloors(database, exec.userId, one);
    // The read after a write: one plan's sums stale (a wizard save), or every plan's (a bulk change).
    const afterWrite = async (label: string, markStale: ReturnType<typeof sql>) => {
      const timings: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await db.execute(markStale);
        const begun = performance.now();
        await facilityDashboard(db, exec);
        timings.push(performance.now() - begun);
      }
      console.log(
        `${kind} ${`facilityDashboard, ${label}`.padEnd(44)} median ${median(timings).toFixed(1).padStart(7)} ms`,
      );
    };
    await afterWrite(
      "one plan's sums stale",
      sql`insert into held_fte_sums_stale (plan_id) select id from staffing_plans order by id limit 1`,
    );
    await afterWrite(
      "every plan's sums stale",
      sql`insert into held_fte_sums_stale (plan_id) select id from staffing_plans`,
    );
    started = performance.now();
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const next = await positionControl(db, exec, { first: 500, ...(cursor ? { after: cursor } : {}) });
      cursor = next.endCursor ?? undefined;
    }
    console.log(`${kind} positionControl: 20 pages of 500 by cursor in ${(performance.now() - started).toFixed(0)} ms`);
    if (args.includes("--browser")) await facilityDashboardInChromium(database, scope.length);
  });
}

await main();
