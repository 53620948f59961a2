import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { RestDeps, RestEnv } from "./deps";

/** How long the database may take to answer a health check before the instance counts as down. */
const HEALTH_TIMEOUT_MS = 2_000;

/**
 * GET /api/health, without a token: for load balancers and container health checks. 200 when the
 * database answers within two seconds, else 503 (the instance should get no traffic meanwhile).
 * Says nothing else about the deployment.
 */
export function healthRoutes({ db }: RestDeps) {
  const routes = new Hono<RestEnv>();
  routes.get("/", async (c) => {
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    c.header("Cache-Control", "no-store");
    return answered
      ? c.json({ status: "ok" })
      : c.json({ status: "unavailable", message: "The database does not answer" }, 503);
  });
  return routes;
}
