import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { POSTGRES_ADMIN_URL, testDbKind } from "../support/database";

/**
 * postgres.js 3.4.9 could send a transaction's BEGIN without reserving its connection (upstream
 * porsager/postgres#823, #1189; fix PR #1218 unreleased): whenever BEGIN filled the connection's
 * pipeline or met the socket's back-pressure, `sql.begin` failed with UNSAFE_TRANSACTION, or other
 * requests' statements ran inside the open transaction. The mixed-load benchmark met it on about one
 * wizard save in 5,000 once statements were prepared. patches/postgres+3.4.9.patch reserves the
 * connection whenever BEGIN was written. `max_pipeline` 0 puts every BEGIN at the pipeline's
 * boundary, and BEGINs sent in turn with plain statements queue behind them: without the patch both
 * tests fail (UNSAFE_TRANSACTION for every transaction, and 38 of 40).
 */
describe.skipIf(testDbKind !== "postgres")("postgres.js transactions at the pipeline's boundary", () => {
  const clients: postgres.Sql[] = [];
  // max_pipeline is a postgres.js option its types do not list.
  const open = (options: postgres.Options<Record<string, never>> & { max_pipeline: number }) => {
    const client = postgres(POSTGRES_ADMIN_URL, { onnotice: () => {}, ...options });
    clients.push(client);
    return client;
  };
  afterAll(() => Promise.all(clients.map((client) => client.end({ timeout: 2 }))));

  it("sql.begin runs on a connection of its own with max_pipeline 0 (BEGIN always fills the pipeline)", async () => {
    const sql = open({ max: 2, max_pipeline: 0 });
    const inside = await sql.begin(async (tx) => (await tx<{ pid: number }[]>`select pg_backend_pid() as pid`)[0]);
    expect(inside?.pid).toBeGreaterThan(0);
  });

  it("statements outside a transaction never run inside one that is open, 40 transactions among 40 statements", async () => {
    const sql = open({ max: 3, max_pipeline: 1 });
    // Each transaction marks itself with a setting that lasts until it ends and holds its connection
    // a moment; plain statements, sent in turn with them (so that BEGINs queue behind statements on
    // busy connections), read the mark, which only a statement inside another's transaction sees.
    const plain: Promise<string | undefined>[] = [];
    const transactions: Promise<void>[] = [];
    for (let turn = 0; turn < 40; turn += 1) {
      plain.push(
        sql<{ seen: string }[]>`select coalesce(current_setting('app.in_transaction', true), '') as seen`.then(
          (rows) => rows[0]?.seen,
        ),
      );
      transactions.push(
        sql.begin(async (tx) => {
          await tx`select set_config('app.in_transaction', 'yes', true)`;
          await tx`select pg_sleep(0.005)`;
        }),
      );
    }
    const refused = (await Promise.allSettled(transactions)).filter((result) => result.status === "rejected");
    expect(refused.map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);
    expect(await Promise.all(plain)).toEqual(Array(40).fill(""));
  });
});
