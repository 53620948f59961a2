// Issue #17 (production mode): the client sends its operations as persisted documents (codegen's
// client preset), and the app's pages may run nothing else; GraphiQL stays open to analysts
// (executives, administrators) and scripts send what they like.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { DEMO_USER_IDS } from "../../db/seed/demo";
import { loadConfig } from "../../server/config";
import { APP_DOCUMENTS, isFromAppPage, PERSISTED_MESSAGES } from "../../server/graphql/persistedDocuments";
import { graphqlPost } from "../support/graphql";
import type { TestServer } from "../support/server";
import { connectSocket } from "../support/sockets";
import { useTestServer } from "../support/testServer";

const APP_ONLY = PERSISTED_MESSAGES.appOnly;

/** The manifest's hash of the app's operation with this name. */
function hashOf(operationName: string): string {
  const found = [...APP_DOCUMENTS].find(
    ([, text]) => text.includes(` ${operationName}(`) || text.includes(` ${operationName} {`),
  );
  if (!found) throw new Error(`No app operation named ${operationName}`);
  return found[0];
}

const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });
const PROFILE = "query Mine($id: ID!) { user(id: $id) { email } }";

/** The profile page's own query for the unit manager, by its hash, from the app's page (plus `extra` in the body). */
const profileByHash = (server: TestServer, token: string, extra: Record<string, unknown> = {}) =>
  graphqlPost(
    server.baseUrl,
    token,
    { variables: { id: DEMO_USER_IDS.user }, extensions: persisted(hashOf("ProfilePage_UserQuery")), ...extra },
    { origin: new URL(server.baseUrl).origin },
  );

describe("GRAPHQL_PERSISTED_ONLY", () => {
  it("is on by default and takes only 'on' or 'off'", () => {
    expect(loadConfig({}).graphqlPersistedOnly).toBe(true);
    expect(loadConfig({ GRAPHQL_PERSISTED_ONLY: "off" }).graphqlPersistedOnly).toBe(false);
    expect(() => loadConfig({ GRAPHQL_PERSISTED_ONLY: "1" })).toThrow(
      "GRAPHQL_PERSISTED_ONLY must be 'on' or 'off', got '1'",
    );
  });

  it("counts a request as the app page's by its Origin, or a same-origin fetch without one", () => {
    const app = ["https://staffing.example.org", "http://localhost:5173"];
    expect(isFromAppPage({ origin: "https://staffing.example.org", fetchSite: "same-origin" }, app)).toBe(true);
    expect(isFromAppPage({ origin: "http://localhost:5173", fetchSite: "cross-site" }, app)).toBe(true);
    expect(isFromAppPage({ origin: null, fetchSite: "same-origin" }, app)).toBe(true);
    expect(isFromAppPage({ origin: "https://elsewhere.example", fetchSite: "cross-site" }, app)).toBe(false);
    expect(isFromAppPage({ origin: null, fetchSite: null }, app)).toBe(false);
    expect(isFromAppPage({ origin: undefined, fetchSite: "none" }, app)).toBe(false);
  });
});

describe("persisted documents, the app's pages limited to them (the default)", () => {
  const { server, token } = useTestServer({ env: { GRAPHQL_EXPLORER: "on" } });
  const fromApp = () => ({ origin: new URL(server.baseUrl).origin });

  it("runs the app's operation named by its hash alone, from the app's page", async () => {
    const { status, body } = await profileByHash(server, token.user, { operationName: "ProfilePage_UserQuery" });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    // The same operation as a script sends its text: the same answer.
    const script = await graphqlPost(server.baseUrl, token.user, {
      query: APP_DOCUMENTS.get(hashOf("ProfilePage_UserQuery")),
      variables: { id: DEMO_USER_IDS.user },
    });
    expect(script.body.errors).toBeUndefined();
    expect(body.data).toEqual(script.body.data);
    expect((body.data?.user as { __typename: string }).__typename).toBe("User");
  });

  it("runs the document it has under the hash, never the text sent with it", async () => {
    const { body } = await profileByHash(server, token.user, {
      query: "mutation Sneaky { finishUserAccessibility { __typename } }",
    });
    expect(body.errors).toBeUndefined();
    expect(Object.keys(body.data ?? {})).toEqual(["user"]);
    expect(body.data?.user).toMatchObject({ __typename: "User", id: DEMO_USER_IDS.user });
  });

  it("refuses an unknown hash with PersistedQueryNotFound (Apollo's link then sends the text)", async () => {
    const { body } = await graphqlPost(
      server.baseUrl,
      token.admin,
      { extensions: persisted(`sha256:${"0".repeat(64)}`) },
      fromApp(),
    );
    expect(body.data ?? null).toBeNull();
    expect(body.errors).toEqual([expect.objectContaining({ message: "PersistedQueryNotFound" })]);
  });

  it("refuses a unit manager's own text from the app's page, records the refusal, and runs it from a script", async () => {
    const variables = { id: DEMO_USER_IDS.user };
    const page = await graphqlPost(server.baseUrl, token.user, { query: PROFILE, variables }, fromApp());
    expect(page.body.data ?? null).toBeNull();
    expect(page.body.errors).toEqual([
      expect.objectContaining({ message: APP_ONLY, extensions: expect.objectContaining({ code: "FORBIDDEN" }) }),
    ]);
    // A same-origin GET names no Origin; the browser's fetch metadata still says where it came from.
    const search = new URLSearchParams({ query: PROFILE, variables: JSON.stringify(variables) });
    const get = await fetch(`${server.baseUrl}/graphql?${search}`, {
      headers: { authorization: `Bearer ${token.user}`, "sec-fetch-site": "same-origin", accept: "application/json" },
    });
    expect(((await get.json()) as { errors?: { message: string }[] }).errors?.[0]?.message).toBe(APP_ONLY);

    const [record] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "authorization.denied"), eq(auditLog.entityId, "Mine")));
    expect(record).toMatchObject({ actorUserId: DEMO_USER_IDS.user, after: { what: "Mine", code: "FORBIDDEN" } });

    const script = await graphqlPost(server.baseUrl, token.user, { query: PROFILE, variables });
    expect(script.body).toEqual({ data: { user: { email: expect.stringContaining("@") } } });
  });

  it("lets executives and administrators run any operation from the same origin (GraphiQL)", async () => {
    for (const analyst of [token.exec, token.admin]) {
      const { body } = await graphqlPost(server.baseUrl, analyst, { query: "{ me { accountType } }" }, fromApp());
      expect(body.errors).toBeUndefined();
    }
  });

  it("applies the same rule to graphql-ws operations opened from the app's page", async () => {
    const { client } = connectSocket(server.baseUrl, { authorization: `Bearer ${token.user}` }, fromApp());
    const run = (payload: {
      query: string;
      variables?: Record<string, unknown>;
      extensions?: Record<string, unknown>;
    }) =>
      new Promise<unknown>((resolve) => {
        client.subscribe(payload, { next: resolve, error: resolve, complete: () => {} });
      });
    expect(await run({ query: PROFILE, variables: { id: DEMO_USER_IDS.user } })).toEqual({
      errors: [expect.objectContaining({ message: APP_ONLY })],
    });
    // Recorded as a refusal over HTTP is, with the socket's transport.
    await expect
      .poll(() =>
        server.database.db
          .select({ actor: auditLog.actorUserId, after: auditLog.after })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.action, "authorization.denied"),
              eq(auditLog.entityType, "websocket"),
              eq(auditLog.entityId, "Mine"),
            ),
          ),
      )
      .toEqual([{ actor: DEMO_USER_IDS.user, after: { what: "Mine", code: "FORBIDDEN" } }]);
    const hash = hashOf("ProfilePage_UserQuery");
    expect(await run({ query: "", variables: { id: DEMO_USER_IDS.user }, extensions: persisted(hash) })).toEqual({
      data: { user: expect.objectContaining({ __typename: "User", id: DEMO_USER_IDS.user }) },
    });
    expect(await run({ query: "", extensions: persisted(`sha256:${"1".repeat(64)}`) })).toEqual([
      expect.objectContaining({ message: "PersistedQueryNotFound" }),
    ]);
    await client.dispose();
    // The same text over a socket a script opened runs.
    const script = connectSocket(server.baseUrl, { authorization: `Bearer ${token.user}` });
    const answer = await new Promise<unknown>((resolve) => {
      script.client.subscribe(
        { query: PROFILE, variables: { id: DEMO_USER_IDS.user } },
        { next: resolve, error: resolve, complete: () => {} },
      );
    });
    expect(answer).toEqual({ data: { user: { email: expect.stringContaining("@") } } });
    await script.client.dispose();
  });
});

describe("with GRAPHQL_PERSISTED_ONLY=off", () => {
  const { server, token } = useTestServer({ env: { GRAPHQL_PERSISTED_ONLY: "off" } });

  it("runs a unit manager's own text from the app's page, and still the app's hashes", async () => {
    const origin = { origin: new URL(server.baseUrl).origin };
    const text = await graphqlPost(
      server.baseUrl,
      token.user,
      { query: PROFILE, variables: { id: DEMO_USER_IDS.user } },
      origin,
    );
    expect(text.body).toEqual({ data: { user: { email: expect.stringContaining("@") } } });
    const hashed = await profileByHash(server, token.user);
    expect(hashed.body.errors).toBeUndefined();
  });
});
