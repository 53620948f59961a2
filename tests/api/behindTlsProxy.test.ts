import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/testServer";

/**
 * An instance behind a load balancer that ends TLS (docker-compose.yml's Caddy at an https
 * PUBLIC_URL, Azure Container Apps' ingress): requests arrive over plain http, browsers use https.
 * The embedded provider must still name its endpoints at the https address and mark its cookies
 * Secure, whatever forwarding headers a client sends. (Before, it named them http://…, so the
 * browser was sent to an address the load balancer does not serve over http.)
 */
const PUBLIC_URL = "https://staffing.example";
const { server } = useTestServer({ publicUrl: PUBLIC_URL });

const discovery = async (headers: Record<string, string> = {}) =>
  (await (await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`, { headers })).json()) as Record<
    string,
    unknown
  >;

describe("the embedded provider behind a TLS-ending load balancer", () => {
  it("names its endpoints at the https PUBLIC_URL though the request came over http", async () => {
    expect(await discovery()).toMatchObject({
      issuer: `${PUBLIC_URL}/oidc`,
      authorization_endpoint: `${PUBLIC_URL}/oidc/auth`,
      token_endpoint: `${PUBLIC_URL}/oidc/token`,
      end_session_endpoint: `${PUBLIC_URL}/oidc/session/end`,
      jwks_uri: `${PUBLIC_URL}/oidc/jwks`,
    });
  });

  it("ignores the scheme and host a client writes in forwarding headers", async () => {
    const spoofed = await discovery({ "x-forwarded-proto": "http", "x-forwarded-host": "elsewhere.example" });
    expect(spoofed.authorization_endpoint).toBe(`${PUBLIC_URL}/oidc/auth`);
    expect(spoofed.token_endpoint).toBe(`${PUBLIC_URL}/oidc/token`);
  });

  it("starts a sign-in with a Secure interaction cookie and sends the browser to its https form", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const authorize = new URL(`${server.baseUrl}/oidc/auth`);
    authorize.search = new URLSearchParams({
      client_id: "staffing-web",
      response_type: "code",
      redirect_uri: `${PUBLIC_URL}/home`,
      scope: "openid profile email api",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: "s",
      nonce: "n",
    }).toString();
    const response = await fetch(authorize, { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^(https:\/\/staffing\.example)?\/oidc\/interaction\/[\w-]+$/);
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.toLowerCase()).toContain("; secure");
  });
});
