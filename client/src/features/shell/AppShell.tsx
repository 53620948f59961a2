import { Flex, SkipNavContent, SkipNavLink } from "@chakra-ui/react";
import { lazy, Suspense, useCallback, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { SessionProviders } from "../../app/SessionProviders";
import { useAuth } from "../../auth";
import { readAccessToken } from "../../auth/session";
import { LoadingState } from "../../ui/LoadingState";
import { TopBannerProvider } from "../../ui/TopBanner";
import { ErrorBoundary } from "./errors/ErrorBoundary";
import { AppFooter } from "./footer/AppFooter";
import { FooterProvider } from "./footer/FooterProvider";
import { AppHeader } from "./header/AppHeader";
import { type IdleClock, useIdleSession } from "./idle/idleSession";
import { reportSessionActivity } from "./idle/reportActivity";

// Signed-in parts in chunks of their own, so the sign-in page does not download them (issue #16).
const IdleSessionDialog = lazy(async () => ({ default: (await import("./idle/IdleSessionDialog")).IdleSessionDialog }));

type Props = {
  /** Replaceable for tests; the real clock by default. */
  idleClock?: IdleClock;
};

/**
 * The frame of every page: the header (signed in), the page, the footer, and the idle-session
 * watch. A page that fails to render shows the error fallback between header and footer.
 */
export function AppShell({ idleClock }: Props) {
  const { status, signOut } = useAuth();
  const { pathname } = useLocation();
  const signedIn = status === "signedIn";
  // While the stored session is still being checked, a stored token makes a signed-in page likely:
  // show the header's skeleton rather than shifting the layout a moment later. Layout only, never access.
  const showHeader = signedIn || (status === "loading" && readAccessToken() !== null);

  const handleLogOut = useCallback(() => void signOut(), [signOut]);
  const idle = useIdleSession({
    enabled: signedIn,
    onExpire: handleLogOut,
    onActivity: reportSessionActivity,
    ...(idleClock ? { clock: idleClock } : {}),
  });
  // The warning's dialog is fetched when it is first due, then stays mounted (closed) like before.
  const [idleDialogWanted, setIdleDialogWanted] = useState(false);
  if (!idleDialogWanted && idle.secondsLeft !== null) setIdleDialogWanted(true);

  return (
    <FooterProvider>
      <TopBannerProvider>
        <SessionProviders>
          <Flex direction="column" minH="100dvh" bg="bg.subtle">
            <SkipNavLink>Skip to content</SkipNavLink>
            {showHeader ? <AppHeader /> : null}
            <SkipNavContent as="main" flex="1" display="flex" flexDirection="column">
              <ErrorBoundary resetKey={pathname}>
                {/* Each screen is its own chunk (app/routeTable.tsx): a spinner while one arrives. */}
                <Suspense fallback={<LoadingState label="Loading the page…" />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            </SkipNavContent>
            <AppFooter />
          </Flex>
          {signedIn && idleDialogWanted ? (
            <Suspense fallback={null}>
              <IdleSessionDialog secondsLeft={idle.secondsLeft} onKeepAlive={idle.keepAlive} onLogOut={handleLogOut} />
            </Suspense>
          ) : null}
        </SessionProviders>
      </TopBannerProvider>
    </FooterProvider>
  );
}
