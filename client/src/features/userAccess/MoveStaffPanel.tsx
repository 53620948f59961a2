import { useMutation } from "@apollo/client";
import { Alert, Button, Checkbox, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { USER_ACCESS_TEXTS } from "../../../../schema/userAccess";
import { graphql } from "../../gql";
import { SelectField } from "../../ui/inputs";
import { failureText } from "./parts";
import { SidePanel } from "./SidePanel";

const MoveStaff_Mutation = graphql(`
  mutation MoveStaff_Mutation($targetPositionId: ID!, $userIds: [ID!]!) {
    moveStaff(targetPositionId: $targetPositionId, userIds: $userIds) {
      __typename
      ... on DomainError {
        ...DomainError_Fields
      }
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

/** MOVE STAFF (change position within the same cost center), spec §2 and §4. */
export function MoveStaffPanel({ position, targets, onClose, onMoved }: Props) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [move, { loading }] = useMutation(MoveStaff_Mutation);
  const options = targets
    .filter((t) => t.id !== position.id && t.isSoftwareAdmin === position.isSoftwareAdmin)
    .map((t) => ({ value: t.id, label: t.title }));

  async function handleSave() {
    setFailure(null);
    try {
      const { data } = await move({ variables: { targetPositionId: target, userIds: [...selected] } });
      const result = data?.moveStaff;
      if (result?.__typename === "MutationMoveStaffSuccess") onMoved();
      else setFailure(result && "message" in result ? result.message : USER_ACCESS_TEXTS.genericError);
    } catch (error) {
      // Spec §8: a failed move is only logged; the panel still says it did not happen.
      console.error("Move failed", error);
      setFailure(failureText(error));
    }
  }

  return (
    <SidePanel
      open
      title={USER_ACCESS_TEXTS.moveTitle}
      subtitle={USER_ACCESS_TEXTS.moveSubtitle}
      dirty={selected.size > 0 || target !== ""}
      onClose={onClose}
      testId="move-staff-panel"
      footer={
        <Button
          colorPalette="brand"
          disabled={selected.size === 0 || target === ""}
          loading={loading}
          onClick={() => void handleSave()}
        >
          SAVE
        </Button>
      }
    >
      <Stack gap="5">
        {failure ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Text>{`Move users out of ${position.title}:`}</Text>
        <Stack gap="2">
          {position.users.map((user) => (
            <Checkbox.Root
              key={user.id}
              checked={selected.has(user.id)}
              onCheckedChange={(d) => {
                const next = new Set(selected);
                if (d.checked === true) next.add(user.id);
                else next.delete(user.id);
                setSelected(next);
              }}
              colorPalette="brand"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{`${user.firstName} ${user.lastName}`}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
        <SelectField
          label="Target position"
          placeholder="Choose a position"
          value={target}
          onChange={setTarget}
          options={options}
        />
      </Stack>
    </SidePanel>
  );
}
