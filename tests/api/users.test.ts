import { describe, expect, it } from "vitest";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { graphqlRequest } from "../support/graphql";
import { useTestServer } from "../support/testServer";

const { server, token } = useTestServer();

type UserBody = { email: string; firstName: string; costCenterPermissions: { executive: boolean }[] };
/** Loosely typed on purpose: each test asserts the shape it reads. */
type Body = Partial<UserBody> & { message?: string; code?: string } & Record<string, unknown>;

async function rest<T = Body>(path: string, bearer?: string) {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  return { status: response.status, type: response.headers.get("content-type"), body: (await response.json()) as T };
}

describe("public configuration calls", () => {
  it("GET /api/config/auth tells the browser how to sign in, without a token", async () => {
    const { status, body } = await rest("/config/auth");
    expect(status).toBe(200);
    expect(body).toEqual({
      mode: "local",
      authority: `${server.baseUrl}/oidc`,
      clientId: "staffing-web",
      scopes: ["openid", "profile", "email", "api"],
      redirectPath: "/home",
    });
  });

  it("GET /api/auth/login names the provider's endpoints, and they exist", async () => {
    const { status, body } = await rest("/auth/login");
    expect(status).toBe(200);
    const discovery = (await (await fetch(`${body.authority}/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    expect(body.authorizationEndpoint).toBe(discovery.authorization_endpoint);
    expect(body.tokenEndpoint).toBe(discovery.token_endpoint);
    expect(body.endSessionEndpoint).toBe(discovery.end_session_endpoint);
  });

  it("GET /api/env/{name} answers only whitelisted settings", async () => {
    expect((await rest("/env/MAX_UPLOAD_MB")).body).toEqual({ name: "MAX_UPLOAD_MB", value: "100" });
    for (const secret of ["DATABASE_URL", "PATH", "AZURE_STORAGE_CONNECTION_STRING", "B2C_CLIENT_ID"]) {
      const { status, body, type } = await rest(`/env/${secret}`);
      expect(status).toBe(404);
      expect(type).toContain("application/json");
      expect(body.message).toBe(`'${secret}' is not a public setting`);
    }
  });

  it("an unknown call is a JSON 404", async () => {
    const { status, body } = await rest("/no-such-call", token.admin);
    expect(status).toBe(404);
    expect(body.message).toBe("No such call: GET /api/no-such-call");
  });
});

describe("GET /api/user/{id} and the user query", () => {
  it("lets an admin read any user of the facility, with permissions in order", async () => {
    const { status, body } = await rest(`/user/${DEMO_USER_IDS.exec}`, token.admin);
    expect(status).toBe(200);
    expect(body.email).toBe(DEMO_ACCOUNTS.exec.email);
    expect(body.costCenterPermissions).toHaveLength(12);
    expect(body.costCenterPermissions?.every((p) => p.executive)).toBe(true);
  });

  it("lets anyone read themselves", async () => {
    for (const account of ["user", "exec"] as const) {
      const { status, body } = await rest(`/user/${DEMO_USER_IDS[account]}`, token[account]);
      expect(status).toBe(200);
      expect(body.email).toBe(DEMO_ACCOUNTS[account].email);
    }
  });

  it("refuses users and execs reading someone else (403, JSON)", async () => {
    for (const [account, other] of [
      ["user", "admin"],
      ["exec", "user"],
    ] as const) {
      const { status, body } = await rest(`/user/${DEMO_USER_IDS[other]}`, token[account]);
      expect(status).toBe(403);
      expect(body).toEqual({ message: "You do not have permission to do this", code: "forbidden" });
      const graphql = await graphqlRequest(
        server.baseUrl,
        token[account],
        `{ user(id: "${DEMO_USER_IDS[other]}") { email } }`,
      );
      expect(graphql.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(graphql.body.data ?? null).toBeNull();
    }
  });

  it("answers a malformed id with 400 and an unknown one with 404", async () => {
    const malformed = await rest("/user/not-an-id", token.admin);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("'not-an-id' is not a valid user id");
    const unknown = await rest("/user/00000000-0000-4000-8000-000000000000", token.admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("User was not found");
    const graphql = await graphqlRequest(server.baseUrl, token.admin, '{ user(id: "not-an-id") { email } }');
    expect(graphql.body.errors?.[0]).toMatchObject({
      message: "'not-an-id' is not a valid user id",
      extensions: { code: "INVALID" },
    });
  });
});

describe("GET /api/user/facility/{id} and the facilityUsers query", () => {
  it("lists the facility's users for its admin, sorted by first name", async () => {
    const { status, body } = await rest<UserBody[]>(`/user/facility/${DEMO_FACILITY_ID}`, token.admin);
    expect(status).toBe(200);
    expect(body.length).toBe(13);
    const names = body.map((user) => user.firstName.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("refuses users and execs (REST 403, GraphQL FORBIDDEN)", async () => {
    for (const account of ["user", "exec"] as const) {
      expect((await rest(`/user/facility/${DEMO_FACILITY_ID}`, token[account])).status).toBe(403);
      const graphql = await graphqlRequest(
        server.baseUrl,
        token[account],
        `{ facilityUsers(facilityId: "${DEMO_FACILITY_ID}") { id } }`,
      );
      expect(graphql.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
  });

  it("refuses an admin another facility", async () => {
    const { status } = await rest("/user/facility/00000000-0000-4000-8000-000000000000", token.admin);
    expect(status).toBe(403);
  });

  it("answers the whole list in a fixed number of queries (no query per user)", async () => {
    server.database.queries.length = 0;
    const graphql = await graphqlRequest(
      server.baseUrl,
      token.admin,
      `{ facilityUsers(facilityId: "${DEMO_FACILITY_ID}") { email costCenterPermissions { code } } }`,
    );
    expect(graphql.body.data?.facilityUsers).toHaveLength(13);
    // One to resolve the viewer, one for the users, one for all their permissions.
    expect(server.database.queries).toHaveLength(3);
  });
});
