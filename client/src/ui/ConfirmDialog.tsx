import { Button } from "@chakra-ui/react";
import { type ReactNode, useRef } from "react";
import { AlertDialogFrame } from "./AlertDialogFrame";

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
 * The app's yes-or-no question: CANCEL (the safe choice, focused) and the action. Escape and the
 * backdrop cancel unless the action is running. Side panels ask their questions through it too.
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
    <AlertDialogFrame
      open={open}
      title={title}
      onDismiss={() => {
        if (!loading) onCancel();
      }}
      safeButton={cancelRef}
      testId={testId}
      actions={
        <>
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
        </>
      }
    >
      {children}
    </AlertDialogFrame>
  );
}
