import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  type NormalizedCacheObject,
  type StoreObject,
  split,
  type TypePolicies,
} from "@apollo/client";
import { setContext } from "@apollo/client/link/context";
import { onError } from "@apollo/client/link/error";
import { createPersistedQueryLink } from "@apollo/client/link/persisted-queries";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { getMainDefinition } from "@apollo/client/utilities";
import type { DocumentNode } from "graphql";
import { createClient } from "graphql-ws";
import generatedPossibleTypes from "../gql/possibleTypes";

export type ApolloAuth = {
  /** The bearer token for the next request, or `null` when signed out. */
  getAccessToken: () => Promise<string | null>;
  /** Called when the API no longer accepts the session (HTTP 401). */
  onUnauthorized: () => void;
};

/**
 * Creates the app's one Apollo client: bearer auth, 401 handling, queries and mutations over HTTP
 * at `/graphql`, subscriptions over graphql-ws on the same path (opened on first use).
 */
export function createApolloClient({
  getAccessToken,
  onUnauthorized,
}: ApolloAuth): ApolloClient<NormalizedCacheObject> {
  const authLink = setContext(async (_operation, { headers }) => {
    const token = await getAccessToken();
    return token === null ? { headers } : { headers: { ...headers, Authorization: `Bearer ${token}` } };
  });

  const unauthorizedLink = onError(({ networkError }) => {
    if (networkError && "statusCode" in networkError && networkError.statusCode === 401) onUnauthorized();
  });

  // The custom header satisfies the server's CSRF prevention even before a token exists, so an
  // unauthenticated request gets a clear 401 rather than a CSRF refusal.
  const httpLink = new HttpLink({
    uri: "/graphql",
    credentials: "same-origin",
    headers: { "x-graphql-yoga-csrf": "1" },
    fetch: fetchSayingWhyItFailed,
  });

  const wsLink = new GraphQLWsLink(
    createClient({
      url: `${window.location.origin.replace(/^http/, "ws")}/graphql`,
      lazy: true,
      connectionParams: async () => {
        const token = await getAccessToken();
        return token === null ? {} : { authorization: `Bearer ${token}` };
      },
    }),
  );
  const isSubscription = ({ query }: { query: Parameters<typeof getMainDefinition>[0] }) => {
    const definition = getMainDefinition(query);
    return definition.kind === "OperationDefinition" && definition.operation === "subscription";
  };
  const terminatingLink = split(isSubscription, wsLink, httpLink);

  // Every operation goes by the hash codegen gave it (persisted-documents.json): the server runs
  // its own copy, and refuses operations it does not know from the app's pages.
  const persistedLink = createPersistedQueryLink({ generateHash: documentHash });

  return new ApolloClient({
    link: ApolloLink.from([unauthorizedLink, authLink, persistedLink, terminatingLink]),
    cache: createCache(),
  });
}

/** What a screen shows when the browser could not reach the server at all (spec §8's "network error"). */
export const NETWORK_ERROR = "Network error: the server could not be reached. Check your connection and try again.";

/** What a screen shows when something in front of the app answered instead of it (a proxy's 502, 503 or 504 page). */
export const serverUnavailableText = (status: number) =>
  `The server is not answering right now (status ${status}). Try again in a moment.`;

/**
 * The browser's fetch, with a failure to reach the server in words: the browser's own ("Failed to
 * fetch", "Load failed", "NetworkError when attempting to fetch resource.") and Apollo's ("Response
 * not successful: Received status code 502", for a proxy's error page) told a nurse manager nothing.
 * Every screen shows the message of the error a call ends in, so this is the one place. An abort (a
 * query no screen wants any more) stays an abort, which Apollo passes over; an answer of the app's
 * own (JSON, including a 401) goes on to Apollo as it came.
 */
export const fetchSayingWhyItFailed: typeof fetch = async (input, init) => {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (caught) {
    if (caught instanceof Error && caught.name === "AbortError") throw caught;
    throw new Error(NETWORK_ERROR, { cause: caught });
  }
  const fromTheApp = response.headers.get("content-type")?.includes("json") ?? false;
  if (response.status >= 500 && !fromTheApp) throw new Error(serverUnavailableText(response.status));
  return response;
};

/**
 * The app's cache. It is told which types implement each interface (generated from the schema):
 * without that it reads no field of a fragment on an interface (Upload_Progress on UploadProgress).
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({ typePolicies, possibleTypes: generatedPossibleTypes.possibleTypes });
}

/**
 * A cost-center permission has no id of its own, so Apollo keeps the viewer's list inside the Viewer,
 * and screens select different fields of it (the user landing adds each wizard's status). Each answer
 * decides which cost centers there are; an item keeps the fields another screen read of the same cost
 * center, so one screen's answer does not send the other back to the server.
 */
export const typePolicies: TypePolicies = {
  Viewer: {
    fields: {
      costCenterPermissions: {
        merge(
          existing: readonly StoreObject[] | undefined,
          incoming: readonly StoreObject[] | null | undefined,
          { readField, mergeObjects },
        ) {
          // A broken answer (the list null) is stored as it came: the screen that reads it shows its
          // error, which a throw here inside the cache write would keep from it.
          if (!Array.isArray(incoming)) return incoming;
          return incoming.map((item) => {
            const costCenterId = readField<string>("costCenterId", item);
            const cached = existing?.find((old) => readField<string>("costCenterId", old) === costCenterId);
            return cached ? mergeObjects(cached, item) : item;
          });
        },
      },
    },
  },
};

/** The hash the client preset embeds in each generated document (`persistedDocuments` in codegen.ts). */
function documentHash(document: DocumentNode): string {
  const hash = (document as DocumentNode & { __meta__?: { hash?: string } }).__meta__?.hash;
  if (!hash) throw new Error("An operation without a persisted hash: write it with graphql() from client/src/gql");
  return hash;
}
