import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { bearerToken, InvalidTokenError } from "../auth/tokens";
import { MAX_REQUEST_BYTES, MAX_REQUEST_SIZE_TEXT } from "../http/limits";
import { requestSource } from "../http/requestSource";
import { refuseDisallowedText } from "../services/validation";
import { adminRoutes } from "./admin";
import { auditLogRoutes } from "./auditLog";
import { b2cRoutes } from "./b2c";
import { configRoutes } from "./config";
import { contactUsRoutes } from "./contactUs";
import { dashboardRoutes } from "./dashboard";
import type { RestDeps, RestEnv } from "./deps";
import { healthRoutes } from "./health";
import { jobRoutes } from "./jobs";
import { organizationalUnitRoutes, wizardAdminRoutes } from "./organizationalUnit";
import { positionRoutes } from "./positions";
import { errorResponse, handleError } from "./respond";
import { sessionRoutes } from "./session";
import { staffRoutes } from "./staff";
import { negotiateRoutes, uploadRoutes } from "./uploads";
import { userRoutes } from "./users";
import {
  careScheduleRoutes,
  planPositionRoutes,
  roleRoutes,
  staffingRoutes,
  staffPositionRoutes,
  wizardListRoutes,
  wizardRoutes,
  wizardStepHandler,
} from "./wizard";

/** Calls that answer without a token: what a browser needs before it can sign in. */
const PUBLIC_PATHS = [/^\/api\/health$/, /^\/api\/config\/auth$/, /^\/api\/auth\/login$/, /^\/api\/env\/[^/]+$/];

/** The REST compatibility shim (spec §7): the same services as GraphQL, under /api. */
export function createRestApi(deps: RestDeps) {
  const api = new Hono<RestEnv>().basePath("/api");
  api.onError(handleError);
  // Every refused call, in one place: whatever answered 401 or 403 (the token check below, a
  // service's forbidden), with the viewer when the token was good.
  api.use("*", async (c, next) => {
    await next();
    if (c.res.status !== 401 && c.res.status !== 403) return;
    await deps.recordDenied({
      viewer: c.get("viewer"),
      what: `${c.req.method} ${c.req.path}`,
      transport: "rest",
      code: c.res.status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN",
      source: requestSource(c.env),
    });
  });
  // A write may have changed who someone is (user, permissions, facility): forgotten before the answer
  // leaves (viewer.ts). Outermost but one, so it runs after the handler however it ended.
  api.use("*", async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS") deps.viewers.afterWrite();
  });
  api.use(
    "*",
    bodyLimit({
      maxSize: MAX_REQUEST_BYTES,
      onError: (c) =>
        errorResponse(c, 413, {
          message: `The request body is larger than ${MAX_REQUEST_SIZE_TEXT}`,
          code: "too_large",
        }),
    }),
  );

  api.use("*", async (c, next) => {
    if (PUBLIC_PATHS.some((pattern) => pattern.test(c.req.path))) return next();
    const token = bearerToken(c.req.header("authorization"));
    if (!token) throw new InvalidTokenError("Sign in first: send 'Authorization: Bearer <access token>'");
    const verified = await deps.verifyToken(token);
    c.set("token", verified);
    c.set("viewer", await deps.viewers.resolve(verified, requestSource(c.env)));
    return next();
  });
  // The shared text rule over every query parameter and JSON body, before any handler reads them.
  // Every body here is JSON, whatever its Content-Type says (handlers parse it regardless).
  api.use("*", async (c, next) => {
    refuseDisallowedText(c.req.query());
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      // Unreadable JSON passes here: the handler answers it with its own message.
      refuseDisallowedText(await c.req.json().catch(() => undefined));
    }
    return next();
  });

  api.route("/health", healthRoutes(deps));
  api.route("/", configRoutes(deps));
  api.route("/session", sessionRoutes(deps));
  api.route("/user", userRoutes(deps));
  api.route("/staff", staffRoutes(deps));
  api.route("/b2c", b2cRoutes(deps));
  api.route("/contact-us", contactUsRoutes(deps));
  api.route("/admin", adminRoutes(deps));
  api.route("/audit-log", auditLogRoutes(deps));
  api.route("/dashboard", dashboardRoutes(deps));
  api.route("/job", jobRoutes(deps));
  api.route("/organizational-unit", organizationalUnitRoutes(deps));
  api.route("/wizard", wizardAdminRoutes(deps));
  api.route("/upload", uploadRoutes(deps));
  api.route("/negotiate", negotiateRoutes(deps));
  api.patch("/wizard/", wizardStepHandler(deps));
  api.route("/wizard", wizardRoutes(deps));
  api.route("/role", roleRoutes(deps));
  api.route("/care-schedule", careScheduleRoutes(deps));
  api.route("/staffing", staffingRoutes(deps));
  // The wizard's position calls first: /details and /end-time must not reach GET /{positionId}.
  api.route("/positions", planPositionRoutes(deps));
  api.route("/positions", positionRoutes(deps));
  api.route("/staff-position", staffPositionRoutes(deps));
  api.route("/", wizardListRoutes(deps));
  api.all("*", (c) =>
    errorResponse(c, 404, { message: `No such call: ${c.req.method} ${c.req.path}`, code: "not_found" }),
  );
  return api;
}
