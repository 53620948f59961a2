import { Alert, Box, Portal } from "@chakra-ui/react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";

export type TopBannerContent = { status: "success" | "error"; title: string; description?: string };

type Props = { banner: TopBannerContent | null };

/**
 * A banner fixed at the top centre of the window, above the page, for a short confirmation such as
 * 'Success' / 'Cost Center added successfully.'.
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

type ShowBanner = (banner: TopBannerContent, ms: number) => void;

const TopBannerContext = createContext<ShowBanner | null>(null);

/**
 * The app's one top banner. It lives above the routes, so a confirmation outlives the page that
 * showed it: 'File uploaded successfully.' stays its 8 seconds after the 3-second redirect.
 */
export function TopBannerProvider({ children }: { children: ReactNode }) {
  // A fresh object per call, so showing the same text again restarts the clock.
  const [shown, setShown] = useState<{ banner: TopBannerContent; ms: number } | null>(null);
  const show = useCallback<ShowBanner>((banner, ms) => setShown({ banner, ms }), []);
  // The clock starts once the banner is on screen, not when it was asked for: on a busy page the
  // render can lag, and the reader is owed the whole time.
  useEffect(() => {
    if (shown === null) return;
    const timer = setTimeout(() => setShown(null), shown.ms);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <TopBannerContext value={show}>
      {children}
      <TopBanner banner={shown?.banner ?? null} />
    </TopBannerContext>
  );
}

/** Shows a banner for `ms` milliseconds (a new one replaces it and restarts the clock). */
export function useTopBanner(ms: number): (banner: TopBannerContent) => void {
  const show = useContext(TopBannerContext);
  if (show === null) throw new Error("useTopBanner must be used inside <TopBannerProvider>.");
  return useMemo(() => (banner: TopBannerContent) => show(banner, ms), [show, ms]);
}
