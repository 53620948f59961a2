import { lazy, type ReactNode, Suspense, useEffect, useMemo } from "react";
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
 * download while the session is still being checked.
 */
export function SessionProviders({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const likelySignedIn = status === "signedIn" || (status === "loading" && readAccessToken() !== null);
  useEffect(() => {
    if (likelySignedIn) void loadSignedIn();
  }, [likelySignedIn]);
  const signedOut = useMemo<ViewerState>(
    () => ({ viewer: null, loading: status === "loading", error: null, refetch: noRefetch }),
    [status],
  );

  if (status !== "signedIn") return <ViewerContext value={signedOut}>{children}</ViewerContext>;
  return (
    <Suspense fallback={<LoadingState label="Loading your account…" />}>
      <SignedInProviders>{children}</SignedInProviders>
    </Suspense>
  );
}
