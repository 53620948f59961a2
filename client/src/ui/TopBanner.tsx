import { Alert, Box, Portal } from "@chakra-ui/react";

export type TopBannerContent = { status: "success" | "error"; title: string; description?: string };

type Props = { banner: TopBannerContent | null };

/**
 * A banner fixed at the top centre of the window, above the page, for a short confirmation such as
 * 'Success' / 'Cost Center added successfully.'. Whoever shows it decides when it goes.
 */
export function TopBanner({ banner }: Props) {
  if (!banner) return null;
  return (
    <Portal>
      <Box
        position="fixed"
        top={{ base: "3", md: "5" }}
        left="50%"
        transform="translateX(-50%)"
        zIndex="toast"
        width="max-content"
        maxW="calc(100vw - 2rem)"
        role={banner.status === "error" ? "alert" : "status"}
        aria-live={banner.status === "error" ? "assertive" : "polite"}
        data-testid="top-banner"
        data-status={banner.status}
      >
        <Alert.Root status={banner.status} variant="solid" borderRadius="l3" shadow="lg" px="5" py="3.5">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title fontWeight="semibold">{banner.title}</Alert.Title>
            {banner.description ? <Alert.Description>{banner.description}</Alert.Description> : null}
          </Alert.Content>
        </Alert.Root>
      </Box>
    </Portal>
  );
}
