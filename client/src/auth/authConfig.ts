import { z } from "zod";
import type { AuthConfig } from "./types";

const redirectPath = z.string().startsWith("/");

const authConfigSchema = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("local"),
    authority: z.url(),
    clientId: z.string().min(1),
    scopes: z.array(z.string().min(1)).min(1),
    redirectPath,
  }),
  z.object({
    mode: z.literal("b2c"),
    authority: z.url(),
    knownAuthorities: z.array(z.string().min(1)).min(1),
    clientId: z.string().min(1),
    scopes: z.array(z.string().min(1)).min(1),
    redirectPath,
  }),
]);

/** Reads the identity settings the server publishes at `GET /api/config/auth`. */
export async function fetchAuthConfig(signal?: AbortSignal): Promise<AuthConfig> {
  const response = await fetch("/api/config/auth", { headers: { Accept: "application/json" }, signal });
  if (!response.ok) {
    throw new Error(`Could not load the sign-in settings (HTTP ${response.status}).`);
  }
  const parsed = authConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new Error(`The sign-in settings are not valid: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Absolute URL of the page the identity provider returns to (and where sign-out lands). */
export function redirectUri(config: AuthConfig): string {
  return new URL(config.redirectPath, window.location.origin).toString();
}
