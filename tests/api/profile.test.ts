import { count, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, staff, users } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { updateOwnProfile } from "../../server/services/profile";
import { graphqlRequest } from "../support/graphql";
import { useTestServer } from "../support/testServer";
import { viewerOfMissingFacility } from "../support/tokens";

const { server, token } = useTestServer();
/** The demo user account's staff record (db/seed/demo.ts). */
const JORDAN_STAFF = demoId("staff", 1);

const UPDATE = `mutation Update($input: ProfileInput!) {
  updateMyProfile(input: $input) {
    __typename
    ... on MutationUpdateMyProfileSuccess { data { id firstName middleName lastName email staffId } }
    ... on DomainError { message code fieldErrors { field message } }
  }
}`;

type Result = {
  __typename: string;
  data?: { id: string; firstName: string; middleName: string | null; lastName: string; email: string };
  message?: string;
  code?: string;
  fieldErrors?: { field: string; message: string }[];
};

async function update(account: keyof typeof token, input: Record<string, unknown>) {
  const { body } = await graphqlRequest(server.baseUrl, token[account], UPDATE, { input });
  expect(body.errors).toBeUndefined();
  return body.data?.updateMyProfile as Result;
}

async function put(account: keyof typeof token, userId: string, body: string) {
  const response = await fetch(`${server.baseUrl}/api/user/${userId}/profile`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token[account]}`, "content-type": "application/json" },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function namesOf(userId: string) {
  const [row] = await server.database.db
    .select({ firstName: users.firstName, middleName: users.middleName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

async function staffNames(staffId: string) {
  const [row] = await server.database.db
    .select({ firstName: staff.firstName, middleName: staff.middleName, lastName: staff.lastName })
    .from(staff)
    .where(eq(staff.id, staffId));
  return row;
}

/** Everything a refused or invalid update must leave alone. */
async function snapshot() {
  // Refusals are recorded too (authorization.denied, issue #17): only changes count here.
  const [audits] = await server.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(ne(auditLog.action, "authorization.denied"));
  return {
    admin: await namesOf(DEMO_USER_IDS.admin),
    exec: await namesOf(DEMO_USER_IDS.exec),
    user: await namesOf(DEMO_USER_IDS.user),
    jordanStaff: await staffNames(JORDAN_STAFF),
    audits: audits?.n,
  };
}

describe("updateMyProfile and PUT /api/user/{id}/profile", () => {
  it("changes the user's own names and their staff record's, trimmed, audited with before and after", async () => {
    const result = await update("user", { firstName: "  Jordan ", middleName: "Lee", lastName: "Patel Singh" });
    expect(result).toEqual({
      __typename: "MutationUpdateMyProfileSuccess",
      data: {
        id: DEMO_USER_IDS.user,
        firstName: "Jordan",
        middleName: "Lee",
        lastName: "Patel Singh",
        email: DEMO_ACCOUNTS.user.email,
        staffId: JORDAN_STAFF,
      },
    });
    const names = { firstName: "Jordan", middleName: "Lee", lastName: "Patel Singh" };
    expect(await namesOf(DEMO_USER_IDS.user)).toEqual(names);
    expect(await staffNames(JORDAN_STAFF)).toEqual(names);
    const audits = await server.database.db.select().from(auditLog).where(eq(auditLog.entityId, DEMO_USER_IDS.user));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: DEMO_USER_IDS.user,
      facilityId: DEMO_FACILITY_ID,
      action: "user.profile.update",
      entityType: "user",
      before: { firstName: "Jordan", middleName: null, lastName: "Patel", staffId: JORDAN_STAFF },
      after: { ...names, staffId: JORDAN_STAFF },
    });
    // The header reads the new name.
    const me = await graphqlRequest(server.baseUrl, token.user, "{ me { name initials } }");
    expect(me.body.data?.me).toEqual({ name: "Jordan Patel Singh", initials: "JP" });
  });

  it("lets an admin (no staff record) change their own profile over REST; a blank middle name is none", async () => {
    const { status, body } = await put(
      "admin",
      DEMO_USER_IDS.admin,
      JSON.stringify({ firstName: "Alexandra", middleName: "   ", lastName: "Morgan 2" }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: DEMO_USER_IDS.admin,
      firstName: "Alexandra",
      middleName: null,
      lastName: "Morgan 2",
      staffId: null,
    });
    expect(await namesOf(DEMO_USER_IDS.admin)).toEqual({
      firstName: "Alexandra",
      middleName: null,
      lastName: "Morgan 2",
    });
    const [audit] = await server.database.db.select().from(auditLog).where(eq(auditLog.entityId, DEMO_USER_IDS.admin));
    expect(audit).toMatchObject({
      before: { firstName: "Alex", middleName: null, lastName: "Morgan", staffId: null },
      after: { firstName: "Alexandra", middleName: null, lastName: "Morgan 2", staffId: null },
    });
  });

  it("takes letters of any script and digits", async () => {
    const result = await update("exec", { firstName: "Élena", lastName: "Ruiz Núñez 3" });
    expect(result.data).toMatchObject({ firstName: "Élena", middleName: null, lastName: "Ruiz Núñez 3" });
  });

  it("refuses someone else's profile, also for an admin, changing nothing", async () => {
    const before = await snapshot();
    const body = JSON.stringify({ firstName: "Mallory", lastName: "Hacker" });
    for (const [account, other] of [
      ["admin", DEMO_USER_IDS.user],
      ["user", DEMO_USER_IDS.admin],
      ["exec", DEMO_USER_IDS.user],
      ["user", "00000000-0000-4000-8000-000000000000"],
    ] as const) {
      expect(await put(account, other, body)).toEqual({
        status: 403,
        body: { message: "You do not have permission to do this", code: "forbidden" },
      });
    }
    expect(await put("admin", "not-a-user", body)).toEqual({
      status: 400,
      body: { message: "'not-a-user' is not a valid user id", code: "invalid" },
    });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{ firstName: "", lastName: "Patel" }, "First name is required", { firstName: "First name is required" }],
    [{ firstName: "   ", lastName: "Patel" }, "First name is required", { firstName: "First name is required" }],
    [{ firstName: "Jordan", lastName: "" }, "Last name is required", { lastName: "Last name is required" }],
    [
      { firstName: "Jo@rdan", lastName: "Patel" },
      "First name may contain only letters, digits and spaces",
      { firstName: "First name may contain only letters, digits and spaces" },
    ],
    [
      { firstName: "Jordan", lastName: "O'Brien" },
      "Last name may contain only letters, digits and spaces",
      { lastName: "Last name may contain only letters, digits and spaces" },
    ],
    [
      { firstName: "Jordan", middleName: "A-B", lastName: "Patel" },
      "Middle name may contain only letters, digits and spaces",
      { middleName: "Middle name may contain only letters, digits and spaces" },
    ],
    [
      { firstName: "J".repeat(51), lastName: "Patel" },
      "First name must be at most 50 characters",
      { firstName: "First name must be at most 50 characters" },
    ],
    [
      { firstName: "<script>", lastName: "x".repeat(51) },
      "First name may contain only letters, digits and spaces",
      {
        firstName: "First name may contain only letters, digits and spaces",
        lastName: "Last name must be at most 50 characters",
      },
    ],
  ])("refuses %j with '%s', changing nothing", async (input, message, fieldErrors) => {
    const before = await snapshot();
    const result = await update("user", input);
    expect(result).toMatchObject({ __typename: "DomainError", code: "invalid", message });
    expect(Object.fromEntries(result.fieldErrors?.map((e) => [e.field, e.message]) ?? [])).toEqual(fieldErrors);
    expect(await put("user", DEMO_USER_IDS.user, JSON.stringify(input))).toEqual({
      status: 400,
      body: { message, code: "invalid", fieldErrors },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("answers a REST body that is not a JSON object, or lacks the names, with 400", async () => {
    const before = await snapshot();
    expect(await put("user", DEMO_USER_IDS.user, "{oops")).toEqual({
      status: 400,
      body: { message: "The request body must be a JSON object", code: "invalid" },
    });
    expect(await put("user", DEMO_USER_IDS.user, "{}")).toEqual({
      status: 400,
      body: {
        message: "First name is required",
        code: "invalid",
        fieldErrors: { firstName: "First name is required", lastName: "Last name is required" },
      },
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe("atomicity", () => {
  it("changes no name when the audit record cannot be written", async () => {
    const before = await snapshot();
    const viewer = viewerOfMissingFacility(DEMO_USER_IDS.user);
    await expect(
      updateOwnProfile(server.database.db, viewer, DEMO_USER_IDS.user, { firstName: "Rolled", lastName: "Back" }),
    ).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });
});
