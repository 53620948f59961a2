import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "../../server/http/securityHeaders";
import { startTestServer, type TestServer } from "../support/server";
import { openSignInPage } from "../support/signIn";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const COMMON = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
};

/** The sign-in form, reached as the browser reaches it (authorization request, then interaction). */
const signInPage = async () => (await openSignInPage(server.baseUrl)).response;

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

describe("issue #12 item 6: security headers and CORS", () => {
  it.each([
    ["/", "text/html"],
    ["/home", "text/html"],
    ["/api/config/auth", "application/json"],
    ["/graphql", "text/html"],
    ["/oidc/.well-known/openid-configuration", "application/json"],
  ])("GET %s has nosniff, no framing and no referrer, and a CSP with frame-ancestors 'none'", async (path, accept) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { accept } });
    expect(Object.fromEntries(Object.keys(COMMON).map((name) => [name, response.headers.get(name)]))).toEqual(COMMON);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("runs the app under a strict policy: its own scripts only, no plugins, no foreign base", async () => {
    const csp = (await fetch(`${server.baseUrl}/home`)).headers.get("content-security-policy") ?? "";
    const directives = Object.fromEntries(csp.split("; ").map((part) => [part.split(" ")[0], part]));
    expect(directives["script-src"]).toBe("script-src 'self'");
    expect(directives["default-src"]).toBe("default-src 'self'");
    expect(directives["object-src"]).toBe("object-src 'none'");
    expect(directives["base-uri"]).toBe("base-uri 'none'");
    expect(directives["frame-src"]).toBe("frame-src 'none'");
    expect(directives["connect-src"]).toContain(`ws://${new URL(server.baseUrl).host}`);
  });

  it("gives GraphiQL its own policy (inline bundle, blob: workers)", async () => {
    const response = await fetch(`${server.baseUrl}/graphql`, { headers: { accept: "text/html" } });
    expect(await response.text()).toContain("<title>Staffing & Position Control: GraphQL</title>");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("worker-src 'self' blob:");
  });

  it("lets the sign-in form run only its own inline style, and post only to the app's origins", async () => {
    const response = await signInPage();
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<input id="email" name="email"');
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? "";
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`style-src 'sha256-${sha256(style)}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${server.baseUrl}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("lets oidc-provider's own pages run their inline script: it adds the script's hash to our policy", async () => {
    // Without a session, log out is oidc-provider's own auto-submitting form.
    const response = await fetch(`${server.baseUrl}/oidc/session/end?client_id=staffing-web`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("<title>Submitting Callback</title>");
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "";
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`'sha256-${sha256(script)}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers CORS on /graphql to the app's own origin only, never reflecting a foreign one", async () => {
    const query = JSON.stringify({ query: "{ __typename }" });
    const headers = (origin: string) => ({ origin, "content-type": "application/json" });
    const foreign = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST",
      headers: headers("https://evil.example"),
      body: query,
    });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(foreign.headers.get("access-control-allow-credentials")).toBeNull();
    const preflight = await fetch(`${server.baseUrl}/graphql`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const nullOrigin = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST",
      headers: headers("null"),
      body: query,
    });
    expect(nullOrigin.headers.get("access-control-allow-origin")).toBeNull();
    const own = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST",
      headers: headers(server.baseUrl),
      body: query,
    });
    expect(own.headers.get("access-control-allow-origin")).toBe(server.baseUrl);
  });

  it("sends HSTS only when the public address is https", async () => {
    const setHeaders = securityHeaders({
      publicUrl: "https://staffing.example",
      devOrigins: [],
      connectOrigins: [],
      frameOrigins: [],
    });
    const tls = createServer((req, res) => {
      setHeaders(req, res);
      res.end("ok");
    });
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(tls.address() as AddressInfo).port}/`);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(response.headers.get("content-security-policy")).toContain("connect-src 'self' wss://staffing.example");
    } finally {
      await new Promise((resolve) => tls.close(resolve));
    }
  });
});
