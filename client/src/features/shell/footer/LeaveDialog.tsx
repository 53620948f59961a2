import { SafeAnswerDialog } from "../../../ui/AlertDialogFrame";

type Props = { open: boolean; onLeave: () => void; onStay: () => void };

/** 'You have unsaved changes': leave without saving, or stay (FooterProvider decides what follows). */
export function LeaveDialog({ open, onLeave, onStay }: Props) {
  return (
    <SafeAnswerDialog
      open={open}
      title="You have unsaved changes"
      safeLabel="Stay on this page"
      onSafe={onStay}
      otherLabel="Leave without saving"
      onOther={onLeave}
      otherPalette="red"
    >
      If you leave this page now, the changes you have not saved will be lost.
    </SafeAnswerDialog>
  );
}
