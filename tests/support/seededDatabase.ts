import { afterAll, beforeAll } from "vitest";
import { seedDemo } from "../../db/seed/demo";
import { createTestDatabase, type TestDatabase } from "./database";

/**
 * A database of the test file's (or describe block's) own, seeded with the demo data: opened before
 * its tests and closed after them. The caller's own beforeAll hooks, registered after this call, run
 * once it is seeded. `db` and `queries` are read inside tests and hooks: they throw before then.
 */
export function useSeededDatabase(): Pick<TestDatabase, "db" | "queries"> {
  let database: TestDatabase | undefined;
  const current = (): TestDatabase => {
    if (!database) throw new Error("The seeded database is not open yet: read it inside a test or a hook");
    return database;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
  });
  afterAll(() => database?.close());
  return {
    get db() {
      return current().db;
    },
    get queries() {
      return current().queries;
    },
  };
}
