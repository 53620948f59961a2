import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type NormalizedCacheObject } from "@apollo/client";
import { setContext } from "@apollo/client/link/context";
import { onError } from "@apollo/client/link/error";

export type ApolloAuth = {
  /** The bearer token for the next request, or `null` when signed out. */
  getAccessToken: () => Promise<string | null>;
  /** Called when the API no longer accepts the session (HTTP 401). */
  onUnauthorized: () => void;
};

/** Creates the app's one Apollo client: bearer auth, 401 handling, GraphQL over HTTP at `/graphql`. */
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
  });

  // Subscriptions: add a graphql-ws link here (`GraphQLWsLink` from "@apollo/client/link/subscriptions" over
  // `createClient({ url: <ws(s)://origin>/graphql, connectionParams: async () => ({ authorization: ... }) })`)
  // and route with `split(isSubscription, wsLink, httpLink)` so queries and mutations stay on HTTP.
  const terminatingLink = httpLink;

  return new ApolloClient({
    link: ApolloLink.from([unauthorizedLink, authLink, terminatingLink]),
    cache: new InMemoryCache(),
  });
}
