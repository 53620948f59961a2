import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";

export type TopBannerContent = {
  status: "success" | "error";
  title: string;
  description?: string;
  /**
   * Called once the banner is on the page (the first one waits for the toaster's chunk), so a
   * "… after 3 s" redirect starts its clock then, not before.
   */
  onShown?: () => void;
};

const BannerToaster = lazy(() => import("./BannerToaster"));

type ShowBanner = (banner: TopBannerContent, ms: number) => void;

const TopBannerContext = createContext<ShowBanner | null>(null);

/**
 * The app's one top banner: a short confirmation such as 'Success' / 'Cost Center added
 * successfully.' (./BannerToaster). It lives above the routes, so a confirmation outlives the page
 * that showed it: 'File uploaded successfully.' stays its 8 seconds after the 3-second redirect.
 */
export function TopBannerProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const show = useCallback<ShowBanner>((banner, ms) => {
    setWanted(true);
    void import("./BannerToaster").then(({ showBanner }) => showBanner(banner, ms));
  }, []);
  return (
    <TopBannerContext value={show}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <BannerToaster />
        </Suspense>
      ) : null}
    </TopBannerContext>
  );
}

/** Shows a banner for `ms` milliseconds (a new one replaces it and restarts the clock). */
export function useTopBanner(ms: number): (banner: TopBannerContent) => void {
  const show = useContext(TopBannerContext);
  if (show === null) throw new Error("useTopBanner must be used inside <TopBannerProvider>.");
  return useMemo(() => (banner: TopBannerContent) => show(banner, ms), [show, ms]);
}
