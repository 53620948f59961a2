import { useGraphQlJit } from "@envelop/graphql-jit";
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { type DocumentNode, type GraphQLError, getOperationAST } from "graphql";
import { createGraphQLError, createYoga, maskError as defaultMaskError, type YogaServerInstance } from "graphql-yoga";
import type { Database } from "../../db/client";
import { bearerToken, InvalidTokenError, type TokenVerifier } from "../auth/tokens";
import { MAX_REQUEST_BYTES } from "../http/limits";
import type { DeniedRecorder } from "../services/audit";
import { DomainError } from "../services/errors";
import type { IdentityDirectory } from "../services/invitations";
import { type RequestLimits, TooManyRequestsError } from "../services/rateLimits";
import type { UploadServices } from "../services/uploads";
import type { ViewerResolver } from "../services/viewer";
import { useBodyLimit } from "./bodyLimit";
import type { GraphQLContext } from "./context";
import { useDeniedAudit } from "./deniedAudit";
import { EXAMPLE_QUERIES } from "./exampleQueries";
import { useExplorerAccess } from "./explorer";
import { isFromAppPage, operationSourceOf, type PersistedDocuments, usePersistedDocuments } from "./persistedDocuments";
import { schema } from "./schema";

/** Limits that keep one request from exhausting the server; clients get a clear error instead. */
export const GRAPHQL_LIMITS = { maxDepth: 10, maxAliases: 15, maxCost: 5000, maxTokens: 2000, maxDirectives: 20 };

/** What graphql-ws passes as the initial context, beside the HTTP request of a normal operation. */
type ServerContext = {
  connectionParams?: Record<string, unknown>;
  /** The client's address (`requestSource`), for the audit log; null in-process. */
  source?: string | null;
  /** Over graphql-ws: whether the socket was opened by one of the app's pages (isFromAppPage). */
  fromAppPage?: boolean;
};

export type GraphQLServer = YogaServerInstance<ServerContext, GraphQLContext>;

export function createGraphQLServer(options: {
  db: Database;
  verifyToken: TokenVerifier;
  /** Who each token's person is (remembered briefly; forgotten after every mutation). */
  viewers: ViewerResolver;
  uploads: UploadServices;
  identity: IdentityDirectory;
  limits: RequestLimits;
  /** The browser app's origins (PUBLIC_URL, DEV_ORIGINS): the only ones CORS answers. */
  allowedOrigins: string[];
  /** GraphiQL and schema introspection (config.graphqlExplorer). */
  explorer: boolean;
  /** Records refused operations in the audit log. */
  recordDenied: DeniedRecorder;
  /** The app's own operations by hash, and whether the app's pages may run only those (GRAPHQL_PERSISTED_ONLY). */
  persisted: { documents: PersistedDocuments; appOnly: boolean };
}): GraphQLServer {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    // Checked by useBodyLimit, without yoga's per-request stream.
    maxRequestBodySize: false,
    // Never reflect a foreign Origin: it gets no Access-Control-Allow-Origin at all.
    cors: (request) => {
      const origin = request.headers.get("origin");
      return origin && options.allowedOrigins.includes(origin) ? { origin: [origin], credentials: false } : false;
    },
    logging: quietAboutExpectedErrors,
    landingPage: false,
    graphiql: options.explorer && {
      title: "Staffing & Position Control: GraphQL",
      subscriptionsProtocol: "WS",
      headers: JSON.stringify({ Authorization: "Bearer <paste your access token>" }),
      // The token stays in this tab only: never written to the browser's storage, gone at sign-out.
      shouldPersistHeaders: false,
      defaultTabs: EXAMPLE_QUERIES.map((example) => ({
        query: example.query,
        variables: example.variables ? JSON.stringify(example.variables, null, 2) : undefined,
        headers: JSON.stringify({ Authorization: "Bearer <paste your access token>" }),
      })),
    },
    // GraphiQL's assets are bundled in, not loaded from a CDN: hospital networks often block them.
    // Imported when the page is first asked for: the module holds them as ~28 MB of strings, which a
    // server whose GraphiQL nobody opens should not keep (issue #16's idle memory).
    renderGraphiQL: async (graphiql) => (await import("@graphql-yoga/render-graphiql")).renderGraphiQL(graphiql),
    maskedErrors: { maskError: exposeDomainErrors },
    plugins: [
      useBodyLimit(MAX_REQUEST_BYTES),
      useCSRFPrevention({ requestHeaders: ["x-graphql-yoga-csrf", "authorization"] }),
      EnvelopArmorPlugin({
        // Depth and cost count fields, a fragment as if its fields were written in place: by default
        // each spread (and `... on` a type) is one level deeper and 1.5 times costlier, so the
        // client's own documents, built from the fragments each save answers, were refused.
        maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true },
        maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
        costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, ignoreIntrospection: true, flattenFragments: true },
        maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
        maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
        blockFieldSuggestion: { enabled: true },
      }),
      usePersistedDocuments({ ...options.persisted, explorer: options.explorer }),
      useExplorerAccess(options.explorer),
      useDeniedAudit(options.recordDenied),
      {
        // A mutation may have changed who someone is (user, permissions, facility): forgotten before
        // the answer leaves, so the client's next request sees the change.
        onExecute({ args }: { args: { document: DocumentNode; operationName?: string | null } }) {
          if (getOperationAST(args.document, args.operationName)?.operation !== "mutation") return;
          return { onExecuteDone: () => options.viewers.afterWrite() };
        },
        // A body refused as too large was not read: the connection cannot carry another request.
        onResponse({ response }) {
          if (response.status === 413) response.headers.set("Connection", "close");
        },
      },
      // Queries run as JavaScript compiled once per document (graphql-jit) instead of graphql-js
      // walking the document for every row: a list's fields cost a function call each, not an
      // executor step with its own allocations (issue #16's request cost). Mutations and
      // subscriptions keep yoga's executor: they answer one object, and run rarely.
      useGraphQlJit(
        {},
        { enableIf: (args) => getOperationAST(args.document, args.operationName)?.operation === "query" },
      ),
    ],
    context: async (initial) => {
      // Over HTTP, yoga's request (a Fetch API request, not necessarily this realm's Request); over
      // graphql-ws there is none.
      const request = "request" in initial ? (initial.request as Request | undefined) : undefined;
      const header = request
        ? request.headers.get("authorization")
        : (initial.connectionParams?.authorization as string | undefined);
      const fromAppPage = request
        ? isFromAppPage(
            { origin: request.headers.get("origin"), fetchSite: request.headers.get("sec-fetch-site") },
            options.allowedOrigins,
          )
        : (initial.fromAppPage ?? false);
      return {
        db: options.db,
        uploads: options.uploads,
        identity: options.identity,
        limits: options.limits,
        viewer: await authenticate(options, header, initial.source ?? null),
        typedRefusals: [],
        operationSource: operationSourceOf(initial.params ?? {}, fromAppPage),
      };
    },
  });
}

/** Any operation without a valid token is refused with 401 before it runs. */
async function authenticate(
  options: { verifyToken: TokenVerifier; viewers: ViewerResolver },
  header: string | null | undefined,
  source: string | null,
) {
  const token = bearerToken(header);
  if (!token) throw unauthenticated("Sign in first: send 'Authorization: Bearer <access token>'");
  try {
    return await options.viewers.resolve(await options.verifyToken(token), source);
  } catch (error) {
    if (error instanceof InvalidTokenError || (error instanceof DomainError && error.code === "unauthenticated")) {
      throw unauthenticated(error.message);
    }
    throw error;
  }
}

const unauthenticated = (message: string) =>
  createGraphQLError(message, { extensions: { code: "UNAUTHENTICATED", http: { status: 401 } } });

const isExpected = (error: unknown) => error instanceof DomainError || error instanceof TooManyRequestsError;

/** Yoga logs every error it masks or rewrites; expected domain failures are not server errors. */
const quietAboutExpectedErrors = {
  debug: () => {},
  info: (...args: unknown[]) => console.info(...args),
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => {
    if (args.some((arg) => isExpected(arg) || isExpected((arg as GraphQLError | undefined)?.originalError))) return;
    console.error(...args);
  },
};

/**
 * Expected failures keep their message and code; everything else is masked as 'Unexpected error.'
 * so internals (SQL, stack traces) never reach a client.
 */
export const exposeDomainErrors: typeof defaultMaskError = (error, message, isDev) => {
  // Errors reach here wrapped by graphql-js, whose instance may not be ours: look inside.
  const located = error as Partial<GraphQLError>;
  const original = located.originalError ?? error;
  if (original instanceof TooManyRequestsError) {
    const retryAfter = String(original.retryAfterSeconds);
    return createGraphQLError(original.message, {
      nodes: located.nodes,
      path: located.path,
      extensions: { code: "TOO_MANY_REQUESTS", http: { status: 429, headers: { "Retry-After": retryAfter } } },
    });
  }
  if (original instanceof DomainError) {
    return createGraphQLError(original.message, {
      nodes: located.nodes,
      path: located.path,
      extensions: { code: original.code.toUpperCase(), fieldErrors: original.fieldErrors },
    });
  }
  return defaultMaskError(error, message, isDev);
};
