import { Alert, List } from "@chakra-ui/react";
import { OVER_FILL_NOTE } from "../../../schema/staffing";

type Props = {
  /** Each over-filled position in words (`overFillWarning`), in the plan's order. */
  warnings: readonly string[];
};

/** The plan's over-filled positions, in words: a warning that never blocks. Nothing when there are none. */
export function OverFillAlert({ warnings }: Props) {
  if (warnings.length === 0) return null;
  return (
    // role="alert": a warning that appears as a position is over-filled is read out at once.
    <Alert.Root status="warning" variant="subtle" borderRadius="l2" role="alert" data-testid="over-fill-alert">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>
          {warnings.length === 1 ? "1 position is over-filled" : `${warnings.length} positions are over-filled`}
        </Alert.Title>
        <List.Root ps="5" gap="0.5" textStyle="sm">
          {warnings.map((warning) => (
            <List.Item key={warning} data-testid="over-fill-warning">
              {warning}
            </List.Item>
          ))}
        </List.Root>
        <Alert.Description textStyle="xs">{OVER_FILL_NOTE}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
