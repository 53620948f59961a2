import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { graphqlRequest } from "../support/graphql";
import { startTestServer, type TestServer } from "../support/server";
import { signInWithPassword } from "../support/signIn";

let guessed: TestServer;
let explicit: TestServer;
let port: string;

beforeAll(async () => {
  guessed = await startTestServer({ defaultPublicUrl: true });
  explicit = await startTestServer({ seed: false });
  port = new URL(guessed.baseUrl).port;
});
afterAll(async () => {
  await guessed?.close();
  await explicit?.close();
});

/** A GET with the given Host header (fetch may not set it), answering status and Location. */
function getWithHost(baseUrl: string, host: string, path: string) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const url = new URL(path, baseUrl);
    request(url, { headers: { host } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    })
      .on("error", reject)
      .end();
  });
}

describe("issue #12 item 13: sign-in under any loopback host name", () => {
  it("without PUBLIC_URL sends a page opened under 127.0.0.1 to http://localhost first, keeping path and query", async () => {
    const response = await fetch(`${guessed.baseUrl}/admin/landing?tab=2`, { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe(`http://localhost:${port}/admin/landing?tab=2`);
  });

  it.each(["[::1]", "127.0.0.2"])("redirects the loopback name %s as well", async (name) => {
    expect(await getWithHost(guessed.baseUrl, `${name}:${port}`, "/home")).toEqual({
      status: 308,
      location: `http://localhost:${port}/home`,
    });
  });

  it("then signs in at the canonical address, where redirect_uri matches", async () => {
    const location = (await fetch(`${guessed.baseUrl}/home`, { redirect: "manual" })).headers.get("location") ?? "";
    const canonical = new URL(location).origin;
    expect(canonical).toBe(`http://localhost:${port}`);
    const token = await signInWithPassword(canonical, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    const { body } = await graphqlRequest(canonical, token, "{ me { accountType } }");
    expect(body.data).toEqual({ me: { accountType: "user" } });
  });

  it("leaves /api, /graphql and /oidc alone under any name", async () => {
    expect((await getWithHost(guessed.baseUrl, `127.0.0.1:${port}`, "/api/config/auth")).status).toBe(200);
    expect(
      (await getWithHost(guessed.baseUrl, `127.0.0.1:${port}`, "/oidc/.well-known/openid-configuration")).status,
    ).toBe(200);
    expect((await getWithHost(guessed.baseUrl, `127.0.0.1:${port}`, "/graphql")).location).toBeUndefined();
  });

  it("does not redirect the canonical name, a non-loopback name, or a server with an explicit PUBLIC_URL", async () => {
    expect((await getWithHost(guessed.baseUrl, `localhost:${port}`, "/home")).location).toBeUndefined();
    expect((await getWithHost(guessed.baseUrl, "staffing.example", "/home")).location).toBeUndefined();
    const explicitPort = new URL(explicit.baseUrl).port;
    expect((await getWithHost(explicit.baseUrl, `localhost:${explicitPort}`, "/home")).location).toBeUndefined();
  });
});
