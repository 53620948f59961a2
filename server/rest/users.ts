import { Hono } from "hono";
import { updateOwnProfile } from "../services/profile";
import {
  addUserOutside,
  addUserWithin,
  deleteUserAccess,
  moveStaff,
  positionIdByTitle,
  updateUserAccess,
} from "../services/userAccess";
import { getUser, listFacilityUsers } from "../services/users";
import type { RestDeps, RestEnv } from "./deps";
import { readJsonObject } from "./respond";

/**
 * Spec §7 user calls. POST /user and POST /user/facility both add a user from the add-user form:
 * with a `staffId` from an existing staff member (within the organisation), otherwise creating the
 * staff member too (outside). PUT /user/{id} with `title` (or `targetPositionId`) moves the user to that position; with
 * `costCenterPermissions` and `notes` it updates them. DELETE /user/{id} with a `unitId` (query or
 * body) deletes as user and keeps the staff member there; with a `reason` as user and staff.
 */
export function userRoutes({ db, identity }: RestDeps) {
  const routes = new Hono<RestEnv>();
  const addUser = async (viewer: RestEnv["Variables"]["viewer"], body: Record<string, unknown>) =>
    body.staffId !== undefined && body.staffId !== null
      ? addUserWithin(db, viewer, identity, body)
      : addUserOutside(db, viewer, identity, body);

  routes.post("/", async (c) => c.json(await addUser(c.get("viewer"), await readJsonObject(c)), 201));
  routes.post("/facility", async (c) => c.json(await addUser(c.get("viewer"), await readJsonObject(c)), 201));
  routes.get("/facility/:id", async (c) => c.json(await listFacilityUsers(db, c.get("viewer"), c.req.param("id"))));
  routes.get("/:id", async (c) => c.json(await getUser(db, c.get("viewer"), c.req.param("id"))));
  routes.put("/:id/profile", async (c) =>
    c.json(await updateOwnProfile(db, c.get("viewer"), c.req.param("id"), await readJsonObject(c))),
  );
  routes.put("/:id", async (c) => {
    const viewer = c.get("viewer");
    const body = await readJsonObject(c);
    if (typeof body.targetPositionId === "string" || body.title !== undefined) {
      const targetPositionId =
        typeof body.targetPositionId === "string"
          ? body.targetPositionId
          : await positionIdByTitle(db, viewer, body.title);
      const [moved] = await moveStaff(db, viewer, { targetPositionId, userIds: [c.req.param("id")] });
      return c.json(moved);
    }
    return c.json(await updateUserAccess(db, viewer, c.req.param("id"), body));
  });
  routes.delete("/:id", async (c) => {
    const hasBody = (c.req.header("content-length") ?? "0") !== "0" || c.req.header("transfer-encoding");
    const body = hasBody ? await readJsonObject(c) : {};
    const unitId = c.req.query("unitId") ?? body.unitId;
    const input = body.reason
      ? { mode: "userAndStaff", reason: body.reason }
      : { mode: "user", keepInCostCenterId: unitId };
    return c.json(await deleteUserAccess(db, c.get("viewer"), c.req.param("id"), input));
  });
  return routes;
}
