import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, costCenters, facilities } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_ORGANIZATION_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { createDeniedRecorder } from "../../server/services/audit";
import { AUDIT_LOG_MESSAGES } from "../../server/services/auditLog";
import { RateLimiter } from "../../server/services/rateLimits";
import { graphqlRequest } from "../support/graphql";
import { HAND_WORKED_UNIT } from "../support/handWorkedPlan";
import { restFetch } from "../support/rest";
import { SignInRefused, signInWithPassword } from "../support/signIn";
import { type Json, planCalls, REGISTERED_NURSE_ON_DAYS } from "../support/staffingPlans";
import { useTestServer } from "../support/testServer";
import { managerOfNewCostCenter } from "../support/tokens";
import { workbookOf } from "../support/workbooks";

const { server, token } = useTestServer();

/** The records of an action, latest first. */
function recordsOf(action: string, entityId?: string) {
  return server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), entityId === undefined ? undefined : eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));
}

describe("issue #17: the audit log records who, what, when and from where", () => {
  it("records a successful sign-in with the user, their facility and the address", async () => {
    await signInWithPassword(server.baseUrl, DEMO_ACCOUNTS.exec.email, DEMO_ACCOUNTS.exec.password);
    const [record] = await recordsOf("sign_in.success", DEMO_USER_IDS.exec);
    expect(record).toMatchObject({
      actorUserId: DEMO_USER_IDS.exec,
      facilityId: DEMO_FACILITY_ID,
      entityType: "user",
      after: { email: DEMO_ACCOUNTS.exec.email },
      source: "127.0.0.1",
    });
    expect(Math.abs((record?.at.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it("records a failed sign-in with the email tried and the user's facility, never the password", async () => {
    const password = "Not-the-password-123!";
    await expect(signInWithPassword(server.baseUrl, DEMO_ACCOUNTS.user.email, password)).rejects.toThrow(SignInRefused);
    const [record] = await recordsOf("sign_in.failure", DEMO_USER_IDS.user);
    expect(record).toMatchObject({
      actorUserId: null,
      facilityId: DEMO_FACILITY_ID,
      entityType: "user",
      after: { email: DEMO_ACCOUNTS.user.email },
      source: "127.0.0.1",
    });
    expect(JSON.stringify(record)).not.toContain(password);

    // An email that is nobody's: recorded with no facility (no administrator's log shows it).
    await expect(signInWithPassword(server.baseUrl, "Nobody@Example.test", password)).rejects.toThrow(SignInRefused);
    const [unknown] = await recordsOf("sign_in.failure", "nobody@example.test");
    expect(unknown).toMatchObject({
      actorUserId: null,
      facilityId: null,
      entityType: "sign_in_account",
      after: { email: "Nobody@Example.test" },
      source: "127.0.0.1",
    });
    const [{ count } = { count: -1 }] = await server.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(sql`${auditLog.after}::text like ${`%${password}%`}`);
    expect(count).toBe(0);
  });

  it("records a mutation with the address it came from", async () => {
    const { body } = await graphqlRequest(
      server.baseUrl,
      token.admin,
      `mutation { createJob(name: "Audit clerk", categoryId: 1) { ... on MutationCreateJobSuccess { data { id } } } }`,
    );
    const jobId = (body.data?.createJob as { data?: { id: string } } | undefined)?.data?.id;
    expect(jobId, JSON.stringify(body)).toBeTruthy();
    const [record] = await recordsOf("job.create");
    expect(record).toMatchObject({
      actorUserId: DEMO_USER_IDS.admin,
      facilityId: DEMO_FACILITY_ID,
      source: "127.0.0.1",
    });
  });
});

describe("issue #17: refused requests are recorded as authorization.denied", () => {
  /** The record of a FORBIDDEN refusal of `what` (operation: field, or method and path) to a demo account, asked from here. */
  const forbiddenHere = (actorUserId: string, entityType: "graphql" | "rest", what: string) => ({
    actorUserId,
    facilityId: DEMO_FACILITY_ID,
    entityType,
    after: { what, code: "FORBIDDEN" },
    source: "127.0.0.1",
  });

  it("records a FORBIDDEN GraphQL operation with the operation, field, code, actor and address", async () => {
    const { body } = await graphqlRequest(
      server.baseUrl,
      token.exec,
      `mutation ExecTriesAJob { createJob(name: "Not mine", categoryId: 1) { __typename } }`,
    );
    expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const [record] = await recordsOf("authorization.denied", "ExecTriesAJob: createJob");
    expect(record).toMatchObject(forbiddenHere(DEMO_USER_IDS.exec, "graphql", "ExecTriesAJob: createJob"));
  });

  it("records a refusal a field answers as typed data (... on DomainError), with the field", async () => {
    // A cost center of this test's own, on which the demo manager holds no permission.
    const [unit] = await server.database.db
      .insert(costCenters)
      .values({ facilityId: DEMO_FACILITY_ID, code: "7702", name: "Not the manager's" })
      .returning({ id: costCenters.id });
    const { body } = await graphqlRequest(
      server.baseUrl,
      token.user,
      `mutation ManagerStartsAnotherUnit($id: ID!) { startStaffingPlan(costCenterId: $id) {
        __typename ... on DomainError { code } } }`,
      { id: unit?.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.startStaffingPlan).toEqual({ __typename: "DomainError", code: "forbidden" });
    expect(await recordsOf("authorization.denied", "ManagerStartsAnotherUnit: startStaffingPlan")).toMatchObject([
      forbiddenHere(DEMO_USER_IDS.user, "graphql", "ManagerStartsAnotherUnit: startStaffingPlan"),
    ]);
  });

  it("records the introspection refusal and an operation without a token (no actor)", async () => {
    const introspection = await graphqlRequest(
      server.baseUrl,
      token.user,
      "query PeekAtSchema { __schema { queryType { name } } }",
    );
    expect(introspection.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await recordsOf("authorization.denied", "PeekAtSchema")).toMatchObject([
      { actorUserId: DEMO_USER_IDS.user, after: { code: "FORBIDDEN" }, source: "127.0.0.1" },
    ]);
    const anonymous = await graphqlRequest(server.baseUrl, undefined, "query NoToken { me { email } }");
    expect(anonymous.status).toBe(401);
    expect(await recordsOf("authorization.denied", "NoToken")).toMatchObject([
      { actorUserId: null, facilityId: null, after: { code: "UNAUTHENTICATED" }, source: "127.0.0.1" },
    ]);
  });

  it("records a REST 403 and a REST 401 with method and path", async () => {
    expect((await restFetch(server.baseUrl, "GET", "/organizational-unit", token.exec)).status).toBe(403);
    expect(await recordsOf("authorization.denied", "GET /api/organizational-unit")).toMatchObject([
      forbiddenHere(DEMO_USER_IDS.exec, "rest", "GET /api/organizational-unit"),
    ]);
    expect((await restFetch(server.baseUrl, "GET", "/users/nobody-here", null)).status).toBe(401);
    expect(await recordsOf("authorization.denied", "GET /api/users/nobody-here")).toMatchObject([
      { actorUserId: null, after: { code: "UNAUTHENTICATED" }, source: "127.0.0.1" },
    ]);
  });

  it("records at most the limiter's budget of refusals per address (an anonymous flood)", async () => {
    const record = createDeniedRecorder(
      server.database.db,
      new RateLimiter({ limit: 4, windowMs: 60_000, lockMs: 60_000 }),
    );
    const flood = { viewer: undefined, transport: "rest", code: "UNAUTHENTICATED", source: "192.0.2.9" } as const;
    for (let n = 1; n <= 10; n++) await record({ ...flood, what: `GET /api/flood-${n}` });
    await record({ ...flood, source: "192.0.2.10", what: "GET /api/flood-other" });
    const rows = await server.database.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(sql`${auditLog.entityId} like 'GET /api/flood-%'`)
      .orderBy(auditLog.id);
    expect(rows.map((row) => row.entityId)).toEqual([
      "GET /api/flood-1",
      "GET /api/flood-2",
      "GET /api/flood-3",
      "GET /api/flood-other",
    ]);
  });
});

// Hand-worked records (the demo facility is in US/Eastern: UTC-5 in January), all of entity type
// 'handworked' so a text filter finds exactly these among the records the other tests write.
const HW = {
  r6: {
    at: "2026-01-09T12:00:00Z",
    action: "authorization.denied",
    actor: null,
    after: { what: "GET /api/handworked-anon", code: "UNAUTHENTICATED" },
  },
  r1: {
    at: "2026-01-10T04:59:00Z",
    action: "cost_center.create",
    actor: DEMO_USER_IDS.admin,
    after: { code: "7001", name: "Handworked ward" },
  },
  r2: { at: "2026-01-10T05:00:00Z", action: "sign_in.failure", actor: null, after: { email: "zed@handworked.test" } },
  r3: {
    at: "2026-01-11T04:59:00Z",
    action: "authorization.denied",
    actor: DEMO_USER_IDS.exec,
    after: { what: "GET /api/handworked", code: "FORBIDDEN" },
  },
  r4: {
    at: "2026-01-11T05:00:00Z",
    action: "sign_in.success",
    actor: DEMO_USER_IDS.user,
    after: { email: "manager@demo.hospital" },
  },
} as const;
const OTHER_FACILITY_ID = "5eed0002-0000-4000-8000-0000000000ff";

const AUDIT_LOG_QUERY = `query AuditLogQuery($filter: AuditLogFilter, $page: AuditLogPageInput) {
  auditLog(filter: $filter, page: $page) { total offset size timeZone entries { id at who action what entityType recordKind entityId record details source } }
}`;

async function auditLogAs(bearer: string, filter: Record<string, unknown>, page?: Record<string, unknown>) {
  return graphqlRequest(server.baseUrl, bearer, AUDIT_LOG_QUERY, { filter, page });
}
type Page = {
  total: number;
  entries: { entityId: string; who: string; what: string; at: string; details: string; source: string }[];
};
async function idsOf(filter: Record<string, unknown>, page?: Record<string, unknown>) {
  const { body } = await auditLogAs(token.admin, filter, page);
  const log = body.data?.auditLog as Page | undefined;
  expect(log, JSON.stringify(body)).toBeTruthy();
  return { total: log?.total, ids: log?.entries.map((entry) => entry.entityId) };
}

describe("issue #17: the auditLog query and the export", () => {
  beforeAll(async () => {
    const db = server.database.db;
    await db
      .insert(facilities)
      .values({ id: OTHER_FACILITY_ID, organizationId: DEMO_ORGANIZATION_ID, name: "Elsewhere" });
    await db.insert(auditLog).values([
      ...Object.entries(HW).map(([id, row]) => ({
        at: new Date(row.at),
        actorUserId: row.actor,
        facilityId: DEMO_FACILITY_ID,
        action: row.action,
        entityType: "handworked",
        entityId: `hw-${id.slice(1)}`,
        before: null,
        after: row.after,
        source: "10.0.0.7",
      })),
      {
        at: new Date("2026-01-10T12:00:00Z"),
        actorUserId: null,
        facilityId: OTHER_FACILITY_ID,
        action: "cost_center.create",
        entityType: "handworked",
        entityId: "hw-5",
        before: null,
        after: { code: "9", name: "Not yours" },
        source: "10.0.0.8",
      },
    ]);
  });

  it("answers the facility's records, latest first, with who, what, details and source; never another facility's", async () => {
    const { body } = await auditLogAs(token.admin, { text: "handworked" });
    expect(body.data?.auditLog).toEqual({
      total: 5,
      offset: 0,
      size: 25,
      timeZone: "US/Eastern",
      entries: [
        {
          id: expect.any(String),
          at: "2026-01-11T05:00:00.000Z",
          who: "Jordan Patel (manager@demo.hospital)",
          action: "sign_in.success",
          what: "Signed in",
          entityType: "handworked",
          recordKind: "Handworked",
          entityId: "hw-4",
          record: null,
          details: "manager@demo.hospital",
          source: "10.0.0.7",
        },
        {
          id: expect.any(String),
          at: "2026-01-11T04:59:00.000Z",
          who: "Elena Ruiz (exec@demo.hospital)",
          action: "authorization.denied",
          what: "Access denied",
          entityType: "handworked",
          recordKind: "Handworked",
          entityId: "hw-3",
          record: null,
          details: "GET /api/handworked (FORBIDDEN)",
          source: "10.0.0.7",
        },
        {
          id: expect.any(String),
          at: "2026-01-10T05:00:00.000Z",
          who: "zed@handworked.test",
          action: "sign_in.failure",
          what: "Sign-in failed",
          entityType: "handworked",
          recordKind: "Handworked",
          entityId: "hw-2",
          record: null,
          details: "zed@handworked.test",
          source: "10.0.0.7",
        },
        {
          id: expect.any(String),
          at: "2026-01-10T04:59:00.000Z",
          who: "Alex Morgan (admin@demo.hospital)",
          action: "cost_center.create",
          what: "Cost center added",
          entityType: "handworked",
          recordKind: "Handworked",
          entityId: "hw-1",
          record: null,
          details: "7001 Handworked ward",
          source: "10.0.0.7",
        },
        {
          id: expect.any(String),
          at: "2026-01-09T12:00:00.000Z",
          who: "Unknown",
          action: "authorization.denied",
          what: "Access denied",
          entityType: "handworked",
          recordKind: "Handworked",
          entityId: "hw-6",
          record: null,
          details: "GET /api/handworked-anon (UNAUTHENTICATED)",
          source: "10.0.0.7",
        },
      ],
    });
  });

  it("filters by facility dates, kind and text, and pages on the server", async () => {
    expect(await idsOf({ text: "handworked", from: "2026-01-10", to: "2026-01-10" })).toEqual({
      total: 2,
      ids: ["hw-3", "hw-2"],
    });
    expect(await idsOf({ text: "handworked", from: "2026-01-11" })).toEqual({ total: 1, ids: ["hw-4"] });
    expect(await idsOf({ text: "handworked", to: "2026-01-09" })).toEqual({ total: 2, ids: ["hw-1", "hw-6"] });
    expect(await idsOf({ text: "handworked", kind: "Denied" })).toEqual({ total: 2, ids: ["hw-3", "hw-6"] });
    expect(await idsOf({ text: "handworked", kind: "Changes" })).toEqual({ total: 1, ids: ["hw-1"] });
    expect(await idsOf({ text: "handworked", kind: "FailedSignIns" })).toEqual({ total: 1, ids: ["hw-2"] });
    expect(await idsOf({ text: "handworked", kind: "SignIns" })).toEqual({ total: 1, ids: ["hw-4"] });
    // The action's label, the actor's name, the email tried, within January 2026.
    const january = { from: "2026-01-01", to: "2026-01-31" };
    expect(await idsOf({ ...january, text: "access DENIED" })).toEqual({ total: 2, ids: ["hw-3", "hw-6"] });
    expect(await idsOf({ ...january, text: "jordan" })).toEqual({ total: 1, ids: ["hw-4"] });
    expect(await idsOf({ ...january, text: "zed@" })).toEqual({ total: 1, ids: ["hw-2"] });
    expect(await idsOf({ text: "handworked" }, { offset: 1, size: 2 })).toEqual({ total: 5, ids: ["hw-3", "hw-2"] });
    expect(await idsOf({ text: "handworked" }, { offset: 4, size: 2 })).toEqual({ total: 5, ids: ["hw-6"] });
    expect(await idsOf({ text: "handworked" }, { offset: 6, size: 2 })).toEqual({ total: 5, ids: [] });
    // Each text is searched on its own: nothing matches across the record's type and its id.
    expect(await idsOf({ text: "handworked hw-1" })).toEqual({ total: 0, ids: [] });
    expect(await idsOf({ text: "handworked\nhw-1" })).toEqual({ total: 0, ids: [] });
  });

  it("refuses bad filters and paging with the specific message", async () => {
    const cases: [Record<string, unknown>, Record<string, unknown> | undefined, string][] = [
      [{ from: "2026-02-30" }, undefined, AUDIT_LOG_MESSAGES.badDate("The From date")],
      [{ to: "10/01/2026" }, undefined, AUDIT_LOG_MESSAGES.badDate("The To date")],
      [{ from: "2026-01-11", to: "2026-01-10" }, undefined, AUDIT_LOG_MESSAGES.fromAfterTo],
      [{}, { size: 101 }, AUDIT_LOG_MESSAGES.pageSize],
      [{}, { offset: -1 }, AUDIT_LOG_MESSAGES.offset],
      [{ text: "x".repeat(101) }, undefined, AUDIT_LOG_MESSAGES.text],
    ];
    for (const [filter, page, message] of cases) {
      const { body } = await auditLogAs(token.admin, filter, page);
      expect(body.errors?.[0], JSON.stringify(filter)).toMatchObject({ message, extensions: { code: "INVALID" } });
    }
    expect(AUDIT_LOG_MESSAGES.badDate("The From date")).toBe("The From date must be a date written YYYY-MM-DD");
  });

  it("refuses executives and users (FORBIDDEN), and records the refusal", async () => {
    for (const [account, userId] of [
      ["exec", DEMO_USER_IDS.exec],
      ["user", DEMO_USER_IDS.user],
    ] as const) {
      const { body } = await auditLogAs(token[account], {});
      expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(body.data ?? null).toBeNull();
      const [record] = await server.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, "authorization.denied"),
            eq(auditLog.entityId, "AuditLogQuery: auditLog"),
            eq(auditLog.actorUserId, userId),
          ),
        );
      expect(record).toMatchObject({ after: { code: "FORBIDDEN" }, source: "127.0.0.1" });
    }
  });

  it("exports the filtered log as CSV (UTC and facility time) and as xlsx, admins only", async () => {
    const csv = await restFetch(
      server.baseUrl,
      "GET",
      "/audit-log?format=csv&text=handworked&from=2026-01-10&to=2026-01-10",
      token.admin,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="audit-log.csv"');
    const lines = (await csv.text())
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(","));
    expect(lines).toEqual([
      ["Time (UTC)", "Time (US/Eastern)", "Who", "What", "Entity", "Entity id", "Record", "Details", "From (address)"],
      [
        "2026-01-11T04:59:00.000Z",
        "2026-01-10 23:59:00",
        "Elena Ruiz (exec@demo.hospital)",
        "Access denied",
        "handworked",
        "hw-3",
        "",
        "GET /api/handworked (FORBIDDEN)",
        "10.0.0.7",
      ],
      [
        "2026-01-10T05:00:00.000Z",
        "2026-01-10 00:00:00",
        "zed@handworked.test",
        "Sign-in failed",
        "handworked",
        "hw-2",
        "",
        "zed@handworked.test",
        "10.0.0.7",
      ],
    ]);

    const xlsx = await restFetch(
      server.baseUrl,
      "GET",
      "/audit-log?format=xlsx&text=handworked&kind=Changes",
      token.admin,
    );
    expect(xlsx.status).toBe(200);
    const book = await workbookOf(xlsx);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      "Time (UTC)",
      "Time (US/Eastern)",
      "Who",
      "What",
      "Entity",
      "Entity id",
      "Record",
      "Details",
      "From (address)",
    ]);
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      "2026-01-10T04:59:00.000Z",
      "2026-01-09 23:59:00",
      "Alex Morgan (admin@demo.hospital)",
      "Cost center added",
      "handworked",
      "hw-1",
      undefined, // no record behind a hand-made entity
      "7001 Handworked ward",
      "10.0.0.7",
    ]);
    expect(sheet?.rowCount).toBe(2);

    expect((await restFetch(server.baseUrl, "GET", "/audit-log?format=csv", token.exec)).status).toBe(403);
    const bad = await restFetch(
      server.baseUrl,
      "GET",
      "/audit-log?format=csv&from=2026-01-11&to=2026-01-10",
      token.admin,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: AUDIT_LOG_MESSAGES.fromAfterTo });
    const badKind = await restFetch(server.baseUrl, "GET", "/audit-log?format=csv&kind=Everything", token.admin);
    expect(badKind.status).toBe(400);
  });

  it("exports up to 10,000 entries and refuses more, saying how many match", async () => {
    const marker = `limit-${Date.now()}`;
    const insert = (from: number, to: number) =>
      server.database.db.execute(sql`
        insert into audit_log (actor_user_id, facility_id, action, entity_type, entity_id, before, after, source)
        select ${DEMO_USER_IDS.admin}, ${DEMO_FACILITY_ID}, 'contact_message.create', ${marker}, ${marker} || '-' || n,
          null, '{}'::jsonb, null
        from generate_series(${from}::int, ${to}::int) as n`);
    const exportCsv = () => restFetch(server.baseUrl, "GET", `/audit-log?format=csv&text=${marker}`, token.admin);

    await insert(1, 10_000);
    const full = await exportCsv();
    expect(full.status).toBe(200);
    // The header and 10,000 entries.
    expect((await full.text()).trimEnd().split("\r\n")).toHaveLength(10_001);

    await insert(10_001, 10_001);
    const refused = await exportCsv();
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: "The export holds at most 10,000 entries and 10,001 match: narrow the filters",
    });
  });
});

describe("the audit log names the record each change is about", () => {
  /** The `record` of the facility's audit entries whose entity id is `entityId`, by action. */
  async function recordsNamed(entityId: string): Promise<Record<string, string | null>> {
    const { body } = await auditLogAs(token.admin, { text: entityId });
    const entries = ((body.data as Json | undefined)?.auditLog?.entries ?? []) as {
      action: string;
      record: string | null;
    }[];
    expect(entries.length, JSON.stringify(body)).toBeGreaterThan(0);
    return Object.fromEntries(entries.map((entry) => [entry.action, entry.record]));
  }

  it("a cost center, its plan, a role even once deleted, a staff member and their position, in words (also in the cost center's history)", async () => {
    const { costCenterId, token: managerToken } = await managerOfNewCostCenter(server);
    const code = String(Math.floor(Math.random() * 1e9));
    const admin = planCalls(server.baseUrl, token.admin);
    await admin.mutate(
      "updateCostCenter",
      `mutation($id: ID!, $input: CostCenterInput!) { updateCostCenter(id: $id, input: $input) {
        __typename ... on DomainError { message } } }`,
      { id: costCenterId, input: { code, name: "Audited Ward" } },
    );
    const unit = `${code} Audited Ward`;

    const manager = planCalls(server.baseUrl, managerToken);
    const planId = await manager.startPlan(costCenterId, HAND_WORKED_UNIT);
    await manager.mutate(
      "completeWizardStep",
      `mutation($planId: ID!) { completeWizardStep(planId: $planId, step: UnitDefinition) {
        __typename ... on DomainError { message } } }`,
      { planId },
    );
    const budgetYear = (await manager.wizard(costCenterId)).plan.budgetYear as number;
    const { shift, ...nurseRole } = REGISTERED_NURSE_ON_DAYS;
    await manager.createRole(planId, { ...nurseRole, isExempt: false, shifts: [shift] });
    const roles = await manager.createRole(planId, {
      ...nurseRole,
      name: "Float Nurse",
      isExempt: false,
      shifts: [shift],
    });
    const float = roles.find((role) => role.name === "Float Nurse")?.id as string;
    const nurse = roles.find((role) => role.name === "Registered Nurse")?.id as string;
    await manager.rest("DELETE", "/role", { id: float });

    const employeeId = `AUD-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const { staffId } = await manager.addStaffMember(costCenterId, {
      employeeId,
      firstName: "Ines",
      lastName: "Okafor",
      staffType: "Regular",
      dateOfHire: "01/15/2024",
      fte: 1,
    });
    const view = await manager.assignStaff(planId, { staffId, unitRoleId: nurse, shift: "Days", fte: 1 });
    const position = (view.plan.staffPositions as Json[]).find((held) => held.staffId === staffId) as Json;
    await manager.rest("DELETE", `/staff-position/${position.id}`);

    expect(await recordsNamed(costCenterId)).toMatchObject({ "cost_center.update": unit });
    expect(await recordsNamed(planId)).toMatchObject({
      "staffing_plan.create": `${unit}, budget year ${budgetYear}`,
      "staffing_plan.unit_definition.update": `${unit}, budget year ${budgetYear}`,
    });
    // A wizard step's record ('<plan id>:<step>') is its plan.
    expect(await recordsNamed(`${planId}:UnitDefinition`)).toEqual({
      "wizard_step.complete": `${unit}, budget year ${budgetYear}`,
    });
    // Deleted: the name comes from the role as it was before.
    expect(await recordsNamed(float)).toEqual({ "unit_role.create": "Float Nurse", "unit_role.delete": "Float Nurse" });
    expect(await recordsNamed(staffId)).toMatchObject({ "staff.create": `Ines Okafor (${employeeId})` });
    expect(await recordsNamed(position.id as string)).toEqual({
      "staff_position.create": `Ines Okafor (${employeeId})`,
      "staff_position.delete": `Ines Okafor (${employeeId})`,
    });

    // A search finds records by their names: the assignments by the person's employee id, which
    // only the name in words holds (their snapshots hold the staff member's id).
    const { body } = await auditLogAs(token.admin, { text: employeeId });
    const found = ((body.data as Json | undefined)?.auditLog?.entries ?? []) as Json[];
    expect(found.map((entry) => [entry.action, entry.what, entry.recordKind]).sort()).toEqual([
      ["staff.create", "Staff member added", "Staff member"],
      ["staff_position.create", "Staff assigned", "Staff assignment"],
      ["staff_position.delete", "Staff unassigned", "Staff assignment"],
    ]);

    // The cost center's history says who was assigned, where the record has no name of its own.
    const history = await admin.gql(`{ costCenterHistory(id: "${costCenterId}") { entries { what details } } }`);
    expect(history.data?.costCenterHistory?.entries).toEqual(
      expect.arrayContaining([
        { what: "Staff assigned", details: `Ines Okafor (${employeeId})` },
        { what: "Staff unassigned", details: `Ines Okafor (${employeeId})` },
        { what: "Role removed", details: "Float Nurse" },
        // The first of the wizard's six steps, from the record '<plan id>:UnitDefinition'.
        { what: "Wizard step completed", details: "Step 1 of 6: UNIT DEFINITION" },
      ]),
    );
  });

  it("says which onboarding step changed to what", async () => {
    const admin = planCalls(server.baseUrl, token.admin);
    // Whatever the step's state was, the last two calls each change it.
    for (const taskState of ["Pending", "Completed", "Pending"]) {
      await admin.mutate(
        "updateAdminTask",
        `mutation($input: AdminTaskInput!) { updateAdminTask(input: $input) { __typename } }`,
        { input: { taskName: "UploadData", taskState } },
      );
    }
    // The record is '<facility id>:UploadData'; the newest first.
    const { body } = await auditLogAs(token.admin, { text: `${DEMO_FACILITY_ID}:UploadData` });
    const entries = ((body.data as Json | undefined)?.auditLog?.entries ?? []) as Json[];
    expect(entries.slice(0, 2).map((entry) => [entry.what, entry.details])).toEqual([
      ["Onboarding step updated", "UPLOAD DATA FILES: Pending"],
      ["Onboarding step updated", "UPLOAD DATA FILES: Completed"],
    ]);
  });

  it("names the facility and a job by their names", async () => {
    const job = demoId("job", 1);
    await server.database.db.insert(auditLog).values(
      [
        { entityType: "facility", entityId: DEMO_FACILITY_ID },
        { entityType: "job", entityId: job },
      ].map((record) => ({
        ...record,
        actorUserId: DEMO_USER_IDS.admin,
        facilityId: DEMO_FACILITY_ID,
        action: `${record.entityType}.named_record_test`,
        source: null,
      })),
    );
    expect(await recordsNamed(DEMO_FACILITY_ID)).toMatchObject({
      "facility.named_record_test": "St. Catherine Medical Center",
    });
    expect(await recordsNamed(job)).toMatchObject({ "job.named_record_test": "Registered Nurse" });
  });

  it("names the person a user record is about", async () => {
    await signInWithPassword(server.baseUrl, DEMO_ACCOUNTS.exec.email, DEMO_ACCOUNTS.exec.password);
    expect(await recordsNamed(DEMO_USER_IDS.exec)).toMatchObject({ "sign_in.success": "Elena Ruiz" });
  });
});
