import { Badge, Box, Container, Flex, HStack, Link, Skeleton, SkeletonCircle, Text } from "@chakra-ui/react";
import { lazy, type MouseEvent, Suspense, useEffect } from "react";
import { useNavigate } from "react-router";
import { useLeaveGuard } from "../footer/FooterProvider";
import { BuildingIcon, ProductMark } from "../icons";
import { PRODUCT_NAME } from "../productName";
import { landingPath, useViewer } from "../viewer";
import { useMinimumDuration } from "./useMinimumDuration";

// The menu (and its popover machinery) is a chunk of its own, fetched as the header first shows: the
// sign-in page has no header and so never downloads it (issue #16).
const loadUserMenu = () => import("./UserMenu");
const UserMenu = lazy(async () => ({ default: (await loadUserMenu()).UserMenu }));

/** Spec section 9: the header's loading delay. */
export const HEADER_LOADING_DELAY_MS = 500;

/** The header on signed-in pages: logo, the facility's name and the user menu. */
export function AppHeader() {
  const { viewer, loading } = useViewer();
  const showSkeleton = useMinimumDuration(loading, HEADER_LOADING_DELAY_MS);
  const guard = useLeaveGuard();
  const navigate = useNavigate();
  const home = viewer ? landingPath(viewer.accountType) : "/home";
  useEffect(() => void loadUserMenu(), []);

  function handleLogoClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab or window
    event.preventDefault();
    guard(() => void navigate(home));
  }

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" px={{ base: "3", sm: "4", md: "6" }}>
        <Flex h="16" align="center" gap={{ base: "2", md: "4" }}>
          <Link
            href={home}
            onClick={handleLogoClick}
            display="flex"
            alignItems="center"
            gap="2.5"
            color="fg"
            textDecoration="none"
            borderRadius="l2"
            flexShrink="0"
            _hover={{ textDecoration: "none", color: "brand.fg" }}
            aria-label={`${PRODUCT_NAME}, home`}
          >
            <ProductMark boxSize="8" color="brand.solid" />
            <Text as="span" fontWeight="semibold" textStyle={{ base: "sm", md: "md" }} hideBelow="sm" lineClamp="1">
              {PRODUCT_NAME}
            </Text>
          </Link>

          <Box flex="1" />

          {showSkeleton ? (
            <HStack gap="3" aria-busy="true" data-testid="header-skeleton">
              <Text srOnly>Loading your account…</Text>
              <Skeleton h="7" w={{ base: "24", md: "48" }} borderRadius="full" />
              <SkeletonCircle size="9" />
            </HStack>
          ) : viewer ? (
            <HStack gap={{ base: "2", md: "3" }} minW="0">
              <Badge
                colorPalette="brand"
                variant="subtle"
                size="lg"
                borderRadius="full"
                px="3"
                minW="0"
                maxW={{ base: "40", sm: "64", md: "sm" }}
                title={viewer.facilityName}
                data-testid="facility-badge"
              >
                <BuildingIcon boxSize="4" flexShrink="0" />
                <Text as="span" truncate>
                  {viewer.facilityName}
                </Text>
              </Badge>
              <Suspense fallback={<SkeletonCircle size="9" />}>
                <UserMenu viewer={viewer} />
              </Suspense>
            </HStack>
          ) : null}
        </Flex>
      </Container>
    </Box>
  );
}
