import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { scopeAndBudgetYear } from "../../server/services/dashboards";
import { positionControl } from "../../server/services/positionControl";
import { resolveViewer, type Viewer } from "../../server/services/viewer";
import { useSeededDatabase } from "../support/seededDatabase";

/**
 * Issue #13: in the list's own order a page reads only the cost centers that can hold it (from each
 * plan's count of positions). Walking it page by page, forwards and backwards, with pages that end
 * inside a cost center and cost centers without positions, must give exactly every row of the
 * unnarrowed list (`everyRow`, which reads every cost center), in the same order.
 */

const database = useSeededDatabase();
let exec: Viewer;

beforeAll(async () => {
  const db = database.db;
  exec = await resolveViewer(db, { subject: DEMO_USER_IDS.exec, email: undefined, claims: {} });
  const { budgetYear } = await scopeAndBudgetYear(db, exec, new Date());
  // Seven cost centers (P1…P7) with 0, 3, 1, 0, 5, 2 and 4 positions, staff and requisitions mixed.
  await db.execute(sql`
    insert into cost_centers (facility_id, code, name)
    select ${DEMO_FACILITY_ID}::uuid, (97000 + g)::text, 'Paging ' || g from generate_series(1, 7) g`);
  await db.execute(sql`
    insert into cost_center_permissions (user_id, cost_center_id, read_only, executive)
    select ${DEMO_USER_IDS.exec}::uuid, id, false, true from cost_centers where name like 'Paging %'`);
  await db.execute(sql`
    insert into staffing_plans (cost_center_id, budget_year)
    select id, ${budgetYear} from cost_centers where name like 'Paging %'`);
  await db.execute(sql`
    insert into unit_roles (plan_id, job_id, name, sort_order)
    select p.id, ${demoId("job", 1)}::uuid, 'Registered Nurse', 1
    from staffing_plans p join cost_centers c on c.id = p.cost_center_id and c.name like 'Paging %'`);
  await db.execute(sql`
    insert into staff (facility_id, employee_id, first_name, last_name, assigned_fte)
    select ${DEMO_FACILITY_ID}::uuid, 'PAGING-' || g, 'First' || g, 'Last' || g, 0.5 from generate_series(1, 20) g`);
  const counts = [0, 3, 1, 0, 5, 2, 4];
  let person = 0;
  for (const [index, count] of counts.entries()) {
    for (let n = 0; n < count; n++) {
      person++;
      // Every third one a requisition, the rest staff positions.
      const table = n % 3 === 2 ? "open" : "staff";
      await db.execute(
        table === "open"
          ? sql`insert into open_positions (plan_id, unit_role_id, fte, shift, requisition_number)
              select p.id, r.id, 0.5, 'Days', 'REQ-P' || ${person}
              from staffing_plans p join cost_centers c on c.id = p.cost_center_id and c.name = ${`Paging ${index + 1}`}
              join unit_roles r on r.plan_id = p.id`
          : sql`insert into staff_positions (plan_id, staff_id, unit_role_id, shift, fte)
              select p.id, s.id, r.id, 'Nights', 0.5
              from staffing_plans p join cost_centers c on c.id = p.cost_center_id and c.name = ${`Paging ${index + 1}`}
              join unit_roles r on r.plan_id = p.id
              join staff s on s.employee_id = ${`PAGING-${person}`}`,
      );
    }
  }
});

describe("position control in the list's own order reads only the cost centers a page can hold", () => {
  for (const descending of [false, true]) {
    for (const first of [1, 2, 4]) {
      it(`${descending ? "backwards" : "forwards"}, ${first} at a time: every row once, in the unnarrowed order`, async () => {
        const everyRow = await positionControl(database.db, exec, { descending }, { everyRow: true });
        const expected = everyRow.rows.map((row) => row.id);
        // The 15 positions above, plus whatever the demo's own cost centers hold.
        expect(expected.length).toBeGreaterThanOrEqual(15);
        const walked: string[] = [];
        let after: string | undefined;
        for (let step = 0; step < 200; step++) {
          const page = await positionControl(database.db, exec, { descending, first, ...(after ? { after } : {}) });
          walked.push(...page.rows.map((row) => row.id));
          expect(page.totalCount).toBe(expected.length);
          if (!page.hasNextPage) break;
          after = page.endCursor ?? undefined;
        }
        expect(walked).toEqual(expected);
      });
    }
  }
});
