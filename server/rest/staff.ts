import { Hono } from "hono";
import { MANAGED_STAFF_COLUMNS } from "../exports/manageStaff";
import { getEmployeeDetails, listFacilityStaff, searchEmployees } from "../services/employees";
import { DomainError } from "../services/errors";
import {
  addStaffMember,
  listManagedStaff,
  removeStaffMember,
  transferStaffMember,
  updateStaffMember,
} from "../services/manageStaff";
import type { RestDeps, RestEnv } from "./deps";
import { viewOrTableFile } from "./files";
import { readJsonObject } from "./respond";

/** The cost center a Manage Staff call is about: `costCenterId` in the query or the body. */
function costCenterIdOf(value: unknown): string {
  if (typeof value === "string" && value !== "") return value;
  throw new DomainError("invalid", "costCenterId is required", { costCenterId: "costCenterId is required" });
}

/**
 * Spec §7 staff calls: Manage Staff (`GET/POST /staff`, `PUT/DELETE /staff/{id}`,
 * `POST /staff/{id}/transfer`, each for the cost center `costCenterId` names), the facility's staff
 * (`GET /staff/facility/{facilityId}`) and the employee search.
 */
export function staffRoutes({ db, limits }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get(
    "/",
    viewOrTableFile(
      (c) => listManagedStaff(db, c.get("viewer"), costCenterIdOf(c.req.query("costCenterId"))),
      (list) => ({
        title: "Staff",
        fileName: `staff-${list.costCenter.code}`,
        columns: MANAGED_STAFF_COLUMNS,
        rows: list.staff,
      }),
    ),
  );
  routes.post("/", async (c) => {
    const { costCenterId, ...input } = await readJsonObject(c);
    return c.json(await addStaffMember(db, c.get("viewer"), costCenterIdOf(costCenterId), input), 201);
  });
  routes.put("/:id", async (c) => {
    const { costCenterId, ...input } = await readJsonObject(c);
    return c.json(await updateStaffMember(db, c.get("viewer"), costCenterIdOf(costCenterId), c.req.param("id"), input));
  });
  routes.delete("/:id", async (c) =>
    c.json(
      await removeStaffMember(db, c.get("viewer"), costCenterIdOf(c.req.query("costCenterId")), c.req.param("id")),
    ),
  );
  routes.post("/:id/transfer", async (c) => {
    const { costCenterId, ...input } = await readJsonObject(c);
    return c.json(
      await transferStaffMember(db, c.get("viewer"), costCenterIdOf(costCenterId), c.req.param("id"), input),
    );
  });
  routes.get("/facility/:facilityId", async (c) =>
    c.json(await listFacilityStaff(db, c.get("viewer"), c.req.param("facilityId"))),
  );
  routes.get("/facility/:facilityId/search", async (c) => {
    await limits.search.take(c.get("viewer").userId, "Too many searches");
    return c.json(
      await searchEmployees(db, c.get("viewer"), c.req.param("facilityId"), c.req.query("searchTerm") ?? ""),
    );
  });
  routes.get("/facility/:facilityId/staff/:id", async (c) =>
    c.json(await getEmployeeDetails(db, c.get("viewer"), c.req.param("facilityId"), c.req.param("id"))),
  );
  return routes;
}
