import { Button } from "@chakra-ui/react";
import { useRef } from "react";
import { AlertDialogFrame } from "../../../ui/AlertDialogFrame";

type Props = { open: boolean; onLeave: () => void; onStay: () => void };

/** 'You have unsaved changes': leave without saving, or stay (FooterProvider decides what follows). */
export function LeaveDialog({ open, onLeave, onStay }: Props) {
  const stayRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialogFrame
      open={open}
      title="You have unsaved changes"
      onDismiss={onStay}
      safeButton={stayRef}
      actions={
        <>
          <Button variant="outline" colorPalette="red" onClick={onLeave}>
            Leave without saving
          </Button>
          <Button ref={stayRef} colorPalette="brand" onClick={onStay}>
            Stay on this page
          </Button>
        </>
      }
    >
      If you leave this page now, the changes you have not saved will be lost.
    </AlertDialogFrame>
  );
}
