import { Hono } from "hono";
import type { RestDeps, RestEnv } from "./deps";

/**
 * POST /api/session/activity: the browser says the person is active (mouse or keys), at most once
 * a minute, which keeps their session from the server's idle rule (server/services/sessionActivity.ts).
 * 204; a session already idle past the limit was refused by the token check (401).
 */
export function sessionRoutes({ sessions }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.post("/activity", async (c) => {
    await sessions.touch(c.get("token"));
    return c.body(null, 204);
  });
  return routes;
}
