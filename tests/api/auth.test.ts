import { get, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import persistedDocuments from "../../client/src/gql/persisted-documents.json" with { type: "json" };
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { ACCOUNT_TYPE_LABELS } from "../../schema/accountTypes";
import { graphqlRequest } from "../support/graphql";
import { startTestServer, type TestServer } from "../support/server";
import { SignInRefused, signInForTokens, signInWithPassword } from "../support/signIn";
import { tokenFactory } from "../support/tokens";

let server: TestServer;
let tokens: Awaited<ReturnType<typeof tokenFactory>>;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer();
  tokens = await tokenFactory(server);
  adminToken = await signInWithPassword(server.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const me = await graphqlRequest(server.baseUrl, adminToken, "{ me { id } }");
  adminId = (me.body.data?.me as { id: string } | undefined)?.id ?? "";
});
afterAll(() => server?.close());

describe("sign-in through the embedded provider", () => {
  it.each([
    ["admin", "admin", "Admin"],
    ["exec", "exec", "Executive"],
    ["user", "user", "User"],
  ] as const)("signs in the %s demo account with its account type", async (account, accountType, label) => {
    expect(ACCOUNT_TYPE_LABELS[accountType]).toBe(label);
    const { email, password, firstName, lastName } = DEMO_ACCOUNTS[account];
    const token = await signInWithPassword(server.baseUrl, email, password);
    const { status, body } = await graphqlRequest(
      server.baseUrl,
      token,
      "{ me { name initials email accountType facilityName organizationId costCenterPermissions { code executive } } }",
    );
    expect(status).toBe(200);
    expect(body.data?.me).toMatchObject({
      name: `${firstName} ${lastName}`,
      initials: `${firstName[0]}${lastName[0]}`,
      email,
      accountType,
      facilityName: "St. Catherine Medical Center",
    });
  });

  it("renews the access token silently with the rotating refresh token", async () => {
    const { email, password } = DEMO_ACCOUNTS.user;
    const first = await signInForTokens(server.baseUrl, email, password);
    expect(first.refreshToken).toEqual(expect.any(String));
    const refresh = (refreshToken: string) =>
      fetch(`${server.baseUrl}/oidc/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: "staffing-web",
        }),
      });
    const renewed = (await (await refresh(first.refreshToken as string)).json()) as Record<string, string>;
    expect(renewed.access_token).not.toBe(first.accessToken);
    expect(renewed.refresh_token).not.toBe(first.refreshToken);
    const { body } = await graphqlRequest(server.baseUrl, renewed.access_token, "{ me { email } }");
    expect(body.data?.me).toEqual({ email });
    // Rotation: the used refresh token is spent.
    expect((await refresh(first.refreshToken as string)).status).toBe(400);
  });

  it("refuses a wrong password with the form's message", async () => {
    const attempt = signInWithPassword(server.baseUrl, DEMO_ACCOUNTS.admin.email, "not-the-password");
    await expect(attempt).rejects.toBeInstanceOf(SignInRefused);
    const error = (await attempt.catch((e: unknown) => e)) as SignInRefused;
    expect(error.status).toBe(401);
    expect(error.page).toContain("The email or password is incorrect.");
  });
});

describe("every request needs a valid access token", () => {
  const cases: [string, () => Promise<string | undefined> | string | undefined, RegExp][] = [
    ["no token", () => undefined, /Sign in first/],
    ["an expired token", () => tokens.expired(adminId), /expired/],
    ["a wrong issuer", () => tokens.wrongIssuer(adminId), /iss/],
    ["a wrong audience", () => tokens.wrongAudience(adminId), /aud/],
    ["alg: none", () => tokens.algNone(adminId), /algorithm|invalid/],
    ["HS256 signed with the public key", () => tokens.hs256WithPublicKey(adminId), /algorithm/],
    ["an unknown signing key", () => tokens.unknownKey(adminId), /unknown key/],
    ["a forged signature under the real key id", () => tokens.unknownKey(adminId, tokens.kid), /signature/],
  ];

  it.each(cases)("REST answers %s with 401 and a JSON body", async (_name, makeToken, message) => {
    const token = await makeToken();
    const response = await fetch(`${server.baseUrl}/api/user/${adminId}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as { message: string; code: string };
    expect(body.code).toBe("invalid_token");
    expect(body.message).toMatch(message);
  });

  it.each(cases)("GraphQL answers %s with 401 and a JSON body", async (_name, makeToken, message) => {
    const { status, body } = await graphqlRequest(server.baseUrl, await makeToken(), "{ me { id } }");
    expect(status).toBe(401);
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(body.errors?.[0]?.message).toMatch(message);
    expect(body.data ?? null).toBeNull();
  });

  it("accepts a valid token on both", async () => {
    const token = await tokens.valid(adminId);
    const rest = await fetch(`${server.baseUrl}/api/user/${adminId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { email: string }).email).toBe(DEMO_ACCOUNTS.admin.email);
    const graphql = await graphqlRequest(server.baseUrl, token, "{ me { email } }");
    expect(graphql.body.data?.me).toEqual({ email: DEMO_ACCOUNTS.admin.email });
  });

  it("answers only the health check without one: 200 while the database answers, never cached", async () => {
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ status: "ok" });
    // The path is public exactly: nothing under it is.
    expect((await fetch(`${server.baseUrl}/api/health/details`)).status).toBe(401);
  });

  it("refuses a valid signature for a subject that is no user", async () => {
    const response = await fetch(`${server.baseUrl}/api/user/${adminId}`, {
      headers: { authorization: `Bearer ${await tokens.valid("someone-else")}` },
    });
    expect(response.status).toBe(401);
  });
});

describe("graphql-ws on /graphql", () => {
  function connect(authorization: string | undefined) {
    let resolveClosed: (code: number) => void = () => {};
    const closed = new Promise<number>((resolve) => {
      resolveClosed = resolve;
    });
    const client = createClient({
      url: `${server.baseUrl.replace("http", "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: authorization ? { authorization } : {},
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => {},
      on: { closed: (event) => resolveClosed((event as { code: number }).code) },
    });
    return { client, closed };
  }

  it("runs an operation for a valid token", async () => {
    const { client } = connect(`Bearer ${adminToken}`);
    const result = await new Promise((resolve, reject) => {
      client.subscribe({ query: "{ me { email accountType } }" }, { next: resolve, error: reject, complete: () => {} });
    });
    expect(result).toEqual({ data: { me: { email: DEMO_ACCOUNTS.admin.email, accountType: "admin" } } });
    await client.dispose();
  });

  const refusedConnections: [string, () => Promise<string | undefined>][] = [
    ["no token", async () => undefined],
    ["an expired token", async () => `Bearer ${await tokens.expired(adminId)}`],
    ["alg: none", async () => `Bearer ${tokens.algNone(adminId)}`],
    ["an unknown key", async () => `Bearer ${await tokens.unknownKey(adminId)}`],
  ];
  it.each(refusedConnections)("closes the connection for %s (4401)", async (_name, makeAuthorization) => {
    const { closed } = connect(await makeAuthorization());
    expect(await closed).toBe(4401);
  });
});

describe("GraphQL limits", () => {
  it("refuses a query deeper than the limit", async () => {
    let selection = "id";
    for (let depth = 0; depth < 12; depth++) selection = `costCenterPermissions { ${selection} }`;
    const { body } = await graphqlRequest(server.baseUrl, adminToken, `{ me { ${selection} } }`);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.map((error) => error.message)).toContain(
      "Syntax Error: Query depth limit of 10 exceeded, found 14.",
    );
  });

  it("refuses an alias flood", async () => {
    const aliases = Array.from({ length: 40 }, (_, index) => `a${index}: me { id }`).join(" ");
    const { body } = await graphqlRequest(server.baseUrl, adminToken, `{ ${aliases} }`);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.message).toMatch(/Aliases limit of 15 exceeded, found 40/);
  });

  it("lets every operation of the app's own client through (depth, aliases, cost, tokens)", async () => {
    // The client's documents are built from fragments; a limit that counted a fragment as costlier
    // than its fields refused the wizard's own read (found 5,485 against 5,000). Each is sent
    // without its variables: the limits are checked before variables are.
    const refused: string[] = [];
    for (const text of Object.values(persistedDocuments)) {
      const { body } = await graphqlRequest(server.baseUrl, adminToken, text);
      const limit = body.errors?.find((error) => /limit of \d+ exceeded/.test(error.message));
      if (limit) refused.push(`${text.slice(0, 60)}…: ${limit.message}`);
    }
    expect(Object.keys(persistedDocuments).length).toBeGreaterThan(50);
    expect(refused).toEqual([]);
  });

  it("masks unexpected errors and does not suggest field names", async () => {
    const { body } = await graphqlRequest(server.baseUrl, adminToken, "{ me { emai } }");
    expect(body.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });
});

describe("GraphQL over HTTP", () => {
  it("serves GraphiQL to a browser at /graphql without a token", async () => {
    const response = await fetch(`${server.baseUrl}/graphql`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("<title>Staffing & Position Control: GraphQL</title>");
    expect(page).not.toMatch(/unpkg\.com|jsdelivr|cdn\./);
  });

  it("graphiql: serves the page compressed and cacheable to anyone, while every operation needs a token (item 7)", async () => {
    // node:http, not fetch: fetch would decompress the body and hide its size on the wire.
    const raw = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(`${server.baseUrl}/graphql`, { headers: { accept: "text/html", ...headers } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        }).on("error", reject);
      });
    const plain = await raw({});
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(9_000_000);

    const brotli = await raw({ "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.body.length).toBeLessThan(3_000_000);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

    const gzip = await raw({ "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.length).toBeLessThan(3_000_000);
    expect(gunzipSync(gzip.body).toString()).toContain("<title>Staffing & Position Control: GraphQL</title>");

    const etag = plain.headers.etag ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(gzip.headers.etag).toBe(etag);
    expect(gzip.headers["cache-control"]).toBe("no-cache");
    expect(gzip.headers.vary).toBe("Accept, Accept-Encoding");
    const revalidated = await raw({ "accept-encoding": "gzip", "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);

    const anonymous = await graphqlRequest(server.baseUrl, undefined, "{ me { id } }");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(anonymous.body.data ?? null).toBeNull();
  });

  it("refuses a simple cross-site request without a CSRF header (403)", async () => {
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ query: "{ me { id } }" }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      "Required CSRF header(s) not present",
    );
  });
});
