import type { TypedDocumentNode } from "@apollo/client";
import type { ReactNode } from "react";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import type { StepContext } from "./WizardFrame";

/**
 * Asks before a row leaves the plan (a role, a staff member's position, an open position); once
 * confirmed, the wizard mutation removes it by its id. Open while there is a row to remove.
 */
export function ConfirmRemove<TData>({
  row,
  title,
  mutation,
  context,
  onClose,
  children,
}: {
  row: { id: string } | null;
  title: string;
  mutation: TypedDocumentNode<TData, { id: string }>;
  context: StepContext;
  onClose: () => void;
  /** What removing it does to the plan. */
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={row !== null}
      title={title}
      destructive
      confirmLabel="REMOVE"
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        if (row) void context.save(mutation, { id: row.id });
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
