// Issue #16: every request resolves its viewer in one SQL statement, and an instance remembers it for
// VIEWER_CACHE_SECONDS; a change through the app (a mutation, a REST write, an import) still holds from
// the next request.
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { costCenterPermissions, facilities, users } from "../../db/schema";
import { DEMO_USER_IDS } from "../../db/seed/demo";
import { loadConfig } from "../../server/config";
import { createViewerResolver } from "../../server/services/viewer";
import { graphqlRequest } from "../support/graphql";
import { startTestServer, type TestServer } from "../support/server";
import { tokenFactory } from "../support/tokens";
import { writeStaffCsv } from "../support/uploadFiles";
import { completeUpload, pollUploadStatus, sendUploadFile } from "../support/uploads";

let server: TestServer;
let token: string;
const ME = "{ me { accountType facilityName firstName } }";
const db = () => server.database.db;
/** The viewer's statement (server/services/viewer.ts findActiveUser): by identity subject. */
const isViewerStatement = (statement: string) => /"users"\."identity_subject" = \$1/.test(statement);
const viewerStatements = () => server.database.queries.filter(isViewerStatement).length;

beforeAll(async () => {
  server = await startTestServer({ env: { VIEWER_CACHE_SECONDS: "10" } });
  token = await (await tokenFactory(server)).valid(DEMO_USER_IDS.user);
});
afterAll(() => server?.close());

type Me = { accountType: string; facilityName: string; firstName: string };
const me = async () => {
  const { status, body } = await graphqlRequest(server.baseUrl, token, ME);
  return { status, me: body.data?.me as Me | undefined };
};

/**
 * The viewer once `expected` holds (the app's events arrive a moment after they are published).
 * Three seconds is well under the ten the instance may otherwise remember a viewer, so passing here
 * means the event did it.
 */
async function meOnce(expected: (answer: Awaited<ReturnType<typeof me>>) => boolean) {
  const until = performance.now() + 3000;
  for (;;) {
    const answer = await me();
    if (expected(answer) || performance.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the viewer of a request", () => {
  it("is resolved in one SQL statement, then remembered", async () => {
    await me(); // the session's first request also starts its idle clock
    server.app.viewers.forgetAll();
    server.database.queries.length = 0;
    expect((await me()).me?.accountType).toBe("user");
    expect(server.database.queries).toHaveLength(1);
    expect(viewerStatements()).toBe(1);
    await me();
    await me();
    expect(server.database.queries).toHaveLength(1);
  });

  it("is read afresh after every write through the app: a mutation, a REST call", async () => {
    await me();
    server.database.queries.length = 0;
    const sent = await graphqlRequest(
      server.baseUrl,
      token,
      'mutation { sendContactMessage(input: { subject: "Hello", message: "Just a note" }) { __typename } }',
    );
    expect(sent.body.errors).toBeUndefined();
    expect(viewerStatements()).toBe(0); // the mutation's own viewer was remembered
    await me();
    expect(viewerStatements()).toBe(1);

    const PROFILE = `mutation ($firstName: String!) {
      updateMyProfile(input: { firstName: $firstName, lastName: "Patel" }) { __typename }
    }`;
    try {
      for (const firstName of ["Jo", "Jordie", "J"]) {
        const saved = await graphqlRequest(server.baseUrl, token, PROFILE, { firstName });
        expect(saved.body.data).toEqual({ updateMyProfile: { __typename: "MutationUpdateMyProfileSuccess" } });
        expect((await me()).me?.firstName).toBe(firstName);
      }
      const put = await fetch(`${server.baseUrl}/api/user/${DEMO_USER_IDS.user}/profile`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ firstName: "Jordana", lastName: "Patel" }),
      });
      expect(put.status).toBe(200);
      expect((await me()).me?.firstName).toBe("Jordana");
    } finally {
      await db().update(users).set({ firstName: "Jordan" }).where(eq(users.id, DEMO_USER_IDS.user));
      server.app.viewers.forgetAll();
    }
  });

  it("is forgotten after every mutation and REST write, and only then", async () => {
    const viewers = server.app.viewers;
    const afterWrite = viewers.afterWrite;
    let writes = 0;
    viewers.afterWrite = () => {
      writes++;
      afterWrite();
    };
    try {
      await me();
      expect(writes).toBe(0);
      await graphqlRequest(
        server.baseUrl,
        token,
        'mutation { sendContactMessage(input: { subject: "Hi", message: "A note" }) { __typename } }',
      );
      expect(writes).toBe(1);
      await fetch(`${server.baseUrl}/api/session/activity`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(writes).toBe(2);
    } finally {
      viewers.afterWrite = afterWrite;
    }
  });

  it("is forgotten when the app's events say so (another instance's write, a finished import)", async () => {
    expect((await me()).me?.firstName).toBe("Jordan");
    try {
      // Nothing tells this instance of a change made in SQL...
      await db().update(users).set({ firstName: "Jo" }).where(eq(users.id, DEMO_USER_IDS.user));
      expect((await me()).me?.firstName).toBe("Jordan");
      // ...until the event another instance or the import worker publishes (well within the 10 s).
      server.app.uploads.events.publish("viewersChanged");
      expect((await meOnce(({ me }) => me?.firstName === "Jo")).me?.firstName).toBe("Jo");
    } finally {
      await db().update(users).set({ firstName: "Jordan" }).where(eq(users.id, DEMO_USER_IDS.user));
      server.app.viewers.forgetAll();
    }
  });

  it("is forgotten on every instance when an import finishes", async () => {
    const admin = await (await tokenFactory(server)).valid(DEMO_USER_IDS.admin);
    const viewers = server.app.viewers;
    const afterWrite = viewers.afterWrite;
    let writes = 0; // the requests' own announcements
    viewers.afterWrite = () => {
      writes++;
      afterWrite();
    };
    let announced = 0; // all of them, the import's included
    const changes = server.app.uploads.events.subscribe("viewersChanged");
    const counting = (async () => {
      for await (const _ of changes) announced++;
    })();
    const folder = mkdtempSync(path.join(tmpdir(), "viewer-import-"));
    try {
      const file = path.join(folder, "staff.csv");
      await writeStaffCsv(file, { rows: 3 });
      const uploadId = await sendUploadFile(server.baseUrl, admin, {
        kind: "Staff",
        fileName: "staff.csv",
        content: await readFile(file),
      });
      expect(await completeUpload(server.baseUrl, admin, uploadId)).toBe("MutationCompleteUploadSuccess");
      await expect
        .poll(async () => (await pollUploadStatus(server.baseUrl, admin, uploadId)).status, { timeout: 20_000 })
        .toBe("Success");
      await expect.poll(() => announced - writes, { timeout: 3000 }).toBe(1);
    } finally {
      viewers.afterWrite = afterWrite;
      await changes.return?.();
      await counting;
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("is remembered at most VIEWER_CACHE_SECONDS", async () => {
    let now = 1_000_000;
    const viewers = createViewerResolver(db(), server.app.uploads.events, { rememberMs: 10_000, now: () => now });
    const verified = await server.app.verifyToken(token);
    try {
      expect((await viewers.resolve(verified, null)).firstName).toBe("Jordan");
      await db().update(users).set({ firstName: "Jo" }).where(eq(users.id, DEMO_USER_IDS.user));
      now += 9_999;
      expect((await viewers.resolve(verified, null)).firstName).toBe("Jordan");
      now += 2;
      expect((await viewers.resolve(verified, null)).firstName).toBe("Jo");
    } finally {
      await viewers.close();
      await db().update(users).set({ firstName: "Jordan" }).where(eq(users.id, DEMO_USER_IDS.user));
    }
  });

  it("with VIEWER_CACHE_SECONDS=0, follows a change made in SQL to the first permission, the user and the facility at once", async () => {
    const viewers = createViewerResolver(db(), server.app.uploads.events, { rememberMs: 0 });
    const verified = await server.app.verifyToken(token);
    const viewer = () => viewers.resolve(verified, null);
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
      expect(await viewer()).toMatchObject({ accountType: "user", firstName: "Jordan" });
      await setExecutive(true);
      expect((await viewer()).accountType).toBe("exec");
      await setExecutive(false);
      expect((await viewer()).accountType).toBe("user");

      await db().update(users).set({ firstName: "Jordy" }).where(eq(users.id, DEMO_USER_IDS.user));
      await db()
        .update(facilities)
        .set({ name: "St. Catherine (renamed)" })
        .where(eq(facilities.id, facility?.id ?? ""));
      expect(await viewer()).toMatchObject({ firstName: "Jordy", facilityName: "St. Catherine (renamed)" });

      await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, DEMO_USER_IDS.user));
      await expect(viewer()).rejects.toThrow("No active user account matches this sign-in");
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
    expect(await viewer()).toMatchObject({ accountType: "user", firstName: "Jordan" });
    await viewers.close();
  });
});

describe("VIEWER_CACHE_SECONDS", () => {
  it("is 10 by default and takes a whole number of seconds from 0 to 60", () => {
    expect(loadConfig({}).viewerCacheSeconds).toBe(10);
    expect(loadConfig({ VIEWER_CACHE_SECONDS: "0" }).viewerCacheSeconds).toBe(0);
    expect(loadConfig({ VIEWER_CACHE_SECONDS: "60" }).viewerCacheSeconds).toBe(60);
    for (const bad of ["61", "2.5", "ten", "-1"]) {
      expect(() => loadConfig({ VIEWER_CACHE_SECONDS: bad })).toThrow(
        `VIEWER_CACHE_SECONDS must be a whole number of seconds from 0 to 60, got '${bad}'`,
      );
    }
  });
});
