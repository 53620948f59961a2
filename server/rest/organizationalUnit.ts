import { type Context, Hono } from "hono";
import { requireAdmin } from "../services/authorization";
import {
  createCostCenter,
  deactivateCostCenter,
  getCostCenter,
  listCostCenters,
  resetCostCenterPlan,
  unlockCostCenterWizard,
  updateCostCenter,
} from "../services/costCenters";
import { DomainError } from "../services/errors";
import {
  defineSystemRelationships,
  getFacilitySettings,
  updateFinancialInformation,
  updateHrGuidelines,
} from "../services/facility";
import type { RestDeps, RestEnv } from "./deps";
import { readJsonObject } from "./respond";

/** Spec §7 'Organizational unit': cost centers of the admin's facility. Admin-only in the services. */
export function organizationalUnitRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get("/", (c) => {
    const viewer = c.get("viewer");
    requireAdmin(viewer);
    return c.json({ orgId: viewer.organizationId, facilityId: viewer.facilityId });
  });
  routes.get("/cost-center", async (c) => {
    const viewer = c.get("viewer");
    const rows = await listCostCenters(db, viewer, c.req.query("parentId") ?? viewer.facilityId);
    return c.json(rows.map(({ id, name, code }) => ({ id, name, code })));
  });
  const create = async (c: Context<RestEnv>) =>
    c.json(await createCostCenter(db, c.get("viewer"), await readJsonObject(c)), 201);
  routes.post("/", create);
  routes.post("/cost-center", create);
  routes.patch("/cost-center/:id", async (c) =>
    c.json(await updateCostCenter(db, c.get("viewer"), c.req.param("id"), await readJsonObject(c))),
  );
  routes.post("/system-relations", async (c) =>
    c.json(await defineSystemRelationships(db, c.get("viewer"), await readJsonObject(c))),
  );
  routes.get("/facility", async (c) => c.json([await getFacilitySettings(db, c.get("viewer"))]));
  /** Body: `{ financialInformation?: {...}, hrGuidelines?: {...} }`; each part is applied as its own screen saves it. */
  routes.patch("/facility/:id", async (c) => {
    const viewer = c.get("viewer");
    requireAdmin(viewer, c.req.param("id"));
    const body = await readJsonObject(c);
    if (!("financialInformation" in body) && !("hrGuidelines" in body)) {
      throw new DomainError("invalid", "Send financialInformation, hrGuidelines or both");
    }
    // One transaction: a bad second part leaves the first unsaved too.
    await db.transaction(async (tx) => {
      if ("financialInformation" in body) await updateFinancialInformation(tx, viewer, body.financialInformation);
      if ("hrGuidelines" in body) await updateHrGuidelines(tx, viewer, body.hrGuidelines);
    });
    return c.json(await getFacilitySettings(db, viewer));
  });
  routes.get("/:id", async (c) => c.json(await getCostCenter(db, c.get("viewer"), c.req.param("id"))));
  routes.delete("/:id", async (c) => c.json(await deactivateCostCenter(db, c.get("viewer"), c.req.param("id"))));
  routes.post("/:id/reset", async (c) => c.json(await resetCostCenterPlan(db, c.get("viewer"), c.req.param("id"))));
  return routes;
}

/** Spec §7 'Wizard': the admin's reset and unlock of a cost center's wizard ({id} is the cost center). */
export function wizardAdminRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.patch("/:id/reset", async (c) => c.json(await resetCostCenterPlan(db, c.get("viewer"), c.req.param("id"))));
  routes.patch("/:id/unlock", async (c) =>
    c.json(await unlockCostCenterWizard(db, c.get("viewer"), c.req.param("id"))),
  );
  return routes;
}
