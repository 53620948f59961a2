import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOf } from "../../db/client";
import { DEMO_FACILITY_ID, seedDemo } from "../../db/seed/demo";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { useTempDir } from "../support/tempDir";

/**
 * Migration 0010 makes an Employee ID one employee whatever its case (a unique index on
 * lower(employee_id)). A database holding two that differ only in case is refused, named, and
 * left as it was; once they differ, the upgrade goes through.
 */

const dir = useTempDir("employee-id-migration-");
const BEFORE = "0009_upload_saved_percent";
let database: TestDatabase;

/** The migrations up to BEFORE: a copy of db/migrations without the later ones. */
function migrationsUpToBefore(): string {
  const folder = path.join(dir, "migrations");
  cpSync(path.resolve("db/migrations"), folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === BEFORE);
  for (const later of journal.entries.slice(last + 1)) rmSync(path.join(folder, `${later.tag}.sql`));
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function migrateUpToBefore(handle: TestDatabase) {
  const migrationsFolder = migrationsUpToBefore();
  if (handle.connection.kind === "pglite") {
    await migratePglite(drizzlePglite(handle.connection.client as PGlite), { migrationsFolder });
    return;
  }
  const client = postgres(handle.connection.url, { max: 1, onnotice: () => {} });
  try {
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}

const appliedMigrations = async () =>
  rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]
    ?.n;

const employeeIds = async () =>
  rowsOf<{ employee_id: string }>(
    await database.db.execute(
      sql`select employee_id from staff where lower(employee_id) = 'case-200' order by employee_id`,
    ),
  ).map((row) => row.employee_id);

const addEmployee = (employeeId: string) =>
  database.db.execute(
    sql`insert into staff (facility_id, employee_id, first_name, last_name) values (${DEMO_FACILITY_ID}, ${employeeId}, 'Case', 'Test')`,
  );

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  await migrateUpToBefore(database);
  await seedDemo(database.db);
}, 120_000);

afterAll(() => database?.close());

it("refuses to upgrade while two Employee IDs differ only in case, names them and changes nothing; upgrades once they differ", async () => {
  await addEmployee("CASE-200");
  await addEmployee("case-200");
  const applied = await appliedMigrations();
  // drizzle reports "Failed query: …" with PostgreSQL's error as its cause (the server's start prints both).
  const failure = await database.migrate().then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(Error);
  expect((failure as Error).cause).toMatchObject({
    message:
      "Employee IDs that differ only in case (St. Catherine Medical Center: CASE-200, case-200): give each employee an Employee ID of their own with the previous version, then upgrade again",
  });
  expect(await appliedMigrations()).toBe(applied);
  expect(await employeeIds()).toEqual(["CASE-200", "case-200"]);

  // Once they differ the upgrade goes through, and the database refuses a third spelling.
  await database.db.execute(sql`update staff set employee_id = 'case-200-b' where employee_id = 'case-200'`);
  await database.migrate();
  expect(await employeeIds()).toEqual(["CASE-200"]);
  await expect(addEmployee("Case-200")).rejects.toThrow();
  expect(await employeeIds()).toEqual(["CASE-200"]);
});
