import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, costCenterPermissions, costCenters, staffingPlans } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { graphqlRequest } from "../support/graphql";
import { startTestServer } from "../support/server";
import { useTestServer } from "../support/testServer";
import { demoAccountTokens } from "../support/tokens";

const { server, token } = useTestServer();
const OTHER_FACILITY = "00000000-0000-4000-8000-000000000000";

/** The seed's tasks, in onboarding order: the relationships are defined and the cost centers have managers. */
const SEEDED_TASKS = [
  ["DefineSystemRelations", "Completed"],
  ["AddBasicFinancialInformation", "Pending"],
  ["ProvideBasicHrGuidelines", "Pending"],
  ["JobCategorization", "Pending"],
  ["AddCostCenters", "Completed"],
  ["UploadData", "Pending"],
  ["AddUserAccessibility", "Pending"],
] as const;

beforeAll(async () => {
  // 3 West: attested last year, begun again this year (InProgress). 4 East: attested this year
  // (Completed). Telemetry: no plan (NotStarted). ICU: begun, not attested (InProgress).
  const at = new Date("2026-06-01T12:00:00Z");
  await server.database.db.insert(staffingPlans).values([
    { costCenterId: demoId("costCenter", 1), budgetYear: 2026, attestedAt: at, attestedByUserId: DEMO_USER_IDS.user },
    { costCenterId: demoId("costCenter", 1), budgetYear: 2027 },
    { costCenterId: demoId("costCenter", 2), budgetYear: 2027, attestedAt: at, attestedByUserId: DEMO_USER_IDS.user },
    { costCenterId: demoId("costCenter", 4), budgetYear: 2027 },
  ]);
});

async function rest(path: string, bearer: string) {
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${bearer}` } });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("adminTasks and GET /api/admin/tasks", () => {
  it("lists the admin's facility tasks in onboarding order", async () => {
    const { body } = await graphqlRequest(server.baseUrl, token.admin, "{ adminTasks { taskName taskState } }");
    expect(body.data?.adminTasks).toEqual(SEEDED_TASKS.map(([taskName, taskState]) => ({ taskName, taskState })));
    const expected = SEEDED_TASKS.map(([taskName, taskState]) => ({
      facilityId: DEMO_FACILITY_ID,
      taskName,
      taskState,
    }));
    expect(await rest("/admin/tasks", token.admin)).toEqual({ status: 200, body: expected });
    expect(await rest(`/admin/tasks?facilityId=${DEMO_FACILITY_ID}`, token.admin)).toEqual({
      status: 200,
      body: expected,
    });
  });

  it("refuses exec and user accounts", async () => {
    for (const account of ["exec", "user"] as const) {
      const { body } = await graphqlRequest(server.baseUrl, token[account], "{ adminTasks { taskName } }");
      expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(body.data ?? null).toBeNull();
      expect(await rest("/admin/tasks", token[account])).toEqual({
        status: 403,
        body: { message: "You do not have permission to do this", code: "forbidden" },
      });
      expect((await rest(`/admin/tasks?facilityId=${DEMO_FACILITY_ID}`, token[account])).status).toBe(403);
    }
  });

  it("refuses another facility and answers a malformed facility id", async () => {
    expect(await rest(`/admin/tasks?facilityId=${OTHER_FACILITY}`, token.admin)).toEqual({
      status: 403,
      body: { message: "You do not have permission to do this", code: "forbidden" },
    });
    expect(await rest("/admin/tasks?facilityId=facility-1", token.admin)).toEqual({
      status: 400,
      body: { message: "'facility-1' is not a valid facility id", code: "invalid" },
    });
  });
});

describe("wizardStatus on cost-center permissions", () => {
  const ME = "{ me { costCenterPermissions { code wizardStatus } } }";

  it("follows the latest budget year's plan: none, begun, attested", async () => {
    const { body } = await graphqlRequest(server.baseUrl, token.user, ME);
    expect(body.data?.me).toEqual({
      costCenterPermissions: [
        { code: "6010", wizardStatus: "InProgress" },
        { code: "6020", wizardStatus: "Completed" },
        { code: "6030", wizardStatus: "NotStarted" },
      ],
    });
  });

  it("computes every cost center's status in one query (exec: twelve cost centers)", async () => {
    server.database.queries.length = 0;
    const { body } = await graphqlRequest(server.baseUrl, token.exec, ME);
    const me = body.data?.me as { costCenterPermissions: { code: string; wizardStatus: string }[] } | undefined;
    const permissions = me?.costCenterPermissions ?? [];
    expect(permissions).toHaveLength(12);
    expect(Object.fromEntries(permissions.map((p) => [p.code, p.wizardStatus]))).toMatchObject({
      "6010": "InProgress",
      "6020": "Completed",
      "6030": "NotStarted",
      "6040": "InProgress",
      "6120": "NotStarted",
    });
    // One to resolve the viewer, one for the permissions, one for all the statuses.
    expect(server.database.queries).toHaveLength(3);
  });

  it("batches across users too (the facility's user list)", async () => {
    server.database.queries.length = 0;
    const { body } = await graphqlRequest(
      server.baseUrl,
      token.admin,
      `{ facilityUsers(facilityId: "${DEMO_FACILITY_ID}") { costCenterPermissions { wizardStatus } } }`,
    );
    expect(body.data?.facilityUsers).toHaveLength(13);
    // One to resolve the viewer, then the users, their permissions and all the statuses.
    expect(server.database.queries).toHaveLength(4);
  });
});

describe("PUT /api/admin/tasks and updateAdminTask", () => {
  async function put(bearer: string, body: unknown) {
    const response = await fetch(`${server.baseUrl}/api/admin/tasks`, {
      method: "PUT",
      headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const stateOf = async (taskName: string) => {
    const { body } = await graphqlRequest(server.baseUrl, token.admin, "{ adminTasks { taskName taskState } }");
    const tasks = (body.data?.adminTasks ?? []) as { taskName: string; taskState: string }[];
    return tasks.find((t) => t.taskName === taskName)?.taskState;
  };

  it("sets a task's state for the admin's facility, audited", async () => {
    const { status, body } = await put(token.admin, {
      facilityId: DEMO_FACILITY_ID,
      taskName: "AddUserAccessibility",
      taskState: "Completed",
    });
    expect(status).toBe(200);
    expect(body).toEqual({ facilityId: DEMO_FACILITY_ID, taskName: "AddUserAccessibility", taskState: "Completed" });
    expect(await stateOf("AddUserAccessibility")).toBe("Completed");
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `${DEMO_FACILITY_ID}:AddUserAccessibility`));
    expect(audit).toMatchObject({ before: { taskState: "Pending" }, after: { taskState: "Completed" } });
  });

  it.each([
    [{ taskName: "MakeCoffee", taskState: "Completed" }, 400, /taskName must be one of/],
    [{ taskName: "UploadData", taskState: "Done" }, 400, /taskState must be Completed or Pending/],
    [{ facilityId: OTHER_FACILITY, taskName: "UploadData", taskState: "Completed" }, 403, /permission/],
  ])("refuses %j and changes nothing", async (body, status, message) => {
    const result = await put(token.admin, body);
    expect(result.status).toBe(status);
    expect(result.body.message).toMatch(message);
    expect(await stateOf("UploadData")).toBe("Pending");
  });

  it("records one change once when several requests make it at the same time", async () => {
    // A server of its own: no other test has touched its tasks or their audit records.
    const own = await startTestServer();
    try {
      const admin = (await demoAccountTokens(own)).admin;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          fetch(`${own.baseUrl}/api/admin/tasks`, {
            method: "PUT",
            headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
            body: JSON.stringify({ taskName: "JobCategorization", taskState: "Completed" }),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const audits = await own.database.db
        .select({ before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.entityId, `${DEMO_FACILITY_ID}:JobCategorization`));
      expect(audits).toEqual([
        {
          before: { taskName: "JobCategorization", taskState: "Pending" },
          after: { taskName: "JobCategorization", taskState: "Completed" },
        },
      ]);
    } finally {
      await own.close();
    }
  }, 60_000);

  it("refuses user and exec accounts (REST 403, GraphQL FORBIDDEN)", async () => {
    for (const account of ["user", "exec"] as const) {
      expect((await put(token[account], { taskName: "UploadData", taskState: "Completed" })).status).toBe(403);
      const { body } = await graphqlRequest(
        server.baseUrl,
        token[account],
        'mutation { updateAdminTask(input: { taskName: "UploadData", taskState: Completed }) { __typename } }',
      );
      expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    expect(await stateOf("UploadData")).toBe("Pending");
  });
});

describe("the Cost Centers step follows the facility (issue #15 item 5)", () => {
  const stateOf = async () => {
    const { body } = await graphqlRequest(server.baseUrl, token.admin, "{ adminTasks { taskName taskState } }");
    const tasks = (body.data?.adminTasks ?? []) as { taskName: string; taskState: string }[];
    return tasks.find((t) => t.taskName === "AddCostCenters")?.taskState;
  };
  const audits = () =>
    server.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityId, `${DEMO_FACILITY_ID}:AddCostCenters`))
      .orderBy(auditLog.id);

  it("Pending without an active cost center that has a manager, Completed again once one has, each change audited", async () => {
    const db = server.database.db;
    const managed = await db
      .select({ id: costCenterPermissions.id, costCenterId: costCenterPermissions.costCenterId })
      .from(costCenterPermissions)
      .where(eq(costCenterPermissions.completeWizard, true));
    const setCompleteWizard = (permissions: readonly { id: string }[], completeWizard: boolean) =>
      db
        .update(costCenterPermissions)
        .set({ completeWizard })
        .where(
          inArray(
            costCenterPermissions.id,
            permissions.map((m) => m.id),
          ),
        );
    // The demo manager completes the wizard of 6010 and 6020.
    expect(managed.length).toBeGreaterThan(0);
    expect(await stateOf()).toBe("Completed");

    // Managers only on deactivated cost centers: no cost center is ready.
    const ids = managed.map((m) => m.costCenterId);
    await db.update(costCenters).set({ deletedAt: new Date() }).where(inArray(costCenters.id, ids));
    expect(await stateOf()).toBe("Pending");
    // Back, but with nobody completing their wizards: still not ready.
    await db.update(costCenters).set({ deletedAt: null }).where(inArray(costCenters.id, ids));
    await setCompleteWizard(managed, false);
    expect(await stateOf()).toBe("Pending");
    // One manager on one active cost center is enough.
    await setCompleteWizard(managed.slice(0, 1), true);
    expect(await stateOf()).toBe("Completed");
    expect(await audits()).toEqual([
      {
        before: { taskName: "AddCostCenters", taskState: "Completed" },
        after: { taskName: "AddCostCenters", taskState: "Pending" },
      },
      {
        before: { taskName: "AddCostCenters", taskState: "Pending" },
        after: { taskName: "AddCostCenters", taskState: "Completed" },
      },
    ]);
    // Put the rest back as seeded.
    await setCompleteWizard(managed, true);
  });

  it("reaches 7 of 7 with the other six tasks done", async () => {
    for (const taskName of [
      "AddBasicFinancialInformation",
      "ProvideBasicHrGuidelines",
      "JobCategorization",
      "UploadData",
      "AddUserAccessibility",
    ]) {
      const { body } = await graphqlRequest(
        server.baseUrl,
        token.admin,
        `mutation { updateAdminTask(input: { taskName: "${taskName}", taskState: Completed }) { __typename } }`,
      );
      expect(body.data?.updateAdminTask).toEqual({ __typename: "MutationUpdateAdminTaskSuccess" });
    }
    const { body } = await graphqlRequest(server.baseUrl, token.admin, "{ adminTasks { taskState } }");
    const states = (body.data?.adminTasks ?? []) as { taskState: string }[];
    expect(states.map((t) => t.taskState)).toEqual(Array(7).fill("Completed"));
  });
});
