import { Hono } from "hono";
import { updateOwnProfile } from "../services/profile";
import { getUser, listFacilityUsers } from "../services/users";
import type { RestDeps, RestEnv } from ".";
import { readJsonObject } from "./respond";

export function userRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get("/facility/:id", async (c) => c.json(await listFacilityUsers(db, c.get("viewer"), c.req.param("id"))));
  routes.get("/:id", async (c) => c.json(await getUser(db, c.get("viewer"), c.req.param("id"))));
  routes.put("/:id/profile", async (c) =>
    c.json(await updateOwnProfile(db, c.get("viewer"), c.req.param("id"), await readJsonObject(c))),
  );
  return routes;
}
