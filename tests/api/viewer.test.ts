// Issue #16: every request resolves its viewer in one SQL statement and caches nothing, so a change
// to the user, their permissions or their facility holds from the very next request.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { costCenterPermissions, facilities, users } from "../../db/schema";
import { DEMO_USER_IDS } from "../../db/seed/demo";
import { graphqlRequest } from "../support/graphql";
import { startTestServer, type TestServer } from "../support/server";
import { tokenFactory } from "../support/tokens";

let server: TestServer;
let token: string;
const ME = "{ me { accountType facilityName firstName } }";
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  token = await (await tokenFactory(server)).valid(DEMO_USER_IDS.user);
});
afterAll(() => server?.close());

const me = async () => {
  const { status, body } = await graphqlRequest(server.baseUrl, token, ME);
  return { status, me: body.data?.me as { accountType: string; facilityName: string; firstName: string } | undefined };
};

describe("the viewer of a request", () => {
  it("is resolved in one SQL statement", async () => {
    await me();
    server.database.queries.length = 0;
    expect((await me()).me?.accountType).toBe("user");
    expect(server.database.queries).toHaveLength(1);
  });

  it("follows a change to the first permission, the user and the facility from the next request", async () => {
    const [first] = await db()
      .select({ id: costCenterPermissions.id })
      .from(costCenterPermissions)
      .where(eq(costCenterPermissions.userId, DEMO_USER_IDS.user))
      .orderBy(asc(costCenterPermissions.sortOrder), asc(costCenterPermissions.id))
      .limit(1);
    if (!first) throw new Error("the demo manager has no permission");
    const [user] = await db().select().from(users).where(eq(users.id, DEMO_USER_IDS.user));
    const [facility] = await db()
      .select()
      .from(facilities)
      .where(eq(facilities.id, user?.facilityId ?? ""));
    const setExecutive = (executive: boolean) =>
      db().update(costCenterPermissions).set({ executive }).where(eq(costCenterPermissions.id, first.id));
    try {
      expect((await me()).me).toMatchObject({ accountType: "user", firstName: "Jordan" });
      await setExecutive(true);
      expect((await me()).me?.accountType).toBe("exec");
      await setExecutive(false);
      expect((await me()).me?.accountType).toBe("user");

      await db().update(users).set({ firstName: "Jordy" }).where(eq(users.id, DEMO_USER_IDS.user));
      await db()
        .update(facilities)
        .set({ name: "St. Catherine (renamed)" })
        .where(eq(facilities.id, facility?.id ?? ""));
      expect((await me()).me).toMatchObject({ firstName: "Jordy", facilityName: "St. Catherine (renamed)" });

      await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, DEMO_USER_IDS.user));
      expect((await me()).status).toBe(401);
    } finally {
      await setExecutive(false);
      await db()
        .update(users)
        .set({ firstName: user?.firstName, deletedAt: null })
        .where(eq(users.id, DEMO_USER_IDS.user));
      await db()
        .update(facilities)
        .set({ name: facility?.name })
        .where(eq(facilities.id, facility?.id ?? ""));
    }
    expect((await me()).me).toMatchObject({ accountType: "user", firstName: "Jordan" });
  });
});
