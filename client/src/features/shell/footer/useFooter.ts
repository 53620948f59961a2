import { useLayoutEffect, useState } from "react";
import { useFooterStore } from "./FooterProvider";
import type { FooterConfig } from "./footerStore";

export type { FooterConfig } from "./footerStore";

/**
 * A page's one way to talk to the shared footer. Call it on every render with the current state:
 *
 *   useFooter({
 *     message: "All travellers need contract end dates to proceed.",
 *     main: { label: "NEXT", onClick: handleNext, enabled: isFormValid },
 *     back: { onClick: handleBack },        // optional; default goes back in history
 *     hasUnsavedChanges: isDirty,           // asks before LOGOUT, HOME, main, back and menu links
 *   });
 *
 * The main button is disabled unless `main.enabled` is true. Back and main never show on the
 * pages the spec lists (landing pages, dashboards, profile, ...), whatever the page passes.
 * The settings are dropped when the page unmounts.
 */
export function useFooter(config: FooterConfig): void {
  const store = useFooterStore();
  const [owner] = useState(() => Symbol("footer owner"));

  // No dependency list on purpose: the latest callbacks and flags are handed over after each render.
  useLayoutEffect(() => {
    store.set(owner, config);
  });

  useLayoutEffect(() => () => store.clear(owner), [store, owner]);
}
