import { Flex, SkipNavContent, SkipNavLink } from "@chakra-ui/react";
import { useCallback } from "react";
import { Outlet, useLocation } from "react-router";
import { useAuth } from "../../auth";
import { readAccessToken } from "../../auth/session";
import { TopBannerProvider } from "../../ui/TopBanner";
import { ErrorBoundary } from "./errors/ErrorBoundary";
import { AppFooter } from "./footer/AppFooter";
import { FooterProvider } from "./footer/FooterProvider";
import { AppHeader } from "./header/AppHeader";
import { IdleSessionDialog } from "./idle/IdleSessionDialog";
import { type IdleClock, useIdleSession } from "./idle/idleSession";
import { ViewerProvider } from "./viewer";

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
    ...(idleClock ? { clock: idleClock } : {}),
  });

  return (
    <ViewerProvider>
      <FooterProvider>
        <TopBannerProvider>
          <Flex direction="column" minH="100dvh" bg="bg.subtle">
            <SkipNavLink>Skip to content</SkipNavLink>
            {showHeader ? <AppHeader /> : null}
            <SkipNavContent as="main" flex="1" display="flex" flexDirection="column">
              <ErrorBoundary resetKey={pathname}>
                <Outlet />
              </ErrorBoundary>
            </SkipNavContent>
            <AppFooter />
          </Flex>
          <IdleSessionDialog secondsLeft={idle.secondsLeft} onKeepAlive={idle.keepAlive} onLogOut={handleLogOut} />
        </TopBannerProvider>
      </FooterProvider>
    </ViewerProvider>
  );
}
