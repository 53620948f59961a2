import { Hono } from "hono";
import { facilityDashboard } from "../services/dashboards";
import type { RestDeps, RestEnv } from ".";

/** Spec §7 'Dashboard': the same figures as GraphQL's `facilityDashboard`. */
export function dashboardRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get("/facility", async (c) => c.json(await facilityDashboard(db, c.get("viewer"))));
  return routes;
}
