import type { ReactNode } from "react";
import { ViewerProvider } from "../features/shell/viewerQuery";
import { AppApolloProvider } from "./AppApolloProvider";

/**
 * What a signed-in session adds under the shell: the Apollo client and the `me` query. Its own
 * chunk (loaded by SessionProviders), so the sign-in page never downloads Apollo or the documents.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <AppApolloProvider>
      <ViewerProvider>{children}</ViewerProvider>
    </AppApolloProvider>
  );
}
