import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import { type ReactNode, useRef } from "react";

type Props = {
  open: boolean;
  title: string;
  /** The question's detail: a sentence, or richer content (a form the confirmation needs). */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Red confirm button, for what cannot simply be undone. */
  destructive?: boolean;
  /** Another palette for the confirm button (orange for a reset); `destructive` wins. */
  colorPalette?: string;
  loading?: boolean;
  loadingText?: string;
  confirmDisabled?: boolean;
  testId?: string;
};

/**
 * The app's one yes-or-no question (spec §9: 400 px wide). The safe choice has the focus, so Enter
 * never confirms by accident; Escape and the backdrop cancel unless the action is running. It sits
 * above side panels, which ask their questions through it too.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "CANCEL",
  onConfirm,
  onCancel,
  destructive,
  colorPalette = "brand",
  loading,
  loadingText,
  confirmDisabled,
  testId = "confirm-dialog",
}: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      initialFocusEl={() => cancelRef.current}
      onOpenChange={(details) => {
        if (!details.open && !loading) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop zIndex="popover" />
        <Dialog.Positioner px="4" zIndex="popover">
          <Dialog.Content width="400px" maxW="calc(100vw - 2rem)" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {typeof children === "string" ? <Text color="fg.muted">{children}</Text> : children}
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Button ref={cancelRef} variant="outline" colorPalette="gray" onClick={onCancel} disabled={loading}>
                {cancelLabel}
              </Button>
              <Button
                colorPalette={destructive ? "red" : colorPalette}
                onClick={onConfirm}
                loading={loading}
                loadingText={loadingText}
                disabled={confirmDisabled}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
