import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invites } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { useSeededDatabase } from "../../tests/support/seededDatabase";
import { type B2cConfig, loadConfig } from "../config";
import { DomainError } from "../services/errors";
import { b2cDirectory, GRAPH_BASE_URL } from "./b2cDirectory";

/**
 * Azure AD B2C cannot be reached from here: these tests run the directory's own logic (which Graph
 * calls, in which order, with which bodies; the invitation record; refusals) against a recording
 * stand-in for Graph's HTTP endpoint and a fixed token. The real tenant is exercised only in a
 * deployment with B2C settings.
 */

const B2C: B2cConfig = {
  tenantName: "contoso",
  tenantId: "11111111-1111-4111-8111-111111111111",
  policy: "B2C_1_signin",
  clientId: "client",
  apiScope: "https://contoso.onmicrosoft.com/api/access",
  apiAudience: "api",
  graph: { clientId: "graph-client", clientSecret: "secret", senderAddress: "noreply@contoso.example" },
};

const database = useSeededDatabase();

type Call = { method: string; url: string; body: unknown; authorization: string | null };

function recordingGraph(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Call[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({
      method,
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      authorization: new Headers(init?.headers).get("authorization"),
    });
    const key = `${method} ${url.replace(GRAPH_BASE_URL, "").split("?")[0]}`;
    const answer = answers[key] ?? { status: 404, body: { error: { message: `no answer for ${key}` } } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  return { calls, fetchStub };
}

const invitation = {
  userId: DEMO_USER_IDS.user,
  facilityId: DEMO_FACILITY_ID,
  email: "Manager@Demo.Hospital",
  firstName: "Jordan",
  lastName: "Patel",
  invitedByUserId: DEMO_USER_IDS.admin,
};

describe("the Azure AD B2C directory", () => {
  it("creates a missing local account, records the 48-hour invitation and mails it from the sender", async () => {
    const graph = recordingGraph({
      "GET /users": { status: 200, body: { value: [] } },
      "POST /users": { status: 201, body: { id: "new-object-id" } },
      "POST /users/noreply%40contoso.example/sendMail": { status: 202, body: undefined },
    });
    const directory = b2cDirectory(B2C, {
      publicUrl: "https://staffing.example",
      tokenSource: async () => "graph-token",
      fetch: graph.fetchStub,
    });
    await database.db.transaction((tx) => directory.invite(tx, invitation));

    expect(graph.calls.map((c) => c.method)).toEqual(["GET", "POST", "POST"]);
    expect(graph.calls.every((c) => c.authorization === "Bearer graph-token")).toBe(true);
    expect(decodeURIComponent(graph.calls[0]?.url ?? "")).toContain(
      "identities/any(c:c/issuerAssignedId eq 'manager@demo.hospital' and c/issuer eq 'contoso.onmicrosoft.com')",
    );
    expect(graph.calls[1]?.body).toMatchObject({
      accountEnabled: true,
      displayName: "Jordan Patel",
      identities: [
        { signInType: "emailAddress", issuer: "contoso.onmicrosoft.com", issuerAssignedId: "manager@demo.hospital" },
      ],
    });
    const mail = graph.calls[2]?.body as { message: { toRecipients: unknown; body: { content: string } } };
    expect(mail.message.toRecipients).toEqual([{ emailAddress: { address: "Manager@Demo.Hospital" } }]);
    expect(mail.message.body.content).toContain("https://staffing.example/home?login_hint=manager%40demo.hospital");
    expect(mail.message.body.content).toContain("valid for 48 hours");
    const rows = await database.db.select().from(invites).where(eq(invites.userId, DEMO_USER_IDS.user));
    expect(rows).toHaveLength(1);
  });

  it("does not create an account that exists, and answers Graph's refusal as a clear error", async () => {
    const graph = recordingGraph({
      "GET /users": { status: 200, body: { value: [{ id: "existing" }] } },
      "POST /users/noreply%40contoso.example/sendMail": {
        status: 403,
        body: { error: { message: "Access is denied." } },
      },
    });
    const directory = b2cDirectory(B2C, {
      publicUrl: "https://x",
      tokenSource: async () => "t",
      fetch: graph.fetchStub,
    });
    const attempt = database.db.transaction((tx) => directory.invite(tx, invitation));
    await expect(attempt).rejects.toThrow("The identity provider refused (403): Access is denied.");
    expect(graph.calls.map((c) => c.method)).toEqual(["GET", "POST"]);
    // The transaction rolled back: no second invitation row.
    expect(await database.db.select().from(invites).where(eq(invites.userId, DEMO_USER_IDS.user))).toHaveLength(1);
  });

  it("refuses to add users when Microsoft Graph is not configured", async () => {
    const directory = b2cDirectory({ ...B2C, graph: undefined }, { publicUrl: "https://x" });
    const attempt = directory.invite(database.db, invitation);
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toThrow(
      "Adding users needs Microsoft Graph: set B2C_GRAPH_CLIENT_ID, B2C_GRAPH_CLIENT_SECRET and INVITE_SENDER_ADDRESS",
    );
  });
});

describe("Graph settings in the configuration", () => {
  const b2cEnv = {
    B2C_TENANT_NAME: "contoso",
    B2C_TENANT_ID: "t",
    B2C_POLICY: "p",
    B2C_CLIENT_ID: "c",
    B2C_API_SCOPE: "s",
    B2C_API_AUDIENCE: "a",
  };
  it("reads all three or none, and refuses a partial set", () => {
    expect(loadConfig(b2cEnv).b2c?.graph).toBeUndefined();
    expect(
      loadConfig({ ...b2cEnv, B2C_GRAPH_CLIENT_ID: "g", B2C_GRAPH_CLIENT_SECRET: "s", INVITE_SENDER_ADDRESS: "n@x" })
        .b2c?.graph,
    ).toEqual({ clientId: "g", clientSecret: "s", senderAddress: "n@x" });
    expect(() => loadConfig({ ...b2cEnv, B2C_GRAPH_CLIENT_ID: "g" })).toThrow(
      "Microsoft Graph provisioning is partly configured; also set B2C_GRAPH_CLIENT_SECRET, INVITE_SENDER_ADDRESS",
    );
  });
});
