import { Stack } from "@chakra-ui/react";
import type { ComponentProps, ReactNode } from "react";
import { FailureAlert } from "../../ui/ErrorAlert";
import { FormNotesAndPermissions, type FormPermissionsProps, type PermissionFields } from "./PermissionsEditor";
import { SidePanel } from "./SidePanel";

type Props<T extends PermissionFields & { notes: string }, TOut> = Omit<
  ComponentProps<typeof SidePanel>,
  "open" | "children"
> & {
  failure: string | null;
  failureTestId: string;
  /** The notes and cost center permissions every user form ends with. */
  notesAndPermissions: FormPermissionsProps<T, TOut>;
  /** The panel's own fields, between its failure and the notes. */
  children: ReactNode;
};

/** The add and update user panels: the open side panel, why the last save failed, the fields, then notes and permissions. */
export function UserFormPanel<T extends PermissionFields & { notes: string }, TOut>({
  failure,
  failureTestId,
  notesAndPermissions,
  children,
  ...panel
}: Props<T, TOut>) {
  return (
    <SidePanel open {...panel}>
      <Stack gap="5">
        <FailureAlert message={failure} testId={failureTestId} />
        {children}
        <FormNotesAndPermissions {...notesAndPermissions} />
      </Stack>
    </SidePanel>
  );
}
