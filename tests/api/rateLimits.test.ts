import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { graphqlRequest } from "../support/graphql";
import { postSignInForm } from "../support/signIn";
import { useTestServer } from "../support/testServer";

const { server, token } = useTestServer();

/** A sign-in posted from `localAddress` (the address the server sees). */
const signInFrom = (localAddress: string, email: string, password: string) =>
  postSignInForm(server.baseUrl, { email, password, localAddress });

const WRONG = { status: 401, retryAfter: undefined, alert: "The email or password is incorrect." };
const LOCKED = { status: 429, retryAfter: "900", alert: "Too many failed sign-ins. Try again in 15 minutes." };

async function locks(entityType: string, entityId: string) {
  return server.database.db
    .select({ action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));
}

describe("issue #12 item 4: brute-force protection on sign-in, 429 for search and upload slots", () => {
  it("locks an account for 15 minutes after 10 wrong passwords, from any address, and audits it", async () => {
    const { email, password } = DEMO_ACCOUNTS.user;
    for (let attempt = 1; attempt < 10; attempt++) {
      expect(await signInFrom("127.0.0.2", email, `wrong-${attempt}`)).toEqual(WRONG);
    }
    expect(await signInFrom("127.0.0.2", email, "wrong-10")).toEqual(LOCKED);
    // The right password no longer helps, from this address or another one.
    expect(await signInFrom("127.0.0.2", email, password)).toEqual(LOCKED);
    expect(await signInFrom("127.0.0.3", email, password)).toEqual(LOCKED);
    expect(await locks("sign_in_account", email.toLowerCase())).toEqual([
      {
        action: "sign_in.lock",
        after: { email, address: "127.0.0.2", failures: 10, lockedForSeconds: 900 },
      },
    ]);
  });

  it("locks an address after 10 failures over any accounts, for every account", async () => {
    for (let attempt = 1; attempt < 10; attempt++) {
      expect(await signInFrom("127.0.0.4", `nobody${attempt}@example.test`, "guess")).toEqual(WRONG);
    }
    expect(await signInFrom("127.0.0.4", "nobody10@example.test", "guess")).toEqual(LOCKED);
    const { email, password } = DEMO_ACCOUNTS.exec;
    expect(await signInFrom("127.0.0.4", email, password)).toEqual(LOCKED);
    expect(await locks("sign_in_address", "127.0.0.4")).toHaveLength(1);
    // The same account from another address still signs in (303 to the authorization endpoint).
    expect((await signInFrom("127.0.0.5", email, password)).status).toBe(303);
  });

  it("answers 429 with Retry-After to the 121st search of a minute, REST and GraphQL alike, per user", async () => {
    const search = () =>
      fetch(`${server.baseUrl}/api/staff/facility/${DEMO_FACILITY_ID}/search?searchTerm=an`, {
        headers: { authorization: `Bearer ${token.admin}` },
      });
    for (let n = 1; n <= 120; n++) expect((await search()).status).toBe(200);
    const refused = await search();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      message: expect.stringMatching(/^Too many searches\. Try again in (59|60) seconds\.$/),
      code: "too_many_requests",
    });
    const query = `query($f: ID!) { employeeSearch(facilityId: $f, term: "an") { id } }`;
    const graphql = await graphqlRequest(server.baseUrl, token.admin, query, { f: DEMO_FACILITY_ID });
    expect(graphql.status).toBe(429);
    expect(graphql.body.errors?.[0]?.extensions?.code).toBe("TOO_MANY_REQUESTS");
    expect(graphql.body.errors?.[0]?.message).toMatch(/^Too many searches\. Try again in (59|60) seconds\.$/);
    // Another user's searches are counted apart.
    const other = await graphqlRequest(server.baseUrl, token.exec, query, { f: DEMO_FACILITY_ID });
    expect(other.status).toBe(200);
  });

  it("answers 429 with Retry-After to the 31st upload slot in 10 minutes", async () => {
    const slot = () =>
      fetch(`${server.baseUrl}/api/upload/credentials`, {
        method: "POST",
        headers: { authorization: `Bearer ${token.admin}`, "content-type": "application/json" },
        body: JSON.stringify({
          facilityId: DEMO_FACILITY_ID,
          userId: DEMO_USER_IDS.admin,
          originalFileName: "staff.xlsx",
          type: 1,
        }),
      });
    for (let n = 1; n <= 30; n++) expect((await slot()).status).toBe(200);
    const refused = await slot();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("600");
    expect(await refused.json()).toEqual({
      message: "Too many upload requests. Try again in 10 minutes.",
      code: "too_many_requests",
    });
    const graphql = await graphqlRequest(
      server.baseUrl,
      token.admin,
      `mutation { requestUploadSlot(input: { kind: Staff, originalFileName: "s.xlsx" }) { __typename } }`,
    );
    expect(graphql.status).toBe(429);
    expect(graphql.body.errors?.[0]).toMatchObject({
      message: "Too many upload requests. Try again in 10 minutes.",
      extensions: { code: "TOO_MANY_REQUESTS" },
    });
  });
});
