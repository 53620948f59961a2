import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import { useRef } from "react";

type Props = {
  /** Seconds before the automatic logout; the dialog shows while this is not `null`. */
  secondsLeft: number | null;
  onKeepAlive: () => void;
  onLogOut: () => void;
};

/** The idle session prompt (spec section 4): a 60-second countdown, LOG ME OUT and KEEP ME LOGGED IN. */
export function IdleSessionDialog({ secondsLeft, onKeepAlive, onLogOut }: Props) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const open = secondsLeft !== null;
  // Keeps the last number on screen while the dialog animates closed.
  const shown = useRef(secondsLeft ?? 0);
  if (secondsLeft !== null) shown.current = secondsLeft;

  return (
    <Dialog.Root
      open={open}
      // Escape or a click outside counts as staying: the person is clearly there.
      onOpenChange={(details) => {
        if (!details.open) onKeepAlive();
      }}
      role="alertdialog"
      placement="center"
      initialFocusEl={() => keepRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content maxW="25rem" data-testid="idle-dialog">
            <Dialog.Header>
              <Dialog.Title>Are you still there?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">
                You have been inactive for a while. For your security you will be logged out in{" "}
                <Text as="strong" color="fg" fontVariantNumeric="tabular-nums" data-testid="idle-countdown">
                  {shown.current}
                </Text>{" "}
                {shown.current === 1 ? "second" : "seconds"}.
              </Text>
            </Dialog.Body>
            <Dialog.Footer gap="3" flexWrap="wrap">
              <Button variant="outline" colorPalette="gray" onClick={onLogOut}>
                LOG ME OUT
              </Button>
              <Button ref={keepRef} colorPalette="brand" onClick={onKeepAlive}>
                KEEP ME LOGGED IN
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
