/**
 * Audit log benchmark: a fresh database (in-memory PGlite, or with --postgres a new database on the
 * local server, dropped afterwards) with the demo seed plus N generated audit entries of the demo
 * facility (default 300,000 on PostgreSQL, 100,000 on PGlite: a large hospital's year or more), in
 * the mix a facility records: changes with snapshots of the demo's records (so the Record column
 * names them), sign-ins, failed sign-ins and refusals. The audit log's screen and export through
 * their services, as an administrator. Prints the median of the runs in ms.
 *
 *   npx tsx tests/bench/auditLog.ts [--postgres] [--entries 300000] [--runs 5]
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { exportAuditLog, searchAuditLog } from "../../server/services/auditLog";
import { resolveViewer } from "../../server/services/viewer";
import { onDemoDatabase } from "./demoDatabase";
import { numberOption } from "./options";
import { medianTime } from "./statistics";

const args = process.argv.slice(2);
const onPostgres = args.includes("--postgres");
const ENTRIES = numberOption(args, "--entries", onPostgres ? 300_000 : 100_000);
const RUNS = numberOption(args, "--runs", 5);
const WARM_UP = 1;

await onDemoDatabase(args, async (database, seedingBegan) => {
  const db = database.db;
  // Entry g: one in ten a sign-in, one in fifty a failed sign-in, one in a hundred a refusal; the
  // rest changes of a demo cost center or staff member, with before and after snapshots.
  const costCenter = demoId("costCenter", 1);
  const staffMember = demoId("staff", 1);
  await db.execute(sql`
    insert into audit_log (at, actor_user_id, facility_id, action, entity_type, entity_id, before, after, source)
    select now() - (g || ' minutes')::interval,
      case when g % 50 = 0 then null else ${DEMO_USER_IDS.admin}::uuid end,
      ${DEMO_FACILITY_ID}::uuid,
      case when g % 100 = 0 then 'authorization.denied' when g % 50 = 0 then 'sign_in.failure'
        when g % 10 = 0 then 'sign_in.success' when g % 2 = 0 then 'cost_center.update' else 'staff.update' end,
      case when g % 100 = 0 then 'graphql' when g % 50 = 0 then 'sign_in_account'
        when g % 10 = 0 then 'user' when g % 2 = 0 then 'cost_center' else 'staff' end,
      case when g % 100 = 0 then 'query Users: users' when g % 50 = 0 then 'nobody' || g || '@example.test'
        when g % 10 = 0 then ${DEMO_USER_IDS.admin} when g % 2 = 0 then ${costCenter} else ${staffMember} end,
      case when g % 10 = 0 then null
        else jsonb_build_object('code', (4000 + g % 900)::text, 'name', 'Unit ' || g % 900, 'notes', 'Before change ' || g) end,
      case when g % 100 = 0 then jsonb_build_object('what', 'query Users: users', 'code', 'FORBIDDEN')
        when g % 50 = 0 then jsonb_build_object('email', 'nobody' || g || '@example.test')
        when g % 10 = 0 then jsonb_build_object('email', 'admin@demo.hospital')
        else jsonb_build_object('code', (4000 + g % 900)::text, 'name', 'Unit ' || (g + 1) % 900, 'notes', 'After change ' || g) end,
      '10.0.' || (g % 250) || '.' || (g % 200)
    from generate_series(1, ${ENTRIES}) g`);
  await db.execute(sql`analyze audit_log`);
  console.log(
    `audit log (${onPostgres ? "PostgreSQL" : "PGlite"}): ${ENTRIES.toLocaleString("en-US")} entries, ` +
      `set up in ${((performance.now() - seedingBegan) / 1000).toFixed(1)} s; median of ${RUNS} runs`,
  );

  const admin = await resolveViewer(db, { subject: DEMO_USER_IDS.admin, email: undefined, claims: {} });
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const cases: [string, () => Promise<unknown>][] = [
    ["first page, no filter (25 entries and the count)", () => searchAuditLog(db, admin)],
    ["failed sign-ins only", () => searchAuditLog(db, admin, { kind: "FailedSignIns" })],
    ["since a week ago", () => searchAuditLog(db, admin, { from: lastWeek })],
    ["search that matches nothing", () => searchAuditLog(db, admin, { text: "zzz-no-such-text" })],
    ["search that matches one entry (an email tried)", () => searchAuditLog(db, admin, { text: "nobody300@" })],
    ["search by the actor's name ('Morgan')", () => searchAuditLog(db, admin, { text: "Morgan" })],
    [
      "search by a record's name (a staff member's employee id)",
      () => searchAuditLog(db, admin, { text: "100042-NM" }),
    ],
    [
      "export of a week (10,080 entries: refused, counted)",
      () => exportAuditLog(db, admin, { from: lastWeek }).catch(() => null),
    ],
    ["export of failed sign-ins", () => exportAuditLog(db, admin, { kind: "FailedSignIns", from: lastWeek })],
  ];
  for (const [name, run] of cases) {
    console.log(`  ${name}: ${(await medianTime(run, WARM_UP, RUNS)).toFixed(0)} ms`);
  }
});
