import { createToaster, Portal, Stack, Toast, Toaster } from "@chakra-ui/react";
import type { TopBannerContent } from "./TopBanner";

/**
 * The top banners' toaster (Chakra's): one at a time at the top centre, a new one replaces the
 * last. `removeDelay: 0`: gone when its time is up, not after an exit animation (spec §9 timings).
 * Loaded with the first banner, so the sign-in page does not carry it.
 */
const topBanners = createToaster({ placement: "top", max: 1, removeDelay: 0, pauseOnPageIdle: false });

/** The `onShown` of each banner not yet on the page. */
const awaitingPage = new Map<string, () => void>();

export function showBanner(banner: TopBannerContent, ms: number): void {
  // A banner replaced before it reached the page counts as shown: its caller is not left waiting.
  for (const shown of awaitingPage.values()) shown();
  awaitingPage.clear();
  topBanners.remove();
  const id = topBanners.create({
    type: banner.status,
    title: banner.title,
    description: banner.description,
    duration: ms,
  });
  if (banner.onShown) awaitingPage.set(id, banner.onShown);
}

function reachedPage(id: string | undefined, element: HTMLElement | null) {
  if (!element || id === undefined) return;
  awaitingPage.get(id)?.();
  awaitingPage.delete(id);
}

export default function BannerToaster() {
  return (
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
            ref={(element) => reachedPage(banner.id, element)}
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
  );
}
