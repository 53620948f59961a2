import { Hono } from "hono";
import { listAdminTasks, updateAdminTask } from "../services/adminTasks";
import type { RestDeps, RestEnv } from "./deps";
import { readJsonObject } from "./respond";

export function adminRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  /** The onboarding tasks; `facilityId` defaults to, and must be, the admin's own facility. */
  routes.get("/tasks", async (c) => {
    const viewer = c.get("viewer");
    return c.json(await listAdminTasks(db, viewer, c.req.query("facilityId") ?? viewer.facilityId));
  });
  routes.put("/tasks", async (c) => c.json(await updateAdminTask(db, c.get("viewer"), await readJsonObject(c))));
  return routes;
}
