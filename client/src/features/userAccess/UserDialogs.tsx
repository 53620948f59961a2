import { useMutation } from "@apollo/client";
import { RadioGroup, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import {
  type DeleteUserInput,
  deleteUserSchema,
  resendFailedText,
  TERMINATION_REASONS,
} from "../../../../schema/userAccess";
import { graphql } from "../../gql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { FailureAlert } from "../../ui/ErrorAlert";
import { FormSelectField, useSchemaValidity } from "../../ui/inputs";
import { type FailureTexts, useMutationFailure } from "../../ui/useMutationFailure";
import type { CostCenterOption } from "./PermissionsEditor";
import { failureText, PANEL_FAILURE_TEXTS } from "./parts";

const UserDialogs_DeleteMutation = graphql(`
  mutation UserDialogs_DeleteMutation($id: ID!, $input: DeleteUserInput!) {
    deleteUser(id: $id, input: $input) {
      __typename
      ...DomainError_Fields
    }
  }
`);

const UserDialogs_ResendMutation = graphql(`
  mutation UserDialogs_ResendMutation($id: ID!) {
    resendInvite(id: $id) {
      __typename
      ...DomainError_Fields
    }
  }
`);

type DeleteValues = { mode: "" | "user" | "userAndStaff"; keepInCostCenterId: string; reason: string };
const NOTHING_CHOSEN: DeleteValues = { mode: "", keepInCostCenterId: "", reason: "" };

/** The shared rule (schema/userAccess.ts, the server's too) over the choices: what is not chosen is missing. */
const deleteRule = z.preprocess((raw) => {
  const values = raw as DeleteValues;
  return {
    mode: values.mode || undefined,
    keepInCostCenterId: values.mode === "user" ? values.keepInCostCenterId || undefined : undefined,
    reason: values.mode === "userAndStaff" ? values.reason || undefined : undefined,
  };
}, deleteUserSchema) as unknown as z.ZodType<DeleteUserInput, DeleteValues>;

const DELETE_FAILURE_TEXTS: FailureTexts = {
  ...PANEL_FAILURE_TEXTS,
  threw: (error) => failureText(error, "Error processing action. Please try again later."),
};

type DialogUser = { id: string; firstName: string; lastName: string; email: string };

/** Spec §4 delete: 'Delete as User' (keep as staff in a cost center) or 'Delete as User AND Staff' (a reason). */
export function DeleteUserDialog({
  user,
  costCenters,
  onClose,
  onDeleted,
}: {
  user: DialogUser;
  costCenters: readonly CostCenterOption[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { control, handleSubmit, reset } = useForm<DeleteValues, unknown, DeleteUserInput>({
    mode: "all",
    resolver: zodResolver(deleteRule),
    defaultValues: NOTHING_CHOSEN,
  });
  const mode = useWatch({ control, name: "mode" });
  const ready = useSchemaValidity(control, deleteRule);
  const { failure, attempt } = useMutationFailure(DELETE_FAILURE_TEXTS);
  const [remove, { loading }] = useMutation(UserDialogs_DeleteMutation);

  // The two are mutually exclusive: picking one clears the other's choice.
  const choose = (next: string) => reset({ ...NOTHING_CHOSEN, mode: next as DeleteValues["mode"] });

  async function handleDelete(input: DeleteUserInput) {
    await attempt(async () => (await remove({ variables: { id: user.id, input } })).data?.deleteUser, onDeleted);
  }

  return (
    <ConfirmDialog
      open
      title={`Delete ${user.firstName} ${user.lastName}`}
      confirmLabel="DELETE"
      cancelLabel="CANCEL"
      destructive
      loading={loading}
      confirmDisabled={!ready}
      onCancel={onClose}
      onConfirm={() => void handleSubmit(handleDelete)()}
      testId="delete-user-dialog"
    >
      <Stack gap="4">
        <FailureAlert message={failure} />
        <Text>This action cannot be undone.</Text>
        <RadioGroup.Root value={mode} onValueChange={(d) => choose(d.value ?? "")} colorPalette="brand">
          <Stack gap="3">
            <ModeChoice value="user" label="Delete as User" />
            {mode === "user" ? (
              <FormSelectField
                control={control}
                name="keepInCostCenterId"
                label="Keep as staff in cost center"
                placeholder="Choose a cost center"
                options={costCenters.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
              />
            ) : null}
            <ModeChoice value="userAndStaff" label="Delete as User AND Staff" />
            {mode === "userAndStaff" ? (
              <FormSelectField
                control={control}
                name="reason"
                label="Reason"
                placeholder="Choose a reason"
                options={TERMINATION_REASONS.map((r) => ({ value: r.value, label: r.label }))}
              />
            ) : null}
          </Stack>
        </RadioGroup.Root>
      </Stack>
    </ConfirmDialog>
  );
}

/** Spec §4 resend invite: the button reads SENDING... while in flight; §8 failure text. */
export function ResendInviteDialog({
  user,
  onClose,
  onSent,
}: {
  user: DialogUser;
  onClose: () => void;
  onSent: () => void;
}) {
  const notSent = () => resendFailedText(user.email);
  const { failure, attempt } = useMutationFailure({ refused: notSent, threw: notSent });
  const [resend, { loading }] = useMutation(UserDialogs_ResendMutation);

  async function handleResend() {
    await attempt(async () => (await resend({ variables: { id: user.id } })).data?.resendInvite, onSent);
  }

  return (
    <ConfirmDialog
      open
      title="Resend invitation"
      confirmLabel="RESEND"
      cancelLabel="CANCEL"
      loading={loading}
      loadingText="SENDING..."
      onCancel={onClose}
      onConfirm={() => void handleResend()}
      testId="resend-invite-dialog"
    >
      <Stack gap="3">
        <FailureAlert message={failure} />
        <Text>{`Send a new invitation to ${user.email}? The link is valid for 48 hours.`}</Text>
      </Stack>
    </ConfirmDialog>
  );
}

function ModeChoice({ value, label }: { value: DeleteValues["mode"]; label: string }) {
  return (
    <RadioGroup.Item value={value}>
      <RadioGroup.ItemHiddenInput />
      <RadioGroup.ItemIndicator />
      <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
    </RadioGroup.Item>
  );
}
