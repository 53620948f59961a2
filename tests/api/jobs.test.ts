import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminTasks, auditLog, facilities, jobs, organizations } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_ORGANIZATION_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { DEMO_JOB_NAMES } from "../support/demoJobs";
import { graphqlRequest } from "../support/graphql";
import { restCall } from "../support/rest";
import { startTestServer, type TestServer } from "../support/server";
import { tokenFactory } from "../support/tokens";

/**
 * Job categorization (spec §2, §3, §7 'Job'): the facility's jobs, the categories without 0 'None',
 * setting categories all-or-nothing, adding jobs, the JobCategorization task, audit, and admin-only.
 */

let server: TestServer;
const token = { admin: "", exec: "", user: "" };
const OTHER_ORG = "00000000-0000-4000-8000-0000000000aa";
const OTHER_FACILITY = "00000000-0000-4000-8000-0000000000bb";
const OTHER_JOB = "00000000-0000-4000-8000-0000000000cc";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
/** The seed's first cost center (6010) and jobs (by seed order). */
const UNIT_ID = demoId("costCenter", 1);
const RN = demoId("job", 1);
const CHARGE_NURSE = demoId("job", 2);
const UNIT_SECRETARY = demoId("job", 6);
const RESPIRATORY_THERAPIST = demoId("job", 10);

const CATEGORIES = [
  { id: 1, categoryName: "Registered Nurse" },
  { id: 2, categoryName: "Licensed Practical Nurse" },
  { id: 3, categoryName: "Nursing Assistant" },
  { id: 4, categoryName: "Unit Support" },
  { id: 5, categoryName: "Leadership" },
  { id: 6, categoryName: "Allied Health" },
];

beforeAll(async () => {
  server = await startTestServer();
  const tokens = await tokenFactory(server);
  for (const account of ["admin", "exec", "user"] as const) token[account] = await tokens.valid(DEMO_USER_IDS[account]);
  // A second organisation with a job of its own: never visible or changeable from the demo facility.
  await db().insert(organizations).values({ id: OTHER_ORG, name: "Elsewhere Health" });
  await db().insert(facilities).values({ id: OTHER_FACILITY, organizationId: OTHER_ORG, name: "Elsewhere General" });
  await db()
    .insert(jobs)
    .values({ id: OTHER_JOB, facilityId: OTHER_FACILITY, name: "Registered Nurse", categoryId: 1 });
});
afterAll(() => server?.close());

type Json = Record<string, unknown> & { message?: string; code?: string; fieldErrors?: Record<string, string> };
const call = (method: string, path: string, bearer: string | null, body?: unknown) =>
  restCall<Json & Json[]>(server.baseUrl, method, path, bearer, body);
const patchCategories = (body: unknown, bearer = token.admin, organizationId: string | null = DEMO_ORGANIZATION_ID) =>
  call("PATCH", `/job/category${organizationId ? `?organizationId=${organizationId}` : ""}`, bearer, body);

const db = () => server.database.db;
const jobRows = () =>
  db()
    .select({ id: jobs.id, name: jobs.name, categoryId: jobs.categoryId })
    .from(jobs)
    .where(eq(jobs.facilityId, DEMO_FACILITY_ID))
    .orderBy(asc(jobs.name));
const categoryOf = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]?.categoryId;
const jobAudits = () => db().select().from(auditLog).where(like(auditLog.action, "job.%")).orderBy(asc(auditLog.id));
const taskState = async () =>
  (
    await db()
      .select({ state: adminTasks.taskState })
      .from(adminTasks)
      .where(and(eq(adminTasks.facilityId, DEMO_FACILITY_ID), eq(adminTasks.taskName, "JobCategorization")))
  )[0]?.state;

/** Runs `act` and checks that neither the jobs, their audit nor the task changed. */
async function expectNothingChanged(act: () => Promise<void>) {
  const [jobsBefore, auditsBefore, taskBefore] = [await jobRows(), (await jobAudits()).length, await taskState()];
  await act();
  expect(await jobRows()).toEqual(jobsBefore);
  expect((await jobAudits()).length).toBe(auditsBefore);
  expect(await taskState()).toBe(taskBefore);
}

describe("reading jobs and categories", () => {
  it("GET /api/job?unitId= answers the jobs of the cost center's facility, by name", async () => {
    const { status, body } = await call("GET", `/job?unitId=${UNIT_ID}`, token.admin);
    expect(status).toBe(200);
    expect(body.map((job) => job.name)).toEqual(DEMO_JOB_NAMES);
    expect(body.find((job) => job.id === RN)).toEqual({
      id: RN,
      facilityId: DEMO_FACILITY_ID,
      name: "Registered Nurse",
      categoryId: 1,
      categoryName: "Registered Nurse",
      isExempt: false,
      isDirectCare: true,
    });
    expect(body.find((job) => job.name === "Unit Secretary")).toMatchObject({ isDirectCare: false });
    expect(body.map((job) => job.id)).not.toContain(OTHER_JOB);
  });

  it.each([
    ["", 400, "unitId is required"],
    ["?unitId=6010", 400, "'6010' is not a valid cost center id"],
    [`?unitId=${UNKNOWN_ID}`, 404, "Cost center was not found"],
  ])("GET /api/job%s answers %i '%s'", async (query, status, message) => {
    const response = await call("GET", `/job${query}`, token.admin);
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
  });

  it("GET /api/job/category answers every category but 0 'None'", async () => {
    expect(await call("GET", `/job/category?facilityId=${DEMO_FACILITY_ID}`, token.admin)).toEqual({
      status: 200,
      body: CATEGORIES,
    });
    expect((await call("GET", "/job/category", token.admin)).body).toEqual(CATEGORIES);
    expect((await call("GET", `/job/category?facilityId=${OTHER_FACILITY}`, token.admin)).status).toBe(403);
    expect((await call("GET", "/job/category?facilityId=nope", token.admin)).body.message).toBe(
      "'nope' is not a valid facility id",
    );
  });

  it("GraphQL jobs and jobCategories answer the same", async () => {
    const { body } = await graphqlRequest(
      server.baseUrl,
      token.admin,
      "{ jobs { id name categoryId categoryName isExempt } jobCategories { id name } }",
    );
    const data = body.data as { jobs: Json[]; jobCategories: { id: number; name: string }[] };
    expect(data.jobs).toHaveLength(10);
    expect(data.jobs.find((job) => job.id === demoId("job", 7))).toEqual({
      id: demoId("job", 7),
      name: "Nurse Manager",
      categoryId: 5,
      categoryName: "Leadership",
      isExempt: true,
    });
    expect(data.jobCategories).toEqual(CATEGORIES.map(({ id, categoryName }) => ({ id, name: categoryName })));
  });
});

describe("setting categories", () => {
  it("PATCH /api/job/category sets several jobs in one go, audited, and completes the task once none is 'None'", async () => {
    // An uploaded job nobody has categorised yet keeps the task Pending.
    await db().update(jobs).set({ categoryId: 0 }).where(eq(jobs.id, UNIT_SECRETARY));
    const first = await patchCategories([{ jobId: RESPIRATORY_THERAPIST, categoryId: 4 }]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual([expect.objectContaining({ id: RESPIRATORY_THERAPIST, categoryId: 4 })]);
    expect(await taskState()).toBe("Pending");

    const auditsBefore = (await jobAudits()).length;
    const { status, body } = await patchCategories([
      { jobId: UNIT_SECRETARY, categoryId: 4 },
      { jobId: RESPIRATORY_THERAPIST, categoryId: 6 },
      { jobId: RN, categoryId: 1 },
    ]);
    expect(status).toBe(200);
    expect(body.map((job) => [job.id, job.categoryId, job.categoryName])).toEqual([
      [UNIT_SECRETARY, 4, "Unit Support"],
      [RESPIRATORY_THERAPIST, 6, "Allied Health"],
      [RN, 1, "Registered Nurse"],
    ]);
    expect(await categoryOf(UNIT_SECRETARY)).toBe(4);
    expect(await categoryOf(RESPIRATORY_THERAPIST)).toBe(6);
    expect(await taskState()).toBe("Completed");

    // One record per job that changed (RN already was a Registered Nurse), with before and after.
    const audits = (await jobAudits()).slice(auditsBefore);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      action: "job.category.update",
      entityType: "job",
      entityId: UNIT_SECRETARY,
      actorUserId: DEMO_USER_IDS.admin,
      facilityId: DEMO_FACILITY_ID,
      before: expect.objectContaining({ categoryId: 0, categoryName: "None" }),
      after: expect.objectContaining({ categoryId: 4, categoryName: "Unit Support" }),
    });
    expect(audits[1]).toMatchObject({
      entityId: RESPIRATORY_THERAPIST,
      before: expect.objectContaining({ categoryId: 4 }),
      after: expect.objectContaining({ categoryId: 6 }),
    });
    const taskAudit = await db().select().from(auditLog).where(eq(auditLog.action, "admin_task.update"));
    expect(taskAudit.at(-1)).toMatchObject({ after: { taskName: "JobCategorization", taskState: "Completed" } });
  });

  it("takes the organisation from the token when organizationId is left out", async () => {
    const { status } = await patchCategories([{ jobId: CHARGE_NURSE, categoryId: 1 }], token.admin, null);
    expect(status).toBe(200);
  });

  it.each([
    [
      "a body that is not a list",
      { jobId: RN, categoryId: 1 },
      400,
      "The request body must be a list of { jobId, categoryId }",
    ],
    ["unreadable JSON", "[{jobId:", 400, "The request body must be a list of { jobId, categoryId }"],
    ["an empty list", [], 400, "Send at least one { jobId, categoryId }"],
    ["a malformed job id", [{ jobId: "rn", categoryId: 1 }], 400, "'rn' is not a valid job id"],
    ["category 0 'None'", [{ jobId: RN, categoryId: 0 }], 400, "Choose a job category other than None"],
    ["no category", [{ jobId: RN }], 400, "Job category is required"],
    ["a category as text", [{ jobId: RN, categoryId: "2" }], 400, "Job category is required"],
    ["a fractional category", [{ jobId: RN, categoryId: 1.5 }], 400, "Job category must be a whole number"],
    ["an unknown category", [{ jobId: RN, categoryId: 99 }], 400, "Job category 99 does not exist"],
    [
      "a job listed twice",
      [
        { jobId: RN, categoryId: 2 },
        { jobId: RN, categoryId: 3 },
      ],
      400,
      `Job ${RN} is listed twice`,
    ],
    ["an unknown job", [{ jobId: UNKNOWN_ID, categoryId: 2 }], 404, `Job ${UNKNOWN_ID} was not found`],
    ["another facility's job", [{ jobId: OTHER_JOB, categoryId: 2 }], 404, `Job ${OTHER_JOB} was not found`],
    [
      "a good change next to an unknown category",
      [
        { jobId: RN, categoryId: 2 },
        { jobId: CHARGE_NURSE, categoryId: 42 },
      ],
      400,
      "Job category 42 does not exist",
    ],
    [
      "a good change next to an unknown job",
      [
        { jobId: RN, categoryId: 2 },
        { jobId: UNKNOWN_ID, categoryId: 2 },
      ],
      404,
      `Job ${UNKNOWN_ID} was not found`,
    ],
  ])("refuses %s with a clear message and changes nothing", async (_case, body, status, message) => {
    await expectNothingChanged(async () => {
      const response = await patchCategories(body);
      expect(response.status).toBe(status);
      expect(response.body.message).toBe(message);
    });
  });

  it("names the entry at fault in fieldErrors", async () => {
    const { body } = await patchCategories([
      { jobId: RN, categoryId: 1 },
      { jobId: CHARGE_NURSE, categoryId: 0 },
    ]);
    expect(body.fieldErrors).toEqual({ "1.categoryId": "Choose a job category other than None" });
  });

  it("refuses more than 1000 jobs at a time", async () => {
    await expectNothingChanged(async () => {
      const list = Array.from({ length: 1001 }, () => ({ jobId: RN, categoryId: 1 }));
      const response = await patchCategories(list);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe("Send at most 1000 jobs at a time");
    });
  });

  it("refuses another organisation's id (403)", async () => {
    await expectNothingChanged(async () => {
      const response = await patchCategories([{ jobId: RN, categoryId: 2 }], token.admin, OTHER_ORG);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: "You do not have permission to do this", code: "forbidden" });
    });
  });

  it("GraphQL setJobCategory answers the job, or a typed error that changes nothing", async () => {
    const mutation = `mutation ($jobId: ID!, $categoryId: Int!) { setJobCategory(jobId: $jobId, categoryId: $categoryId) {
      __typename
      ... on MutationSetJobCategorySuccess { data { id categoryId categoryName } }
      ... on DomainError { message code fieldErrors { field message } }
    } }`;
    const ok = await graphqlRequest(server.baseUrl, token.admin, mutation, { jobId: CHARGE_NURSE, categoryId: 5 });
    expect(ok.body.data?.setJobCategory).toEqual({
      __typename: "MutationSetJobCategorySuccess",
      data: { id: CHARGE_NURSE, categoryId: 5, categoryName: "Leadership" },
    });
    expect(await categoryOf(CHARGE_NURSE)).toBe(5);

    await expectNothingChanged(async () => {
      const none = await graphqlRequest(server.baseUrl, token.admin, mutation, { jobId: CHARGE_NURSE, categoryId: 0 });
      expect(none.body.data?.setJobCategory).toEqual({
        __typename: "DomainError",
        message: "Choose a job category other than None",
        code: "invalid",
        fieldErrors: [{ field: "categoryId", message: "Choose a job category other than None" }],
      });
      const unknown = await graphqlRequest(server.baseUrl, token.admin, mutation, { jobId: UNKNOWN_ID, categoryId: 1 });
      expect(unknown.body.data?.setJobCategory).toMatchObject({
        __typename: "DomainError",
        message: `Job ${UNKNOWN_ID} was not found`,
        code: "not_found",
      });
    });
    await patchCategories([{ jobId: CHARGE_NURSE, categoryId: 1 }]);
  });
});

describe("the direct-care flag", () => {
  const mutation = `mutation ($jobId: ID!, $isDirectCare: Boolean!) { setJobDirectCare(jobId: $jobId, isDirectCare: $isDirectCare) {
    __typename
    ... on MutationSetJobDirectCareSuccess { data { id isDirectCare } }
    ... on DomainError { message code }
  } }`;
  const flagOf = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]?.isDirectCare;

  it("defaults by category: nursing categories count toward HPPD, unit support, leadership and allied health do not", async () => {
    expect(await flagOf(RN)).toBe(true);
    expect(await flagOf(UNIT_SECRETARY)).toBe(false);
    expect(await flagOf(RESPIRATORY_THERAPIST)).toBe(false);
    const created = await call("POST", "/job", token.admin, { name: "Ward Clerk", categoryId: 4 });
    expect(created.body).toMatchObject({ name: "Ward Clerk", categoryId: 4, isDirectCare: false });
  });

  it("a new category brings its default; an admin sets the flag, audited", async () => {
    await patchCategories([{ jobId: RESPIRATORY_THERAPIST, categoryId: 3 }]);
    expect(await flagOf(RESPIRATORY_THERAPIST)).toBe(true);
    await patchCategories([{ jobId: RESPIRATORY_THERAPIST, categoryId: 6 }]);
    expect(await flagOf(RESPIRATORY_THERAPIST)).toBe(false);
    const set = await graphqlRequest(server.baseUrl, token.admin, mutation, {
      jobId: RESPIRATORY_THERAPIST,
      isDirectCare: true,
    });
    expect(set.body.data?.setJobDirectCare).toEqual({
      __typename: "MutationSetJobDirectCareSuccess",
      data: { id: RESPIRATORY_THERAPIST, isDirectCare: true },
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "job.direct_care.update"))
      .orderBy(asc(auditLog.id));
    expect(audit).toMatchObject({
      actorUserId: DEMO_USER_IDS.admin,
      before: expect.objectContaining({ isDirectCare: false }),
      after: expect.objectContaining({ isDirectCare: true }),
    });
    await graphqlRequest(server.baseUrl, token.admin, mutation, { jobId: RESPIRATORY_THERAPIST, isDirectCare: false });
  });

  it("refuses unknown jobs and other accounts, changing nothing", async () => {
    await expectNothingChanged(async () => {
      const unknown = await graphqlRequest(server.baseUrl, token.admin, mutation, {
        jobId: UNKNOWN_ID,
        isDirectCare: true,
      });
      expect(unknown.body.data?.setJobDirectCare).toMatchObject({
        __typename: "DomainError",
        message: `Job ${UNKNOWN_ID} was not found`,
      });
      const other = await graphqlRequest(server.baseUrl, token.admin, mutation, {
        jobId: OTHER_JOB,
        isDirectCare: true,
      });
      expect(other.body.data?.setJobDirectCare).toMatchObject({ __typename: "DomainError", code: "not_found" });
      for (const account of ["user", "exec"] as const) {
        const refused = await graphqlRequest(server.baseUrl, token[account], mutation, {
          jobId: UNIT_SECRETARY,
          isDirectCare: true,
        });
        expect(refused.body.data?.setJobDirectCare ?? null).toBeNull();
        expect(refused.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      }
    });
  });
});

describe("adding jobs", () => {
  it("POST /api/job adds a job with its category, audited, listed by name", async () => {
    const { status, body } = await call("POST", "/job", token.admin, { name: "  Float Pool RN ", categoryId: 1 });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(String),
      facilityId: DEMO_FACILITY_ID,
      name: "Float Pool RN",
      categoryId: 1,
      categoryName: "Registered Nurse",
      isExempt: false,
      isDirectCare: true,
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, body.id as string));
    expect(audit).toMatchObject({
      action: "job.create",
      actorUserId: DEMO_USER_IDS.admin,
      before: null,
      after: expect.objectContaining({ name: "Float Pool RN", categoryId: 1 }),
    });
    const list = await call("GET", `/job?unitId=${UNIT_ID}`, token.admin);
    expect(list.body.map((job) => job.name)).toContain("Float Pool RN");
    expect(await taskState()).toBe("Completed");
  });

  it.each([
    [{ name: "", categoryId: 1 }, 400, "Job name is required"],
    [{ name: "   ", categoryId: 1 }, 400, "Job name is required"],
    [{ categoryId: 1 }, 400, "Job name is required"],
    [{ name: "x".repeat(81), categoryId: 1 }, 400, "Job name must be at most 80 characters"],
    [{ name: "Nurse <b>", categoryId: 1 }, 400, "Job name may contain letters, digits, spaces and - & ' ( ) . , /"],
    [{ name: "Sitter", categoryId: 0 }, 400, "Choose a job category other than None"],
    [{ name: "Sitter" }, 400, "Job category is required"],
    [{ name: "Sitter", categoryId: 7 }, 400, "Job category 7 does not exist"],
    [{ name: "registered NURSE", categoryId: 1 }, 409, "A job named registered NURSE already exists in this facility."],
  ])("refuses %j with a clear message and adds nothing", async (input, status, message) => {
    await expectNothingChanged(async () => {
      const response = await call("POST", "/job", token.admin, input);
      expect(response.status).toBe(status);
      expect(response.body.message).toBe(message);
    });
  });

  it("refuses a body that is not a JSON object", async () => {
    const response = await call("POST", "/job", token.admin, "name=Sitter");
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("The request body must be a JSON object");
  });

  it("GraphQL createJob answers the job, or a typed error naming the field", async () => {
    const mutation = `mutation ($name: String!, $categoryId: Int!) { createJob(name: $name, categoryId: $categoryId) {
      __typename
      ... on MutationCreateJobSuccess { data { name categoryId categoryName } }
      ... on DomainError { message code fieldErrors { field message } }
    } }`;
    const ok = await graphqlRequest(server.baseUrl, token.admin, mutation, { name: "Unit Clerk", categoryId: 4 });
    expect(ok.body.data?.createJob).toEqual({
      __typename: "MutationCreateJobSuccess",
      data: { name: "Unit Clerk", categoryId: 4, categoryName: "Unit Support" },
    });
    const duplicate = await graphqlRequest(server.baseUrl, token.admin, mutation, {
      name: "Unit Clerk",
      categoryId: 4,
    });
    expect(duplicate.body.data?.createJob).toEqual({
      __typename: "DomainError",
      message: "A job named Unit Clerk already exists in this facility.",
      code: "conflict",
      fieldErrors: [{ field: "name", message: "A job named Unit Clerk already exists in this facility." }],
    });
  });
});

describe("only administrators", () => {
  const calls: [string, string, unknown?][] = [
    ["GET", `/job?unitId=${UNIT_ID}`],
    ["POST", "/job", { name: "Denied Job", categoryId: 1 }],
    ["GET", `/job/category?facilityId=${DEMO_FACILITY_ID}`],
    ["GET", "/job/category"],
    ["PATCH", `/job/category?organizationId=${DEMO_ORGANIZATION_ID}`, [{ jobId: RN, categoryId: 2 }]],
  ];

  it.each(calls)("refuses user and exec tokens on %s %s (403), changing nothing", async (method, path, body) => {
    await expectNothingChanged(async () => {
      for (const account of ["user", "exec"] as const) {
        const response = await call(method, path, token[account], body);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ message: "You do not have permission to do this", code: "forbidden" });
      }
    });
  });

  it.each(calls)("refuses %s %s without a token (401)", async (method, path, body) => {
    const response = await call(method, path, null, body);
    expect(response.status).toBe(401);
  });

  it("refuses the GraphQL queries and mutations to user and exec accounts", async () => {
    await expectNothingChanged(async () => {
      for (const account of ["user", "exec"] as const) {
        for (const operation of [
          "{ jobs { id } }",
          "{ jobCategories { id } }",
          `mutation { setJobCategory(jobId: "${RN}", categoryId: 2) { __typename } }`,
          `mutation { createJob(name: "Denied Job", categoryId: 1) { __typename } }`,
        ]) {
          const { body } = await graphqlRequest(server.baseUrl, token[account], operation);
          expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
          expect(body.data ?? null).toBeNull();
        }
      }
    });
  });
});
