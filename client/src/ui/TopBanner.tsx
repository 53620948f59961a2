import { createToaster, Portal, Stack, Toast, Toaster } from "@chakra-ui/react";
import { type ReactNode, useMemo } from "react";

export type TopBannerContent = { status: "success" | "error"; title: string; description?: string };

/**
 * The app's one top banner (Chakra's toaster): a short confirmation such as 'Success' / 'Cost Center
 * added successfully.' at the top centre of the window, one at a time; a new one replaces it.
 * `removeDelay: 0`: gone when its time is up, not after an exit animation (spec §9 timings).
 */
const topBanners = createToaster({ placement: "top", max: 1, removeDelay: 0, pauseOnPageIdle: false });

/**
 * Renders the banners. It lives above the routes, so a confirmation outlives the page that showed
 * it: 'File uploaded successfully.' stays its 8 seconds after the 3-second redirect.
 */
export function TopBannerProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Portal>
        <Toaster toaster={topBanners} insetInline={{ mdDown: "4" }}>
          {(banner) => (
            <Toast.Root
              width="max-content"
              maxW="calc(100vw - 2rem)"
              px="5"
              py="3.5"
              // The toaster's status role is polite; a failure interrupts.
              role={banner.type === "error" ? "alert" : "status"}
              aria-live={banner.type === "error" ? "assertive" : "polite"}
              data-testid="top-banner"
              data-status={banner.type}
            >
              <Toast.Indicator />
              <Stack gap="1" flex="1" maxWidth="100%">
                <Toast.Title fontWeight="semibold">{banner.title}</Toast.Title>
                {banner.description ? <Toast.Description>{banner.description}</Toast.Description> : null}
              </Stack>
            </Toast.Root>
          )}
        </Toaster>
      </Portal>
    </>
  );
}

/** Shows a banner for `ms` milliseconds (a new one replaces it and restarts the clock). */
export function useTopBanner(ms: number): (banner: TopBannerContent) => void {
  return useMemo(
    () => (banner: TopBannerContent) => {
      topBanners.remove();
      topBanners.create({ type: banner.status, title: banner.title, description: banner.description, duration: ms });
    },
    [ms],
  );
}
