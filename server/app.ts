import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { type GraphQLError, getOperationAST } from "graphql";
import { CloseCode } from "graphql-ws";
import { useServer } from "graphql-ws/use/ws";
import { Hono } from "hono";
import { type WebSocket, WebSocketServer } from "ws";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { b2cDirectory } from "./auth/b2cDirectory";
import { createEmbeddedProvider, isInteractionPath, isProviderPath } from "./auth/embeddedProvider";
import { publicAuthSettings } from "./auth/publicSettings";
import { loadOrCreateSigningKey } from "./auth/signingKeys";
import {
  b2cTokenSettings,
  bearerToken,
  createTokenVerifier,
  embeddedTokenSettings,
  type TokenVerifier,
  type VerifiedToken,
} from "./auth/tokens";
import type { AppConfig } from "./config";
import type { GraphQLContext } from "./graphql/context";
import { refusalIn } from "./graphql/deniedAudit";
import { APP_DOCUMENTS, isFromAppPage, withPersistedDocument } from "./graphql/persistedDocuments";
import { createGraphQLServer } from "./graphql/yoga";
import { redirectToCanonicalHost } from "./http/canonicalHost";
import { graphiqlPage } from "./http/graphiqlPage";
import { MAX_REQUEST_BYTES } from "./http/limits";
import { type RequestActivity, requestActivity } from "./http/requestActivity";
import { clientAddressResolver, requestSource } from "./http/requestSource";
import { securityHeaders } from "./http/securityHeaders";
import { staticClientRoutes } from "./http/staticClient";
import { createRestApi } from "./rest";
import { seedDemoOnStart } from "./seed/demo";
import { createDeniedRecorder } from "./services/audit";
import { DomainError } from "./services/errors";
import { embeddedDirectory } from "./services/invitations";
import { createRequestLimits, type LimitPolicy, MemoryLimitStore, type RequestLimits } from "./services/rateLimits";
import { openRedisLimitStore } from "./services/redisLimitStore";
import { createSessionActivity, withIdleRule } from "./services/sessionActivity";
import type { UploadServices } from "./services/uploads";
import { createViewerResolver, type ViewerResolver } from "./services/viewer";
import { startUploadPipeline, type UploadPipelineOptions } from "./uploads/pipeline";

export type AppOptions = {
  /** An already opened database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Load the demo organisation on first start (embedded identity mode only). */
  seedDemoData?: boolean;
  /** With seedDemoData, the demo's sample staffing plans too (server/seed/demo.ts). */
  seedDemoPlans?: boolean;
  /** Extra origins the embedded provider accepts as sign-in redirects (the Vite dev server). */
  devOrigins?: string[];
  uploadPipeline?: UploadPipelineOptions;
  /** Other sign-in and request limits than the defaults (tests). */
  limitPolicies?: Partial<Record<keyof RequestLimits, LimitPolicy>>;
  /** How often open sockets are checked against the idle rule (30 s unless set; tests use less). */
  idleSweepMs?: number;
  /** The idle rule's clock (ms); tests move it forward instead of waiting ten minutes. */
  sessionClock?: () => number;
};

export type App = {
  /** In-process entry for tests: the Fetch API handler of everything but the identity provider. */
  fetch: (request: Request) => Promise<Response>;
  /** Node entry for `http.createServer`: everything, including the identity provider. */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** graphql-ws subscriptions on /graphql of the given server. */
  attachWebSockets(server: Server): void;
  database: DatabaseHandle;
  verifyToken: TokenVerifier;
  /** Who each token's person is, remembered for VIEWER_CACHE_SECONDS. */
  viewers: ViewerResolver;
  /** Blob storage, job queue and events of the upload pipeline. */
  uploads: UploadServices;
  /** The requests being answered (listener), which background work gives way to. */
  requestActivity: RequestActivity;
  close(): Promise<void>;
};

/** Builds the whole server (REST shim, GraphQL, identity provider, static client) without listening. */
export async function createApp(config: AppConfig, options: AppOptions = {}): Promise<App> {
  const database = options.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (options.seedDemoData && !config.b2c) {
    await seedDemoOnStart(database.db, { withPlans: options.seedDemoPlans === true });
  }
  const db = database.db;
  const limitStore = config.redisUrl ? await openRedisLimitStore(config.redisUrl) : new MemoryLimitStore();
  const limits = createRequestLimits(limitStore, options.limitPolicies);
  const recordDenied = createDeniedRecorder(db, limits.deniedAudit);

  const embedded = config.b2c
    ? undefined
    : createEmbeddedProvider({
        config,
        db,
        signingKey: await loadOrCreateSigningKey(db),
        redirectOrigins: options.devOrigins,
        signInLimiter: limits.signIn,
      });
  const sessions = createSessionActivity(db, { idleMinutes: config.sessionIdleMinutes, now: options.sessionClock });
  const verifyToken = withIdleRule(
    createTokenVerifier(
      config.b2c
        ? b2cTokenSettings(config.b2c)
        : embeddedTokenSettings(config.publicUrl, await loadOrCreateSigningKey(db)),
    ),
    sessions,
    // The embedded provider records its sign-ins at its login form; B2C's happen at Microsoft.
    { signInAtFirstRequest: config.b2c !== undefined },
  );
  const activity = requestActivity();
  const uploads = await startUploadPipeline(config, database, {
    extraBrowserOrigins: options.devOrigins,
    requestActivity: activity,
    ...options.uploadPipeline,
  });
  const viewers = createViewerResolver(db, uploads.events, { rememberMs: config.viewerCacheSeconds * 1000 });
  const identity = config.b2c
    ? b2cDirectory(config.b2c, { publicUrl: config.publicUrl })
    : embeddedDirectory(config.publicUrl);
  const browserOrigins = [new URL(config.publicUrl).origin, ...(options.devOrigins ?? [])];
  const yoga = createGraphQLServer({
    db,
    verifyToken,
    viewers,
    uploads,
    identity,
    limits,
    allowedOrigins: browserOrigins,
    explorer: config.graphqlExplorer,
    recordDenied,
    persisted: { documents: APP_DOCUMENTS, appOnly: config.graphqlPersistedOnly },
  });
  const authSettings = publicAuthSettings(config);
  const identityOrigins =
    authSettings.mode === "b2c" ? authSettings.knownAuthorities.map((host) => `https://${host}`) : [];
  const setSecurityHeaders = securityHeaders({
    publicUrl: config.publicUrl,
    devOrigins: options.devOrigins ?? [],
    connectOrigins: [uploads.storage.browserOrigin, ...identityOrigins],
    frameOrigins: identityOrigins,
  });

  const app = new Hono();
  // A body refused as too large was not read: the connection cannot carry another request (REST;
  // yoga does the same for GraphQL).
  app.use("*", async (c, next) => {
    await next();
    if (c.res.status === 413) c.res.headers.set("Connection", "close");
  });
  app.route(
    "/",
    createRestApi({ config, db, verifyToken, uploads, identity, limits, recordDenied, sessions, viewers }),
  );
  const runGraphQL = (request: Request, source: string | null) => Promise.resolve(yoga.fetch(request, { source }));
  const graphql = config.graphqlExplorer ? graphiqlPage(runGraphQL) : runGraphQL;
  app.on(["GET", "POST", "OPTIONS"], "/graphql", (c) => graphql(c.req.raw, requestSource(c.env)));
  if (embedded) app.route("/", embedded.interactions);
  if (config.publicUrlIsDefault) app.use("*", redirectToCanonicalHost(config.publicUrl));
  app.route("/", staticClientRoutes(config.clientDistDir));

  const honoListener = getRequestListener(app.fetch);
  const clientAddress = clientAddressResolver(config.trustedProxies);
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    activity.track(res);
    const source = clientAddress(req);
    setSecurityHeaders(req, res);
    if (embedded && isProviderPath(req.url) && !isInteractionPath(req.url)) {
      void embedded.handle(req, res);
      return;
    }
    // GraphQL operations, the hot path, go to yoga's own Node adapter: through Hono's Request and
    // Response bridge they cost ~10-20 % more per request (issue #16, bench:requests). GETs
    // (GraphiQL's page) and preflights still take the Hono route below.
    if (req.method === "POST" && req.url === "/graphql") {
      void yoga(req, res, { source });
      return;
    }
    void honoListener(req, res);
  };

  const sockets: WebSocketServer[] = [];
  // Open graphql-ws sockets by token subject: log out closes them (4401, the token's session ended).
  const socketsBySubject = new Map<string, Set<WebSocket>>();
  embedded?.onSignOut((subject) => {
    for (const socket of socketsBySubject.get(subject) ?? []) socket.close(CloseCode.Unauthorized, "Signed out");
  });
  // Open sockets and the token each was opened with: a socket whose session goes idle is closed
  // (4401: the client does not reconnect; the browser has signed out by then). The same sweep
  // forgets the activity of long-gone sessions.
  const socketTokens = new Map<WebSocket, VerifiedToken>();
  let sweeps = 0;
  const idleSweep = setInterval(() => {
    void (async () => {
      for (const [socket, token] of socketTokens) {
        if (await sessions.isIdle(token)) socket.close(CloseCode.Unauthorized, "Session idle");
      }
      if (++sweeps % 20 === 0) await sessions.forgetOld();
    })().catch((error: unknown) => console.error("Idle session sweep failed:", error));
  }, options.idleSweepMs ?? 30_000);
  idleSweep.unref();
  return {
    fetch: async (request) => app.fetch(request),
    listener,
    requestActivity: activity,
    attachWebSockets(server) {
      // A larger message closes the socket with 1009 before it is buffered (ws' default is 100 MiB).
      const wsServer = new WebSocketServer({ server, path: "/graphql", maxPayload: MAX_REQUEST_BYTES });
      sockets.push(wsServer);
      useServer(
        {
          execute: (args) => (args.rootValue as EnvelopedRoot).execute(args),
          subscribe: (args) => (args.rootValue as EnvelopedRoot).subscribe(args),
          onSubscribe: async (ctx, _id, sent) => {
            let params: typeof sent;
            try {
              params = withPersistedDocument(sent, APP_DOCUMENTS);
            } catch (error) {
              return [error as GraphQLError];
            }
            const { headers } = ctx.extra.request;
            const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
              ...ctx,
              req: ctx.extra.request,
              socket: ctx.extra.socket,
              source: clientAddress(ctx.extra.request),
              fromAppPage: isFromAppPage(
                { origin: headers.origin, fetchSite: headers["sec-fetch-site"] as string | undefined },
                browserOrigins,
              ),
              params,
            });
            const document = parse(params.query);
            const errors = validate(schema, document);
            if (errors.length > 0) return errors;
            let contextValue: Awaited<ReturnType<typeof contextFactory>>;
            try {
              contextValue = await contextFactory();
            } catch (error) {
              // The user was deactivated while connected: an error for this operation, not a 4500.
              // (By name: yoga's GraphQLError may come from another copy of graphql than ours.)
              if (error instanceof Error && error.name === "GraphQLError") return [error as GraphQLError];
              throw error;
            }
            return {
              schema,
              operationName: params.operationName,
              document,
              variableValues: params.variables,
              contextValue,
              rootValue: { execute, subscribe },
            };
          },
          // A refused operation over the socket is recorded as one over HTTP is (deniedAudit.ts).
          onNext: async (ctx, _id, _payload, args, result) => {
            const context = args.contextValue as GraphQLContext;
            const operation = getOperationAST(args.document, args.operationName)?.name?.value;
            const refusal = refusalIn([result], context.typedRefusals, operation);
            if (!refusal) return;
            await recordDenied({
              viewer: context.viewer,
              ...refusal,
              transport: "websocket",
              source: clientAddress(ctx.extra.request),
            });
          },
          // Refuse the connection itself: 4401 without a valid bearer token, 4403 when the token's
          // user does not exist or is no longer active. An accepted socket closes when its token expires.
          onConnect: async (ctx) => {
            const socket = ctx.extra.socket;
            // Recorded before the close, so the record exists once the client sees the refusal.
            const refuse = async (code: CloseCode.Unauthorized | CloseCode.Forbidden) => {
              try {
                await recordDenied({
                  viewer: undefined,
                  what: "connect /graphql",
                  transport: "websocket",
                  code: code === CloseCode.Unauthorized ? "UNAUTHENTICATED" : "FORBIDDEN",
                  source: clientAddress(ctx.extra.request),
                });
              } finally {
                socket.close(code, code === CloseCode.Unauthorized ? "Unauthorized" : "Forbidden");
              }
              return false;
            };
            const authorization = ctx.connectionParams?.authorization;
            const token = bearerToken(typeof authorization === "string" ? authorization : undefined);
            const verified = token ? await verifyToken(token).catch(() => undefined) : undefined;
            if (!verified) return refuse(CloseCode.Unauthorized);
            try {
              await viewers.resolve(verified, clientAddress(ctx.extra.request));
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              return refuse(CloseCode.Forbidden);
            }
            // At expiry 4403, not 4401: graphql-ws clients never reconnect after 4401, but do after
            // 4403, and the browser's new connection_init carries its silently renewed token.
            const expiresIn = (verified.claims.exp ?? 0) * 1000 - Date.now();
            const expiry = setTimeout(
              () => socket.close(CloseCode.Forbidden, "Token expired"),
              Math.min(expiresIn, MAX_TIMEOUT_MS),
            );
            const ofSubject = socketsBySubject.get(verified.subject) ?? new Set<WebSocket>();
            socketsBySubject.set(verified.subject, ofSubject.add(socket));
            socketTokens.set(socket, verified);
            socket.once("close", () => {
              clearTimeout(expiry);
              socketTokens.delete(socket);
              ofSubject.delete(socket);
              if (ofSubject.size === 0 && socketsBySubject.get(verified.subject) === ofSubject) {
                socketsBySubject.delete(verified.subject);
              }
            });
            return true;
          },
        },
        wsServer,
      );
    },
    database,
    verifyToken,
    viewers,
    uploads,
    async close() {
      clearInterval(idleSweep);
      for (const socket of sockets) socket.close();
      await viewers.close();
      await uploads.close();
      await limitStore.close();
      await database.close();
    },
  };
}

/** setTimeout's longest delay (about 24.8 days); longer ones fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

type EnvelopedRoot = {
  execute: (args: unknown) => ReturnType<typeof import("graphql").execute>;
  subscribe: (args: unknown) => ReturnType<typeof import("graphql").subscribe>;
};
