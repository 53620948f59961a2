// Issue #16: drizzle sends its statements unnamed, so PostgreSQL parsed and planned every one again
// (the cost-center list: 1,555 → 2,014 req/s once named, bench:requests). Outside transactions the
// app's statements are prepared once per connection; inside, drizzle's own way stays.
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { preparingStatements, rowsOf } from "../../db/client";
import { organizations } from "../../db/schema";
import { createTestDatabase, testDbKind } from "../support/database";

describe.skipIf(testDbKind !== "postgres")("statements on PostgreSQL", () => {
  it("are prepared once on their connection and reused, with each call's own values", async () => {
    // One connection, so pg_prepared_statements (per session) shows what the app's queries left there.
    const database = await createTestDatabase();
    const client = postgres(database.databaseUrl ?? "", { max: 1, onnotice: () => {} });
    const db = drizzle(preparingStatements(client));
    const preparedOf = async (text: string) =>
      rowsOf<{ n: number }>(
        await client`select count(*)::int as n from pg_prepared_statements where statement like ${`%${text}%`}`,
      )[0]?.n;
    try {
      const lookup = (name: string) =>
        db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name));
      expect(await lookup("No such organisation")).toEqual([]);
      expect(await lookup("Another missing one")).toEqual([]);
      expect(await preparedOf('from "organizations" where "organizations"."name" = $1')).toBe(1);

      const inTransaction = await db.transaction(async (tx) =>
        tx.execute(sql`select ${"in a transaction"}::text as marker, 41 + 1 as answer`),
      );
      expect(rowsOf<{ answer: number }>(inTransaction)[0]?.answer).toBe(42);
      expect(await preparedOf("in a transaction")).toBe(0);
      expect(await preparedOf("41 + 1")).toBe(0);
    } finally {
      await client.end();
      await database.close();
    }
  });
});
