import path from "node:path";
import { parseTrustedProxies } from "./http/requestSource";

/** Azure AD B2C settings; all present switches identity to B2C, none keeps the embedded provider. */
export type B2cConfig = {
  tenantName: string;
  tenantId: string;
  policy: string;
  clientId: string;
  apiScope: string;
  apiAudience: string;
  /**
   * Microsoft Graph app registration (client credentials) that provisions users and sends their
   * invitations; undefined until B2C_GRAPH_CLIENT_ID, B2C_GRAPH_CLIENT_SECRET and
   * INVITE_SENDER_ADDRESS are all set. Without it, adding a user in B2C mode is refused.
   */
  graph?: B2cGraphConfig;
};

export type B2cGraphConfig = { clientId: string; clientSecret: string; senderAddress: string };

export type AppConfig = {
  port: number;
  host: string;
  publicUrl: string;
  /**
   * PUBLIC_URL was not set and publicUrl is the guess http://localhost:PORT: pages opened under
   * another loopback name are redirected there before sign-in.
   */
  publicUrlIsDefault: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  b2c: B2cConfig | undefined;
  azureStorageConnectionString: string | undefined;
  /**
   * The blob endpoint as browsers reach it, when it differs from the connection string's (a
   * container network: the app talks to http://azurite:10000, the browser to localhost:10000).
   */
  azureStoragePublicBlobUrl: string | undefined;
  redisUrl: string | undefined;
  /** Serve the built client from this folder when it exists. */
  clientDistDir: string;
  /**
   * GraphiQL at /graphql and schema introspection (for executives and administrators only).
   * GRAPHQL_EXPLORER=on|off; by default on with the embedded identity provider, off with B2C
   * (production), where an operator turns it on for analysts.
   */
  graphqlExplorer: boolean;
  /**
   * Whether the app's pages may run only the app's own operations (persisted documents; GraphiQL
   * stays open to executives and administrators). GRAPHQL_PERSISTED_ONLY=on|off, on by default.
   */
  graphqlPersistedOnly: boolean;
  /**
   * Minutes without activity after which a session ends (spec §4: 10). The browser signs out then;
   * the server refuses the session's tokens a minute later (the browser reports activity at most
   * once a minute). SESSION_IDLE_MINUTES, a whole number from 1 to 720.
   */
  sessionIdleMinutes: number;
  /**
   * How long an instance may remember who a signed-in person is (their user, facility and account
   * type) before reading them again: VIEWER_CACHE_SECONDS, a whole number from 0 (never) to 60; 10
   * by default. Any change to them is seen at once regardless (server/services/viewer.ts).
   */
  viewerCacheSeconds: number;
  /**
   * Whether this instance runs import jobs (IMPORT_WORKER=on|off, on by default). Several instances
   * share one queue, so some may serve requests only while others import.
   */
  importWorker: boolean;
  /**
   * Proxies (addresses and CIDR ranges) whose X-Forwarded-For names the client: the load balancer
   * in front of the instances. TRUSTED_PROXIES, comma separated; none by default.
   */
  trustedProxies: string[];
};

/** The only place that reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const b2c = readB2c(env);
  return {
    port,
    host: env.HOST ?? "127.0.0.1",
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ""),
    publicUrlIsDefault: !env.PUBLIC_URL,
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL || undefined,
    b2c,
    azureStorageConnectionString: env.AZURE_STORAGE_CONNECTION_STRING || undefined,
    azureStoragePublicBlobUrl: env.AZURE_STORAGE_PUBLIC_BLOB_URL?.replace(/\/$/, "") || undefined,
    redisUrl: env.REDIS_URL || undefined,
    clientDistDir: path.resolve(env.CLIENT_DIST_DIR ?? "dist/client"),
    graphqlExplorer: readSwitch(env, "GRAPHQL_EXPLORER", b2c === undefined),
    graphqlPersistedOnly: readSwitch(env, "GRAPHQL_PERSISTED_ONLY", true),
    sessionIdleMinutes: readWholeNumber(env, "SESSION_IDLE_MINUTES", {
      min: 1,
      max: 720,
      byDefault: 10,
      unit: "minutes",
    }),
    viewerCacheSeconds: readWholeNumber(env, "VIEWER_CACHE_SECONDS", {
      min: 0,
      max: 60,
      byDefault: 10,
      unit: "seconds",
    }),
    importWorker: readSwitch(env, "IMPORT_WORKER", true),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
  };
}

/** A whole number setting within [min, max], `byDefault` when unset; `unit` names it in the error. */
function readWholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  range: { min: number; max: number; byDefault: number; unit: string },
): number {
  const value = env[name];
  if (!value?.trim()) return range.byDefault;
  const number = Number(value);
  if (!Number.isInteger(number) || number < range.min || number > range.max)
    throw new Error(
      `${name} must be a whole number of ${range.unit} from ${range.min} to ${range.max}, got '${value}'`,
    );
  return number;
}

function readSwitch(env: NodeJS.ProcessEnv, name: string, byDefault: boolean): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (!value) return byDefault;
  if (value === "on") return true;
  if (value === "off") return false;
  throw new Error(`${name} must be 'on' or 'off', got '${env[name]}'`);
}

const B2C_KEYS = {
  tenantName: "B2C_TENANT_NAME",
  tenantId: "B2C_TENANT_ID",
  policy: "B2C_POLICY",
  clientId: "B2C_CLIENT_ID",
  apiScope: "B2C_API_SCOPE",
  apiAudience: "B2C_API_AUDIENCE",
} as const satisfies Record<Exclude<keyof B2cConfig, "graph">, string>;

function readB2c(env: NodeJS.ProcessEnv): B2cConfig | undefined {
  const entries = Object.entries(B2C_KEYS).map(([key, name]) => [key, env[name]] as const);
  const given = entries.filter(([, value]) => value);
  if (given.length === 0) return undefined;
  if (given.length < entries.length) {
    const missing = entries.filter(([, value]) => !value).map(([key]) => B2C_KEYS[key as keyof typeof B2C_KEYS]);
    throw new Error(`Azure AD B2C is partly configured; also set ${missing.join(", ")}`);
  }
  return { ...(Object.fromEntries(entries) as Omit<B2cConfig, "graph">), graph: readGraph(env) };
}

const GRAPH_KEYS = {
  clientId: "B2C_GRAPH_CLIENT_ID",
  clientSecret: "B2C_GRAPH_CLIENT_SECRET",
  senderAddress: "INVITE_SENDER_ADDRESS",
} as const satisfies Record<keyof B2cGraphConfig, string>;

function readGraph(env: NodeJS.ProcessEnv): B2cGraphConfig | undefined {
  const entries = Object.entries(GRAPH_KEYS).map(([key, name]) => [key, env[name]] as const);
  const given = entries.filter(([, value]) => value);
  if (given.length === 0) return undefined;
  if (given.length < entries.length) {
    const missing = entries.filter(([, value]) => !value).map(([key]) => GRAPH_KEYS[key as keyof B2cGraphConfig]);
    throw new Error(`Microsoft Graph provisioning is partly configured; also set ${missing.join(", ")}`);
  }
  return Object.fromEntries(entries) as B2cGraphConfig;
}
