import type { AuthConfig } from "./types";

// Checked by hand rather than with zod: this runs on the sign-in page, which should not download a
// schema library for six fields (issue #16).

type Problems = string[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function text(source: Record<string, unknown>, key: string, problems: Problems): string {
  const value = source[key];
  if (typeof value !== "string" || value.length === 0) problems.push(`${key}: expected a non-empty string`);
  return typeof value === "string" ? value : "";
}

function url(source: Record<string, unknown>, key: string, problems: Problems): string {
  const value = text(source, key, problems);
  try {
    if (value) new URL(value);
  } catch {
    problems.push(`${key}: expected a URL`);
  }
  return value;
}

function texts(source: Record<string, unknown>, key: string, problems: Problems): string[] {
  const value = source[key];
  if (!Array.isArray(value) || value.length === 0 || value.some((item) => typeof item !== "string" || item === ""))
    problems.push(`${key}: expected a non-empty list of non-empty strings`);
  return Array.isArray(value) ? (value as string[]) : [];
}

/** The published settings, or the list of what is wrong with them. */
export function parseAuthConfig(value: unknown): { config: AuthConfig } | { problems: Problems } {
  if (!isRecord(value)) return { problems: ["expected an object"] };
  const problems: Problems = [];
  const common = {
    authority: url(value, "authority", problems),
    clientId: text(value, "clientId", problems),
    scopes: texts(value, "scopes", problems),
    redirectPath: text(value, "redirectPath", problems),
  };
  if (common.redirectPath && !common.redirectPath.startsWith("/"))
    problems.push("redirectPath: expected a path from /");
  let config: AuthConfig;
  if (value.mode === "local") config = { mode: "local", ...common };
  else if (value.mode === "b2c")
    config = { mode: "b2c", knownAuthorities: texts(value, "knownAuthorities", problems), ...common };
  else return { problems: ['mode: expected "local" or "b2c"'] };
  return problems.length > 0 ? { problems } : { config };
}

/** Reads the identity settings the server publishes at `GET /api/config/auth`. */
export async function fetchAuthConfig(signal?: AbortSignal): Promise<AuthConfig> {
  const response = await fetch("/api/config/auth", { headers: { Accept: "application/json" }, signal });
  if (!response.ok) {
    throw new Error(`Could not load the sign-in settings (HTTP ${response.status}).`);
  }
  const parsed = parseAuthConfig(await response.json());
  if ("problems" in parsed) {
    throw new Error(`The sign-in settings are not valid: ${parsed.problems.join("; ")}`);
  }
  return parsed.config;
}

/** Absolute URL of the page the identity provider returns to (and where sign-out lands). */
export function redirectUri(config: AuthConfig): string {
  return new URL(config.redirectPath, window.location.origin).toString();
}
