import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, rowsOf } from "../../db/client";
import { seedDemoOnStart } from "../../server/seed/demo";
import { createTestDatabase, testDbKind } from "../support/database";

// Instances started together (docker compose, a scaled-out deployment) migrate one empty database
// at once. PGlite is one process's database: PostgreSQL only.
describe.skipIf(testDbKind !== "postgres")("three instances starting at once on one empty database", () => {
  it("migrate and seed once: every start succeeds, each migration is recorded and the demo facility and its plans made one time", async () => {
    const database = await createTestDatabase({ migrate: false });
    const instances = [1, 2, 3].map(() => openDatabase({ databaseUrl: database.databaseUrl }));
    try {
      const results = await Promise.allSettled(instances.map((instance) => instance.migrate()));
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      const migrationFiles = readdirSync("db/migrations").filter((name) => name.endsWith(".sql"));
      const [recorded] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(recorded?.n).toBe(migrationFiles.length);

      const seeded = await Promise.allSettled(
        instances.map((instance) => seedDemoOnStart(instance.db, { withPlans: true })),
      );
      expect(seeded.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      const created = seeded.map((result) => (result.status === "fulfilled" ? result.value.created : undefined));
      expect(created.filter(Boolean)).toHaveLength(1);
      const [facilityCount] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from facilities`),
      );
      expect(facilityCount?.n).toBe(1);
      // The instance that made the demo planned its three units (server/seed/demo.ts), once.
      const [planCount] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from staffing_plans`),
      );
      expect(planCount?.n).toBe(3);
    } finally {
      for (const instance of instances) await instance.close();
      await database.close();
    }
  }, 120_000);
});
