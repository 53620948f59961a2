import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { contactMessages } from "../../db/schema";
import { startTestServer, type TestServer } from "../support/server";
import { demoAccountTokens } from "../support/tokens";

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await demoAccountTokens(server)).admin;
});
afterAll(() => server?.close());

const MB = 1024 * 1024;
/** A JSON object of about `bytes` bytes. */
const jsonOfSize = (bytes: number) => JSON.stringify({ subject: "Big", message: "x".repeat(bytes) });

async function storedMessages() {
  const [row] = await server.database.db.select({ n: count() }).from(contactMessages);
  return row?.n;
}

describe("issue #12 item 3: body limits on /api, /graphql and the graphql-ws socket", () => {
  it("still reads a REST body just under 1 MB (the message rule answers it)", async () => {
    const response = await fetch(`${server.baseUrl}/api/contact-us`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: jsonOfSize(MB - 100),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "invalid" });
  });

  it("answers 413 with a JSON error to a REST body over 1 MB (Content-Length), storing nothing", async () => {
    const before = await storedMessages();
    const response = await fetch(`${server.baseUrl}/api/contact-us`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: jsonOfSize(MB + 1),
    });
    expect(response.status).toBe(413);
    // The body was not read: the client must not send another request on this connection.
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toEqual({ message: "The request body is larger than 1 MB", code: "too_large" });
    expect(await storedMessages()).toBe(before);
  });

  it("answers 413 to a chunked REST body over 1 MB (no Content-Length)", async () => {
    const chunk = new TextEncoder().encode("x".repeat(256 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"subject":"Big","message":"'));
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${server.baseUrl}/api/contact-us`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    // The body was not read: the client must not send another request on this connection.
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toEqual({ message: "The request body is larger than 1 MB", code: "too_large" });
  });

  it("answers 413 to a GraphQL body over 1 MB", async () => {
    const response = await fetch(`${server.baseUrl}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        query: "mutation($input: ContactMessageInput!) { sendContactMessage(input: $input) { __typename } }",
        variables: { input: { subject: "Big", message: "x".repeat(MB + 1) } },
      }),
    });
    expect(response.status).toBe(413);
    // The body was not read: the client must not send another request on this connection.
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toMatchObject({
      errors: [{ message: "Request body too large", extensions: { code: "REQUEST_ENTITY_TOO_LARGE" } }],
    });
  });

  /** A GraphQL POST sent in chunks, without Content-Length: `padding` bytes of spaces before the JSON's end. */
  const chunkedGraphQL = (padding: number) => {
    const parts = [
      '{"query":"{ me { accountType } }"',
      ...Array.from({ length: Math.ceil(padding / (256 * 1024)) }, (_, i) =>
        " ".repeat(Math.min(256 * 1024, padding - i * 256 * 1024)),
      ),
      "}",
    ];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts.shift();
        if (part === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(part));
      },
    });
    return fetch(`${server.baseUrl}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
  };

  it("answers 413 to a chunked GraphQL body over 1 MB (no Content-Length)", async () => {
    const response = await chunkedGraphQL(MB + 1);
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toMatchObject({
      errors: [{ message: "Request body too large", extensions: { code: "REQUEST_ENTITY_TOO_LARGE" } }],
    });
  });

  it("answers a chunked GraphQL body just under 1 MB", async () => {
    const response = await chunkedGraphQL(MB - 100);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { me: { accountType: "admin" } } });
  });

  it("answers 400 to a GraphQL request whose Content-Length is not one number", async () => {
    const { request } = await import("node:http");
    const url = new URL(`${server.baseUrl}/graphql`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: {
            authorization: `Bearer ${adminToken}`,
            "content-type": "application/json",
            "content-length": "12, 12",
          },
        },
        (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      sent.on("error", reject);
      sent.end('{"query":"{"');
    });
    expect(answer.status).toBe(400);
  });

  it("answers 413 to a sign-in form body over 1 MB, before reading it", async () => {
    const response = await fetch(`${server.baseUrl}/oidc/interaction/any/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "a@example.test", password: "x".repeat(MB) }).toString(),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.text()).toContain("<p>The form is larger than 1 MB.</p>");
  });

  it("closes a graphql-ws socket with 1009 when a message is over 1 MB", async () => {
    const socket = new WebSocket(`${server.baseUrl.replace("http", "ws")}/graphql`, "graphql-transport-ws");
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    socket.send(
      JSON.stringify({
        type: "connection_init",
        payload: { authorization: `Bearer ${adminToken}`, pad: "x".repeat(MB) },
      }),
    );
    expect(await closed).toBe(1009);
  });
});
