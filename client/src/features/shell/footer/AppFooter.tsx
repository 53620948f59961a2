import { Box, Button, Container, Flex, HStack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuth } from "../../../auth";
import { ArrowLeftIcon, ArrowRightIcon, HomeIcon, LogoutIcon } from "../icons";
import { PRODUCT_NAME } from "../productName";
import { landingPath, useViewer } from "../viewer";
import { useFooterConfig, useLeaveGuard } from "./FooterProvider";
import { defaultFooterMessage, footerShowsNavigation } from "./footerRules";

/**
 * The footer on every page: LOGOUT and home (signed in only), a message area, and back and main
 * buttons where the page has them. Pages configure it with `useFooter`.
 */
export function AppFooter() {
  const config = useFooterConfig();
  const { status, signOut } = useAuth();
  const { viewer } = useViewer();
  const guard = useLeaveGuard();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const signedIn = status === "signedIn";
  const showNavigation = signedIn && footerShowsNavigation(pathname) && !config?.hideNavigation;
  const message = config?.message ?? defaultFooterMessage(pathname);
  const home = viewer ? landingPath(viewer.accountType) : null;

  function handleLogout() {
    guard(() => {
      setIsLoggingOut(true);
      void signOut();
    });
  }

  function handleHome() {
    if (home) guard(() => void navigate(home));
  }

  function handleBack() {
    guard(() => {
      const onBack = config?.back?.onClick;
      if (onBack) onBack();
      else if (canGoBack()) void navigate(-1);
      else if (home) void navigate(home);
    });
  }

  function handleMain() {
    const onMain = config?.main?.onClick;
    if (!onMain) return;
    if (config?.main?.savesChanges) onMain();
    else guard(onMain);
  }

  return (
    <Box
      as="footer"
      position="sticky"
      bottom="0"
      zIndex="sticky"
      bg="bg"
      borderTopWidth="1px"
      borderColor="border"
      shadow="0 -1px 3px 0 rgba(0, 0, 0, 0.04)"
    >
      <Container maxW="7xl" py="3" px={{ base: "3", sm: "4", md: "6" }}>
        <Flex align="center" gap={{ base: "2", md: "4" }} wrap={{ base: "wrap", md: "nowrap" }}>
          {signedIn ? (
            <HStack gap="2" flexShrink="0">
              <Button
                variant="outline"
                colorPalette="gray"
                size={{ base: "sm", md: "md" }}
                onClick={handleLogout}
                loading={isLoggingOut}
              >
                <LogoutIcon />
                LOGOUT
              </Button>
              {home ? (
                <Button
                  variant="ghost"
                  colorPalette="brand"
                  size={{ base: "sm", md: "md" }}
                  onClick={handleHome}
                  aria-label="Home"
                >
                  <HomeIcon />
                  <Box as="span" hideBelow="sm">
                    HOME
                  </Box>
                </Button>
              ) : null}
            </HStack>
          ) : (
            <Text textStyle="sm" color="fg.subtle" flexShrink="0">
              {PRODUCT_NAME}
            </Text>
          )}

          <Box
            flex="1"
            minW={{ base: "full", md: "0" }}
            order={{ base: 3, md: 0 }}
            role="status"
            aria-live="polite"
            data-testid="footer-message"
          >
            {message ? (
              <Text textStyle="sm" color="fg.muted" textAlign={{ base: "start", md: "center" }}>
                {message}
              </Text>
            ) : null}
          </Box>

          {config?.actions && config.actions.length > 0 ? (
            <HStack gap="2" flexShrink="0" ms="auto" data-testid="footer-actions">
              {config.actions.map((action) => (
                <Button
                  key={action.label}
                  variant={action.variant ?? "solid"}
                  colorPalette={action.colorPalette ?? "brand"}
                  size={{ base: "sm", md: "md" }}
                  disabled={action.enabled === false}
                  loading={action.loading}
                  loadingText={`${action.label}…`}
                  onClick={action.onClick}
                >
                  {action.label}
                </Button>
              ))}
            </HStack>
          ) : showNavigation ? (
            <HStack gap="2" flexShrink="0" ms="auto">
              <Button variant="outline" colorPalette="brand" size={{ base: "sm", md: "md" }} onClick={handleBack}>
                <ArrowLeftIcon />
                {config?.back?.label ?? "BACK"}
              </Button>
              <Button
                colorPalette="brand"
                size={{ base: "sm", md: "md" }}
                disabled={!config?.main?.enabled}
                onClick={handleMain}
              >
                {config?.main?.label ?? "NEXT"}
                <ArrowRightIcon />
              </Button>
            </HStack>
          ) : null}
        </Flex>
      </Container>
    </Box>
  );
}

/** react-router keeps the history index in `history.state.idx`; 0 means this is the first entry of the app. */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === "object" && state !== null && "idx" in state && typeof state.idx === "number" && state.idx > 0
  );
}
