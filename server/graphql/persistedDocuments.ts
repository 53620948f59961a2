import { createGraphQLError, type Plugin } from "graphql-yoga";
import manifest from "../../client/src/gql/persisted-documents.json" with { type: "json" };
import type { GraphQLContext } from "./context";

/** The operations the client was built with, by hash (codegen's client preset writes the manifest). */
export type PersistedDocuments = ReadonlyMap<string, string>;

export const APP_DOCUMENTS: PersistedDocuments = new Map(Object.entries(manifest));

export const PERSISTED_MESSAGES = {
  /** Apollo's persisted-query link knows this message: it sends the operation's text again. */
  notFound: "PersistedQueryNotFound",
  appOnly:
    "The app's pages run only the app's own operations. Executives and administrators can run any operation in GraphiQL at /graphql; scripts can send any operation.",
} as const;

type OperationParams = { query?: string; extensions?: Record<string, unknown> | null };

/**
 * Where an operation's text comes from: one of the app's own (persisted) documents, any text sent
 * by one of the app's pages, or any text sent by something else (a script, an integration).
 */
export type OperationSource = "persisted" | "app page" | "script";

export function operationSourceOf(params: OperationParams, fromAppPage: boolean): OperationSource {
  if (persistedHash(params) !== undefined) return "persisted";
  return fromAppPage ? "app page" : "script";
}

/** The hash an operation names instead of its text (`extensions.persistedQuery.sha256Hash`, Apollo's convention). */
function persistedHash(params: OperationParams): string | undefined {
  const persisted = params.extensions?.persistedQuery as { sha256Hash?: unknown } | undefined;
  return typeof persisted?.sha256Hash === "string" ? persisted.sha256Hash : undefined;
}

/**
 * The operation to run: a named persisted document replaces whatever text came with it (the
 * server runs only the document it knows by that hash); an unknown hash is refused.
 */
export function withPersistedDocument<Params extends OperationParams>(
  params: Params,
  documents: PersistedDocuments,
): Params {
  const hash = persistedHash(params);
  if (hash === undefined) return params;
  const query = documents.get(hash);
  if (query === undefined) {
    throw createGraphQLError(PERSISTED_MESSAGES.notFound, { extensions: { code: "PERSISTED_QUERY_NOT_FOUND" } });
  }
  return { ...params, query };
}

/**
 * Whether a request comes from the app's pages: a browser names the page's origin (one of the
 * app's, PUBLIC_URL or DEV_ORIGINS) on every POST and websocket, and marks a same-origin GET.
 * Scripts and integrations send neither.
 */
export function isFromAppPage(
  headers: { origin: string | null | undefined; fetchSite: string | null | undefined },
  appOrigins: readonly string[],
): boolean {
  if (headers.origin) return appOrigins.includes(headers.origin);
  return headers.fetchSite === "same-origin";
}

/**
 * Persisted documents (issue #17, production mode): the client sends each operation's hash, not
 * its text, and the server runs the document it has under that hash. With `appOnly`
 * (GRAPHQL_PERSISTED_ONLY), an operation from the app's pages that is not one of the app's own is
 * refused, so a page (or someone at its console) cannot run arbitrary operations; GraphiQL on the
 * same origin stays open to executives and administrators when the explorer is on, and scripts,
 * which are not pages, send what they like. Subscriptions over graphql-ws go through the same
 * check (app.ts resolves their hash with `withPersistedDocument`).
 */
export function usePersistedDocuments(options: {
  documents: PersistedDocuments;
  appOnly: boolean;
  explorer: boolean;
}): Plugin<GraphQLContext> {
  const refuseArbitrary = (context: GraphQLContext) =>
    options.appOnly &&
    context.operationSource === "app page" &&
    !(options.explorer && context.viewer.accountType !== "user");
  const refusal = () => ({
    errors: [createGraphQLError(PERSISTED_MESSAGES.appOnly, { extensions: { code: "FORBIDDEN" } })],
  });
  return {
    onParams({ params, setParams }) {
      const resolved = withPersistedDocument(params, options.documents);
      if (resolved !== params) setParams(resolved);
    },
    onExecute({ args, setResultAndStopExecution }) {
      if (refuseArbitrary(args.contextValue)) setResultAndStopExecution(refusal());
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      if (refuseArbitrary(args.contextValue as GraphQLContext)) setResultAndStopExecution(refusal());
    },
  };
}
