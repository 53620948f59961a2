import {
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { NavigationType, useBlocker, useLocation } from "react-router";
import { createFooterStore, type FooterConfig, type FooterStore } from "./footerStore";
import { LeaveDialog } from "./LeaveDialog";

type FooterContextValue = {
  store: FooterStore;
  /** Runs `action` at once, or after the person confirms leaving when the page has unsaved changes. */
  guard: (action: () => void) => void;
};

// Not a lazy chunk: loaded on demand, its second opening (from the header's menu) did not show
// (tests/e2e/shell.spec.ts, unsaved changes), while imported here it does. Issue #16 follow-up.

const FooterContext = createContext<FooterContextValue | null>(null);

type Props = { children: ReactNode };

/**
 * Holds the current page's footer settings and the 'You have unsaved changes' check. It asks
 * before the footer's and the header's ways out (through `useLeaveGuard`), before the browser's
 * Back and Forward (a router blocker), and before a reload or closing the tab (`beforeunload`).
 * The app's own moves after a save are not asked about: the page reports no unsaved changes then.
 */
export function FooterProvider({ children }: Props) {
  const [store] = useState(createFooterStore);
  const [pending, setPending] = useState<(() => void) | null>(null);
  // Set once the person has chosen to leave, so the way out they chose (the footer's BACK is a
  // history move too) is not asked about twice; cleared when the page or its unsaved state changes.
  const leaving = useRef(false);
  // Back and Forward move through history without the app's say: the router holds them here.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      !leaving.current &&
      historyAction === NavigationType.Pop &&
      store.get()?.hasUnsavedChanges === true &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === "blocked";

  const guard = useCallback(
    (action: () => void) => {
      if (store.get()?.hasUnsavedChanges) setPending(() => action);
      else action();
    },
    [store],
  );

  const hasUnsavedChanges = useSyncExternalStore(store.subscribe, () => store.get()?.hasUnsavedChanges === true);
  const { key: locationKey } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page and its unsaved state are the triggers.
  useEffect(() => {
    leaving.current = false;
  }, [locationKey, hasUnsavedChanges]);
  useEffect(() => {
    if (!hasUnsavedChanges) return;
    // Reloading or closing the tab: the browser's own prompt is the only one allowed there.
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", handleBeforeUnload);
    return () => window.removeEventListener("beforeunload", handleBeforeUnload);
  }, [hasUnsavedChanges]);

  function handleLeave() {
    leaving.current = true;
    if (blocker.state === "blocked") blocker.proceed();
    const action = pending;
    setPending(null);
    action?.();
  }

  function handleStay() {
    if (blocker.state === "blocked") blocker.reset();
    setPending(null);
  }

  // Once wanted, the dialog stays mounted (closed), as it always was: its closing animation plays out.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (!dialogWanted && (hasUnsavedChanges || pending !== null || blocked)) setDialogWanted(true);

  const value = useMemo(() => ({ store, guard }), [store, guard]);

  return (
    <FooterContext value={value}>
      {children}
      {dialogWanted ? (
        <Suspense fallback={null}>
          <LeaveDialog open={pending !== null || blocked} onLeave={handleLeave} onStay={handleStay} />
        </Suspense>
      ) : null}
    </FooterContext>
  );
}

function useFooterContext(): FooterContextValue {
  const value = useContext(FooterContext);
  if (value === null) throw new Error("The footer hooks must be used inside <FooterProvider>.");
  return value;
}

/** The current page's footer settings (for the footer itself). */
export function useFooterConfig(): FooterConfig | null {
  const { store } = useFooterContext();
  return useSyncExternalStore(store.subscribe, store.get);
}

/** Wraps a navigation or logout so it asks first while the page reports unsaved changes. */
export function useLeaveGuard(): (action: () => void) => void {
  return useFooterContext().guard;
}

export function useFooterStore(): FooterStore {
  return useFooterContext().store;
}
