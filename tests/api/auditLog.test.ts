import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { createDeniedRecorder } from "../../server/services/audit";
import { RateLimiter } from "../../server/services/rateLimits";
import { graphqlRequest } from "../support/graphql";
import { restFetch } from "../support/rest";
import { SignInRefused, signInWithPassword } from "../support/signIn";
import { useTestServer } from "../support/testServer";

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
  it("records a FORBIDDEN GraphQL operation with the operation, field, code, actor and address", async () => {
    const { body } = await graphqlRequest(
      server.baseUrl,
      token.exec,
      `mutation ExecTriesAJob { createJob(name: "Not mine", categoryId: 1) { __typename } }`,
    );
    expect(body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const [record] = await recordsOf("authorization.denied", "ExecTriesAJob: createJob");
    expect(record).toMatchObject({
      actorUserId: DEMO_USER_IDS.exec,
      facilityId: DEMO_FACILITY_ID,
      entityType: "graphql",
      after: { what: "ExecTriesAJob: createJob", code: "FORBIDDEN" },
      source: "127.0.0.1",
    });
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
      {
        actorUserId: DEMO_USER_IDS.exec,
        facilityId: DEMO_FACILITY_ID,
        entityType: "rest",
        after: { code: "FORBIDDEN" },
        source: "127.0.0.1",
      },
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
