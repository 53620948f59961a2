import { Hono } from "hono";
import { getEmployeeDetails, searchEmployees } from "../services/employees";
import type { RestDeps, RestEnv } from ".";

/** Spec §7 staff calls used by the employee search. */
export function staffRoutes({ db, limits }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get("/facility/:facilityId/search", async (c) => {
    limits.search.take(c.get("viewer").userId, "Too many searches");
    return c.json(
      await searchEmployees(db, c.get("viewer"), c.req.param("facilityId"), c.req.query("searchTerm") ?? ""),
    );
  });
  routes.get("/facility/:facilityId/staff/:id", async (c) =>
    c.json(await getEmployeeDetails(db, c.get("viewer"), c.req.param("facilityId"), c.req.param("id"))),
  );
  return routes;
}
