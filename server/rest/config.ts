import { Hono } from "hono";
import { publicAuthSettings, publicEnvironment } from "../auth/publicSettings";
import type { RestDeps, RestEnv } from "./deps";
import { errorResponse } from "./respond";

export function configRoutes({ config }: RestDeps) {
  const routes = new Hono<RestEnv>();
  const authSettings = publicAuthSettings(config);
  const environment = publicEnvironment(config);

  routes.get("/config/auth", (c) => c.json(authSettings));

  /** Where to send the browser to sign in: the identity provider's endpoints. */
  routes.get("/auth/login", (c) => {
    const base = authSettings.mode === "local" ? authSettings.authority : `${authSettings.authority}/oauth2/v2.0`;
    return c.json({
      ...authSettings,
      authorizationEndpoint: `${base}/${authSettings.mode === "local" ? "auth" : "authorize"}`,
      tokenEndpoint: `${base}/token`,
      endSessionEndpoint: `${base}/${authSettings.mode === "local" ? "session/end" : "logout"}`,
    });
  });

  routes.get("/env/:name", (c) => {
    const name = c.req.param("name");
    const value = environment[name];
    if (value === undefined)
      return errorResponse(c, 404, { message: `'${name}' is not a public setting`, code: "not_found" });
    return c.json({ name, value });
  });
  return routes;
}
