import { and, desc, eq } from "drizzle-orm";
import { type Client, createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { auditLog, users } from "../../db/schema";
import { DEMO_USER_IDS } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { startTestServer, type TestServer } from "../support/server";
import { signInForTokens } from "../support/signIn";
import { connectSocket } from "../support/sockets";
import { tokenFactory } from "../support/tokens";

let server: TestServer;
let tokens: Awaited<ReturnType<typeof tokenFactory>>;

beforeAll(async () => {
  server = await startTestServer();
  tokens = await tokenFactory(server);
});
afterAll(() => server?.close());

const connect = (connectionParams: Record<string, unknown>) => connectSocket(server.baseUrl, connectionParams);

function run(client: Client, query: string) {
  return new Promise((resolve, reject) => {
    client.subscribe({ query }, { next: resolve, error: reject, complete: () => {} });
  });
}

describe("issue #12 item 5: socket authentication at connection_init", () => {
  it("refuses a token without 'Bearer ' with 4401", async () => {
    const { closed } = connect({ authorization: await tokens.valid(DEMO_USER_IDS.admin) });
    expect(await closed).toEqual({ code: 4401, reason: "Unauthorized" });
  });

  it("refuses a malformed token and a non-text authorization with 4401", async () => {
    expect(await connect({ authorization: "Bearer not-a-jwt" }).closed).toEqual({ code: 4401, reason: "Unauthorized" });
    expect(await connect({ authorization: 42 }).closed).toEqual({ code: 4401, reason: "Unauthorized" });
  });

  it("records each refused connection in the audit log: what, the refusal's code, from where", async () => {
    const refusals = async () =>
      (
        await server.database.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.action, "authorization.denied"), eq(auditLog.entityType, "websocket")))
      ).length;
    const before = await refusals();
    expect(await connect({ authorization: "Bearer not-a-jwt" }).closed).toEqual({ code: 4401, reason: "Unauthorized" });
    const deadUser = await tokens.valid("00000000-0000-4000-8000-00000000beef");
    expect(await connect({ authorization: `Bearer ${deadUser}` }).closed).toEqual({ code: 4403, reason: "Forbidden" });
    await expect.poll(refusals).toBe(before + 2);
    const latest = await server.database.db
      .select({ after: auditLog.after, source: auditLog.source, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.action, "authorization.denied"), eq(auditLog.entityType, "websocket")))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(latest).toEqual([
      { after: { what: "connect /graphql", code: "FORBIDDEN" }, source: "127.0.0.1", actor: null },
      { after: { what: "connect /graphql", code: "UNAUTHENTICATED" }, source: "127.0.0.1", actor: null },
    ]);
  });

  it("refuses a validly signed token of a user who does not exist with 4403, before any subscribe", async () => {
    const { closed } = connect({
      authorization: `Bearer ${await tokens.valid("00000000-0000-4000-8000-00000000dead")}`,
    });
    expect(await closed).toEqual({ code: 4403, reason: "Forbidden" });
  });

  it("refuses a user who is no longer active with 4403", async () => {
    const token = await tokens.valid(DEMO_USER_IDS.exec);
    await server.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, DEMO_USER_IDS.exec));
    try {
      expect(await connect({ authorization: `Bearer ${token}` }).closed).toEqual({ code: 4403, reason: "Forbidden" });
    } finally {
      await server.database.db.update(users).set({ deletedAt: null }).where(eq(users.id, DEMO_USER_IDS.exec));
    }
  });

  it("answers operations for a valid token, then closes the socket when the token expires (4403: clients reconnect)", async () => {
    const { client, closed } = connect({ authorization: `Bearer ${await tokens.expiringIn(DEMO_USER_IDS.user, 3)}` });
    expect(await run(client, "{ me { accountType } }")).toEqual({ data: { me: { accountType: "user" } } });
    const started = Date.now();
    expect(await closed).toEqual({ code: 4403, reason: "Token expired" });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("lets a client reconnect after expiry with its renewed token, as the browser's client does", async () => {
    const issued = [await tokens.expiringIn(DEMO_USER_IDS.user, 2), await tokens.valid(DEMO_USER_IDS.user)];
    const closes: number[] = [];
    const client = createClient({
      url: `${server.baseUrl.replace("http", "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: () => ({ authorization: `Bearer ${issued.shift()}` }),
      retryAttempts: 1,
      retryWait: async () => {},
      lazy: false,
      onNonLazyError: () => {},
      on: { closed: (event) => closes.push((event as { code: number }).code) },
    });
    expect(await run(client, "{ me { accountType } }")).toEqual({ data: { me: { accountType: "user" } } });
    await expect.poll(() => closes, { timeout: 4000 }).toEqual([4403]);
    expect(await run(client, "{ me { accountType } }")).toEqual({ data: { me: { accountType: "user" } } });
    expect(issued).toEqual([]);
    await client.dispose();
  });

  it("closes the sockets of a user who logs out (4401), leaving other users' sockets open", async () => {
    const { email, password } = DEMO_ACCOUNTS.admin;
    const session = await signInForTokens(server.baseUrl, email, password);
    const admin = connect({ authorization: `Bearer ${session.accessToken}` });
    const other = connect({ authorization: `Bearer ${await tokens.valid(DEMO_USER_IDS.user)}` });
    expect(await run(admin.client, "{ me { accountType } }")).toEqual({ data: { me: { accountType: "admin" } } });
    expect(await run(other.client, "{ me { accountType } }")).toEqual({ data: { me: { accountType: "user" } } });

    // Log out as the browser does: the end-session page, then its confirmation form.
    const end = new URL(`${server.baseUrl}/oidc/session/end`);
    end.search = new URLSearchParams({
      client_id: "staffing-web",
      post_logout_redirect_uri: `${server.baseUrl}/home`,
    }).toString();
    const page = await (await fetch(end, { headers: { cookie: session.cookie } })).text();
    const action = /action="([^"]+)"/.exec(page)?.[1] ?? "";
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const confirm = await fetch(new URL(action, server.baseUrl), {
      method: "POST",
      redirect: "manual",
      headers: { cookie: session.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ xsrf, logout: "yes" }).toString(),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe(`${server.baseUrl}/home`);

    expect(await admin.closed).toEqual({ code: 4401, reason: "Signed out" });
    expect(await run(other.client, "{ me { accountType } }")).toEqual({ data: { me: { accountType: "user" } } });
    await other.client.dispose();
  });

  it("answers an operation of a user deactivated while connected with an error, not a 4500", async () => {
    const { client, closed } = connect({ authorization: `Bearer ${await tokens.valid(DEMO_USER_IDS.exec)}` });
    expect(await run(client, "{ me { accountType } }")).toEqual({ data: { me: { accountType: "exec" } } });
    await server.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, DEMO_USER_IDS.exec));
    try {
      await expect(run(client, "{ me { accountType } }")).rejects.toEqual([
        expect.objectContaining({
          message: "No active user account matches this sign-in",
          extensions: expect.objectContaining({ code: "UNAUTHENTICATED" }),
        }),
      ]);
      await client.dispose();
      expect((await closed).code).toBe(1000);
    } finally {
      await server.database.db.update(users).set({ deletedAt: null }).where(eq(users.id, DEMO_USER_IDS.exec));
    }
  });
});
