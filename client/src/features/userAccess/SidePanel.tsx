import { CloseButton, Drawer, Portal, Stack, Text } from "@chakra-ui/react";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { UnsavedChangesDialog } from "./parts";

type Props = {
  open: boolean;
  title: string;
  subtitle?: string;
  /** Closing with unsaved changes asks first (FINALIZE stays, DISCARD closes). */
  dirty: boolean;
  /** The question asked; the add-outside panel has its own (spec §4). */
  discardMessage?: string;
  onClose: () => void;
  footer: ReactNode;
  children: ReactNode;
  testId: string;
};

/** Lets the page know a panel holds unsaved changes, so leaving the page asks first (spec §4). */
export const PanelDirtyContext = createContext<(dirty: boolean) => void>(() => undefined);

export const DEFAULT_DISCARD_MESSAGE = "You have unsaved changes. FINALIZE to keep editing, or DISCARD them and close.";

/** The wide side panel of the user access screen (spec §2). */
export function SidePanel({ open, title, subtitle, dirty, discardMessage, onClose, footer, children, testId }: Props) {
  const [asking, setAsking] = useState(false);
  const reportDirty = useContext(PanelDirtyContext);
  useEffect(() => {
    reportDirty(open && dirty);
    return () => reportDirty(false);
  }, [reportDirty, open, dirty]);

  function requestClose() {
    if (dirty) setAsking(true);
    else onClose();
  }

  return (
    <>
      <Drawer.Root
        open={open}
        size={{ base: "full", md: "xl" }}
        placement="end"
        closeOnInteractOutside={false}
        onOpenChange={(details) => {
          if (!details.open) requestClose();
        }}
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid={testId} aria-label={title}>
              <Drawer.Header borderBottomWidth="1px">
                <Stack gap="0.5">
                  <Drawer.Title>{title}</Drawer.Title>
                  {subtitle ? (
                    <Text textStyle="sm" color="fg.muted">
                      {subtitle}
                    </Text>
                  ) : null}
                </Stack>
              </Drawer.Header>
              <Drawer.Body py="5">{children}</Drawer.Body>
              <Drawer.Footer borderTopWidth="1px">{footer}</Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close panel" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <UnsavedChangesDialog
        open={asking}
        message={discardMessage ?? DEFAULT_DISCARD_MESSAGE}
        onFinalize={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
      />
    </>
  );
}
