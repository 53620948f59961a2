import { ConfirmDialog } from "../../ui/ConfirmDialog";
import type { FailureTexts } from "../../ui/useMutationFailure";

/**
 * Spec §4 unsaved changes: FINALIZE stays in the panel, DISCARD closes it. The add-outside panel
 * asks with its own sentence.
 */
export function UnsavedChangesDialog({
  open,
  message,
  onFinalize,
  onDiscard,
}: {
  open: boolean;
  message: string;
  onFinalize: () => void;
  onDiscard: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Unsaved changes"
      confirmLabel="DISCARD"
      cancelLabel="FINALIZE"
      destructive
      onConfirm={onDiscard}
      onCancel={onFinalize}
      testId="unsaved-changes-dialog"
    >
      {message}
    </ConfirmDialog>
  );
}

/** A server refusal's text: the raw message, else the error's, else spec §8's fallback. */
export function failureText(error: unknown, fallback = "An error occurred"): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) {
    return error.message;
  }
  return fallback;
}

/** A panel's failure texts: a refusal or a failed call in the server's words, else spec §8's fallback. */
export const PANEL_FAILURE_TEXTS: FailureTexts = { refused: (refusal) => failureText(refusal), threw: failureText };

export const formatFte = (fte: number | null | undefined) => (fte === null || fte === undefined ? "" : fte.toFixed(2));
