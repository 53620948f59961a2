import { Hono } from "hono";
import { DomainError, notFound } from "../services/errors";
import { getStaffPosition, planOfUnit } from "../services/staffingPlans";
import { getAccessPosition, getUserAccessibility, isAccessPositionId } from "../services/userAccess";
import type { RestDeps, RestEnv } from "./deps";

/**
 * Spec §7 'Positions', read side: without a unitId the positions of the user access list (admins
 * only), with one the role and shift needs of that cost center's plan (the wizard's readers). The wizard's writes and its details
 * and end-time reads are in ./wizard.ts (planPositionRoutes).
 */
export function positionRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get("/", async (c) => {
    const unitId = c.req.query("unitId");
    if (unitId === undefined) return c.json(await getUserAccessibility(db, c.get("viewer")));
    const { plan } = await planOfUnit(db, c.get("viewer"), unitId, c.req.query("staffingId"));
    return c.json(plan.needs);
  });
  // One path, two kinds of position (spec §7 lists it once): a position of the user access list,
  // for admins, otherwise a staff position of a plan, for the readers of its cost center.
  routes.get("/:positionId", async (c) => {
    const viewer = c.get("viewer");
    const id = c.req.param("positionId");
    if (await isAccessPositionId(db, id)) return c.json(await getAccessPosition(db, viewer, id));
    try {
      return c.json(await getStaffPosition(db, viewer, id));
    } catch (error) {
      // Neither kind: one answer, whichever the caller meant.
      if (error instanceof DomainError && error.code === "not_found") throw notFound("Position");
      throw error;
    }
  });
  return routes;
}
