import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { testDbKind } from "../../tests/support/database";
import { useTempDir } from "../../tests/support/tempDir";
import { openDatabase, rowsOf } from "../client";
import { PgliteProcess } from "./processClient";

/**
 * The server's PGlite in a process of its own (db/client.ts opens it for a data folder): what the
 * app asks of it crosses intact. Every expected value is a literal.
 */
// PGlite's own: the PostgreSQL run of the suite (TEST_DB=postgres) has nothing to add.
describe.skipIf(testDbKind === "postgres")("PGlite in a process of its own", () => {
  const folder = useTempDir("pglite-process-");
  const ended: Error[] = [];
  const pglite = new PgliteProcess(`${folder}/a`, { onExit: (error) => ended.push(error) });
  afterAll(() => pglite.close());

  it("answers a query with its values typed as PGlite types them, and keeps the types drizzle reads as text", async () => {
    await pglite.waitReady;
    const result = await pglite.query<Record<string, unknown>>(
      `select $1::int + 1 as n, 2.50::numeric as amount, 'x' || $2 as s, true as yes, null as nothing,
              '{"a":[1,2]}'::jsonb as doc, '\\x0102'::bytea as bytes, array[1,2] as list,
              '2026-11-28'::date as day, '2026-11-28 10:00:00+00'::timestamptz as at`,
      [41, "y"],
      { parsers: { 1082: (value) => value, 1184: (value) => value } },
    );
    expect(result.rows).toEqual([
      {
        n: 42,
        amount: "2.50",
        s: "xy",
        yes: true,
        nothing: null,
        doc: { a: [1, 2] },
        bytes: new Uint8Array([1, 2]),
        list: [1, 2],
        day: "2026-11-28",
        at: "2026-11-28 10:00:00+00",
      },
    ]);
    const asArrays = await pglite.query("select 1 as a, 'b' as b", [], { rowMode: "array" });
    expect(asArrays.rows).toEqual([[1, "b"]]);
    expect(asArrays.fields.map((field) => field.name)).toEqual(["a", "b"]);
  });

  it("refuses a parser that would change a value: it cannot cross to the other process", async () => {
    await expect(pglite.query("select 1", [], { parsers: { 23: (value) => Number(value) } })).rejects.toThrow(
      "the parser for type 23 does not keep the text",
    );
  });

  it("keeps a database error's PostgreSQL fields (code, constraint), and the connection serves on", async () => {
    await pglite.exec("create table codes (code text constraint codes_unique unique); insert into codes values ('A')");
    const error = await pglite.query("insert into codes values ('A')").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "codes_unique" });
    expect((error as Error).message).toBe('duplicate key value violates unique constraint "codes_unique"');
    expect((await pglite.query("select count(*)::int as n from codes")).rows).toEqual([{ n: 1 }]);
  });

  it("commits a transaction, rolls back one that throws, and runs a statement sent meanwhile after it", async () => {
    await pglite.exec("create table moves (n int)");
    let outside: Promise<unknown> | undefined;
    await pglite.transaction(async (tx) => {
      await tx.query("insert into moves values (1)");
      // Sent while the transaction holds the connection: it waits, and sees the committed row.
      outside = pglite.query("select count(*)::int as n from moves");
      await tx.query("insert into moves values (2)");
    });
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ n: 2 }]);

    await expect(
      pglite.transaction(async (tx) => {
        await tx.query("insert into moves values (3)");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await pglite.transaction(async (tx) => {
      await tx.query("insert into moves values (4)");
      await tx.rollback();
    });
    expect((await pglite.query("select array_agg(n order by n) as ns from moves")).rows).toEqual([{ ns: [1, 2] }]);
  });

  it("copies rows from a blob (COPY … FROM '/dev/blob') and delivers notifications", async () => {
    await pglite.exec("create table copied (a int, b text)");
    await pglite.query("copy copied (a, b) from '/dev/blob'", [], { blob: new Blob(["1\tone\n2\t\\N\n"]) });
    expect((await pglite.query("select a, b from copied order by a")).rows).toEqual([
      { a: 1, b: "one" },
      { a: 2, b: null },
    ]);

    const heard: string[] = [];
    const unlisten = await pglite.listen("news", (payload) => heard.push(payload));
    await pglite.query("select pg_notify('news', 'first')");
    await expect.poll(() => heard).toEqual(["first"]);
    await unlisten();
    await pglite.query("select pg_notify('news', 'second')");
    await pglite.query("select 1");
    expect(heard).toEqual(["first"]);
  });

  it("closes with its writes in the folder: a new process finds them", async () => {
    const first = new PgliteProcess(`${folder}/b`);
    await first.exec("create table kept (n int); insert into kept values (7)");
    await first.close();
    const second = new PgliteProcess(`${folder}/b`);
    expect((await second.query("select n from kept")).rows).toEqual([{ n: 7 }]);
    await second.close();
  });

  it("fails the statements in flight and after when the process ends unexpectedly, and says so once", async () => {
    const doomed = new PgliteProcess(`${folder}/c`, { onExit: (error) => ended.push(error) });
    await doomed.waitReady;
    const inFlight = doomed.query("select pg_sleep(5)");
    process.kill(doomed.pid as number, "SIGKILL");
    await expect(inFlight).rejects.toThrow("The database process ended (SIGKILL)");
    await expect(doomed.query("select 1")).rejects.toThrow("The database process ended (SIGKILL)");
    expect(ended.map((error) => error.message)).toEqual(["The database process ended (SIGKILL)"]);
  });

  it("fails a statement sent to a process that died before its end was handled, with the reason", async () => {
    const doomed = new PgliteProcess(`${folder}/f`);
    await doomed.waitReady;
    process.kill(doomed.pid as number, "SIGKILL");
    // Blocks this thread while the process dies: its pipe is closed, its 'exit' not yet handled, so
    // the statement's send fails (EPIPE), which used to be an uncaught exception.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    await expect(doomed.query("select 1")).rejects.toThrow("The database process ended (SIGKILL)");
  });

  it("keeps a second process out of a folder in use, and takes over a folder whose holder was killed", async () => {
    const holder = new PgliteProcess(`${folder}/e`);
    await holder.waitReady;
    const intruder = new PgliteProcess(`${folder}/e`, { folderWaitMs: 300 });
    const inUse = `The data folder ${folder}/e is in use by process ${holder.pid} (another server on the same folder?)`;
    await expect(intruder.waitReady).rejects.toThrow(inUse);
    await expect(intruder.query("select 1")).rejects.toThrow(inUse);

    process.kill(holder.pid as number, "SIGKILL");
    await expect(holder.query("select 1")).rejects.toThrow("The database process ended (SIGKILL)");
    const next = new PgliteProcess(`${folder}/e`);
    expect((await next.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await next.close();
  });

  it("serves drizzle: the app's migrations and a transaction through openDatabase on a folder", async () => {
    const database = openDatabase({ dataDir: `${folder}/d` });
    await database.migrate();
    const result = await database.db.transaction(async (tx) =>
      rowsOf<{ tables: number }>(
        await tx.execute(sql`select count(*)::int as tables from pg_tables where tablename = 'staff'`),
      ),
    );
    expect(result).toEqual([{ tables: 1 }]);
    await database.close();
  });
});
