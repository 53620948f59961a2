// Issue #16: drizzle sends its statements unnamed, so PostgreSQL parsed and planned every one again
// (the cost-center list: 1,555 → 2,014 req/s once named, bench:requests). The app's statements are
// prepared once per connection, inside transactions and savepoints too: there an unnamed statement
// with parameters cost postgres.js a round trip of its own and held back the statements sent with it.
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

      const inTransaction = (value: number) =>
        db.transaction(async (tx) => {
          const outer = await tx.execute(sql`select ${value}::int + 1 as answer, 'in a transaction' as marker`);
          const inner = await tx.transaction((savepoint) =>
            savepoint.execute(sql`select ${value}::int * 2 as answer, 'in a savepoint' as marker`),
          );
          return [rowsOf<{ answer: number }>(outer)[0]?.answer, rowsOf<{ answer: number }>(inner)[0]?.answer];
        });
      expect(await inTransaction(41)).toEqual([42, 82]);
      expect(await inTransaction(20)).toEqual([21, 40]);
      expect(await preparedOf("in a transaction")).toBe(1);
      expect(await preparedOf("in a savepoint")).toBe(1);
    } finally {
      await client.end();
      await database.close();
    }
  });
});
