import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { graphqlRequest } from "../support/graphql";
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
