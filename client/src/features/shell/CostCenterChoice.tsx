import { useQuery } from "@apollo/client";
import { Field, NativeSelect, Stack } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { readSession, writeSession } from "../../auth/session";
import { graphql } from "../../gql";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { NoCostCenters } from "./NoCostCenters";

/**
 * The cost centers the signed-in user holds a permission on, and what each permission allows.
 * (Apollo merges the screens' answers by cost center: app/apollo.ts.)
 */
export const CostCenterChoice_Query = graphql(`
  query CostCenterChoice_Query {
    me {
      id
      costCenterPermissions {
        ...CostCenterPermissionFields
      }
    }
  }
  fragment CostCenterPermissionFields on CostCenterPermission {
    costCenterId
    code
    name
    completeWizard
    manageStaff
    readOnly
    executive
  }
`);

export type CostCenterOption = { costCenterId: string; code: string; name: string };

/**
 * The cost center a user screen shows: the one chosen last in this session (spec §3 session
 * details), else the first the user holds a permission on.
 */
export function useChosenCostCenter() {
  const query = useQuery(CostCenterChoice_Query);
  const options = query.data?.me.costCenterPermissions ?? [];
  const [chosen, setChosen] = useState(() => readSession("costCenterId") ?? "");
  const costCenterId = options.some((o) => o.costCenterId === chosen) ? chosen : (options[0]?.costCenterId ?? "");
  const choose = (id: string) => {
    setChosen(id);
    writeSession("costCenterId", id);
  };
  return { options, costCenterId, choose, loading: query.loading, error: query.error };
}

/**
 * A user screen about one cost center: the switcher at the top, then the screen of the chosen one, or
 * why there is none (the user's cost centers did not load, or the user holds none).
 */
export function ChosenCostCenterScreen({
  costCenters,
  children,
}: {
  costCenters: ReturnType<typeof useChosenCostCenter>;
  children: ReactNode;
}) {
  return (
    <Stack gap="6">
      <CostCenterSwitcher
        options={costCenters.options}
        value={costCenters.costCenterId}
        onChange={costCenters.choose}
        disabled={costCenters.loading}
      />
      {costCenters.error ? (
        <ErrorAlert title="We could not load your cost centers" message={costCenters.error.message} />
      ) : !costCenters.loading && costCenters.options.length === 0 ? (
        <NoCostCenters scope="manage" />
      ) : (
        children
      )}
    </Stack>
  );
}

/** The cost-center switcher at the top of a user screen. */
export function CostCenterSwitcher({
  options,
  value,
  onChange,
  disabled,
  placeholder,
  className,
}: {
  options: readonly CostCenterOption[];
  value: string;
  onChange: (costCenterId: string) => void;
  disabled?: boolean;
  /** The words of an empty first choice, where no cost center is chosen until the user picks one. */
  placeholder?: string;
  className?: string;
}) {
  return (
    <Field.Root maxW="md" className={className}>
      <Field.Label>Cost center</Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.costCenterId} value={o.costCenterId}>
              {o.code} {o.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
