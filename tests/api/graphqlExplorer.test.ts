// Issue #17 (production mode): GraphiQL and schema introspection only by setting, and only for
// executives and administrators; field suggestions stay hidden either way.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { graphqlRequest } from "../support/graphql";
import type { TestServer } from "../support/server";
import { useTestServer } from "../support/testServer";

const SCHEMA = "{ __schema { queryType { name } } }";
const TYPE = 'query Probe { me { id } ...Deep } fragment Deep on Query { __type(name: "Viewer") { name } }';

const explorerPage = (server: TestServer) =>
  fetch(`${server.baseUrl}/graphql`, { headers: { accept: "text/html" } }).then(async (response) => ({
    status: response.status,
    text: await response.text(),
  }));

describe("GRAPHQL_EXPLORER", () => {
  it("is on by default with the embedded sign-in, off with B2C, and takes only 'on' or 'off'", () => {
    expect(loadConfig({}).graphqlExplorer).toBe(true);
    const b2c = {
      B2C_TENANT_NAME: "contoso",
      B2C_TENANT_ID: "00000000-0000-0000-0000-000000000000",
      B2C_POLICY: "B2C_1_signin",
      B2C_CLIENT_ID: "client",
      B2C_API_SCOPE: "https://contoso.onmicrosoft.com/api/access",
      B2C_API_AUDIENCE: "api",
    };
    expect(loadConfig(b2c).graphqlExplorer).toBe(false);
    expect(loadConfig({ ...b2c, GRAPHQL_EXPLORER: "on" }).graphqlExplorer).toBe(true);
    expect(loadConfig({ GRAPHQL_EXPLORER: "OFF" }).graphqlExplorer).toBe(false);
    expect(() => loadConfig({ GRAPHQL_EXPLORER: "yes" })).toThrow("GRAPHQL_EXPLORER must be 'on' or 'off', got 'yes'");
  });
});

describe("with the explorer on", () => {
  const { server, token: tokens } = useTestServer({ env: { GRAPHQL_EXPLORER: "on" } });

  it("lets an executive and an administrator read the schema", async () => {
    for (const token of [tokens.exec, tokens.admin]) {
      const { body } = await graphqlRequest(server.baseUrl, token, SCHEMA);
      expect(body).toEqual({ data: { __schema: { queryType: { name: "Query" } } } });
    }
    const { body } = await graphqlRequest(server.baseUrl, tokens.admin, TYPE);
    expect(body.data?.__type).toEqual({ name: "Viewer" });
  });

  it("refuses schema reads to a unit manager (also inside a fragment), whose other operations run as always", async () => {
    for (const query of [SCHEMA, TYPE]) {
      const { body } = await graphqlRequest(server.baseUrl, tokens.user, query);
      expect(body.data ?? null).toBeNull();
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: "Schema introspection is for executives and administrators",
          extensions: expect.objectContaining({ code: "FORBIDDEN" }),
        }),
      ]);
    }
    const { body } = await graphqlRequest(server.baseUrl, tokens.user, "{ __typename me { accountType } }");
    expect(body).toEqual({ data: { __typename: "Query", me: { accountType: "user" } } });
  });

  it("serves GraphiQL at /graphql", async () => {
    const page = await explorerPage(server);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>Staffing & Position Control: GraphQL</title>");
  });
});

describe("with the explorer off", () => {
  const { server, token: tokens } = useTestServer({ env: { GRAPHQL_EXPLORER: "off" } });

  it("refuses schema reads to everyone, administrators included; ordinary operations run", async () => {
    for (const token of [tokens.admin, tokens.exec, tokens.user]) {
      const { body } = await graphqlRequest(server.baseUrl, token, SCHEMA);
      expect(body.errors?.map((error) => error.message)).toEqual([
        "Schema introspection is turned off on this server (GRAPHQL_EXPLORER=off)",
      ]);
    }
    const { body } = await graphqlRequest(server.baseUrl, tokens.admin, "{ me { accountType } }");
    expect(body).toEqual({ data: { me: { accountType: "admin" } } });
  });

  it("serves no GraphiQL page, and still suggests no field names", async () => {
    const page = await explorerPage(server);
    expect(page.text).not.toContain("GraphiQL");
    expect(page.text).not.toContain("<title>Staffing & Position Control: GraphQL</title>");
    const { body } = await graphqlRequest(server.baseUrl, tokens.admin, "{ me { emai } }");
    expect(body.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });
});
