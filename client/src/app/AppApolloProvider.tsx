import { ApolloProvider } from "@apollo/client";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useAuth } from "../auth";
import { createApolloClient } from "./apollo";

type Props = { children: ReactNode };

/** Provides the Apollo client, wired to the current sign-in; the cache is dropped when the user signs out. */
export function AppApolloProvider({ children }: Props) {
  const { getAccessToken, signOutLocally } = useAuth();
  const authRef = useRef({ getAccessToken, signOutLocally });
  useEffect(() => {
    authRef.current = { getAccessToken, signOutLocally };
  }, [getAccessToken, signOutLocally]);

  const [client] = useState(() =>
    createApolloClient({
      getAccessToken: () => authRef.current.getAccessToken(),
      onUnauthorized: () => authRef.current.signOutLocally(),
    }),
  );

  // Mounted only while signed in (SessionProviders): leaving the session drops what it read.
  useEffect(
    () => () => {
      client.clearStore().catch((reason: unknown) => console.warn("Could not clear the Apollo cache.", reason));
    },
    [client],
  );

  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
