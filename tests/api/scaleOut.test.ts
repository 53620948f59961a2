import { randomInt, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { loadConfig } from "../../server/config";
import { startComposeProxy } from "../support/caddy";
import { createTestDatabase, type TestDatabase, testDbKind } from "../support/database";
import { graphqlRequest } from "../support/graphql";
import { type Instance, startInstance } from "../support/instances";
import { freePort } from "../support/ports";
import { TEST_REDIS_URL } from "../support/redis";
import { startSharedBlobStorage } from "../support/sharedStorage";
import { postSignInForm, signInForTokens } from "../support/signIn";
import { connectSocket } from "../support/sockets";
import { writeStaffCsv } from "../support/uploadFiles";
import { completeUpload, followUploadOverSocket, sendUploadFile } from "../support/uploads";

/**
 * Issue #17, scale-out: two server processes (server/main.ts, as production runs them) on one
 * PostgreSQL database, one Redis and one blob storage, as behind a load balancer: both know the
 * public address as A's. B serves requests only (IMPORT_WORKER=off), so every import is A's.
 * PGlite is one process's database: these run in the PostgreSQL suite.
 */

it("IMPORT_WORKER is on by default and takes only 'on' or 'off'", () => {
  expect(loadConfig({}).importWorker).toBe(true);
  expect(loadConfig({ IMPORT_WORKER: "off" }).importWorker).toBe(false);
  expect(() => loadConfig({ IMPORT_WORKER: "no" })).toThrow("IMPORT_WORKER must be 'on' or 'off', got 'no'");
});

const ME = "query { me { email } }";

describe.skipIf(testDbKind !== "postgres")("two instances on one PostgreSQL, Redis and blob storage", () => {
  let database: TestDatabase;
  let storage: Awaited<ReturnType<typeof startSharedBlobStorage>>;
  let a: Instance;
  let b: Instance;
  let publicUrl = "";
  const work = mkdtempSync(path.join(tmpdir(), "scale-out-"));

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    storage = await startSharedBlobStorage();
    const [portA, portB] = [await freePort(), await freePort()];
    publicUrl = `http://127.0.0.1:${portA}`;
    const shared = {
      DATABASE_URL: database.databaseUrl ?? "",
      REDIS_URL: TEST_REDIS_URL,
      AZURE_STORAGE_CONNECTION_STRING: storage.connectionString,
      PUBLIC_URL: publicUrl,
      CLIENT_DIST_DIR: path.join(work, "no-client"),
      DATA_DIR: path.join(work, "data"),
      // The load balancer (below, and in docker-compose.yml) names the client in X-Forwarded-For.
      TRUSTED_PROXIES: "127.0.0.1",
    };
    // A first: it migrates and seeds; B then finds both done.
    a = await startInstance(portA, { ...shared, IMPORT_WORKER: "on" });
    b = await startInstance(portB, { ...shared, IMPORT_WORKER: "off" });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await storage?.close();
    await database?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("each instance is healthy and keeps idle connections open longer than a load balancer does (65 s)", async () => {
    for (const instance of [a, b]) {
      const health = await fetch(`${instance.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get("keep-alive")).toBe("timeout=65");
    }
  });

  it("a session signed in on A works on B, and B renews it (shared signing key and provider state)", async () => {
    const { email, password } = DEMO_ACCOUNTS.admin;
    const signedIn = await signInForTokens(a.baseUrl, email, password);
    expect((await graphqlRequest(b.baseUrl, signedIn.accessToken, ME)).body.data).toEqual({ me: { email } });

    const renewal = await fetch(`${b.baseUrl}/oidc/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: signedIn.refreshToken ?? "",
        client_id: "staffing-web",
      }).toString(),
    });
    expect(renewal.status).toBe(200);
    const renewed = (await renewal.json()) as { access_token: string };
    expect((await graphqlRequest(a.baseUrl, renewed.access_token, ME)).body.data).toEqual({ me: { email } });
  });

  it("an upload queued through B is imported by A, and A's progress reaches a subscriber on B", async () => {
    const token = await signInForTokens(a.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const file = path.join(work, "staff.csv");
    const rows = await writeStaffCsv(file, { rows: 250 });
    const uploadId = await sendUploadFile(a.baseUrl, token.accessToken, {
      kind: "Staff",
      fileName: "staff.csv",
      content: await readFile(file),
    });
    // The subscriber and the completion are on B; only A imports, so what B's subscriber hears
    // after the queueing came from A through Redis.
    const follow = followUploadOverSocket(b.baseUrl, token.accessToken, uploadId);
    // The subscription's first answer (the upload's state now) says it is listening.
    await expect.poll(() => follow.seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await completeUpload(b.baseUrl, token.accessToken, uploadId)).toBe("MutationCompleteUploadSuccess");
    expect((await follow.finished).at(-1)).toEqual({ status: "Success", rowsProcessed: rows, errors: [] });

    const sql = postgres(database.databaseUrl ?? "", { max: 1, onnotice: () => {} });
    try {
      const [count] = await sql<{ n: number }[]>`select count(*)::int as n from staff where employee_id like 'G%'`;
      expect(count?.n).toBe(250);
    } finally {
      await sql.end();
    }
  });

  it("a change made through A holds on B too, though each remembers who is signed in (VIEWER_CACHE_SECONDS, 10 by default)", async () => {
    const { email, password } = DEMO_ACCOUNTS.exec;
    const { accessToken } = await signInForTokens(a.baseUrl, email, password);
    const NAME = "query { me { firstName lastName } }";
    const nameOn = async (instance: Instance) =>
      (await graphqlRequest(instance.baseUrl, accessToken, NAME)).body.data?.me as
        | { firstName: string; lastName: string }
        | undefined;
    const original = await nameOn(a);
    expect(await nameOn(b)).toEqual(original);
    const rename = (firstName: string) =>
      graphqlRequest(
        a.baseUrl,
        accessToken,
        "mutation ($input: ProfileInput!) { updateMyProfile(input: $input) { __typename } }",
        { input: { firstName, lastName: original?.lastName ?? "" } },
      );
    try {
      expect((await rename("Renamed")).body.data).toEqual({
        updateMyProfile: { __typename: "MutationUpdateMyProfileSuccess" },
      });
      expect((await nameOn(a))?.firstName).toBe("Renamed");
      // Well within the ten seconds B may remember the viewer: A's event through Redis did it.
      await expect.poll(async () => (await nameOn(b))?.firstName, { timeout: 3000, interval: 20 }).toBe("Renamed");
    } finally {
      await rename(original?.firstName ?? "");
    }
  });

  it("failed sign-ins count on both instances: the tenth locks the account on either", async () => {
    const email = `nobody-${randomUUID()}@example.test`;
    // An address of its own (Redis outlives a run), so no other test's failures count here.
    const localAddress = `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;
    const tryOn = (instance: Instance, password: string) =>
      postSignInForm(instance.baseUrl, { email, password, localAddress, publicUrl });
    for (let attempt = 1; attempt <= 9; attempt++) {
      // Odd tries on A, even on B: 5 + 4. Counted per instance, neither would be near 10.
      const answer = await tryOn(attempt % 2 ? a : b, `wrong-${attempt}`);
      expect(answer).toEqual({ status: 401, retryAfter: undefined, alert: "The email or password is incorrect." });
    }
    const locked = {
      status: 429,
      retryAfter: "900",
      alert: "Too many failed sign-ins. Try again in 15 minutes.",
    };
    expect(await tryOn(b, "wrong-10")).toEqual(locked);
    expect(await tryOn(a, "wrong-11")).toEqual(locked);
  });

  describe("behind the compose stack's load balancer (deploy/Caddyfile, run by caddy)", () => {
    let proxy: Awaited<ReturnType<typeof startComposeProxy>>;
    beforeAll(async () => {
      proxy = await startComposeProxy([new URL(a.baseUrl).host, new URL(b.baseUrl).host]);
    }, 30_000);
    afterAll(() => proxy?.stop());

    it("passes GraphQL and graphql-ws through to both, and the audit log has the client's address, not the proxy's", async () => {
      const { email, password } = DEMO_ACCOUNTS.exec;
      const { accessToken } = await signInForTokens(a.baseUrl, email, password);
      // Round robin: four requests reach both instances.
      for (let i = 0; i < 4; i++) {
        expect((await graphqlRequest(proxy.baseUrl, accessToken, ME)).body.data).toEqual({ me: { email } });
      }
      const socket = connectSocket(proxy.baseUrl, { authorization: `Bearer ${accessToken}` });
      const answer = await new Promise((resolve) => {
        socket.client.subscribe({ query: ME }, { next: resolve, error: resolve, complete: () => {} });
      });
      expect(answer).toEqual({ data: { me: { email } } });
      await socket.client.dispose();

      const tried = `nobody-${randomUUID()}@example.test`;
      const localAddress = `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;
      const refused = await postSignInForm(proxy.baseUrl, { email: tried, password: "wrong", localAddress, publicUrl });
      expect(refused.status).toBe(401);
      const sql = postgres(database.databaseUrl ?? "", { max: 1, onnotice: () => {} });
      try {
        const records = await sql<{ source: string }[]>`
          select source from audit_log where action = 'sign_in.failure' and entity_id = ${tried.toLowerCase()}`;
        expect(records).toEqual([{ source: localAddress }]);
      } finally {
        await sql.end();
      }
    });

    // Last: it stops B.
    it("sends no request to an instance that has stopped", async () => {
      const { email, password } = DEMO_ACCOUNTS.exec;
      const { accessToken } = await signInForTokens(a.baseUrl, email, password);
      await b.stop();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${proxy.baseUrl}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({ query: ME }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    });
  });
});
