import { DataList } from "@chakra-ui/react";
import type { ReactNode } from "react";

export type Fact = {
  label: string;
  value: ReactNode;
  /** On the value. */
  testId?: string;
  /** Lets a long value without spaces (an email) wrap anywhere. */
  breakAll?: boolean;
};

type Props = Omit<DataList.RootProps, "children"> & { facts: readonly Fact[] };

/** Labelled values side by side (a definition list): an account's or a user's details. */
export function FactList({ facts, ...rootProps }: Props) {
  return (
    <DataList.Root orientation="horizontal" size="lg" {...rootProps}>
      {facts.map(({ label, value, testId, breakAll }) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue data-testid={testId} wordBreak={breakAll ? "break-all" : undefined}>
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
