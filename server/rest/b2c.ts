import { Hono } from "hono";
import { findUserIdByEmail, resendInvite } from "../services/userAccess";
import type { RestDeps, RestEnv } from "./deps";
import { readJsonObject } from "./respond";

/**
 * Spec §7 identity calls (firstName, lastName, emailAddress), for a user already added to the
 * admin's facility: POST /b2c/user provisions the sign-in account and sends the 48-hour invitation;
 * POST /b2c/resend-invite sends a fresh one. Both go through the configured identity directory.
 */
export function b2cRoutes({ db, identity }: RestDeps) {
  const routes = new Hono<RestEnv>();
  const invite = async (viewer: RestEnv["Variables"]["viewer"], body: Record<string, unknown>) =>
    resendInvite(db, viewer, identity, await findUserIdByEmail(db, viewer, body.emailAddress));
  routes.post("/user", async (c) => c.json(await invite(c.get("viewer"), await readJsonObject(c)), 201));
  routes.post("/resend-invite", async (c) => c.json(await invite(c.get("viewer"), await readJsonObject(c))));
  return routes;
}
