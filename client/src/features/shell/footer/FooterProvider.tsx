import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { createFooterStore, type FooterConfig, type FooterStore } from "./footerStore";

type FooterContextValue = {
  store: FooterStore;
  /** Runs `action` at once, or after the person confirms leaving when the page has unsaved changes. */
  guard: (action: () => void) => void;
};

const FooterContext = createContext<FooterContextValue | null>(null);

type Props = { children: ReactNode };

/** Holds the current page's footer settings and the 'You have unsaved changes' check. */
export function FooterProvider({ children }: Props) {
  const [store] = useState(createFooterStore);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const stayRef = useRef<HTMLButtonElement>(null);

  const guard = useCallback(
    (action: () => void) => {
      if (store.get()?.hasUnsavedChanges) setPending(() => action);
      else action();
    },
    [store],
  );

  const hasUnsavedChanges = useSyncExternalStore(store.subscribe, () => store.get()?.hasUnsavedChanges === true);
  useEffect(() => {
    if (!hasUnsavedChanges) return;
    // Reloading or closing the tab: the browser's own prompt is the only one allowed there.
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", handleBeforeUnload);
    return () => window.removeEventListener("beforeunload", handleBeforeUnload);
  }, [hasUnsavedChanges]);

  function handleLeave() {
    const action = pending;
    setPending(null);
    action?.();
  }

  const value = useMemo(() => ({ store, guard }), [store, guard]);

  return (
    <FooterContext value={value}>
      {children}
      <Dialog.Root
        open={pending !== null}
        onOpenChange={(details) => {
          if (!details.open) setPending(null);
        }}
        role="alertdialog"
        placement="center"
        initialFocusEl={() => stayRef.current}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content maxW="25rem">
              <Dialog.Header>
                <Dialog.Title>You have unsaved changes</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text color="fg.muted">If you leave this page now, the changes you have not saved will be lost.</Text>
              </Dialog.Body>
              <Dialog.Footer gap="3" flexWrap="wrap">
                <Button variant="outline" colorPalette="red" onClick={handleLeave}>
                  Leave without saving
                </Button>
                <Button ref={stayRef} colorPalette="brand" onClick={() => setPending(null)}>
                  Stay on this page
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
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
