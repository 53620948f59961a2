import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyIntoTable, copyText } from "../../db/client";
import { createTestDatabase, resultRows, type TestDatabase } from "../support/database";

describe("copyText", () => {
  it("writes COPY's text format: tabs between values, \\N for NULL, backslash escapes", () => {
    expect(
      copyText([
        ["plain", 0.9, true, null],
        ["tab\there", -1, false, undefined],
        ["line\nbreak\rand \\ backslash", 1e-3, true, "\\N"],
      ]),
    ).toBe(
      "plain\t0.9\ttrue\t\\N\n" +
        "tab\\there\t-1\tfalse\t\\N\n" +
        // The literal text '\N' is escaped, so it stays text and is not read as NULL.
        "line\\nbreak\\rand \\\\ backslash\t0.001\ttrue\t\\\\N\n",
    );
  });
});

describe("copyIntoTable", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    await db.db.execute(sql`create table copied (name text, fte numeric, active boolean, hired date)`);
  });
  afterAll(async () => {
    await db?.close();
  });

  const copiedRows = async () =>
    resultRows<{ name: string | null; fte: string | null; active: boolean | null; hired: string | null }>(
      await db.db.execute(
        sql`select name, fte::text as fte, active, hired::text as hired from copied order by fte nulls last`,
      ),
    );

  it("copies every value as sent, inside the caller's transaction", async () => {
    const tricky = 'O\'Neill\t\\ "quoted"\nline two\r, ünïcode \\N';
    await db.db.transaction(async (tx) => {
      await copyIntoTable(
        tx,
        "copied",
        ["name", "fte", "active", "hired"],
        copyText([
          [tricky, 0.5, true, "2021-03-15"],
          ["", 1, false, null],
          [null, null, null, null],
        ]),
      );
    });
    expect(await copiedRows()).toEqual([
      { name: tricky, fte: "0.5", active: true, hired: "2021-03-15" },
      { name: "", fte: "1", active: false, hired: null },
      { name: null, fte: null, active: null, hired: null },
    ]);
    expect(db.queries.some((q) => q.startsWith("copy copied (name, fte, active, hired) from"))).toBe(true);
  });

  it("fails on a value the column refuses, and the transaction's rows are gone", async () => {
    await db.db.execute(sql`truncate copied`);
    await expect(
      db.db.transaction(async (tx) => {
        await copyIntoTable(tx, "copied", ["name", "hired"], copyText([["first", "2021-01-01"]]));
        await copyIntoTable(tx, "copied", ["name", "hired"], copyText([["second", "2021-02-30"]]));
      }),
    ).rejects.toThrow(/date/);
    expect(await copiedRows()).toEqual([]);
  });
});
