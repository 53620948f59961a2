import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, costCenters, staffingPlans, wizardSteps } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { graphqlRequest } from "../support/graphql";
import { restCall } from "../support/rest";
import { useTestServer } from "../support/testServer";

const { server, token } = useTestServer();

type Json = Record<string, unknown> & { message?: string; code?: string };
const call = (method: string, path: string, bearer: string, body?: unknown) =>
  restCall<Json & Json[]>(server.baseUrl, method, path, bearer, body);

const db = () => server.database.db;
const activeCount = async () =>
  (
    await db()
      .select({ id: costCenters.id })
      .from(costCenters)
      .where(and(eq(costCenters.facilityId, DEMO_FACILITY_ID), isNull(costCenters.deletedAt)))
  ).length;
const idOf = async (code: string) =>
  (
    await db()
      .select({ id: costCenters.id })
      .from(costCenters)
      .where(and(eq(costCenters.code, code), isNull(costCenters.deletedAt)))
  )[0]?.id as string;
const auditFor = (entityId: string) => db().select().from(auditLog).where(eq(auditLog.entityId, entityId));

describe("listing", () => {
  it("lists the facility's cost centers sorted by numeric code", async () => {
    await call("POST", "/organizational-unit/cost-center", token.admin, { code: "950", name: "Float Pool" });
    const { status, body } = await call(
      "GET",
      `/organizational-unit/cost-center?parentId=${DEMO_FACILITY_ID}`,
      token.admin,
    );
    expect(status).toBe(200);
    const codes = body.map((row) => row.code as string);
    expect(codes[0]).toBe("950");
    expect(codes.slice(1, 4)).toEqual(["6010", "6020", "6030"]);
    expect(Object.keys(body[0] as object).sort()).toEqual(["code", "id", "name"]);
  });

  it("the GraphQL list gives each cost center its own PRN FTE standard, else the facility's", async () => {
    await call("POST", "/organizational-unit/cost-center", token.admin, { code: "951", name: "PRN Pool" });
    await db()
      .update(costCenters)
      .set({ prnFte: 0.3 })
      .where(eq(costCenters.id, await idOf("951")));
    const { body } = await graphqlRequest(server.baseUrl, token.admin, "{ costCenters { code prnFte } }");
    const prnOf = new Map(
      (body.data?.costCenters as { code: string; prnFte: number | null }[]).map((c) => [c.code, c.prnFte]),
    );
    expect(prnOf.get("951")).toBe(0.3);
    // 6010 has none of its own: the demo facility's PRNStaffValue, 0.2.
    expect(prnOf.get("6010")).toBe(0.2);
  });

  it("GET /api/organizational-unit answers the org and facility ids", async () => {
    const { body } = await call("GET", "/organizational-unit", token.admin);
    expect(body).toEqual({ orgId: expect.any(String), facilityId: DEMO_FACILITY_ID });
  });
});

describe("adding and updating", () => {
  it("adds a cost center, audited", async () => {
    const { status, body } = await call("POST", "/organizational-unit/cost-center", token.admin, {
      code: "7010",
      name: "Cardiac Rehab",
      parentId: DEMO_FACILITY_ID,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ code: "7010", name: "Cardiac Rehab", facilityId: DEMO_FACILITY_ID, prnFte: 0.2 });
    const [audit] = await auditFor(body.id as string);
    expect(audit).toMatchObject({ action: "cost_center.create", actorUserId: DEMO_USER_IDS.admin, before: null });
    expect(audit?.after).toMatchObject({ code: "7010", name: "Cardiac Rehab" });
  });

  it.each([
    [{ code: "", name: "Unit" }, "Cost center number is required"],
    [{ code: "7020", name: "  " }, "Cost center name is required"],
    [{ code: "12A4", name: "Unit" }, "Cost center number must contain digits only"],
    [{ code: "1234567890123", name: "Unit" }, "Cost center number must be at most 12 digits"],
    [
      { code: "7021", name: "Unit <script>" },
      "Cost center name may contain letters, digits, spaces and - & ' ( ) . , /",
    ],
    [{ code: "7022", name: "x".repeat(81) }, "Cost center name must be at most 80 characters"],
    [{ code: "6010", name: "Another Med Surg" }, "Cost center number 6010 is already used in this facility."],
  ])("refuses %j with a clear message and adds nothing", async (input, message) => {
    const before = await activeCount();
    const { status, body } = await call("POST", "/organizational-unit/cost-center", token.admin, input);
    expect([400, 409]).toContain(status);
    expect(body.message).toBe(message);
    expect(await activeCount()).toBe(before);
  });

  it("refuses a body that is not JSON", async () => {
    const { status, body } = await call("POST", "/organizational-unit/cost-center", token.admin, "code=1");
    expect(status).toBe(400);
    expect(body.message).toBe("The request body must be a JSON object");
  });

  it("updates number and name, audited with before and after", async () => {
    const id = await idOf("6120");
    const { status, body } = await call("PATCH", `/organizational-unit/cost-center/${id}`, token.admin, {
      code: "6125",
      name: "Orthopedics and Spine",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, code: "6125", name: "Orthopedics and Spine" });
    const audits = await auditFor(id);
    expect(audits.at(-1)).toMatchObject({
      action: "cost_center.update",
      before: expect.objectContaining({ code: "6120", name: "Orthopedics" }),
      after: expect.objectContaining({ code: "6125", name: "Orthopedics and Spine" }),
    });
  });

  it("refuses an update to a number another cost center holds, changing nothing", async () => {
    const id = await idOf("6110");
    const { status, body } = await call("PATCH", `/organizational-unit/cost-center/${id}`, token.admin, {
      code: "6100",
      name: "Oncology",
    });
    expect(status).toBe(409);
    expect(body.message).toBe("Cost center number 6100 is already used in this facility.");
    expect(await idOf("6110")).toBe(id);
  });

  it("answers unknown and malformed ids clearly", async () => {
    expect(
      (await call("GET", "/organizational-unit/00000000-0000-4000-8000-000000000000", token.admin)).body.message,
    ).toBe("Cost center was not found");
    const malformed = await call("DELETE", "/organizational-unit/6010", token.admin);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("'6010' is not a valid cost center id");
  });
});

describe("delete, reset and unlock", () => {
  async function planFor(code: string, attested: boolean) {
    const [plan] = await db()
      .insert(staffingPlans)
      .values({
        costCenterId: await idOf(code),
        budgetYear: 2027,
        census: 22,
        attestedAt: attested ? new Date() : null,
        attestedByUserId: attested ? DEMO_USER_IDS.user : null,
        lockedAt: attested ? new Date() : null,
      })
      .returning({ id: staffingPlans.id });
    await db()
      .insert(wizardSteps)
      .values({ planId: plan?.id as string, step: "ReviewAttestation", status: attested ? "Completed" : "InProgress" });
    return plan?.id as string;
  }

  it("refuses to delete a cost center whose wizard is in progress, with the text the screen maps", async () => {
    await planFor("6030", false);
    const id = await idOf("6030");
    const { status, body } = await call("DELETE", `/organizational-unit/${id}`, token.admin);
    expect(status).toBe(409);
    expect(body.message).toContain("Error while removing Organizational unit");
    expect(await idOf("6030")).toBe(id);
  });

  it("deactivates a cost center (soft delete, audited) and lists it no more", async () => {
    const id = await idOf("6090");
    const { status } = await call("DELETE", `/organizational-unit/${id}`, token.admin);
    expect(status).toBe(200);
    const [row] = await db().select().from(costCenters).where(eq(costCenters.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const list = await call("GET", "/organizational-unit/cost-center", token.admin);
    expect(list.body.map((c) => c.code)).not.toContain("6090");
    expect((await auditFor(id)).at(-1)).toMatchObject({ action: "cost_center.deactivate", after: null });
  });

  it("refuses reset and unlock of a wizard that is not completed", async () => {
    const id = await idOf("6030");
    for (const path of [`/organizational-unit/${id}/reset`, `/wizard/${id}/reset`, `/wizard/${id}/unlock`]) {
      const method = path.startsWith("/wizard") ? "PATCH" : "POST";
      const { status, body } = await call(method, path, token.admin);
      expect(status).toBe(409);
      expect(body.message).toBe("The wizard for cost center 6030 is not completed");
    }
  });

  it("unlocks a completed wizard: attestation cleared, review back in progress, audited", async () => {
    const planId = await planFor("6040", true);
    const { status } = await call("PATCH", `/wizard/${await idOf("6040")}/unlock`, token.admin);
    expect(status).toBe(200);
    const [plan] = await db().select().from(staffingPlans).where(eq(staffingPlans.id, planId));
    expect(plan).toMatchObject({ attestedAt: null, lockedAt: null });
    const [step] = await db().select().from(wizardSteps).where(eq(wizardSteps.planId, planId));
    expect(step?.status).toBe("InProgress");
    expect((await auditFor(planId)).at(-1)).toMatchObject({ action: "staffing_plan.unlock" });
  });

  it("resets a completed wizard: the plan is gone, audited with what it was", async () => {
    const planId = await planFor("6050", true);
    const { status } = await call("POST", `/organizational-unit/${await idOf("6050")}/reset`, token.admin);
    expect(status).toBe(200);
    expect(await db().select().from(staffingPlans).where(eq(staffingPlans.id, planId))).toEqual([]);
    expect((await auditFor(planId)).at(-1)).toMatchObject({
      action: "staffing_plan.reset",
      before: expect.objectContaining({ census: 22 }),
    });
  });
});

describe("only administrators", () => {
  const calls: [string, string, unknown?][] = [
    ["GET", "/organizational-unit"],
    ["GET", "/organizational-unit/cost-center"],
    ["POST", "/organizational-unit", { code: "8010", name: "Denied" }],
    ["POST", "/organizational-unit/cost-center", { code: "8011", name: "Denied" }],
    ["GET", "/organizational-unit/{id}"],
    ["PATCH", "/organizational-unit/cost-center/{id}", { code: "8012", name: "Denied" }],
    ["DELETE", "/organizational-unit/{id}"],
    ["POST", "/organizational-unit/{id}/reset"],
    ["PATCH", "/wizard/{id}/reset"],
    ["PATCH", "/wizard/{id}/unlock"],
  ];

  it.each(calls)("refuses user and exec tokens on %s %s (403), changing nothing", async (method, path, body) => {
    const id = await idOf("6010");
    const before = await activeCount();
    for (const account of ["user", "exec"] as const) {
      const response = await call(method, path.replace("{id}", id), token[account], body);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("forbidden");
    }
    expect(await activeCount()).toBe(before);
  });

  it("refuses the GraphQL mutations and queries to user and exec accounts", async () => {
    const id = await idOf("6010");
    for (const account of ["user", "exec"] as const) {
      for (const operation of [
        "{ costCenters { id } }",
        `mutation { createCostCenter(input: { code: "8020", name: "Denied" }) { __typename } }`,
        `mutation { deactivateCostCenter(id: "${id}") { __typename } }`,
        `mutation { unlockCostCenterWizard(id: "${id}") { __typename } }`,
      ]) {
        const { body } = await graphqlRequest(server.baseUrl, token[account], operation);
        expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      }
    }
    expect(await idOf("6010")).toBe(id);
  });

  it("answers GraphQL validation failures as typed errors", async () => {
    const { body } = await graphqlRequest(
      server.baseUrl,
      token.admin,
      `mutation { createCostCenter(input: { code: "abc", name: "X" }) {
        __typename
        ... on DomainError { message code fieldErrors { field message } }
      } }`,
    );
    expect(body.data?.createCostCenter).toEqual({
      __typename: "DomainError",
      message: "Cost center number must contain digits only",
      code: "invalid",
      fieldErrors: [{ field: "code", message: "Cost center number must contain digits only" }],
    });
  });
});

describe("reactivating and the change history (issue #15 item 6)", () => {
  const gql = (bearer: string, query: string) => graphqlRequest(server.baseUrl, bearer, query);
  const reactivate = (bearer: string, id: string) =>
    gql(
      bearer,
      `mutation { reactivateCostCenter(id: "${id}") {
        __typename
        ... on MutationReactivateCostCenterSuccess { data { id code name } }
        ... on DomainError { message code }
      } }`,
    );

  it("lists a deactivated cost center, brings it back with its plan, audited, and shows who did what when", async () => {
    const added = await call("POST", "/organizational-unit/cost-center", token.admin, {
      code: "7301",
      name: "Burn Unit",
    });
    const id = added.body.id as string;
    await call("PATCH", `/organizational-unit/cost-center/${id}`, token.admin, {
      code: "7302",
      name: "Burn Unit East",
    });
    const [plan] = await db()
      .insert(staffingPlans)
      .values({ costCenterId: id, budgetYear: 2027, attestedAt: new Date() })
      .returning({ id: staffingPlans.id });
    expect((await call("DELETE", `/organizational-unit/${id}`, token.admin)).status).toBe(200);

    const listed = await gql(token.admin, "{ deactivatedCostCenters { id code name deactivatedAt } }");
    const rows = listed.body.data?.deactivatedCostCenters as { id: string; code: string; deactivatedAt: string }[];
    expect(rows[0]).toMatchObject({ id, code: "7302", name: "Burn Unit East" });
    expect(Number.isNaN(Date.parse(rows[0]?.deactivatedAt ?? ""))).toBe(false);

    const { body } = await reactivate(token.admin, id);
    expect(body.data?.reactivateCostCenter).toEqual({
      __typename: "MutationReactivateCostCenterSuccess",
      data: { id, code: "7302", name: "Burn Unit East" },
    });
    expect(await idOf("7302")).toBe(id);
    // Its plan came back with it.
    const [kept] = await db()
      .select({ id: staffingPlans.id })
      .from(staffingPlans)
      .where(eq(staffingPlans.costCenterId, id));
    expect(kept?.id).toBe(plan?.id);
    const gone = await gql(token.admin, "{ deactivatedCostCenters { id } }");
    expect((gone.body.data?.deactivatedCostCenters as { id: string }[]).map((r) => r.id)).not.toContain(id);

    // A plan's own change (reset) belongs to the cost center's history too.
    await call("POST", `/organizational-unit/${id}/reset`, token.admin);
    const history = await gql(
      token.admin,
      `{ costCenterHistory(id: "${id}") { timeZone entries { at actorName action what details } } }`,
    );
    const { timeZone, entries } = history.body.data?.costCenterHistory as {
      timeZone: string;
      entries: { at: string; actorName: string; action: string; what: string; details: string | null }[];
    };
    expect(timeZone).toBe("US/Eastern");
    // The latest first; the admin of the demo did all of it.
    expect(entries.map((e) => [e.what, e.details])).toEqual([
      ["Plan reset", "Budget year 2027"],
      ["Cost center reactivated", "7302 Burn Unit East"],
      ["Cost center deactivated", "7302 Burn Unit East"],
      ["Number or name changed", "7301 Burn Unit → 7302 Burn Unit East"],
      ["Cost center added", "7301 Burn Unit"],
    ]);
    expect(new Set(entries.map((e) => e.actorName))).toEqual(new Set(["Alex Morgan"]));
  });

  it("refuses to bring one back whose number an active cost center holds now, changing nothing", async () => {
    const first = await call("POST", "/organizational-unit/cost-center", token.admin, {
      code: "7311",
      name: "Old Wing",
    });
    const id = first.body.id as string;
    await call("DELETE", `/organizational-unit/${id}`, token.admin);
    await call("POST", "/organizational-unit/cost-center", token.admin, { code: "7311", name: "New Wing" });
    const { body } = await reactivate(token.admin, id);
    expect(body.data?.reactivateCostCenter).toEqual({
      __typename: "DomainError",
      message: "Cost center number 7311 is already used in this facility.",
      code: "conflict",
    });
    const rows = await db()
      .select({ deletedAt: costCenters.deletedAt })
      .from(costCenters)
      .where(eq(costCenters.id, id));
    expect(rows[0]?.deletedAt).not.toBeNull();
    expect((await auditFor(id)).map((a) => a.action)).not.toContain("cost_center.reactivate");
  });

  it("answers an active, unknown or malformed id clearly, and refuses user and exec accounts", async () => {
    const active = await idOf("6010");
    expect((await reactivate(token.admin, active)).body.data?.reactivateCostCenter).toMatchObject({
      __typename: "DomainError",
      code: "not_found",
    });
    expect((await reactivate(token.admin, "not-a-uuid")).body.data?.reactivateCostCenter).toMatchObject({
      __typename: "DomainError",
      code: "invalid",
    });
    const unknown = await gql(
      token.admin,
      '{ costCenterHistory(id: "00000000-0000-4000-8000-000000000000") { timeZone } }',
    );
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    for (const account of ["user", "exec"] as const) {
      for (const operation of [
        "{ deactivatedCostCenters { id } }",
        `{ costCenterHistory(id: "${active}") { timeZone } }`,
        `mutation { reactivateCostCenter(id: "${active}") { __typename } }`,
      ]) {
        const { body } = await gql(token[account], operation);
        expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      }
    }
  });
});
