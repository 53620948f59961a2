import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import { useRef } from "react";

type Props = { open: boolean; onLeave: () => void; onStay: () => void };

/** 'You have unsaved changes': leave without saving, or stay (FooterProvider decides what follows). */
export function LeaveDialog({ open, onLeave, onStay }: Props) {
  const stayRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onStay();
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
              <Button variant="outline" colorPalette="red" onClick={onLeave}>
                Leave without saving
              </Button>
              <Button ref={stayRef} colorPalette="brand" onClick={onStay}>
                Stay on this page
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
