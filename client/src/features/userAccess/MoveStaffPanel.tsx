import { useMutation } from "@apollo/client";
import { Button, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { type Control, useForm } from "react-hook-form";
import { type MoveStaffInput, moveStaffSchema, USER_ACCESS_TEXTS } from "../../../../schema/userAccess";
import { graphql } from "../../gql";
import { FailureAlert } from "../../ui/ErrorAlert";
import { CheckboxField, FormSelectField, useFormField, useSchemaValidity } from "../../ui/inputs";
import { type FailureTexts, useMutationFailure } from "../../ui/useMutationFailure";
import { failureText, PANEL_FAILURE_TEXTS } from "./parts";
import { SidePanel } from "./SidePanel";

const MoveStaff_Mutation = graphql(`
  mutation MoveStaff_Mutation($targetPositionId: ID!, $userIds: [ID!]!) {
    moveStaff(targetPositionId: $targetPositionId, userIds: $userIds) {
      __typename
      ...DomainError_Fields
      ... on MutationMoveStaffSuccess {
        data {
          id
        }
      }
    }
  }
`);

type Props = {
  position: {
    id: string;
    title: string;
    isSoftwareAdmin: boolean;
    users: { id: string; firstName: string; lastName: string }[];
  };
  targets: readonly { id: string; title: string; isSoftwareAdmin: boolean }[];
  onClose: () => void;
  onMoved: () => void;
};

const MOVE_FAILURE_TEXTS: FailureTexts = {
  ...PANEL_FAILURE_TEXTS,
  threw: (error) => {
    // Spec §8: a failed move is only logged; the panel still says it did not happen.
    console.error("Move failed", error);
    return failureText(error);
  },
};

type MoveStaffValues = { userIds: string[]; targetPositionId: string };
const NOTHING_CHOSEN: MoveStaffValues = { userIds: [], targetPositionId: "" };

/** MOVE STAFF (change position within the same cost center), spec §2 and §4. */
export function MoveStaffPanel({ position, targets, onClose, onMoved }: Props) {
  const { control, handleSubmit, formState } = useForm<MoveStaffValues, unknown, MoveStaffInput>({
    mode: "all",
    resolver: zodResolver(moveStaffSchema),
    defaultValues: NOTHING_CHOSEN,
  });
  // Spec §4: Save is enabled once a user is picked and a target position chosen (the shared rule).
  const canSave = useSchemaValidity(control, moveStaffSchema);
  const { failure, attempt } = useMutationFailure(MOVE_FAILURE_TEXTS);
  const [move, { loading }] = useMutation(MoveStaff_Mutation);
  const options = targets
    .filter((t) => t.id !== position.id && t.isSoftwareAdmin === position.isSoftwareAdmin)
    .map((t) => ({ value: t.id, label: t.title }));

  async function handleSave(variables: MoveStaffInput) {
    await attempt(async () => (await move({ variables })).data?.moveStaff, onMoved);
  }

  return (
    <SidePanel
      open
      title={USER_ACCESS_TEXTS.moveTitle}
      subtitle={USER_ACCESS_TEXTS.moveSubtitle}
      dirty={formState.isDirty}
      onClose={onClose}
      testId="move-staff-panel"
      footer={
        <Button
          colorPalette="brand"
          disabled={!canSave}
          loading={loading}
          onClick={() => void handleSubmit(handleSave)()}
        >
          SAVE
        </Button>
      }
    >
      <Stack gap="5">
        <FailureAlert message={failure} />
        <Text>{`Move users out of ${position.title}:`}</Text>
        <UsersToMove control={control} position={position} />
        <FormSelectField
          control={control}
          name="targetPositionId"
          label="Target position"
          placeholder="Choose a position"
          options={options}
        />
      </Stack>
    </SidePanel>
  );
}

type UsersToMoveProps = {
  control: Control<MoveStaffValues, unknown, MoveStaffInput>;
  position: Props["position"];
};

/** The position's people, each with a box to tick: the form's `userIds`. */
function UsersToMove({ control, position }: UsersToMoveProps) {
  const { users } = position;
  const { field, visibleError } = useFormField({ control, name: "userIds" });
  const chosen = new Set<string>(field.value);
  function handleToggle(id: string, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    // In the position's order, so ticking and unticking again leaves the form clean.
    field.onChange(users.map((user) => user.id).filter((userId) => next.has(userId)));
  }
  return (
    // Not one Field.Root around them: it would give every box the same id.
    <Stack gap="2" role="group" aria-label={`Users in ${position.title}`}>
      {users.map((user) => (
        <CheckboxField
          key={user.id}
          label={`${user.firstName} ${user.lastName}`}
          checked={chosen.has(user.id)}
          onCheckedChange={(on) => handleToggle(user.id, on)}
          colorPalette="brand"
          inputProps={{ onBlur: field.onBlur }}
        />
      ))}
      {visibleError ? (
        <Text color="fg.error" textStyle="sm">
          {visibleError}
        </Text>
      ) : null}
    </Stack>
  );
}
