import { type Context, Hono } from "hono";
import { createJob, listJobCategories, listJobsOfUnit, setJobCategories } from "../services/jobs";
import type { RestDeps, RestEnv } from "./deps";
import { readJsonObject } from "./respond";

/** Spec §7 'Job': the facility's jobs and their categories. Admin-only in the services. */
export function jobRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  /** `unitId` is a cost center of the admin's facility; answers that facility's jobs. */
  routes.get("/", async (c) => c.json(await listJobsOfUnit(db, c.get("viewer"), c.req.query("unitId"))));
  routes.post("/", async (c) => c.json(await createJob(db, c.get("viewer"), await readJsonObject(c)), 201));
  /** Spec §3: a category is its id and categoryName; 0 'None' is dropped. */
  routes.get("/category", async (c) => {
    const viewer = c.get("viewer");
    const rows = await listJobCategories(db, viewer, c.req.query("facilityId") ?? viewer.facilityId);
    return c.json(rows.map(({ id, name }) => ({ id, categoryName: name })));
  });
  /** Body `[{ jobId, categoryId }]`, applied all-or-nothing; answers the jobs as they now are. */
  routes.patch("/category", async (c) =>
    c.json(await setJobCategories(db, c.get("viewer"), await readJsonBody(c), c.req.query("organizationId"))),
  );
  return routes;
}

/** Any JSON value; unreadable JSON is `undefined`, which the list rule refuses with its own message. */
async function readJsonBody(c: Context<RestEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}
