/**
 * Employee search benchmark: a fresh database (in-memory PGlite, or with --postgres a new database
 * on the local server, dropped afterwards) with the demo seed plus 20,000 further staff, then 200
 * searches of varied 2-6 character terms through the service, as an admin (whole facility) and as
 * a user account (its cost centers and unassigned staff). Prints p50/p95/max in ms.
 *
 *   npx tsx tests/bench/employeeSearch.ts [--postgres] [--staff 20000] [--searches 200]
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client";
import { costCenterStaff, staff } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { mulberry32 } from "../../db/seed/random";
import { searchEmployees } from "../../server/services/employees";
import { resolveViewer } from "../../server/services/viewer";
import { onDemoDatabase } from "./demoDatabase";
import { numberOption } from "./options";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(args, name, fallback);
const EXTRA_STAFF = option("--staff", 20_000);
const SEARCHES = option("--searches", 200);
const WARM_UP = 10;
/** Rows per insert: staff rows carry 9 parameters, far under postgres.js' 65,534. */
const CHUNK = 1000;
/** Share of the extra staff placed in no cost center (they are visible to every account). */
const UNASSIGNED_SHARE = 0.03;
const COST_CENTER_COUNT = 12;

const random = mulberry32(20_000);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const ONSETS = ["b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z", "ch", "sh"];
const VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "ia", "ou"];
const CODAS = ["", "", "n", "r", "l", "s", "th", "nd", "rt", "x"];
function name(syllables: number): string {
  let text = "";
  for (let i = 0; i < syllables; i++) text += pick(ONSETS) + pick(VOWELS) + pick(CODAS);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
const JOB_SUFFIXES = ["RN", "CN", "LPN", "CNA", "PCT", "US", "RT"] as const;

type Person = { firstName: string; lastName: string; employeeId: string };

async function insertExtraStaff(db: Database): Promise<Person[]> {
  const people: Person[] = [];
  const firstNames = Array.from({ length: 400 }, () => name(int(1, 3)));
  const lastNames = Array.from({ length: 1500 }, () => name(int(2, 3)));
  for (let start = 0; start < EXTRA_STAFF; start += CHUNK) {
    const staffRows: (typeof staff.$inferInsert)[] = [];
    const memberships: (typeof costCenterStaff.$inferInsert)[] = [];
    for (let i = start; i < Math.min(start + CHUNK, EXTRA_STAFF); i++) {
      const id = demoId("staff", 1_000_000 + i);
      const person = {
        firstName: pick(firstNames),
        lastName: pick(lastNames),
        employeeId: `${300_000 + i}-${pick(JOB_SUFFIXES)}`,
      };
      people.push(person);
      const roll = random();
      const staffType = roll < 0.1 ? "PRN" : roll < 0.18 ? "Traveller" : "Regular";
      const fte = staffType === "PRN" ? 0.2 : pick([1, 0.9, 0.8, 0.6, 0.5]);
      staffRows.push({
        id,
        facilityId: DEMO_FACILITY_ID,
        ...person,
        middleName: random() < 0.25 ? pick(firstNames) : null,
        assignedFte: fte,
        staffType,
        dateOfHire: "2020-01-01",
        // A few former employees: search leaves them out.
        terminationDate: random() < 0.02 ? "2026-01-31" : null,
      });
      if (random() >= UNASSIGNED_SHARE) {
        memberships.push({ costCenterId: demoId("costCenter", int(1, COST_CENTER_COUNT)), staffId: id, fte });
      }
    }
    await db.insert(staff).values(staffRows);
    if (memberships.length > 0) await db.insert(costCenterStaff).values(memberships);
  }
  return people;
}

/** 2-6 characters out of a real first name, last name, 'first last' or employee id; some misses. */
function makeTerms(people: Person[]): string[] {
  const terms: string[] = [];
  while (terms.length < SEARCHES + WARM_UP) {
    const length = int(2, 6);
    if (random() < 0.1) {
      terms.push(Array.from({ length }, () => String.fromCharCode(int(97, 122))).join(""));
      continue;
    }
    const person = pick(people);
    const source = pick([
      person.firstName,
      person.lastName,
      `${person.firstName} ${person.lastName}`,
      person.employeeId,
    ]);
    const start = int(0, Math.max(0, source.length - length));
    const term = source.slice(start, start + length).trim();
    if (term.length >= 2) terms.push(random() < 0.5 ? term.toLowerCase() : term);
  }
  return terms;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function main() {
  await onDemoDatabase(args, async (database, seedingBegan) => {
    const kind = database.kind;
    const db = database.db;
    let started = seedingBegan;
    const people = await insertExtraStaff(db);
    await db.execute(sql`analyze`);
    const [{ total } = { total: 0 }] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select count(*)::int as total from staff`),
    ) as {
      total: number;
    }[];
    console.log(
      `${kind}: seeded the demo and ${EXTRA_STAFF} further staff in ${((performance.now() - started) / 1000).toFixed(1)} s; staff rows: ${total}`,
    );

    const terms = makeTerms(people);
    for (const account of ["admin", "user"] as const) {
      const viewer = await resolveViewer(db, { subject: DEMO_USER_IDS[account], email: undefined, claims: {} });
      const timings: number[] = [];
      let rows = 0;
      for (const [index, term] of terms.entries()) {
        started = performance.now();
        const results = await searchEmployees(db, viewer, DEMO_FACILITY_ID, term);
        const elapsed = performance.now() - started;
        if (index < WARM_UP) continue;
        timings.push(elapsed);
        rows += results.length;
      }
      timings.sort((a, b) => a - b);
      console.log(
        `${kind} ${account.padEnd(5)} ${timings.length} searches: p50 ${percentile(timings, 50).toFixed(2)} ms, ` +
          `p95 ${percentile(timings, 95).toFixed(2)} ms, max ${percentile(timings, 100).toFixed(2)} ms; ` +
          `${rows} rows returned (${(rows / timings.length).toFixed(1)} per search)`,
      );
    }

    // Show that a 3+ character term is answered from the trigram index.
    const plan = rowsOf<Record<string, unknown>>(
      await db.execute(sql`explain analyze select ${staff.id} from ${staff}
        where ${staff.facilityId} = ${DEMO_FACILITY_ID} and ${staff.terminationDate} is null
          and ${staff.searchText} like ${"%chai%"}
        order by lower(${staff.firstName}), lower(${staff.lastName}) limit 25`),
    ).map((row) => String(Object.values(row)[0]));
    console.log(`${kind} plan for '%chai%':\n  ${plan.join("\n  ")}`);
  });
}

await main();
