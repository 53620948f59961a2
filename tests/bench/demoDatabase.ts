import { performance } from "node:perf_hooks";
import { seedDemo } from "../../db/seed/demo";
import type { TestDatabase } from "../support/database";

/**
 * A benchmark's database: a fresh one (in-memory PGlite, or with --postgres among `args` a new
 * PostgreSQL database) seeded with the demo data, given to `run` with the moment seeding began (a
 * benchmark's set-up time counts from there), and closed after, pass or fail.
 */
export async function onDemoDatabase(
  args: readonly string[],
  run: (database: TestDatabase, seedingBegan: number) => Promise<void>,
): Promise<void> {
  // database.ts reads TEST_DB when it is first imported.
  if (args.includes("--postgres")) process.env.TEST_DB = "postgres";
  const { createTestDatabase } = await import("../support/database");
  const database = await createTestDatabase();
  try {
    const seedingBegan = performance.now();
    await seedDemo(database.db);
    await run(database, seedingBegan);
  } finally {
    await database.close();
  }
}
