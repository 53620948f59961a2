import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import { type ReactNode, type RefObject, useRef } from "react";

type Props = {
  open: boolean;
  title: string;
  /** Escape or a click outside: what the safe answer does. */
  onDismiss: () => void;
  /** The button that has the focus when the question opens: always the safe answer. */
  safeButton: RefObject<HTMLButtonElement | null>;
  /** A sentence, or richer content. */
  children: ReactNode;
  /** The answers, in the order they are shown. */
  actions: ReactNode;
  testId?: string;
};

/**
 * The frame of every question the app asks (spec §9: 400 px wide): an alert dialog above side
 * panels, its title, its detail and its answers, with the focus on the safe answer so Enter never
 * does harm by accident.
 */
export function AlertDialogFrame({ open, title, onDismiss, safeButton, children, actions, testId }: Props) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      initialFocusEl={() => safeButton.current}
      onOpenChange={(details) => {
        if (!details.open) onDismiss();
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
            <Dialog.Footer gap="3" flexWrap="wrap">
              {actions}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type SafeAnswerProps = Pick<Props, "open" | "title" | "children" | "testId"> & {
  /** The safe answer: shown last in the brand colour, focused, and what Escape or a click outside does. */
  safeLabel: string;
  onSafe: () => void;
  /** The other answer, outlined before it. */
  otherLabel: string;
  onOther: () => void;
  otherPalette: string;
};

/** A question with two answers, one of them safe (stay on the page, stay logged in). */
export function SafeAnswerDialog({
  safeLabel,
  onSafe,
  otherLabel,
  onOther,
  otherPalette,
  children,
  ...frame
}: SafeAnswerProps) {
  const safeRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialogFrame
      {...frame}
      onDismiss={onSafe}
      safeButton={safeRef}
      actions={
        <>
          <Button variant="outline" colorPalette={otherPalette} onClick={onOther}>
            {otherLabel}
          </Button>
          <Button ref={safeRef} colorPalette="brand" onClick={onSafe}>
            {safeLabel}
          </Button>
        </>
      }
    >
      {children}
    </AlertDialogFrame>
  );
}
