import { Text } from "@chakra-ui/react";
import { useRef } from "react";
import { SafeAnswerDialog } from "../../../ui/AlertDialogFrame";

type Props = {
  /** Seconds before the automatic logout; the dialog shows while this is not `null`. */
  secondsLeft: number | null;
  onKeepAlive: () => void;
  onLogOut: () => void;
};

/** The idle session prompt (spec section 4): a 60-second countdown, LOG ME OUT and KEEP ME LOGGED IN. */
export function IdleSessionDialog({ secondsLeft, onKeepAlive, onLogOut }: Props) {
  const open = secondsLeft !== null;
  // Keeps the last number on screen while the dialog animates closed.
  const shown = useRef(secondsLeft ?? 0);
  if (secondsLeft !== null) shown.current = secondsLeft;

  return (
    <SafeAnswerDialog
      open={open}
      title="Are you still there?"
      testId="idle-dialog"
      // Escape or a click outside counts as staying: the person is clearly there.
      safeLabel="KEEP ME LOGGED IN"
      onSafe={onKeepAlive}
      otherLabel="LOG ME OUT"
      onOther={onLogOut}
      otherPalette="gray"
    >
      <Text color="fg.muted">
        You have been inactive for a while. For your security you will be logged out in{" "}
        <Text as="strong" color="fg" fontVariantNumeric="tabular-nums" data-testid="idle-countdown">
          {shown.current}
        </Text>{" "}
        {shown.current === 1 ? "second" : "seconds"}.
      </Text>
    </SafeAnswerDialog>
  );
}
