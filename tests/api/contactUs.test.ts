import { count, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, contactMessages } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { sendContactMessage } from "../../server/services/contactUs";
import { graphqlRequest } from "../support/graphql";
import { useTestServer } from "../support/testServer";
import { viewerOfMissingFacility } from "../support/tokens";

const { server, token } = useTestServer();

const SEND = `mutation Send($input: ContactMessageInput!) {
  sendContactMessage(input: $input) {
    __typename
    ... on MutationSendContactMessageSuccess { data { id subject message createdAt } }
    ... on DomainError { message code fieldErrors { field message } }
  }
}`;

type Result = {
  __typename: string;
  data?: { id: string; subject: string; message: string; createdAt: string };
  message?: string;
  code?: string;
  fieldErrors?: { field: string; message: string }[];
};

async function send(account: keyof typeof token, input: Record<string, unknown>) {
  const { body } = await graphqlRequest(server.baseUrl, token[account], SEND, { input });
  expect(body.errors).toBeUndefined();
  return body.data?.sendContactMessage as Result;
}

async function post(account: keyof typeof token, body: string) {
  const response = await fetch(`${server.baseUrl}/api/contact-us`, {
    method: "POST",
    headers: { authorization: `Bearer ${token[account]}`, "content-type": "application/json" },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** How many messages and audit records exist: bad input and refusals must not change either. */
async function counts() {
  const db = server.database.db;
  const [messages] = await db.select({ n: count() }).from(contactMessages);
  // Refusals are recorded too (authorization.denied, issue #17): only changes count here.
  const [audits] = await db.select({ n: count() }).from(auditLog).where(ne(auditLog.action, "authorization.denied"));
  return { messages: messages?.n, audits: audits?.n };
}

describe("sendContactMessage and POST /api/contact-us", () => {
  it("stores an admin's message, trimmed, and audits it in the same change", async () => {
    const result = await send("admin", { subject: "  Login trouble  ", message: "\nI cannot see 4 East.\n" });
    expect(result.__typename).toBe("MutationSendContactMessageSuccess");
    expect(result.data).toMatchObject({ subject: "Login trouble", message: "I cannot see 4 East." });
    expect(Number.isNaN(Date.parse(result.data?.createdAt ?? ""))).toBe(false);

    const db = server.database.db;
    const [stored] = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, result.data?.id ?? ""));
    expect(stored).toMatchObject({
      userId: DEMO_USER_IDS.admin,
      subject: "Login trouble",
      message: "I cannot see 4 East.",
    });
    expect(stored?.createdAt.toISOString()).toBe(result.data?.createdAt);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, result.data?.id ?? ""));
    expect(audit).toMatchObject({
      actorUserId: DEMO_USER_IDS.admin,
      facilityId: DEMO_FACILITY_ID,
      action: "contact_message.create",
      entityType: "contact_message",
      before: null,
      after: { subject: "Login trouble", message: "I cannot see 4 East." },
    });
  });

  it("answers a user account's REST call with 201 and the stored message", async () => {
    const { status, body } = await post("user", JSON.stringify({ subject: "FAQ", message: "Where is modelling?" }));
    expect(status).toBe(201);
    expect(body).toMatchObject({ subject: "FAQ", message: "Where is modelling?" });
    const [stored] = await server.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, String(body.id)));
    expect(stored?.userId).toBe(DEMO_USER_IDS.user);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(body.id)));
    expect(audit).toMatchObject({
      actorUserId: DEMO_USER_IDS.user,
      action: "contact_message.create",
      before: null,
      after: { subject: "FAQ", message: "Where is modelling?" },
    });
  });

  it("takes exactly 120 and 2000 characters", async () => {
    const result = await send("user", { subject: "s".repeat(120), message: "m".repeat(2000) });
    expect(result.__typename).toBe("MutationSendContactMessageSuccess");
    expect(result.data?.subject).toHaveLength(120);
    expect(result.data?.message).toHaveLength(2000);
  });

  it("refuses executives (the route is for admin and user accounts only), storing nothing", async () => {
    const before = await counts();
    expect(await send("exec", { subject: "Hello", message: "From the CNO" })).toEqual({
      __typename: "DomainError",
      message: "You do not have permission to do this",
      code: "forbidden",
      fieldErrors: [],
    });
    const rest = await post("exec", JSON.stringify({ subject: "Hello", message: "From the CNO" }));
    expect(rest).toEqual({
      status: 403,
      body: { message: "You do not have permission to do this", code: "forbidden" },
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ subject: "", message: "Text" }, "Subject is required", { subject: "Subject is required" }],
    [{ subject: "   ", message: "Text" }, "Subject is required", { subject: "Subject is required" }],
    [{ subject: "Hi", message: "" }, "Message is required", { message: "Message is required" }],
    [{ subject: "Hi", message: " \n\t " }, "Message is required", { message: "Message is required" }],
    [
      { subject: "s".repeat(121), message: "Text" },
      "Subject must be at most 120 characters",
      { subject: "Subject must be at most 120 characters" },
    ],
    [
      { subject: "Hi", message: "m".repeat(2001) },
      "Message must be at most 2000 characters",
      { message: "Message must be at most 2000 characters" },
    ],
    [
      { subject: "", message: "m".repeat(2001) },
      "Subject is required",
      { subject: "Subject is required", message: "Message must be at most 2000 characters" },
    ],
  ])("refuses %j with '%s' and stores nothing", async (input, message, fieldErrors) => {
    const before = await counts();
    const result = await send("user", input);
    expect(result).toMatchObject({ __typename: "DomainError", code: "invalid", message });
    expect(Object.fromEntries(result.fieldErrors?.map((e) => [e.field, e.message]) ?? [])).toEqual(fieldErrors);
    expect(await post("admin", JSON.stringify(input))).toEqual({
      status: 400,
      body: { message, code: "invalid", fieldErrors },
    });
    expect(await counts()).toEqual(before);
  });

  it("answers a REST body without the fields, or one that is not a JSON object, with 400", async () => {
    const before = await counts();
    expect(await post("user", "{}")).toEqual({
      status: 400,
      body: {
        message: "Subject is required",
        code: "invalid",
        fieldErrors: { subject: "Subject is required", message: "Message is required" },
      },
    });
    expect(await post("user", JSON.stringify({ subject: 42, message: ["x"] }))).toMatchObject({
      status: 400,
      body: { fieldErrors: { subject: "Subject is required", message: "Message is required" } },
    });
    for (const body of ["{not json", "[]", '"text"', ""]) {
      expect(await post("user", body), body).toEqual({
        status: 400,
        body: { message: "The request body must be a JSON object", code: "invalid" },
      });
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses a call without a token", async () => {
    const response = await fetch(`${server.baseUrl}/api/contact-us`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ subject: "Hi", message: "There" }),
    });
    expect(response.status).toBe(401);
  });
});

describe("atomicity", () => {
  it("stores no message when its audit record cannot be written", async () => {
    const before = await counts();
    const viewer = viewerOfMissingFacility(DEMO_USER_IDS.user);
    await expect(
      sendContactMessage(server.database.db, viewer, { subject: "Lost", message: "Never stored" }),
    ).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });
});
