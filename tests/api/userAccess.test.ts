import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  adminTasks,
  auditLog,
  costCenterPermissions,
  costCenterStaff,
  invites,
  outboxMessages,
  staff,
  users,
} from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { graphqlRequest } from "../support/graphql";
import { SignInRefused, signInWithPassword } from "../support/signIn";
import { useTestServer } from "../support/testServer";

/**
 * /admin/user-accessibility on the server (spec §2, §4, §5, §6, §7): the access list, every rule of
 * adding, updating, moving and deleting users, the invitation loop of the embedded provider, the
 * audit records, and the refusals of user and exec tokens on every admin call.
 */

const { server, token } = useTestServer();

const db = () => server.database.db;
const cc = (n: number) => demoId("costCenter", n); // 1 = 6010 ... 12 = 6120
const user = (n: number) => demoId("user", n);
const POSITION = {
  softwareAdmin: demoId("position", 1),
  cno: demoId("position", 2),
  cfo: demoId("position", 3),
  don: demoId("position", 4),
  nurseManager: demoId("position", 5),
  anm: demoId("position", 6),
  chargeNurse: demoId("position", 7),
  staffNurse: demoId("position", 8),
};
const EMILY = user(12); // Staff Nurse, no permissions, staff 0.9 in 6090
const DEREK = user(13); // Charge Nurse, no permissions, staff 1.0 in 6110
const KEVIN = user(8); // Charge Nurse, read only 0.9 in 6010
const RACHEL = user(9); // Charge Nurse with an upload change, read only 1.0 in 6040

type Result = { __typename: string; message?: string; code?: string; data?: unknown };

async function gql(bearer: string, query: string, variables?: Record<string, unknown>) {
  return graphqlRequest(server.baseUrl, bearer, query, variables);
}

async function mutate(bearer: string, field: string, query: string, variables?: Record<string, unknown>) {
  const { body } = await gql(bearer, query, variables);
  if (body.errors) return { errors: body.errors } as Result & { errors: typeof body.errors };
  return body.data?.[field] as Result;
}

async function rest(method: string, path: string, bearer: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { message?: string } };
}

const RESULT_FIELDS = `__typename ... on DomainError { message code fieldErrors { field message } }`;
const ADD_OUTSIDE = `mutation($input: AddUserOutsideInput!) { addUserOutsideOrganization(input: $input) {
  ${RESULT_FIELDS} ... on MutationAddUserOutsideOrganizationSuccess { data { id email userType staffId assignedFte staffType
  costCenterPermissions { costCenterId fte completeWizard manageStaff readOnly executive } } } } }`;
const ADD_WITHIN = `mutation($input: AddUserWithinInput!) { addUserWithinOrganization(input: $input) {
  ${RESULT_FIELDS} ... on MutationAddUserWithinOrganizationSuccess { data { id email firstName assignedFte
  costCenterPermissions { costCenterId fte executive } } } } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateUserAccessInput!) { updateUserAccess(id: $id, input: $input) {
  ${RESULT_FIELDS} ... on MutationUpdateUserAccessSuccess { data { id notes uploadChange
  costCenterPermissions { costCenterId fte completeWizard manageStaff readOnly executive } } } } }`;
const MOVE = `mutation($target: ID!, $ids: [ID!]!) { moveStaff(targetPositionId: $target, userIds: $ids) {
  ${RESULT_FIELDS} ... on MutationMoveStaffSuccess { data { id title } } } }`;
const DELETE = `mutation($id: ID!, $input: DeleteUserInput!) { deleteUser(id: $id, input: $input) {
  ${RESULT_FIELDS} ... on MutationDeleteUserSuccess { data { id email } } } }`;
const RESEND = `mutation($id: ID!) { resendInvite(id: $id) { ${RESULT_FIELDS} ... on MutationResendInviteSuccess { data { email } } } }`;
const FINISH = `mutation { finishUserAccessibility { ${RESULT_FIELDS} ... on MutationFinishUserAccessibilitySuccess { data } } }`;
const LIST = `{ userAccessibility { counts { total assigned toBeAssigned } positions { id title description isSoftwareAdmin statuses
  users { id firstName lastName notes employeeId fte uploadChange costCenterPermissions { code name fte completeWizard manageStaff readOnly executive } } } } }`;

let stamp = 0;
const unique = () => `${Date.now().toString(36)}${(stamp++).toString(36)}`;

function outsideInput(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    positionId: POSITION.staffNurse,
    empId: `E2E-${id}`,
    dateOfHire: "03/15/2024",
    assignedFte: 0.8,
    isTraveller: false,
    prn: false,
    firstName: "Nina",
    lastName: `Test ${id.replace(/[^a-z0-9]/gi, "")}`,
    executive: false,
    email: `nina.${id}@example.test`,
    costCenterPermissions: [
      { costCenterId: cc(5), fte: 0.8, completeWizard: false, manageStaff: false, readOnly: true },
    ],
    ...overrides,
  };
}

/** The administrator adds a user from outside the organisation: `outsideInput` with the overrides. */
const addOutside = (overrides: Record<string, unknown> = {}) =>
  mutate(token.admin, "addUserOutsideOrganization", ADD_OUTSIDE, { input: outsideInput(overrides) });

/** The administrator updates a user's access. */
const updateAccess = (id: string, input: Record<string, unknown>) =>
  mutate(token.admin, "updateUserAccess", UPDATE, { id, input });

async function countRows() {
  const [u] = await db().select({ n: sql<number>`count(*)::int` }).from(users);
  const [s] = await db().select({ n: sql<number>`count(*)::int` }).from(staff);
  const [p] = await db().select({ n: sql<number>`count(*)::int` }).from(costCenterPermissions);
  const [o] = await db().select({ n: sql<number>`count(*)::int` }).from(outboxMessages);
  // Refusals are recorded too (authorization.denied, issue #17): only changes count here.
  const [a] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(sql`${auditLog.action} <> 'authorization.denied'`);
  return { users: u?.n, staff: s?.n, permissions: p?.n, outbox: o?.n, audit: a?.n };
}

/** Runs a refused change and proves it left every table as it was. */
async function expectRefusedUnchanged(run: () => Promise<Result>, message: string | RegExp) {
  const before = await countRows();
  const result = await run();
  expect(result.__typename).toBe("DomainError");
  if (typeof message === "string") expect(result.message).toBe(message);
  else expect(result.message).toMatch(message);
  expect(await countRows()).toEqual(before);
  return result;
}

describe("the access list", () => {
  it("lists positions with users, status badges and the three counts", async () => {
    const { body } = await gql(token.admin, LIST);
    const list = body.data?.userAccessibility as {
      counts: Record<string, number>;
      positions: {
        title: string;
        isSoftwareAdmin: boolean;
        statuses: string[];
        users: { firstName: string; fte: number }[];
      }[];
    };
    expect(list.counts).toEqual({ total: 12, assigned: 10, toBeAssigned: 2 });
    const byTitle = Object.fromEntries(list.positions.map((p) => [p.title, p]));
    expect(byTitle["Software Admin"]?.isSoftwareAdmin).toBe(true);
    expect(byTitle["Software Admin"]?.statuses).toEqual([]);
    expect(byTitle["Staff Nurse"]?.statuses).toEqual(["UNASSIGNED"]);
    expect(byTitle["Charge Nurse"]?.statuses).toEqual(["UNASSIGNED", "REVIEW"]);
    expect(byTitle["Nurse Manager"]?.statuses).toEqual([]);
    expect(byTitle["Staff Nurse"]?.users.map((u) => [u.firstName, u.fte])).toEqual([["Emily", 0.9]]);
  });

  it("answers in a fixed number of queries", async () => {
    server.database.queries.length = 0;
    await gql(token.admin, LIST);
    // One to resolve the viewer, then positions, users and all their permissions.
    expect(server.database.queries).toHaveLength(4);
  });

  it("answers GET /api/positions and GET /api/positions/{id} the same, and 404/400 for bad ids", async () => {
    const all = await rest("GET", "/positions", token.admin);
    expect(all.status).toBe(200);
    expect((all.body.counts as Record<string, number>).total).toBe(12);
    const one = await rest("GET", `/positions/${POSITION.staffNurse}`, token.admin);
    expect(one.status).toBe(200);
    expect(one.body.title).toBe("Staff Nurse");
    expect(one.body.statuses).toEqual(["UNASSIGNED"]);
    expect((await rest("GET", "/positions/00000000-0000-4000-8000-000000000000", token.admin)).body.message).toBe(
      "Position was not found",
    );
    expect((await rest("GET", "/positions/nope", token.admin)).status).toBe(400);
  });
});

describe("user and exec tokens are refused on every admin call", () => {
  const someone = user(7);
  const graphqlCalls: [string, string, Record<string, unknown>?][] = [
    ["userAccessibility", LIST],
    ["staffCandidates", `{ staffCandidates(search: "a") { id } }`],
    ["outboxMessages", `{ outboxMessages { id } }`],
    ["identityMode", `{ identityMode }`],
    ["addUserOutsideOrganization", ADD_OUTSIDE, { input: outsideInput() }],
    [
      "addUserWithinOrganization",
      ADD_WITHIN,
      {
        input: {
          positionId: POSITION.staffNurse,
          staffId: demoId("staff", 50),
          executive: false,
          email: "x@example.test",
          costCenterPermissions: [],
        },
      },
    ],
    ["updateUserAccess", UPDATE, { id: someone, input: { executive: false, notes: "x", costCenterPermissions: [] } }],
    ["moveStaff", MOVE, { target: POSITION.staffNurse, ids: [someone] }],
    ["deleteUser", DELETE, { id: someone, input: { mode: "userAndStaff", reason: "VoluntaryTermination" } }],
    ["resendInvite", RESEND, { id: someone }],
    ["finishUserAccessibility", FINISH],
  ];
  const restCalls: [string, string, unknown?][] = [
    ["GET", "/positions"],
    ["GET", `/positions/${POSITION.staffNurse}`],
    ["POST", "/user", outsideInput()],
    ["POST", "/user/facility", outsideInput()],
    ["PUT", `/user/${someone}`, { notes: "x", costCenterPermissions: [] }],
    ["PUT", `/user/${someone}`, { targetPositionId: POSITION.staffNurse }],
    ["DELETE", `/user/${someone}?unitId=${cc(5)}`],
    ["POST", "/b2c/user", { firstName: "A", lastName: "B", emailAddress: "x@example.test" }],
    ["POST", "/b2c/resend-invite", { firstName: "A", lastName: "B", emailAddress: "x@example.test" }],
  ];

  for (const account of ["user", "exec"] as const) {
    it(`${account}: GraphQL answers FORBIDDEN and changes nothing`, async () => {
      const before = await countRows();
      for (const [field, query, variables] of graphqlCalls) {
        const { body } = await gql(token[account], query, variables);
        expect(body.errors?.[0]?.extensions?.code, field).toBe("FORBIDDEN");
        expect(body.data?.[field] ?? null, field).toBeNull();
      }
      expect(await countRows()).toEqual(before);
    });

    it(`${account}: REST answers 403 and changes nothing`, async () => {
      const before = await countRows();
      for (const [method, path, body] of restCalls) {
        const answer = await rest(method, path, token[account], body);
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body.message).toBe("You do not have permission to do this");
      }
      expect(await countRows()).toEqual(before);
    });
  }
});

describe("add user outside the organisation", () => {
  it("creates staff and user, invites for 48 hours through the outbox, and audits", async () => {
    const input = outsideInput({ requisitionNumber: "REQ-1", education: "BSN", middleName: "Q" });
    const result = await mutate(token.admin, "addUserOutsideOrganization", ADD_OUTSIDE, { input });
    expect(result.__typename).toBe("MutationAddUserOutsideOrganizationSuccess");
    const created = result.data as {
      id: string;
      userType: string;
      staffId: string;
      assignedFte: number;
      staffType: string;
    };
    expect(created).toMatchObject({ userType: "User", assignedFte: 0.8, staffType: "Regular" });
    const [member] = await db().select().from(staff).where(eq(staff.id, created.staffId));
    expect(member).toMatchObject({ employeeId: input.empId, dateOfHire: "2024-03-15", requisitionNumber: "REQ-1" });
    const memberships = await db().select().from(costCenterStaff).where(eq(costCenterStaff.staffId, created.staffId));
    expect(memberships.map((m) => [m.costCenterId, m.fte])).toEqual([[cc(5), 0.8]]);
    const [invite] = await db().select().from(invites).where(eq(invites.userId, created.id));
    const hours = ((invite?.expiresAt.getTime() ?? 0) - (invite?.createdAt.getTime() ?? 0)) / 3600_000;
    expect(Math.round(hours)).toBe(48);
    const [message] = await db().select().from(outboxMessages).where(eq(outboxMessages.toAddress, input.email));
    expect(message?.body).toContain(`${server.baseUrl}/oidc/invite/`);
    expect(message?.body).toContain("valid for 48 hours");
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, "user.create.outside")));
    expect(audit?.actorUserId).toBe(DEMO_USER_IDS.admin);
    expect(audit?.before).toBeNull();
    expect(audit?.after).toMatchObject({
      email: input.email,
      costCenterPermissions: [{ costCenterId: cc(5), fte: 0.8 }],
    });
  });

  it("refuses an FTE sum that differs from the assigned FTE (3 decimals), changing nothing", async () => {
    await expectRefusedUnchanged(
      () =>
        addOutside({
          assignedFte: 1,
          costCenterPermissions: [
            { costCenterId: cc(5), fte: 0.5, completeWizard: false, manageStaff: false, readOnly: true },
            { costCenterId: cc(6), fte: 0.49, completeWizard: false, manageStaff: false, readOnly: true },
          ],
        }),
      "Total FTE must be equal to user's staff FTE.",
    );
  });

  it("refuses a cost center without an FTE with the tooltip text", async () => {
    await expectRefusedUnchanged(
      () =>
        addOutside({
          costCenterPermissions: [{ costCenterId: cc(5), completeWizard: false, manageStaff: false, readOnly: true }],
        }),
      "Add User FTEs for all assigned cost centers.",
    );
  });

  it("refuses a second Complete Wizard and a second Manage Staff holder in a cost center", async () => {
    const wizard = await expectRefusedUnchanged(
      () =>
        addOutside({
          costCenterPermissions: [
            { costCenterId: cc(1), fte: 0.8, completeWizard: true, manageStaff: false, readOnly: false },
          ],
        }),
      "Only one person per cost center may complete the Wizard: Jordan Patel already does in 6010 Medical Surgical 3 West",
    );
    expect(wizard.code).toBe("conflict");
    await expectRefusedUnchanged(
      () =>
        addOutside({
          costCenterPermissions: [
            { costCenterId: cc(4), fte: 0.8, completeWizard: false, manageStaff: true, readOnly: false },
          ],
        }),
      "Only one person per cost center may manage staff: Sarah Whitfield already does in 6040 Intensive Care Unit",
    );
  });

  it("requires at least one cost center unless executive or Software Admin", async () => {
    await expectRefusedUnchanged(
      () => addOutside({ costCenterPermissions: [] }),
      "Assign at least one cost center to this user",
    );
  });

  it("gives Software Admin positions no cost centers and no executive option; they become admin users", async () => {
    await expectRefusedUnchanged(
      () => addOutside({ positionId: POSITION.softwareAdmin }),
      "Software Admin positions have no cost center permissions",
    );
    await expectRefusedUnchanged(
      () => addOutside({ positionId: POSITION.softwareAdmin, executive: true, costCenterPermissions: [] }),
      "Software Admin positions have no executive option",
    );
    const ok = await addOutside({ positionId: POSITION.softwareAdmin, costCenterPermissions: [] });
    expect((ok.data as { userType: string }).userType).toBe("Admin");
  });

  it("saves executives read-only with fte 0 on every cost center", async () => {
    const ok = await addOutside({
      positionId: POSITION.cfo,
      executive: true,
      assignedFte: 1,
      costCenterPermissions: [
        { costCenterId: cc(1), fte: 0.7, completeWizard: true, manageStaff: true, readOnly: false },
        { costCenterId: cc(2), completeWizard: false, manageStaff: false, readOnly: true },
      ],
    });
    expect((ok.data as { costCenterPermissions: unknown[] }).costCenterPermissions).toEqual([
      { costCenterId: cc(1), fte: 0, completeWizard: false, manageStaff: false, readOnly: true, executive: true },
      { costCenterId: cc(2), fte: 0, completeWizard: false, manageStaff: false, readOnly: true, executive: true },
    ]);
  });

  it("gives PRN users the facility's PRN FTE, and keeps PRN and traveller exclusive", async () => {
    const prn = await addOutside({
      prn: true,
      assignedFte: 1,
      costCenterPermissions: [
        { costCenterId: cc(8), fte: 0.2, completeWizard: false, manageStaff: false, readOnly: true },
      ],
    });
    expect(prn.data).toMatchObject({ assignedFte: 0.2, staffType: "PRN" });
    await expectRefusedUnchanged(
      () => addOutside({ prn: true, isTraveller: true, contractDate: "12/31/2026" }),
      "A user cannot be both PRN and a traveller",
    );
  });

  it("requires a contract date for a traveller", async () => {
    await expectRefusedUnchanged(
      () => addOutside({ isTraveller: true }),
      "Contract End Date is required for a traveller",
    );
    const ok = await addOutside({ isTraveller: true, contractDate: "12/31/2026" });
    expect(ok.data).toMatchObject({ staffType: "Traveller" });
  });

  it("answers bad input with a clear message and field, changing nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "not-an-email" }, "Email must be a valid email address"],
      [{ dateOfHire: "2024/13/45" }, "Date of Hire must be a date as MM/DD/YYYY"],
      [{ dateOfHire: "02/30/2024" }, "Date of Hire must be a date as MM/DD/YYYY"],
      [{ assignedFte: 0 }, "Assigned FTE must be greater than 0"],
      [{ assignedFte: 1.6 }, "Assigned FTE must be between 0 and 1.5"],
      [{ firstName: "" }, "First name is required"],
      [{ firstName: "Ni<script>" }, "First name may contain only letters, digits and spaces"],
      [{ empId: "" }, "Employee ID is required"],
      [{ notes: "x".repeat(41) }, "Notes must be at most 40 characters"],
      [{ positionId: "00000000-0000-4000-8000-000000000000" }, "Position was not found"],
      [{ email: "manager@demo.hospital" }, "A user with the email manager@demo.hospital already exists"],
    ];
    for (const [overrides, message] of cases) {
      await expectRefusedUnchanged(() => addOutside(overrides), message);
    }
    const duplicateId = outsideInput();
    await mutate(token.admin, "addUserOutsideOrganization", ADD_OUTSIDE, { input: duplicateId });
    await expectRefusedUnchanged(
      () => addOutside({ empId: duplicateId.empId }),
      `Employee ID ${duplicateId.empId} already exists`,
    );
    // An Employee ID in another case is the same employee (E2E-… and e2e-…).
    const otherCase = duplicateId.empId.toLowerCase();
    await expectRefusedUnchanged(() => addOutside({ empId: otherCase }), `Employee ID ${otherCase} already exists`);
  });

  it("POST /api/user and /api/user/facility add users too (201) and answer errors as JSON", async () => {
    const created = await rest("POST", "/user", token.admin, outsideInput());
    expect(created.status).toBe(201);
    expect(created.body.id).toEqual(expect.any(String));
    const facility = await rest("POST", "/user/facility", token.admin, outsideInput());
    expect(facility.status).toBe(201);
    const bad = await rest("POST", "/user", token.admin, outsideInput({ assignedFte: 1 }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Total FTE must be equal to user's staff FTE.");
  });
});

describe("add user within the organisation", () => {
  it("lists staff who are not users yet, with their cost centers", async () => {
    const { body } = await gql(
      token.admin,
      `{ staffCandidates(search: "") { id firstName assignedFte costCenters { code fte } } }`,
    );
    const list = body.data?.staffCandidates as { firstName: string }[];
    expect(list.length).toBeGreaterThan(5);
    const names = list.map((s) => s.firstName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const { body: none } = await gql(token.admin, `{ staffCandidates(search: "Whitfield") { id } }`);
    expect(none.data?.staffCandidates).toEqual([]); // Sarah Whitfield is a user already
  });

  it("answers the candidates in a fixed number of queries, and refuses an over-long search", async () => {
    server.database.queries.length = 0;
    await gql(token.admin, `{ staffCandidates(search: "") { id costCenters { code } } }`);
    // One to resolve the viewer, one for the staff, one for all their cost centers.
    expect(server.database.queries).toHaveLength(3);
    const { body } = await gql(token.admin, `{ staffCandidates(search: "${"x".repeat(101)}") { id } }`);
    expect(body.errors?.[0]?.message).toBe("The search text must be at most 100 characters");
  });

  it("makes a staff member a user with their FTE and invites them; refuses a second time", async () => {
    const { body } = await gql(
      token.admin,
      `{ staffCandidates(search: "") { id assignedFte costCenters { costCenterId fte } } }`,
    );
    const candidate = (
      body.data?.staffCandidates as { id: string; assignedFte: number; costCenters: { costCenterId: string }[] }[]
    ).find((s) => s.assignedFte > 0 && s.costCenters.length === 1);
    if (!candidate) throw new Error("the seed has no single-cost-center staff");
    const home = candidate.costCenters[0]?.costCenterId as string;
    const email = `within.${unique()}@example.test`;
    const input = {
      positionId: POSITION.staffNurse,
      staffId: candidate.id,
      executive: false,
      email,
      notes: "Nights",
      costCenterPermissions: [
        { costCenterId: home, fte: candidate.assignedFte, completeWizard: false, manageStaff: false, readOnly: true },
      ],
    };
    const mismatch = await expectRefusedUnchanged(
      () =>
        mutate(token.admin, "addUserWithinOrganization", ADD_WITHIN, {
          input: { ...input, costCenterPermissions: [{ ...input.costCenterPermissions[0], fte: 0.1 }] },
        }),
      "Total FTE must be equal to user's staff FTE.",
    );
    expect(mismatch.code).toBe("invalid");
    const ok = await mutate(token.admin, "addUserWithinOrganization", ADD_WITHIN, { input });
    expect(ok.__typename).toBe("MutationAddUserWithinOrganizationSuccess");
    expect((ok.data as { assignedFte: number }).assignedFte).toBe(candidate.assignedFte);
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.toAddress, email))).toHaveLength(1);
    await expectRefusedUnchanged(
      () =>
        mutate(token.admin, "addUserWithinOrganization", ADD_WITHIN, { input: { ...input, email: `again.${email}` } }),
      /is already a user$/,
    );
  });

  it("refuses an unknown staff member and a missing email", async () => {
    await expectRefusedUnchanged(
      () =>
        mutate(token.admin, "addUserWithinOrganization", ADD_WITHIN, {
          input: {
            positionId: POSITION.staffNurse,
            staffId: "00000000-0000-4000-8000-000000000000",
            executive: true,
            email: "someone@example.test",
            costCenterPermissions: [],
          },
        }),
      "Staff member was not found",
    );
    await expectRefusedUnchanged(
      () =>
        mutate(token.admin, "addUserWithinOrganization", ADD_WITHIN, {
          input: {
            positionId: POSITION.staffNurse,
            staffId: demoId("staff", 60),
            executive: true,
            email: "",
            costCenterPermissions: [],
          },
        }),
      "Email is required",
    );
  });
});

describe("update user", () => {
  it("refuses an FTE sum different from the staff FTE with 'FTE sums do not match'", async () => {
    await expectRefusedUnchanged(
      () =>
        updateAccess(EMILY, {
          executive: false,
          costCenterPermissions: [
            { costCenterId: cc(9), fte: 0.5, completeWizard: false, manageStaff: false, readOnly: true },
          ],
        }),
      "FTE sums do not match",
    );
  });

  it("refuses a second Complete Wizard holder, but lets a holder keep their own rights", async () => {
    await expectRefusedUnchanged(
      () =>
        updateAccess(KEVIN, {
          executive: false,
          costCenterPermissions: [
            { costCenterId: cc(1), fte: 0.9, completeWizard: true, manageStaff: false, readOnly: false },
          ],
        }),
      /^Only one person per cost center may complete the Wizard: Jordan Patel/,
    );
    const own = await updateAccess(user(4), {
      executive: false,
      costCenterPermissions: [
        { costCenterId: cc(4), fte: 1, completeWizard: true, manageStaff: true, readOnly: false },
      ],
    });
    expect(own.__typename).toBe("MutationUpdateUserAccessSuccess");
  });

  it("stores the flag interplay, clears the upload change, and audits who changed whose permissions", async () => {
    const result = await updateAccess(RACHEL, {
      executive: false,
      notes: "Reviewed",
      costCenterPermissions: [
        { costCenterId: cc(4), fte: 1, completeWizard: false, manageStaff: false, readOnly: false },
      ],
    });
    expect(result.data).toMatchObject({
      notes: "Reviewed",
      uploadChange: false,
      costCenterPermissions: [
        { costCenterId: cc(4), fte: 1, completeWizard: false, manageStaff: false, readOnly: true },
      ],
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, RACHEL), eq(auditLog.action, "user.permissions.update")));
    expect(audit?.actorUserId).toBe(DEMO_USER_IDS.admin);
    expect(audit?.before).toMatchObject({ notes: null, costCenterPermissions: [{ code: "6040", readOnly: true }] });
    expect(audit?.after).toMatchObject({
      notes: "Reviewed",
      costCenterPermissions: [{ code: "6040", readOnly: true }],
    });
  });

  it("saves executives with fte 0", async () => {
    const result = await updateAccess(user(10), {
      executive: true,
      costCenterPermissions: [
        { costCenterId: cc(1), fte: 0.4, completeWizard: false, manageStaff: false, readOnly: true },
        { costCenterId: cc(3), fte: null, completeWizard: true, manageStaff: false, readOnly: false },
      ],
    });
    expect(
      (result.data as { costCenterPermissions: { fte: number; executive: boolean; completeWizard: boolean }[] })
        .costCenterPermissions,
    ).toEqual([
      { costCenterId: cc(1), fte: 0, completeWizard: false, manageStaff: false, readOnly: true, executive: true },
      { costCenterId: cc(3), fte: 0, completeWizard: false, manageStaff: false, readOnly: true, executive: true },
    ]);
  });

  it("lets admin-type users change only notes", async () => {
    await expectRefusedUnchanged(
      () =>
        updateAccess(DEMO_USER_IDS.admin, {
          executive: false,
          costCenterPermissions: [
            { costCenterId: cc(1), fte: 0, completeWizard: false, manageStaff: false, readOnly: true },
          ],
        }),
      "Admin users cannot have cost centers edited, only notes",
    );
    const notes = await updateAccess(DEMO_USER_IDS.admin, {
      executive: false,
      notes: "Owner of the app",
      costCenterPermissions: [],
    });
    expect(notes.data).toMatchObject({ notes: "Owner of the app", costCenterPermissions: [] });
  });

  it("PUT /api/user/{id} updates, and 404s an unknown user", async () => {
    const ok = await rest("PUT", `/user/${DEREK}`, token.admin, {
      notes: "Assigned",
      costCenterPermissions: [
        { costCenterId: cc(11), fte: 1, completeWizard: false, manageStaff: false, readOnly: true },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.notes).toBe("Assigned");
    const missing = await rest("PUT", "/user/00000000-0000-4000-8000-000000000000", token.admin, {
      costCenterPermissions: [],
    });
    expect(missing.status).toBe(404);
  });
});

describe("move staff", () => {
  it("moves users to a target position, refuses Software Admin mixing and a missing target", async () => {
    await expectRefusedUnchanged(
      () => mutate(token.admin, "moveStaff", MOVE, { target: POSITION.softwareAdmin, ids: [KEVIN] }),
      "Kevin Osei cannot move to Software Admin: Software Admin positions hold admin users only",
    );
    const { body } = await gql(
      token.admin,
      `mutation { moveStaff(targetPositionId: "", userIds: ["${KEVIN}"]) { __typename ... on DomainError { message } } }`,
    );
    expect((body.data?.moveStaff as Result).message).toBe("Move requires a target position");
    const moved = await mutate(token.admin, "moveStaff", MOVE, { target: POSITION.anm, ids: [KEVIN] });
    expect(moved.data).toEqual([{ id: KEVIN, title: "Assistant Nurse Manager" }]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, KEVIN), eq(auditLog.action, "user.move")));
    expect(audit?.before).toEqual({ positionId: POSITION.chargeNurse, title: "Charge Nurse" });
    const byTitle = await rest("PUT", `/user/${KEVIN}`, token.admin, { title: "Staff Nurse" });
    expect(byTitle.status).toBe(200);
    expect(byTitle.body.title).toBe("Staff Nurse");
    const unknown = await rest("PUT", `/user/${KEVIN}`, token.admin, { title: "Astronaut" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("No position titled 'Astronaut' in your facility");
    const back = await rest("PUT", `/user/${KEVIN}`, token.admin, { targetPositionId: POSITION.chargeNurse });
    expect(back.status).toBe(200);
    expect(back.body.title).toBe("Charge Nurse");
  });
});

describe("delete user", () => {
  it("refuses to delete yourself", async () => {
    const result = await expectRefusedUnchanged(
      () =>
        mutate(token.admin, "deleteUser", DELETE, {
          id: DEMO_USER_IDS.admin,
          input: { mode: "user", keepInCostCenterId: cc(1) },
        }),
      "You cannot delete yourself",
    );
    expect(result.code).toBe("forbidden");
    expect((await rest("DELETE", `/user/${DEMO_USER_IDS.admin}?unitId=${cc(1)}`, token.admin)).status).toBe(403);
  });

  it("requires a cost center for 'Delete as User' and a reason for 'Delete as User AND Staff'", async () => {
    await expectRefusedUnchanged(
      () => mutate(token.admin, "deleteUser", DELETE, { id: user(7), input: { mode: "user" } }),
      "'Delete as User' requires a cost center",
    );
    await expectRefusedUnchanged(
      () => mutate(token.admin, "deleteUser", DELETE, { id: user(7), input: { mode: "userAndStaff" } }),
      "Deleting as staff requires a reason",
    );
  });

  it("deletes as user, keeping the staff member in the chosen cost center", async () => {
    const [before] = await db()
      .select({ staffId: users.staffId })
      .from(users)
      .where(eq(users.id, user(7)));
    const ok = await mutate(token.admin, "deleteUser", DELETE, {
      id: user(7),
      input: { mode: "user", keepInCostCenterId: cc(5) },
    });
    expect(ok.__typename).toBe("MutationDeleteUserSuccess");
    const [row] = await db()
      .select()
      .from(users)
      .where(eq(users.id, user(7)));
    expect(row?.deletedAt).not.toBeNull();
    expect(
      await db()
        .select()
        .from(costCenterPermissions)
        .where(eq(costCenterPermissions.userId, user(7))),
    ).toEqual([]);
    const memberships = await db()
      .select()
      .from(costCenterStaff)
      .where(eq(costCenterStaff.staffId, before?.staffId as string));
    expect(memberships.map((m) => m.costCenterId)).toEqual([cc(5)]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user(7)), eq(auditLog.action, "user.delete")));
    expect(audit?.after).toMatchObject({ mode: "user", keptInCostCenter: "6050" });
  });

  it("deletes as user and staff with a termination reason (REST body), ending the staff member", async () => {
    const [before] = await db()
      .select({ staffId: users.staffId })
      .from(users)
      .where(eq(users.id, user(6)));
    const response = await fetch(`${server.baseUrl}/api/user/${user(6)}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token.admin}`, "content-type": "application/json" },
      body: JSON.stringify({ reason: "InvoluntaryTermination" }),
    });
    expect(response.status).toBe(200);
    const [member] = await db()
      .select()
      .from(staff)
      .where(eq(staff.id, before?.staffId as string));
    expect(member?.terminationType).toBe("InvoluntaryTermination");
    expect(member?.terminationDate).not.toBeNull();
    expect(
      await db()
        .select()
        .from(costCenterStaff)
        .where(eq(costCenterStaff.staffId, before?.staffId as string)),
    ).toEqual([]);
  });
});

describe("invitations: resend, accept, sign in", () => {
  it("refuses to resend an invitation to yourself", async () => {
    const result = await expectRefusedUnchanged(
      () => mutate(token.admin, "resendInvite", RESEND, { id: DEMO_USER_IDS.admin }),
      "You cannot resend an invitation to yourself",
    );
    expect(result.code).toBe("forbidden");
  });

  it("invites, accepts through the embedded provider's page, signs in, and sees the granted cost centers", async () => {
    const input = outsideInput({
      costCenterPermissions: [
        { costCenterId: cc(12), fte: 0.8, completeWizard: true, manageStaff: false, readOnly: false },
      ],
    });
    const added = await mutate(token.admin, "addUserOutsideOrganization", ADD_OUTSIDE, { input });
    const userId = (added.data as { id: string }).id;
    const resent = await mutate(token.admin, "resendInvite", RESEND, { id: userId });
    expect(resent.data).toEqual({ email: input.email });
    const { body } = await gql(token.admin, "{ outboxMessages { toAddress body } }");
    const messages = (body.data?.outboxMessages as { toAddress: string; body: string }[]).filter(
      (m) => m.toAddress === input.email,
    );
    expect(messages).toHaveLength(2);
    const links = messages.map((m) => /(http\S+\/oidc\/invite\/\S+)/.exec(m.body)?.[1] as string);
    const [newest, older] = links as [string, string];

    // The first link stopped working when the invitation was resent.
    const stale = await fetch(older);
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain("This invitation has expired. Ask your administrator to resend it.");

    const page = await fetch(newest);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(input.email);
    const weak = await fetch(newest, {
      method: "POST",
      body: new URLSearchParams({ password: "short", confirm: "short" }),
    });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("The password must be at least 12 characters.");
    const mismatch = await fetch(newest, {
      method: "POST",
      body: new URLSearchParams({ password: "Welcome-2026-abc", confirm: "Welcome-2026-abd" }),
    });
    expect(await mismatch.text()).toContain("The passwords do not match.");
    await expect(signInWithPassword(server.baseUrl, input.email, "Welcome-2026-abc")).rejects.toBeInstanceOf(
      SignInRefused,
    );

    const accepted = await fetch(newest, {
      method: "POST",
      body: new URLSearchParams({ password: "Welcome-2026-abc", confirm: "Welcome-2026-abc" }),
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain("Your password is set.");
    const reused = await fetch(newest);
    expect(reused.status).toBe(409);

    const access = await signInWithPassword(server.baseUrl, input.email, "Welcome-2026-abc");
    const me = await gql(access, `{ user(id: "${userId}") { email costCenterPermissions { code completeWizard } } }`);
    expect(me.body.data?.user).toEqual({
      email: input.email,
      costCenterPermissions: [{ code: "6120", completeWizard: true }],
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, "user.invite.accept")));
    expect(audit?.actorUserId).toBe(userId);
  });

  it("refuses an expired invitation and an unknown link", async () => {
    const input = outsideInput();
    const added = await mutate(token.admin, "addUserOutsideOrganization", ADD_OUTSIDE, { input });
    const userId = (added.data as { id: string }).id;
    await db()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.userId, userId));
    const [message] = await db().select().from(outboxMessages).where(eq(outboxMessages.toAddress, input.email));
    const link = /(http\S+\/oidc\/invite\/\S+)/.exec(message?.body ?? "")?.[1] as string;
    const expired = await fetch(link, {
      method: "POST",
      body: new URLSearchParams({ password: "Welcome-2026-abc", confirm: "Welcome-2026-abc" }),
    });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain("This invitation has expired.");
    const [credential] = await db().select({ id: users.identitySubject }).from(users).where(eq(users.id, userId));
    expect(credential?.id).toBeNull();
    const unknown = await fetch(`${server.baseUrl}/oidc/invite/not-a-token`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("This invitation link is not valid.");
  });

  it("POST /api/b2c/user and /api/b2c/resend-invite invite a user of the facility by e-mail", async () => {
    const [derek] = await db().select({ email: users.email }).from(users).where(eq(users.id, DEREK));
    const before = (
      await db()
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, derek?.email ?? ""))
    ).length;
    const created = await rest("POST", "/b2c/user", token.admin, {
      firstName: "Derek",
      lastName: "Hollis",
      emailAddress: derek?.email.toUpperCase(),
    });
    expect(created.status).toBe(201);
    expect(created.body.email).toBe(derek?.email);
    const resent = await rest("POST", "/b2c/resend-invite", token.admin, { emailAddress: derek?.email });
    expect(resent.status).toBe(200);
    const after = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, derek?.email ?? ""));
    expect(after).toHaveLength(before + 2);
    const unknown = await rest("POST", "/b2c/resend-invite", token.admin, { emailAddress: "nobody@example.test" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(
      "No user with the email nobody@example.test in your facility; add the user first",
    );
    expect((await rest("POST", "/b2c/user", token.admin, {})).body.message).toBe("emailAddress is required");
  });
});

describe("leaving the screen sets AddUserAccessibility", () => {
  it("is Pending while a non-Software-Admin user has no cost centers, Completed once all have", async () => {
    const state = async () =>
      (
        await db()
          .select({ state: adminTasks.taskState })
          .from(adminTasks)
          .where(and(eq(adminTasks.facilityId, DEMO_FACILITY_ID), eq(adminTasks.taskName, "AddUserAccessibility")))
      )[0]?.state;
    const first = await mutate(token.admin, "finishUserAccessibility", FINISH);
    expect(first.data).toBe("Pending");
    expect(await state()).toBe("Pending");
    // Emily is the one left without cost centers (Derek got his above).
    await updateAccess(EMILY, {
      executive: false,
      costCenterPermissions: [
        { costCenterId: cc(9), fte: 0.9, completeWizard: false, manageStaff: false, readOnly: true },
      ],
    });
    const { body } = await gql(token.admin, LIST);
    const counts = (body.data?.userAccessibility as { counts: { toBeAssigned: number } }).counts;
    if (counts.toBeAssigned !== 0) throw new Error(`still ${counts.toBeAssigned} to be assigned`);
    const done = await mutate(token.admin, "finishUserAccessibility", FINISH);
    expect(done.data).toBe("Completed");
    expect(await state()).toBe("Completed");
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, `${DEMO_FACILITY_ID}:AddUserAccessibility`),
          sql`${auditLog.after}->>'taskState' = 'Completed'`,
        ),
      );
    expect(audit?.before).toEqual({ taskName: "AddUserAccessibility", taskState: "Pending" });
  });
});
