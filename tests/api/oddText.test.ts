import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, contactMessages, costCenters, facilities, users } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { graphqlRequest } from "../support/graphql";
import { SignInRefused, signInWithPassword } from "../support/signIn";
import { useTestServer } from "../support/testServer";

const { server, token } = useTestServer();

/** Every table these calls could write: a refusal changes none of them. */
async function counts() {
  const db = server.database.db;
  const rows = await Promise.all(
    [auditLog, contactMessages, costCenters, facilities, users].map((table) => db.select({ n: count() }).from(table)),
  );
  return rows.map(([row]) => row?.n);
}

async function rest(method: string, path: string, body: string) {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token.admin}`, "content-type": "application/json" },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// JSON text, so the lone surrogate arrives as the escape a client sends (JSON.stringify keeps it escaped too).
const NUL = "\\u0000";
const LONE = "\\ud800";

describe("issue #12 item 2: 500 on odd text (NUL, lone surrogate) is refused at the edge with a field error", () => {
  it.each([
    ["POST", "/contact-us", `{"subject":"Hi${NUL}","message":"Hello"}`, "subject", "Subject"],
    ["POST", "/contact-us", `{"subject":"Hi","message":"Hello ${LONE}"}`, "message", "Message"],
    ["POST", "/organizational-unit/cost-center", `{"code":"8100","name":"Odd${NUL}"}`, "name", "Name"],
    ["POST", "/organizational-unit/cost-center", `{"code":"8100","name":"Odd${LONE}"}`, "name", "Name"],
    [
      "POST",
      "/organizational-unit/system-relations",
      `{"facilityName":"A${LONE}","facilityOwner":"B","systemName":"C","divisionName":"D"}`,
      "facilityName",
      "Facility name",
    ],
    [
      "PUT",
      `/user/${DEMO_USER_IDS.admin}/profile`,
      `{"firstName":"Ann${NUL}","lastName":"Lee"}`,
      "firstName",
      "First name",
    ],
    ["PUT", "/admin/tasks", `{"facilityId":"${DEMO_FACILITY_ID}","taskName":"X${NUL}"}`, "taskName", "Task name"],
    ["PATCH", "/job/category", `[{"jobId":"x${LONE}","categoryId":1}]`, "0.jobId", "Job id"],
  ])("%s /api%s %s answers 400 naming the field", async (method, path, body, field, label) => {
    const before = await counts();
    const response = await rest(method, path, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: `${label} contains characters that are not allowed`,
      code: "invalid",
      fieldErrors: { [field]: `${label} contains characters that are not allowed` },
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses odd text in a JSON body sent as text/plain too (handlers parse it regardless)", async () => {
    const response = await fetch(`${server.baseUrl}/api/contact-us`, {
      method: "POST",
      headers: { authorization: `Bearer ${token.admin}`, "content-type": "text/plain" },
      body: `{"subject":"Hi${NUL}","message":"Hello"}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Subject contains characters that are not allowed",
      code: "invalid",
      fieldErrors: { subject: "Subject contains characters that are not allowed" },
    });
  });

  it("refuses a query parameter with a NUL (GET /api/staff/.../search)", async () => {
    const response = await fetch(`${server.baseUrl}/api/staff/facility/${DEMO_FACILITY_ID}/search?searchTerm=Ann%00`, {
      headers: { authorization: `Bearer ${token.admin}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Search term contains characters that are not allowed",
      code: "invalid",
      fieldErrors: { searchTerm: "Search term contains characters that are not allowed" },
    });
  });

  const DOMAIN_ERROR = "... on DomainError { message code fieldErrors { field message } }";
  it.each([
    [
      "sendContactMessage",
      `mutation($input: ContactMessageInput!) { sendContactMessage(input: $input) { __typename ${DOMAIN_ERROR} } }`,
      { input: { subject: "Hi\u0000", message: "Hello" } },
      "subject",
      "Subject",
    ],
    [
      "createCostCenter",
      `mutation($input: CostCenterInput!) { createCostCenter(input: $input) { __typename ${DOMAIN_ERROR} } }`,
      { input: { code: "8101", name: "Odd\ud800" } },
      "name",
      "Name",
    ],
    [
      "updateMyProfile",
      `mutation($input: ProfileInput!) { updateMyProfile(input: $input) { __typename ${DOMAIN_ERROR} } }`,
      { input: { firstName: "Ann", middleName: "\ud800", lastName: "Lee" } },
      "middleName",
      "Middle name",
    ],
    [
      "createCostCenter (inline literal)",
      `mutation { createCostCenter(input: { code: "8102", name: "Odd\\u0000" }) { __typename ${DOMAIN_ERROR} } }`,
      {},
      "name",
      "Name",
    ],
  ])("%s answers its DomainError result naming the field", async (_operation, query, variables, field, label) => {
    const before = await counts();
    const { status, body } = await graphqlRequest(server.baseUrl, token.admin, query, variables);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(Object.values(body.data ?? {})[0]).toEqual({
      __typename: "DomainError",
      message: `${label} contains characters that are not allowed`,
      code: "invalid",
      fieldErrors: [{ field, message: `${label} contains characters that are not allowed` }],
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses a query argument with a lone surrogate as an INVALID error, not 'Unexpected error.'", async () => {
    const { body } = await graphqlRequest(
      server.baseUrl,
      token.admin,
      "query($facilityId: ID!, $term: String!) { employeeSearch(facilityId: $facilityId, term: $term) { id } }",
      { facilityId: DEMO_FACILITY_ID, term: "Ann\ud800" },
    );
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: "Term contains characters that are not allowed",
        extensions: expect.objectContaining({ code: "INVALID" }),
      }),
    ]);
  });

  it("refuses a NUL in the sign-in form's email on the form itself", async () => {
    const refusal = await signInWithPassword(
      server.baseUrl,
      `${DEMO_ACCOUNTS.admin.email}\u0000`,
      DEMO_ACCOUNTS.admin.password,
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SignInRefused);
    expect((refusal as SignInRefused).status).toBe(400);
    expect((refusal as SignInRefused).page).toContain("Email contains characters that are not allowed");
  });

  it("still accepts an emoji (a valid surrogate pair)", async () => {
    const response = await rest("POST", "/contact-us", `{"subject":"Thanks \\ud83d\\ude00","message":"Hello"}`);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ subject: "Thanks 😀" });
  });
});
