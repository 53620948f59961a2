import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { createTestDatabase, type TestDatabase, testDbKind } from "../support/database";
import { graphqlRequest } from "../support/graphql";
import { type Instance, startInstance } from "../support/instances";
import { freePort } from "../support/ports";
import { signInForTokens } from "../support/signIn";
import { startTcpProxy } from "../support/tcpProxy";

/**
 * Issue #17, faults: PostgreSQL goes away mid-load and comes back (every connection of the app is
 * cut and new ones refused for two seconds, through a proxy; the server itself, shared with other
 * tests, stays up). Writers create cost centers and readers read `me` throughout: no answer may be
 * wrong, every acknowledged write must be in the database afterwards, and the app must serve again
 * without a restart.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CREATE = `mutation($input: CostCenterInput!) { createCostCenter(input: $input) { __typename } }`;

describe.skipIf(testDbKind !== "postgres")("PostgreSQL restarted under load", () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let app: Instance;
  const work = mkdtempSync(path.join(tmpdir(), "pg-restart-"));

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const direct = new URL(database.databaseUrl ?? "");
    proxy = await startTcpProxy(Number(direct.port || 5432), direct.hostname);
    const throughProxy = new URL(direct);
    throughProxy.port = String(proxy.port);
    const port = await freePort();
    app = await startInstance(port, {
      DATABASE_URL: throughProxy.toString(),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(work, "data"),
      CLIENT_DIST_DIR: path.join(work, "no-client"),
    });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await proxy?.close();
    await database?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("answers errors while it is away, never a wrong answer, loses no acknowledged write, and serves again", async () => {
    const { email, password } = DEMO_ACCOUNTS.admin;
    const { accessToken } = await signInForTokens(app.baseUrl, email, password);
    const acknowledged: string[] = [];
    const outcomes = { written: 0, refused: 0, readRight: 0, readFailed: 0, wrongReads: [] as string[] };
    let stopAt = Number.POSITIVE_INFINITY;
    let next = 0;

    const writer = async () => {
      while (Date.now() < stopAt) {
        const code = String(880_000 + next++);
        const answer = await graphqlRequest(app.baseUrl, accessToken, CREATE, {
          input: { code, name: `Restart unit ${code}` },
        }).catch(() => undefined);
        const typename = (answer?.body.data?.createCostCenter as { __typename?: string } | undefined)?.__typename;
        if (typename === "MutationCreateCostCenterSuccess") {
          acknowledged.push(code);
          outcomes.written++;
        } else outcomes.refused++;
      }
    };
    const reader = async () => {
      while (Date.now() < stopAt) {
        const answer = await graphqlRequest(app.baseUrl, accessToken, "{ me { email } }").catch(() => undefined);
        const me = answer?.body.data?.me as { email?: string } | undefined;
        if (me?.email === email) outcomes.readRight++;
        else if (me) outcomes.wrongReads.push(JSON.stringify(answer?.body));
        else outcomes.readFailed++;
      }
    };
    const load = Promise.all([writer(), writer(), writer(), reader(), reader()]);

    await sleep(1_500);
    const writtenBefore = outcomes.written;
    await proxy.cut();
    await sleep(1_000);
    // The load balancer's health check says the instance is down meanwhile.
    const healthWhileAway = await fetch(`${app.baseUrl}/api/health`);
    expect(healthWhileAway.status).toBe(503);
    expect(await healthWhileAway.json()).toEqual({
      status: "unavailable",
      message: "The database does not answer",
    });
    await sleep(1_000);
    const refusedDuring = outcomes.refused;
    await proxy.restore();
    const restoredAt = Date.now();
    // Back: the app reconnects by itself; wait until writes are acknowledged again.
    const serving = await expect
      .poll(() => outcomes.written, { timeout: 30_000, interval: 200 })
      .toBeGreaterThan(writtenBefore + 10)
      .then(
        () => true,
        () => false,
      );
    console.log(`Serving again ${Date.now() - restoredAt} ms after the database came back`);
    stopAt = Date.now();
    await load;
    // What the app printed last says why, when it did not come back.
    const lastWords = app.output.slice(-60).join("\n");
    expect(app.running(), lastWords).toBe(true);
    expect(serving, lastWords).toBe(true);
    expect(writtenBefore).toBeGreaterThan(0);
    expect(refusedDuring).toBeGreaterThan(0);
    expect(outcomes.readRight).toBeGreaterThan(0);
    expect(outcomes.wrongReads).toEqual([]);
    // Every acknowledged cost center is there, read past the proxy.
    const sql = postgres(database.databaseUrl ?? "", { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ code: string }[]>`select code from cost_centers where code = any(${acknowledged})`;
      expect(rows.map((row) => row.code).sort()).toEqual([...acknowledged].sort());
    } finally {
      await sql.end();
    }
    // And it serves as before, and says so.
    expect((await fetch(`${app.baseUrl}/api/health`)).status).toBe(200);
    expect((await graphqlRequest(app.baseUrl, accessToken, "{ me { email } }")).body.data).toEqual({ me: { email } });
  }, 90_000);
});
