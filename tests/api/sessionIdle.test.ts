// Issue #17: the 10-minute idle rule holds on the server too. A session whose last reported
// activity is older than 10 minutes and a minute's grace is refused on every transport and its open
// sockets close; activity reported in time keeps it; only a new sign-in starts afresh.
import { and, eq, sql } from "drizzle-orm";
import { createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { b2cClaimsRefusal, createTokenVerifier } from "../../server/auth/tokens";
import { loadConfig } from "../../server/config";
import { createSessionActivity, withIdleRule } from "../../server/services/sessionActivity";
import { resolveViewer } from "../../server/services/viewer";
import { resultRows } from "../support/database";
import { graphqlRequest } from "../support/graphql";
import { restFetch } from "../support/rest";
import { startTestServer, type TestServer } from "../support/server";
import { signInForTokens } from "../support/signIn";
import { connectSocket } from "../support/sockets";
import { tokenFactory } from "../support/tokens";

const IDLE_MESSAGE = "Your session ended after a period without activity. Please sign in again.";

let server: TestServer;
let tokens: Awaited<ReturnType<typeof tokenFactory>>;
/** How far the server's idle clock is ahead of the real one: ten idle minutes without the wait. */
let clockAheadMs = 0;
const serverNow = () => Date.now() + clockAheadMs;
const idleFor = (seconds: number) => {
  clockAheadMs += seconds * 1000;
};

beforeAll(async () => {
  server = await startTestServer({ sessionClock: serverNow });
  tokens = await tokenFactory(server);
});
afterAll(() => server?.close());
afterEach(() => {
  clockAheadMs = 0;
});

/** When the token's session was last active, as stored (its key written out here: subject and sid). */
async function lastActiveOf(token: string): Promise<Date> {
  const { sub, sid } = decodeJwt(token);
  const key = `${sub}|sid:${sid}`;
  const [row] = resultRows<{ last_active_at: string | Date }>(
    await server.database.db.execute(sql`select last_active_at from session_activity where session_key = ${key}`),
  );
  if (!row) throw new Error(`No session ${key} is recorded`);
  return new Date(row.last_active_at);
}

const me = (token: string) => graphqlRequest(server.baseUrl, token, "{ me { email } }");
const report = (token: string) => restFetch(server.baseUrl, "POST", "/session/activity", token);

const socketCloses = (token: string) => connectSocket(server.baseUrl, { authorization: `Bearer ${token}` }).closed;

async function signIn(account: keyof typeof DEMO_ACCOUNTS) {
  const { email, password } = DEMO_ACCOUNTS[account];
  return signInForTokens(server.baseUrl, email, password);
}

describe("the server's idle rule (issue #17)", () => {
  it("a token names its sign-in session (sid), and a renewed token the same one", async () => {
    const first = await signIn("user");
    const renewed = (await (
      await fetch(`${server.baseUrl}/oidc/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: first.refreshToken as string,
          client_id: "staffing-web",
        }),
      })
    ).json()) as { access_token: string };
    const sid = decodeJwt(first.accessToken).sid;
    expect(sid).toEqual(expect.any(String));
    expect(decodeJwt(renewed.access_token).sid).toBe(sid);
    // Another sign-in is another session.
    expect(decodeJwt((await signIn("user")).accessToken).sid).not.toBe(sid);
  });

  it("within 10 minutes and the minute of grace a session is served; reported activity starts its clock again", async () => {
    const { accessToken } = await signIn("admin");
    expect((await me(accessToken)).status).toBe(200);

    // 10 min 50 s since the session began: inside the grace (the browser reports at most once a minute).
    idleFor(650);
    expect((await me(accessToken)).body.data?.me).toEqual({ email: DEMO_ACCOUNTS.admin.email });

    const response = await report(accessToken);
    expect(response.status).toBe(204);
    expect(Math.abs(serverNow() - (await lastActiveOf(accessToken)).getTime())).toBeLessThan(10_000);
    // Another 10 min 50 s from the report: still served.
    idleFor(650);
    expect((await me(accessToken)).status).toBe(200);
  });

  it("past 11 minutes it is refused on GraphQL, REST and websockets, cannot report its way back, and a new sign-in works", async () => {
    const { accessToken } = await signIn("exec");
    expect((await me(accessToken)).status).toBe(200);
    idleFor(11 * 60 + 5);
    const before = await lastActiveOf(accessToken);

    const graphql = await me(accessToken);
    expect(graphql.status).toBe(401);
    expect(graphql.body.errors?.[0]).toMatchObject({ message: IDLE_MESSAGE, extensions: { code: "UNAUTHENTICATED" } });

    const rest = await restFetch(server.baseUrl, "GET", `/user/${DEMO_USER_IDS.exec}`, accessToken);
    expect(rest.status).toBe(401);
    expect(((await rest.json()) as { message: string }).message).toBe(IDLE_MESSAGE);

    const revive = await report(accessToken);
    expect(revive.status).toBe(401);
    expect((await lastActiveOf(accessToken)).getTime()).toBe(before.getTime());

    expect(await socketCloses(accessToken)).toEqual({ code: 4401, reason: "Unauthorized" });

    // The provider issues the new token by the real clock: the idle clock goes back to it.
    clockAheadMs = 0;
    const again = await signIn("exec");
    expect((await me(again.accessToken)).body.data?.me).toEqual({ email: DEMO_ACCOUNTS.exec.email });
  });

  it("an open socket closes (4401) once its session goes idle", async () => {
    const { accessToken } = await signIn("user");
    expect((await me(accessToken)).status).toBe(200);
    const closed = socketCloses(accessToken);
    // Open and idle-checked for a moment (the test server sweeps every 500 ms): still open.
    const early = await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve("open"), 1500))]);
    expect(early).toBe("open");
    idleFor(11 * 60 + 5);
    expect(await closed).toEqual({ code: 4401, reason: "Session idle" });
  });

  it("a token issued longer ago than the limit, never seen before, is not let in", async () => {
    const token = await tokens.issuedMinutesAgo(DEMO_USER_IDS.admin, 12);
    const { status, body } = await me(token);
    expect(status).toBe(401);
    expect(body.errors?.[0]?.message).toBe(IDLE_MESSAGE);
    // A token issued a minute ago is a session that has just begun.
    expect((await me(await tokens.issuedMinutesAgo(DEMO_USER_IDS.admin, 1))).status).toBe(200);
  });

  it("reporting activity needs a signed-in session", async () => {
    const response = await report("not-a-token");
    expect(response.status).toBe(401);
  });
});

describe("SESSION_IDLE_MINUTES", () => {
  it("is 10 by default and takes a whole number of minutes from 1 to 720", () => {
    expect(loadConfig({}).sessionIdleMinutes).toBe(10);
    expect(loadConfig({ SESSION_IDLE_MINUTES: "15" }).sessionIdleMinutes).toBe(15);
    for (const bad of ["0", "721", "2.5", "ten", "-3"]) {
      expect(() => loadConfig({ SESSION_IDLE_MINUTES: bad })).toThrow(
        `SESSION_IDLE_MINUTES must be a whole number of minutes from 1 to 720, got '${bad}'`,
      );
    }
  });
});

describe("issue #17: a B2C session's first request is its sign-in in the audit log", () => {
  // B2C signs people in at Microsoft; the app first hears of a session from its first request.
  // The token is a real RS256 token checked by the app's verifier with B2C's claim rules.
  const b2c = { policy: "B2C_1_signin", apiScope: "https://contoso.onmicrosoft.com/staffing-api/access" };
  const issuer = "https://contoso.b2clogin.com/tenant/v2.0/";
  const audience = "staffing-api";

  it("records one sign_in.success per session, with the user, facility and address, however many requests follow", async () => {
    const pair = await generateKeyPair("RS256", { extractable: true });
    const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: "b2c", alg: "RS256" }] });
    const db = server.database.db;
    const sessions = createSessionActivity(db, { idleMinutes: 10 });
    const verify = withIdleRule(
      createTokenVerifier({ issuer, audience, jwks, refusal: (claims) => b2cClaimsRefusal(b2c, claims) }),
      sessions,
      { signInAtFirstRequest: true },
    );
    const signedInAt = Math.floor(Date.now() / 1000) - 30;
    const accessToken = (renewal: number) =>
      new SignJWT({ tfp: "B2C_1_signin", scp: "access", auth_time: signedInAt, renewal })
        .setProtectedHeader({ alg: "RS256", kid: "b2c" })
        .setSubject(DEMO_USER_IDS.exec)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(pair.privateKey);
    const signIns = () =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "sign_in.success"), eq(auditLog.source, "203.0.113.9")));

    // The first request, a second, and a renewed token of the same sign-in (same auth_time).
    await resolveViewer(db, await verify(await accessToken(1)), "203.0.113.9");
    await resolveViewer(db, await verify(await accessToken(1)), "203.0.113.9");
    await resolveViewer(db, await verify(await accessToken(2)), "203.0.113.9");
    expect(await signIns()).toEqual([
      expect.objectContaining({
        actorUserId: DEMO_USER_IDS.exec,
        facilityId: DEMO_FACILITY_ID,
        entityType: "user",
        entityId: DEMO_USER_IDS.exec,
        after: { email: DEMO_ACCOUNTS.exec.email },
      }),
    ]);

    // The embedded provider records sign-ins at its form: its tokens' first request records none.
    const embedded = withIdleRule(
      async () => ({ subject: DEMO_USER_IDS.admin, email: undefined, claims: { sid: "form" } }),
      sessions,
      {
        signInAtFirstRequest: false,
      },
    );
    await resolveViewer(db, await embedded("any"), "203.0.113.9");
    expect(await signIns()).toHaveLength(1);
  });
});
