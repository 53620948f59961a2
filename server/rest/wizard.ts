import { type Context, Hono } from "hono";
import type { Database } from "../../db/client";
import { shiftEndTime } from "../../schema/staffing";
import { isMilitaryTime } from "../../schema/time";
import { DomainError } from "../services/errors";
import {
  assignStaffPosition,
  attestStaffingPlan,
  budgetSeasonReset,
  calculateOpenPositions,
  completeWizardStep,
  createOpenPosition,
  createRole,
  deleteOpenPosition,
  deleteRole,
  getCareSchedule,
  getWizard,
  listEducationOfUnit,
  listShiftsOfUnit,
  modelStaffing,
  type PlanView,
  planOfUnit,
  removeStaffPosition,
  saveCareSchedule,
  saveRoleShift,
  saveUnitDefinition,
  splitStaffPosition,
  startStaffingPlan,
  transferStaffPosition,
  updateOpenPosition,
  updateRole,
  updateStaffPositionFte,
  type WizardView,
} from "../services/staffingPlans";
import type { Viewer } from "../services/viewer";
import type { RestDeps, RestEnv } from "./deps";
import { readJsonObject } from "./respond";

/** A required id in a JSON body: a missing one is bad input, answered before anything runs. */
function idIn(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== "string" || !value)
    throw new DomainError("invalid", `${key} is required`, { [key]: `${key} is required` });
  return value;
}

function without(body: Record<string, unknown>, ...keys: string[]) {
  const copy = { ...body };
  for (const key of keys) delete copy[key];
  return copy;
}

/** `GET ?unitId=…&staffingId=…`: a part of the unit's plan (the plan must be that one). */
function planPart<Part>(db: Database, part: (plan: PlanView) => Part) {
  return async (c: Context<RestEnv>) => {
    const { plan } = await planOfUnit(db, c.get("viewer"), c.req.query("unitId"), c.req.query("staffingId"));
    return c.json(part(plan));
  };
}

/** `POST` of something new in a plan: body `{ staffingId, ...its fields }`, answered 201 with the wizard. */
function addToPlan(
  db: Database,
  add: (db: Database, viewer: Viewer, planId: string, input: Record<string, unknown>) => Promise<WizardView>,
) {
  return async (c: Context<RestEnv>) => {
    const body = await readJsonObject(c);
    return c.json(await add(db, c.get("viewer"), idIn(body, "staffingId"), without(body, "staffingId")), 201);
  };
}

/** Spec §7 'Wizard' ({id} is the cost center): read, begin, complete a step or attest, budget season. */
export function wizardRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.post("/budget-season/:id", async (c) =>
    c.json(await budgetSeasonReset(db, c.get("viewer"), c.req.param("id"))),
  );
  routes.get("/:id", async (c) => c.json(await getWizard(db, c.get("viewer"), c.req.param("id"))));
  routes.post("/:id", async (c) => c.json(await startStaffingPlan(db, c.get("viewer"), c.req.param("id")), 201));
  routes.patch("/", wizardStepHandler({ db }));
  return routes;
}

/**
 * `PATCH /api/wizard/` (spec §7, with its trailing slash; also without): body `{ planId, step }`
 * completes the step; step ReviewAttestation attests and locks.
 */
export function wizardStepHandler({ db }: Pick<RestDeps, "db">) {
  return async (c: Context<RestEnv>) => {
    const body = await readJsonObject(c);
    const planId = idIn(body, "planId");
    const viewer = c.get("viewer");
    if (body.step === "ReviewAttestation") return c.json(await attestStaffingPlan(db, viewer, planId));
    return c.json(await completeWizardStep(db, viewer, planId, body.step));
  };
}

/** Spec §7 'Role': the roles of a plan (step 2). */
export function roleRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get(
    "/",
    planPart(db, (plan) => plan.roles),
  );
  routes.post("/", addToPlan(db, createRole));
  routes.put("/:id", async (c) =>
    c.json(await updateRole(db, c.get("viewer"), c.req.param("id"), await readJsonObject(c))),
  );
  /** Body `{ id }` (spec: 'DELETE /role with a body'). */
  routes.delete("/", async (c) => c.json(await deleteRole(db, c.get("viewer"), idIn(await readJsonObject(c), "id"))));
  return routes;
}

/** Spec §7 'Care schedule' (step 3). */
export function careScheduleRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get("/", async (c) => {
    const unitId = c.req.query("unitId");
    const staffingId = c.req.query("staffingId");
    if (!unitId || !staffingId) throw new DomainError("invalid", "unitId and staffingId are required");
    return c.json(await getCareSchedule(db, c.get("viewer"), unitId, staffingId));
  });
  routes.post("/", async (c) =>
    c.json(await saveCareSchedule(db, c.get("viewer"), idIn(await readJsonObject(c), "staffingId"))),
  );
  return routes;
}

/** Spec §7 'Staffing': the what-if model, the unit definition (step 1) and the plan. */
export function staffingRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.post("/model", async (c) => {
    const body = await readJsonObject(c);
    return c.json(await modelStaffing(db, c.get("viewer"), idIn(body, "unitId"), without(body, "unitId")));
  });
  routes.post("/", async (c) => {
    const body = await readJsonObject(c);
    const input = { productiveFteBudget: null, totalPaidFteBudget: null, ...without(body, "staffingId") };
    return c.json(await saveUnitDefinition(db, c.get("viewer"), idIn(body, "staffingId"), input));
  });
  routes.get("/:id", async (c) => {
    const { plan } = await planOfUnit(db, c.get("viewer"), c.req.query("unitId"), c.req.param("id"));
    return c.json(plan);
  });
  return routes;
}

/**
 * Spec §7 'Positions' as the wizard uses them (needs, details, end times, staff positions). GET /
 * and GET /{positionId} belong to the user access list: ./positions.ts answers them, and a GET /
 * with a unitId lands here through it.
 */
export function planPositionRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get(
    "/details",
    planPart(db, (plan) => ({ needs: plan.needs, totals: plan.totals, summary: plan.summary })),
  );
  /** `?startTime=1900&duration=12.5` → `{ endTime: '0730' }`. */
  routes.get("/end-time", (c) => {
    const startTime = c.req.query("startTime") ?? "";
    const duration = Number(c.req.query("duration"));
    if (!isMilitaryTime(startTime)) {
      throw new DomainError(
        "invalid",
        "Start time must be 4-digit military time, at most 2400, zero-padded, no decimals.",
      );
    }
    if (!Number.isFinite(duration) || duration < 0 || duration > 24) {
      throw new DomainError("invalid", "Duration must be from 0 to 24 hours.");
    }
    return c.json({ startTime, duration, endTime: shiftEndTime(startTime, duration) });
  });
  /** A staff position (a person in a role and shift): the same call as `POST /api/staff-position`. */
  routes.post("/", addToPlan(db, assignStaffPosition));
  routes.patch("/:id", async (c) =>
    c.json(await updateStaffPositionFte(db, c.get("viewer"), c.req.param("id"), await readJsonObject(c))),
  );
  routes.delete("/:id", async (c) => c.json(await removeStaffPosition(db, c.get("viewer"), c.req.param("id"))));
  return routes;
}

/** Spec §7 'Staff position' (steps 4 and 5). */
export function staffPositionRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get(
    "/",
    planPart(db, (plan) => plan.staffPositions),
  );
  routes.post("/", addToPlan(db, assignStaffPosition));
  /** Splits a position: `{ staffPositionId, toStaffId, fte }`. */
  routes.patch("/", async (c) => c.json(await splitStaffPosition(db, c.get("viewer"), await readJsonObject(c))));
  /** `{ staffPositionId, unitRoleId, shift }`: a transfer within the cost center. */
  routes.post("/transfer", async (c) =>
    c.json(await transferStaffPosition(db, c.get("viewer"), await readJsonObject(c))),
  );
  routes.post("/open/calculate", async (c) =>
    c.json(await calculateOpenPositions(db, c.get("viewer"), idIn(await readJsonObject(c), "staffingId"))),
  );
  routes.get(
    "/open",
    planPart(db, (plan) => plan.openPositions),
  );
  routes.post("/open", addToPlan(db, createOpenPosition));
  routes.delete("/open/:id", async (c) => c.json(await deleteOpenPosition(db, c.get("viewer"), c.req.param("id"))));
  routes.post("/updateOpen", async (c) => {
    const body = await readJsonObject(c);
    return c.json(await updateOpenPosition(db, c.get("viewer"), idIn(body, "id"), without(body, "id")));
  });
  routes.delete("/:id", async (c) => c.json(await removeStaffPosition(db, c.get("viewer"), c.req.param("id"))));
  return routes;
}

/** Spec §7 'Education' and 'Other: shift'. */
export function wizardListRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get("/education", async (c) => c.json(await listEducationOfUnit(db, c.get("viewer"), c.req.query("unitId"))));
  routes.get("/shift", async (c) => c.json(await listShiftsOfUnit(db, c.get("viewer"), c.req.query("unitId"))));
  routes.post("/shift", async (c) => c.json(await saveRoleShift(db, c.get("viewer"), await readJsonObject(c))));
  return routes;
}
