import { Hono } from "hono";
import { listAdminTasks } from "../services/landing";
import type { RestDeps, RestEnv } from ".";

export function adminRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  /** The onboarding tasks; `facilityId` defaults to, and must be, the admin's own facility. */
  routes.get("/tasks", async (c) => {
    const viewer = c.get("viewer");
    return c.json(await listAdminTasks(db, viewer, c.req.query("facilityId") ?? viewer.facilityId));
  });
  return routes;
}
