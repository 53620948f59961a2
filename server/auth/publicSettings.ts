import type { AuthConfig } from "../../schema/authConfig";
import type { AppConfig } from "../config";

export const EMBEDDED_CLIENT_ID = "staffing-web";
export const SIGN_IN_REDIRECT_PATH = "/home";

/** What the browser needs to start a sign-in; safe to publish (no secrets). */
export function publicAuthSettings(config: AppConfig): AuthConfig {
  if (config.b2c) {
    const host = `${config.b2c.tenantName}.b2clogin.com`;
    return {
      mode: "b2c",
      authority: `https://${host}/${config.b2c.tenantName}.onmicrosoft.com/${config.b2c.policy}`,
      knownAuthorities: [host],
      clientId: config.b2c.clientId,
      scopes: ["openid", "profile", "email", config.b2c.apiScope],
      redirectPath: SIGN_IN_REDIRECT_PATH,
    };
  }
  return {
    mode: "local",
    authority: `${config.publicUrl}/oidc`,
    clientId: EMBEDDED_CLIENT_ID,
    scopes: ["openid", "profile", "email", "api"],
    redirectPath: SIGN_IN_REDIRECT_PATH,
  };
}

/** The settings `GET /api/env/{name}` may answer; everything else is private. */
export function publicEnvironment(config: AppConfig): Record<string, string> {
  return {
    APP_NAME: "Staffing & Position Control",
    AUTH_MODE: config.b2c ? "b2c" : "local",
    PUBLIC_URL: config.publicUrl,
    MAX_UPLOAD_MB: "100",
  };
}
