import type { ReactNode } from "react";

/**
 * What a page asks of the shared footer. Everything is optional: a page that says nothing gets a
 * disabled main button, a back button that goes back in history and an empty message area.
 */
export type FooterConfig = {
  /** Shown in the footer's message area (a notice such as "All travellers need contract end dates to proceed."). */
  message?: ReactNode;
  /** The main (forward) button. It stays disabled unless `enabled` is true. */
  main?: {
    label?: string;
    onClick: () => void;
    enabled?: boolean;
    /** The main button is what keeps the changes (SUBMIT, SAVE): it never asks about leaving them. */
    savesChanges?: boolean;
  };
  /** The back button. Without `onClick` it goes back in the browser history (or to the landing page). */
  back?: { label?: string; onClick?: () => void };
  /**
   * Buttons for what the page is in the middle of (spec §2: cost center maintenance's CANCEL plus
   * DELETE, RESET or UNLOCK). They show on pages without back and main too, in their place.
   */
  actions?: readonly FooterAction[];
  /** Hides back and main where the spec's list does not already (the not-found page). */
  hideNavigation?: boolean;
  /** While true, LOGOUT, HOME, main, back and the header's menu ask 'You have unsaved changes' before acting. */
  hasUnsavedChanges?: boolean;
};

export type FooterAction = {
  label: string;
  onClick: () => void;
  enabled?: boolean;
  loading?: boolean;
  colorPalette?: string;
  variant?: "solid" | "outline";
};

/**
 * A tiny external store: the page writes its config after every render and only the footer
 * subscribes, so a page's render never re-renders itself through the footer.
 */
export type FooterStore = {
  get: () => FooterConfig | null;
  set: (owner: symbol, config: FooterConfig) => void;
  /** Forgets the config, but only if `owner` still owns it (a newer page may already have written its own). */
  clear: (owner: symbol) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createFooterStore(): FooterStore {
  let current: { owner: symbol; config: FooterConfig } | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    get: () => current?.config ?? null,
    set(owner, config) {
      current = { owner, config };
      notify();
    },
    clear(owner) {
      if (current?.owner !== owner) return;
      current = null;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
