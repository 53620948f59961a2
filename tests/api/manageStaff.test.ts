import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, costCenterStaff, staff, staffPositions, wizardSteps } from "../../db/schema";
import { DEMO_FACILITY_ID, demoId } from "../../db/seed/demo";
import { MANAGE_STAFF_MESSAGES } from "../../schema/manageStaff";
import { demoFacilityToday } from "../support/facilityDate";
import { expectJson, restFetch } from "../support/rest";
import { type Json, planCalls, REGISTERED_NURSE_ON_DAYS } from "../support/staffingPlans";
import { useTestServer } from "../support/testServer";
import { executiveOver, managerOfNewCostCenter, userOver } from "../support/tokens";
import { workbookOf } from "../support/workbooks";

/**
 * Issue #14, Manage Staff on the server (REST `/api/staff`, GraphQL `manageStaff` and its
 * mutations): the demo manager holds Manage Staff on 6010 and 6020 and Read Only on 6030. Each test
 * adds the staff members it changes, with employee ids of its own.
 */

const { server, token: tokens } = useTestServer();
const [cc6010, cc6020, cc6030, cc6040] = [1, 2, 3, 4].map((n) => demoId("costCenter", n)) as [
  string,
  string,
  string,
  string,
];
let serial = 0;

const call = (method: string, path: string, token: string, body?: unknown) =>
  restFetch(server.baseUrl, method, path, token, body);
const ok = expectJson;
async function refused(response: Response, status: number, message: string) {
  const body = (await response.json()) as Json;
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.message).toBe(message);
}

/** A new staff member's details; the employee id is the test's own. */
function newcomer(details: Json = {}): Json {
  serial++;
  return {
    employeeId: `MS-${serial}-${Date.now() % 100000}`,
    firstName: "Nadia",
    lastName: `Okafor${serial}`,
    staffType: "Regular",
    dateOfHire: "01/15/2024",
    fte: 0.9,
    ...details,
  };
}
async function add(costCenterId: string, details: Json = {}): Promise<Json> {
  return ok(await call("POST", "/staff", tokens.user, { costCenterId, ...newcomer(details) }), 201);
}
const list = async (costCenterId: string, token = tokens.user) =>
  ok(await call("GET", `/staff?costCenterId=${costCenterId}`, token));
const staffWith = (employeeId: string) =>
  server.database.db.select().from(staff).where(eq(staff.employeeId, employeeId));
const membershipsOf = (staffId: string) =>
  server.database.db.select().from(costCenterStaff).where(eq(costCenterStaff.staffId, staffId));

/**
 * A plan on the cost center with one RN role on days, and a 0.5 position for the staff member; step 4
 * completed. `token` is a holder of Complete Wizard there (the demo manager unless told).
 */
async function planWithPosition(costCenterId: string, staffId: string, token = tokens.user) {
  const manager = planCalls(server.baseUrl, token);
  let planId = (await manager.wizard(costCenterId)).plan?.id as string | undefined;
  if (!planId) {
    planId = await manager.startPlan(costCenterId, {
      census: 2,
      careTeamTarget: 6,
      nonProductiveGoalPercentage: 0,
      targetOvertimePercentage: 0,
    });
    await manager.addRole(planId, REGISTERED_NURSE_ON_DAYS);
  }
  const role = ((await manager.wizard(costCenterId)).plan.roles as Json[])[0] as Json;
  await manager.assignStaff(planId, { staffId, unitRoleId: role.id, shift: "Days", fte: 0.5 });
  await server.database.db
    .update(wizardSteps)
    .set({ status: "Completed" })
    .where(and(eq(wizardSteps.planId, planId), eq(wizardSteps.step, "AssignStaff")));
  return planId;
}
const stepOf = async (planId: string) =>
  (
    await server.database.db
      .select({ status: wizardSteps.status })
      .from(wizardSteps)
      .where(and(eq(wizardSteps.planId, planId), eq(wizardSteps.step, "AssignStaff")))
  )[0]?.status;

describe("issue #14: Manage Staff lists a cost center's staff", () => {
  it("by first name, case-insensitive, with their FTE here, positions and whether they are assigned", async () => {
    const added = await add(cc6010, { firstName: "aaron", fte: 0.75 });
    const body = await list(cc6010);
    expect(body).toMatchObject({ costCenter: { code: "6010" }, canEdit: true });
    const names = (body.staff as Json[]).map((s) => `${s.firstName} ${s.lastName}`.toLowerCase());
    expect(names).toEqual([...names].sort());
    const row = (body.staff as Json[]).find((s) => s.staffId === added.staffId) as Json;
    expect(row).toMatchObject({ fte: 0.75, positions: [], positionsFte: 0, isAssigned: false, staffType: "Regular" });
    expect(row.dateOfHire).toBe("2024-01-15");
  });

  it("reads for Read Only (canEdit false); refuses a cost center without permission, admins, and no cost center", async () => {
    expect((await list(cc6030)).canEdit).toBe(false);
    await refused(
      await call("GET", `/staff?costCenterId=${cc6040}`, tokens.user),
      403,
      "You have no access to this cost center.",
    );
    expect((await call("GET", `/staff?costCenterId=${cc6010}`, tokens.admin)).status).toBe(403);
    await refused(await call("GET", "/staff", tokens.user), 400, "costCenterId is required");
    const graphql = await planCalls(server.baseUrl, tokens.exec).gql(
      "query($id: ID!) { manageStaff(costCenterId: $id) { canEdit } }",
      { id: cc6010 },
    );
    expect(graphql.errors?.[0]).toMatchObject({ extensions: { code: "FORBIDDEN" } });
  });
});

describe("issue #14: the staff list as a file", () => {
  it(".xlsx and CSV hold the screen's rows with a header row; readers may export, others may not", async () => {
    const added = await add(cc6010, { notes: "=HYPERLINK(1)" });
    const shown = (await list(cc6010)).staff as Json[];
    const xlsx = await call("GET", `/staff?costCenterId=${cc6010}&format=xlsx`, tokens.user);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-disposition")).toContain('filename="staff-6010.xlsx"');
    const book = await workbookOf(xlsx);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(3).value).toBe("Employee ID");
    const ids = (sheet?.getRows(2, (sheet?.rowCount ?? 1) - 1) ?? []).map((r) => r.getCell(3).value);
    expect(ids).toEqual(shown.map((s) => s.employeeId));
    const ours = sheet?.getRows(2, sheet.rowCount - 1)?.find((r) => r.getCell(3).value === added.employeeId);
    expect(ours?.getCell(5).value).toBe(0.9);
    // Text that a spreadsheet would run as a formula is written as text.
    expect(String(ours?.getCell(12).value)).toBe("'=HYPERLINK(1)");
    const csv = await (await call("GET", `/staff?costCenterId=${cc6030}&format=csv`, tokens.user)).text();
    expect(csv.split("\r\n")[0]).toContain("First name,Last name,Employee ID,Type,FTE here");
    expect((await call("GET", `/staff?costCenterId=${cc6040}&format=csv`, tokens.user)).status).toBe(403);
  });
});

describe("issue #14: adding a staff member", () => {
  it("adds them to the facility and the cost center; audited", async () => {
    const details = newcomer({ staffType: "Traveller", contractEndDate: "2027-06-30", notes: "Night float" });
    const added = await ok(await call("POST", "/staff", tokens.user, { costCenterId: cc6020, ...details }), 201);
    expect(added).toMatchObject({
      employeeId: details.employeeId,
      staffType: "Traveller",
      contractEndDate: "2027-06-30",
      fte: 0.9,
      notes: "Night float",
    });
    expect((await list(cc6020)).staff.map((s: Json) => s.staffId)).toContain(added.staffId);
    const [row] = await staffWith(details.employeeId);
    expect(row?.facilityId).toBe(DEMO_FACILITY_ID);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, added.staffId), eq(auditLog.action, "staff.create")));
    expect(audits).toHaveLength(1);
  });

  it.each([
    [{ fte: 1.6 }, "Assigned FTE must be between 0 and 1.5"],
    [{ fte: 0.333 }, "Assigned FTE may have at most 2 decimals"],
    [{ staffType: "Contractor" }, "Type must be Regular, PRN or Traveller"],
    [{ staffType: "Traveller" }, MANAGE_STAFF_MESSAGES.travellerContract],
    [{ dateOfHire: "2024-13-01" }, "Date of Hire must be a date as MM/DD/YYYY"],
    [{ firstName: "" }, "First name is required"],
    [{ notes: "x".repeat(41) }, "Notes must be at most 40 characters"],
    [{ email: "not-an-email" }, "Email must be a valid email address"],
    [{ employeeId: "MS/1" }, "Employee ID may contain letters, digits, hyphens and spaces"],
  ])("%j is refused with '%s' and nothing is written", async (change, message) => {
    const details: Json = { ...newcomer(), ...change };
    await refused(await call("POST", "/staff", tokens.user, { costCenterId: cc6010, ...details }), 400, message);
    if (typeof details.employeeId === "string") expect(await staffWith(details.employeeId)).toEqual([]);
  });

  it("refuses an employee ID the facility already has (any case), and anyone without Manage Staff", async () => {
    const first = await add(cc6010);
    const again = newcomer({ employeeId: String(first.employeeId).toLowerCase() });
    await refused(
      await call("POST", "/staff", tokens.user, { costCenterId: cc6010, ...again }),
      409,
      MANAGE_STAFF_MESSAGES.employeeIdTaken(again.employeeId),
    );
    const readOnly = newcomer();
    await refused(
      await call("POST", "/staff", tokens.user, { costCenterId: cc6030, ...readOnly }),
      403,
      MANAGE_STAFF_MESSAGES.refused,
    );
    expect((await call("POST", "/staff", tokens.exec, { costCenterId: cc6010, ...newcomer() })).status).toBe(403);
    expect(await staffWith(readOnly.employeeId)).toEqual([]);
    const graphql = await planCalls(server.baseUrl, tokens.user).gql(
      `mutation($id: ID!, $input: StaffMemberInput!) { addStaffMember(costCenterId: $id, input: $input) {
        __typename ... on DomainError { message } } }`,
      { id: cc6030, input: newcomer() },
    );
    expect(graphql.data?.addStaffMember).toEqual({ __typename: "DomainError", message: MANAGE_STAFF_MESSAGES.refused });
  });
});

describe("issue #14: editing a staff member", () => {
  it("changes the fields given and leaves the others; a traveller needs a contract end", async () => {
    const added = await add(cc6010, { education: "BSN" });
    const changed = await ok(
      await call("PUT", `/staff/${added.staffId}`, tokens.user, {
        costCenterId: cc6010,
        notes: "Prefers nights",
        fte: 0.8,
      }),
    );
    expect(changed).toMatchObject({ notes: "Prefers nights", fte: 0.8, education: "BSN", firstName: "Nadia" });
    await refused(
      await call("PUT", `/staff/${added.staffId}`, tokens.user, { costCenterId: cc6010, staffType: "Traveller" }),
      400,
      MANAGE_STAFF_MESSAGES.travellerContract,
    );
    await refused(
      await call("PUT", `/staff/${added.staffId}`, tokens.user, { costCenterId: cc6010 }),
      400,
      "Change at least one field",
    );
    const graphql = await planCalls(server.baseUrl, tokens.user).gql(
      `mutation($cc: ID!, $id: ID!, $input: StaffMemberInput!) { updateStaffMember(costCenterId: $cc, staffId: $id, input: $input) {
        __typename ... on MutationUpdateStaffMemberSuccess { data { notes education } } } }`,
      { cc: cc6010, id: added.staffId, input: { notes: null } },
    );
    expect(graphql.data?.updateStaffMember).toMatchObject({ data: { notes: null, education: "BSN" } });
  });

  it("refuses a staff member of another cost center, and an unknown one", async () => {
    const elsewhere = await add(cc6020);
    await refused(
      await call("PUT", `/staff/${elsewhere.staffId}`, tokens.user, { costCenterId: cc6010, notes: "x" }),
      404,
      MANAGE_STAFF_MESSAGES.notInCostCenter,
    );
    await refused(
      await call("PUT", "/staff/00000000-0000-4000-8000-0000000000ff", tokens.user, {
        costCenterId: cc6010,
        notes: "x",
      }),
      404,
      "Staff member was not found",
    );
  });
});

describe("issue #14: only the cost center's Manage Staff holder changes its staff (every mutation, REST and GraphQL)", () => {
  // A cost center of this test's own with its manager (Complete Wizard and Manage Staff), a staff
  // member holding a 0.5 position in its plan, and three accounts that may not change its staff.
  let own: { costCenterId: string; token: string };
  let other: { costCenterId: string; token: string };
  let member: Json;
  let planId: string;
  const actors: Record<"readOnly" | "noPermission" | "executive", string> = {
    readOnly: "",
    noPermission: "",
    executive: "",
  };
  /** What the refused change could have touched: the staff row, the memberships, the positions and the plan's step. */
  const snapshot = async () => ({
    staff: await server.database.db.select().from(staff).where(eq(staff.id, member.staffId)),
    memberships: await membershipsOf(member.staffId),
    positions: await server.database.db.select().from(staffPositions).where(eq(staffPositions.staffId, member.staffId)),
    step: await stepOf(planId),
  });
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    own = await managerOfNewCostCenter(server);
    other = await managerOfNewCostCenter(server);
    member = await ok(await call("POST", "/staff", own.token, { costCenterId: own.costCenterId, ...newcomer() }), 201);
    planId = await planWithPosition(own.costCenterId, member.staffId, own.token);
    actors.readOnly = await userOver(server, [own.costCenterId]);
    actors.noPermission = await userOver(server, [other.costCenterId]);
    actors.executive = await executiveOver(server, [own.costCenterId]);
    before = await snapshot();
    expect(before.memberships).toHaveLength(1);
    expect(before.positions).toHaveLength(1);
    expect(before.step).toBe("Completed");
  });

  type Attempt = (token: string) => Promise<{ status?: number; body: Json }>;
  const rest =
    (method: string, path: () => string, body?: () => Json): Attempt =>
    async (token) => {
      const response = await call(method, path(), token, body?.());
      return { status: response.status, body: (await response.json()) as Json };
    };
  const graphql =
    (field: string, query: string, variables: () => Json): Attempt =>
    async (token) => ({ body: { field, ...(await planCalls(server.baseUrl, token).gql(query, variables())) } });
  const today = demoFacilityToday().iso;
  const attempts: [string, Attempt][] = [
    [
      "REST PUT /api/staff/{id}",
      rest(
        "PUT",
        () => `/staff/${member.staffId}`,
        () => ({ costCenterId: own.costCenterId, notes: "Changed", fte: 0.4 }),
      ),
    ],
    ["REST DELETE /api/staff/{id}", rest("DELETE", () => `/staff/${member.staffId}?costCenterId=${own.costCenterId}`)],
    [
      "REST POST /api/staff/{id}/transfer (TransferWithinOrg)",
      rest(
        "POST",
        () => `/staff/${member.staffId}/transfer`,
        () => ({
          costCenterId: own.costCenterId,
          transferType: "TransferWithinOrg",
          toCostCenterId: other.costCenterId,
        }),
      ),
    ],
    [
      "REST POST /api/staff/{id}/transfer (a termination)",
      rest(
        "POST",
        () => `/staff/${member.staffId}/transfer`,
        () => ({ costCenterId: own.costCenterId, transferType: "VoluntaryTermination", terminationDate: today }),
      ),
    ],
    [
      "GraphQL updateStaffMember",
      graphql(
        "updateStaffMember",
        `mutation($cc: ID!, $id: ID!) { updateStaffMember(costCenterId: $cc, staffId: $id, input: { notes: "Changed", fte: 0.4 }) {
          __typename ... on DomainError { message } } }`,
        () => ({ cc: own.costCenterId, id: member.staffId }),
      ),
    ],
    [
      "GraphQL removeStaffMember",
      graphql(
        "removeStaffMember",
        `mutation($cc: ID!, $id: ID!) { removeStaffMember(costCenterId: $cc, staffId: $id) {
          __typename ... on DomainError { message } } }`,
        () => ({ cc: own.costCenterId, id: member.staffId }),
      ),
    ],
    [
      "GraphQL transferStaffMember (TransferWithinOrg)",
      graphql(
        "transferStaffMember",
        `mutation($cc: ID!, $id: ID!, $to: ID!) { transferStaffMember(costCenterId: $cc, staffId: $id,
          transferType: TransferWithinOrg, toCostCenterId: $to) { __typename ... on DomainError { message } } }`,
        () => ({ cc: own.costCenterId, id: member.staffId, to: other.costCenterId }),
      ),
    ],
    [
      "GraphQL transferStaffMember (a termination)",
      graphql(
        "transferStaffMember",
        `mutation($cc: ID!, $id: ID!, $date: String!) { transferStaffMember(costCenterId: $cc, staffId: $id,
          transferType: InvoluntaryTermination, terminationDate: $date) { __typename ... on DomainError { message } } }`,
        () => ({ cc: own.costCenterId, id: member.staffId, date: today }),
      ),
    ],
  ];
  const cases = attempts.flatMap(([name, attempt]) =>
    (["readOnly", "noPermission", "executive"] as const).map((actor) => [name, actor, attempt] as const),
  );

  it.each(cases)("%s as %s is refused, and nothing changes", async (_name, actor, attempt) => {
    const { status, body } = await attempt(actors[actor]);
    if (status !== undefined) {
      // REST: 403 with the rule in words, for every account that is not the Manage Staff holder.
      expect(status, JSON.stringify(body)).toBe(403);
      expect(body.message).toBe(MANAGE_STAFF_MESSAGES.refused);
    } else if (actor === "executive") {
      // GraphQL: staff mutations are for user accounts; an executive is stopped by the field's auth scope.
      expect(body.errors?.[0], JSON.stringify(body)).toMatchObject({
        message: "You do not have permission to do this",
        extensions: { code: "FORBIDDEN" },
      });
      expect(body.data?.[body.field] ?? null).toBeNull();
    } else {
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      expect(body.data?.[body.field]).toEqual({ __typename: "DomainError", message: MANAGE_STAFF_MESSAGES.refused });
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{ fte: 1.6 }, "Assigned FTE must be between 0 and 1.5"],
    [{ fte: -0.1 }, "Assigned FTE must be between 0 and 1.5"],
    [{ fte: "lots" }, "Assigned FTE must be a number"],
    [{ dateOfHire: "2024-02-30" }, "Date of Hire must be a date as MM/DD/YYYY"],
    [{ dateOfHire: "13/01/2024" }, "Date of Hire must be a date as MM/DD/YYYY"],
    [{ contractEndDate: "soon" }, "Contract End Date must be a date as MM/DD/YYYY"],
    [{ staffType: "Contractor" }, "Type must be Regular, PRN or Traveller"],
  ])("the holder's PUT with %j is refused with '%s' and nothing is written", async (change, message) => {
    await refused(
      await call("PUT", `/staff/${member.staffId}`, own.token, { costCenterId: own.costCenterId, ...change }),
      400,
      message,
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe("issue #14: removing, transferring and terminating", () => {
  it("removal takes them and their positions out of the cost center; the plan's Assign Staff step is begun again", async () => {
    const added = await add(cc6010);
    const planId = await planWithPosition(cc6010, added.staffId);
    expect((await list(cc6010)).staff.find((s: Json) => s.staffId === added.staffId)?.positionsFte).toBe(0.5);
    await ok(await call("DELETE", `/staff/${added.staffId}?costCenterId=${cc6010}`, tokens.user));
    expect(await membershipsOf(added.staffId)).toEqual([]);
    const positions = await server.database.db
      .select()
      .from(staffPositions)
      .where(eq(staffPositions.staffId, added.staffId));
    expect(positions).toEqual([]);
    expect(await stepOf(planId)).toBe("InProgress");
  });

  it("may go to any active cost center of the facility, also one the manager does not hold", async () => {
    const TARGETS = `query($id: ID!) { staffTransferTargets(costCenterId: $id) { costCenterId code } }`;
    const { data } = await planCalls(server.baseUrl, tokens.user).gql(TARGETS, { id: cc6010 });
    const codes = (data.staffTransferTargets as Json[]).map((c) => c.code);
    // The demo manager holds no permission on 6040; it is the facility's, so staff may go there.
    expect(codes).toEqual(expect.arrayContaining(["6020", "6030", "6040"]));
    expect(codes).not.toContain("6010");
    expect(codes).toEqual([...codes].sort((a, b) => a.length - b.length || a.localeCompare(b)));
    const added = await add(cc6010);
    const moved = await ok(
      await call("POST", `/staff/${added.staffId}/transfer`, tokens.user, {
        costCenterId: cc6010,
        transferType: "TransferWithinOrg",
        toCostCenterId: cc6040,
      }),
    );
    expect(moved).toMatchObject({ toCostCenter: { code: "6040" } });
    // A Read Only holder of 6030 may not ask where its staff could go.
    const refused = await planCalls(server.baseUrl, tokens.user).gql(TARGETS, { id: cc6030 });
    expect(refused.errors?.[0]?.message).toBe(MANAGE_STAFF_MESSAGES.refused);
  });

  it("a transfer moves them with their FTE to the other cost center and their positions out of the first; both plans are verified again", async () => {
    // Two cost centers of the test's own, each with its manager and a plan whose Assign Staff step is
    // completed: the source's with the staff member's 0.5 position, the destination's with one of its own staff.
    const from = await managerOfNewCostCenter(server);
    const to = await managerOfNewCostCenter(server);
    const added = await ok(
      await call("POST", "/staff", from.token, { costCenterId: from.costCenterId, ...newcomer({ fte: 0.6 }) }),
      201,
    );
    const resident = await ok(
      await call("POST", "/staff", to.token, { costCenterId: to.costCenterId, ...newcomer() }),
      201,
    );
    const planId = await planWithPosition(from.costCenterId, added.staffId, from.token);
    const destinationPlanId = await planWithPosition(to.costCenterId, resident.staffId, to.token);
    expect(await stepOf(destinationPlanId)).toBe("Completed");
    const moved = await ok(
      await call("POST", `/staff/${added.staffId}/transfer`, from.token, {
        costCenterId: from.costCenterId,
        transferType: "TransferWithinOrg",
        toCostCenterId: to.costCenterId,
      }),
    );
    expect(moved).toMatchObject({ transferType: "TransferWithinOrg", toCostCenter: { id: to.costCenterId } });
    expect((await membershipsOf(added.staffId)).map((m) => [m.costCenterId, m.fte])).toEqual([[to.costCenterId, 0.6]]);
    expect(await stepOf(planId)).toBe("InProgress");
    // The destination gains a staff member no position holds yet: its plan is verified again too.
    expect(await stepOf(destinationPlanId)).toBe("InProgress");
    const there = (await list(to.costCenterId, to.token)).staff.find((s: Json) => s.staffId === added.staffId) as Json;
    expect(there).toMatchObject({ fte: 0.6, positions: [], isAssigned: false });
    // The resident's position in the destination's plan stays.
    const residentPositions = await server.database.db
      .select()
      .from(staffPositions)
      .where(eq(staffPositions.staffId, resident.staffId));
    expect(residentPositions).toHaveLength(1);
  });

  it("refuses a transfer to the same cost center, to one they are already in, and to an unknown one", async () => {
    const added = await add(cc6010);
    const transfer = (toCostCenterId: string) =>
      call("POST", `/staff/${added.staffId}/transfer`, tokens.user, {
        costCenterId: cc6010,
        transferType: "TransferWithinOrg",
        toCostCenterId,
      });
    await refused(await transfer(cc6010), 400, MANAGE_STAFF_MESSAGES.sameCostCenter);
    await server.database.db.insert(costCenterStaff).values({ costCenterId: cc6030, staffId: added.staffId, fte: 0.1 });
    await refused(await transfer(cc6030), 409, MANAGE_STAFF_MESSAGES.alreadyThere("6030"));
    await refused(await transfer("00000000-0000-4000-8000-0000000000ff"), 404, "Cost center was not found");
    await refused(
      await call("POST", `/staff/${added.staffId}/transfer`, tokens.user, {
        costCenterId: cc6010,
        transferType: "Retire",
      }),
      400,
      "transferType must be TransferWithinOrg, VoluntaryTermination or InvoluntaryTermination",
    );
    expect((await membershipsOf(added.staffId)).map((m) => m.costCenterId).sort()).toEqual([cc6010, cc6030].sort());
  });

  it("a transfer is all or nothing: a failure at its last write leaves membership and positions as they were", async () => {
    const added = await add(cc6010);
    const planId = await planWithPosition(cc6010, added.staffId);
    const db = server.database.db;
    // The audit record is the transfer's last write: make the database refuse it.
    await db.execute(sql`create or replace function refuse_transfer_audit() returns trigger language plpgsql as $$
      begin if new.action = 'staff.transfer' then raise exception 'audit refused'; end if; return new; end $$`);
    await db.execute(sql`create trigger refuse_transfer_audit before insert on audit_log
      for each row execute function refuse_transfer_audit()`);
    try {
      const response = await call("POST", `/staff/${added.staffId}/transfer`, tokens.user, {
        costCenterId: cc6010,
        transferType: "TransferWithinOrg",
        toCostCenterId: cc6020,
      });
      expect(response.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_transfer_audit on audit_log`);
    }
    expect((await membershipsOf(added.staffId)).map((m) => m.costCenterId)).toEqual([cc6010]);
    const positions = await db.select().from(staffPositions).where(eq(staffPositions.staffId, added.staffId));
    expect(positions).toHaveLength(1);
    expect(await stepOf(planId)).toBe("Completed");
  });

  it("a termination ends the employment on its date, out of every cost center; not in the future, not before hire", async () => {
    const added = await add(cc6010, { dateOfHire: "2024-01-15" });
    await server.database.db.insert(costCenterStaff).values({ costCenterId: cc6020, staffId: added.staffId, fte: 0.1 });
    const terminate = (terminationDate: string) =>
      call("POST", `/staff/${added.staffId}/transfer`, tokens.user, {
        costCenterId: cc6010,
        transferType: "VoluntaryTermination",
        terminationDate,
      });
    await refused(await terminate("2999-01-01"), 400, MANAGE_STAFF_MESSAGES.futureTermination);
    await refused(await terminate("2023-12-31"), 400, MANAGE_STAFF_MESSAGES.terminationBeforeHire);
    const today = demoFacilityToday().iso;
    expect(await ok(await terminate(today))).toMatchObject({
      transferType: "VoluntaryTermination",
      terminationDate: today,
    });
    expect(await membershipsOf(added.staffId)).toEqual([]);
    const [row] = await staffWith(added.employeeId);
    expect(row).toMatchObject({ terminationDate: today, terminationType: "VoluntaryTermination" });
    expect((await list(cc6010)).staff.map((s: Json) => s.staffId)).not.toContain(added.staffId);
    await refused(
      await call("PUT", `/staff/${added.staffId}`, tokens.user, { costCenterId: cc6010, notes: "x" }),
      409,
      MANAGE_STAFF_MESSAGES.terminated,
    );
  });
});

describe("issue #14: the facility's staff (GET /api/staff/facility/{facilityId})", () => {
  it("an administrator gets every staff member still employed; a user those of their cost centers; another facility is refused", async () => {
    const mine = await add(cc6010);
    const all = (await ok(await call("GET", `/staff/facility/${DEMO_FACILITY_ID}`, tokens.admin))) as unknown as Json[];
    const visible = (await ok(
      await call("GET", `/staff/facility/${DEMO_FACILITY_ID}`, tokens.user),
    )) as unknown as Json[];
    expect(all.map((s) => s.id)).toContain(mine.staffId);
    expect(visible.map((s) => s.id)).toContain(mine.staffId);
    expect(visible.length).toBeLessThan(all.length);
    expect((await call("GET", "/staff/facility/00000000-0000-4000-8000-0000000000ff", tokens.admin)).status).toBe(403);
  });
});
