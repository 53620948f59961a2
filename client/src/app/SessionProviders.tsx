import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { useAuth } from "../auth";
import { readAccessToken } from "../auth/session";
import { ViewerContext, type ViewerState } from "../features/shell/viewer";
import { LoadingState } from "../ui/LoadingState";

const loadSignedIn = () => import("./SignedInProviders");
const SignedInProviders = lazy(async () => ({ default: (await loadSignedIn()).SignedInProviders }));

const noRefetch = () => {};

/**
 * The viewer (and, signed in, Apollo) for the shell. Signed out, nobody is there to ask about: the
 * context says so without loading Apollo, which comes in its own chunk once a session exists (issue
 * #16: the sign-in page loads neither Apollo nor the GraphQL documents). A stored token starts that
 * download at once, while the session is still being checked.
 */
export function SessionProviders({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const likelySignedIn = status === "signedIn" || (status === "loading" && readAccessToken() !== null);
  const signedOut = useMemo<ViewerState>(
    () => ({ viewer: null, loading: status === "loading", error: null, refetch: noRefetch }),
    [status],
  );

  // Decided as AppShell decides to show the header: a stored token takes the signed-in path while the
  // session is checked, so the tree (the header's skeleton, the page) is not rebuilt when it is confirmed.
  if (!likelySignedIn) return <ViewerContext value={signedOut}>{children}</ViewerContext>;
  return (
    <Suspense fallback={<LoadingState label="Loading your account…" />}>
      <SignedInProviders>{children}</SignedInProviders>
    </Suspense>
  );
}
