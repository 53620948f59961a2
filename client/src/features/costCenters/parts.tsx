import { Field, Grid, Input } from "@chakra-ui/react";
import { graphql } from "../../gql";
import { SelectField } from "../../ui/inputs";
import type { Column } from "../../ui/table";

/** A cost center as the screen's lists and pickers show it. */
export type CostCenterOption = { id: string; code: string; name: string };
graphql(`
  fragment CostCenterOption_Fields on CostCenter {
    id
    code
    name
  }
`);

/** Spec §4: cost center lists are sorted ascending by numeric code. */
export const COST_CENTER_COLUMNS: readonly Column<CostCenterOption, "code" | "name">[] = [
  { key: "code", label: "Number", value: (c) => c.code, numericText: true, headerProps: { w: "28" } },
  { key: "name", label: "Name", value: (c) => c.name },
];
/** What a cost center list's filter searches: number and name. */
export const costCenterText = (c: { code: string; name: string }) => `${c.code} ${c.name}`;

/** Spec §9: the width of the screen's dropdowns. */
export const DROPDOWN_WIDTH = "310px";
type PickerProps = {
  costCenters: readonly CostCenterOption[];
  selectedId: string;
  onSelect: (id: string) => void;
  loading: boolean;
  disabled?: boolean;
};

/** Spec §2: a dropdown of cost center numbers, with the chosen one's name shown read-only. */
export function CostCenterPicker({ costCenters, selectedId, onSelect, loading, disabled }: PickerProps) {
  const selected = costCenters.find((costCenter) => costCenter.id === selectedId);
  return (
    <Grid templateColumns={{ base: "1fr", md: `${DROPDOWN_WIDTH} minmax(0, 1fr)` }} gap="5" alignItems="start">
      <SelectField
        label="Cost center number"
        value={selectedId}
        onChange={onSelect}
        placeholder={loading ? "Loading…" : costCenters.length === 0 ? "No cost centers yet" : "Select a cost center"}
        options={costCenters.map((costCenter) => ({ value: costCenter.id, label: costCenter.code }))}
        disabled={disabled || loading || costCenters.length === 0}
      />
      <Field.Root readOnly>
        <Field.Label>Cost center name</Field.Label>
        <Input value={selected?.name ?? ""} readOnly placeholder="Shown once a number is selected" bg="bg.muted" />
      </Field.Root>
    </Grid>
  );
}

/** Keeps what a numeric field may hold: digits only. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, "");
}
