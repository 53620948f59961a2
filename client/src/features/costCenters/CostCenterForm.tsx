import { zodResolver } from "@hookform/resolvers/zod";
import { type UseFormReturn, useForm } from "react-hook-form";
import {
  COST_CENTER_CODE_MAX_LENGTH,
  COST_CENTER_NAME_MAX_LENGTH,
  type CostCenterInput,
  costCenterInputSchema,
} from "../../../../schema/costCenters";
import {
  applyServerFieldErrors,
  FormTextField,
  type ServerFieldError,
  TextField,
  useBoundInput,
  useSchemaValidity,
} from "../../ui/inputs";
import { bannerFailure } from "./failureMessages";
import { digitsOnly } from "./parts";

/** What the number and name fields hold; the shared rule (schema/costCenters.ts) trims them on the way out. */
export type CostCenterFormValues = { code: string; name: string };
export type CostCenterForm = UseFormReturn<CostCenterFormValues, unknown, CostCenterInput>;

export const EMPTY_COST_CENTER: CostCenterFormValues = { code: "", name: "" };
const COST_CENTER_FIELDS = ["code", "name"] as const;

/**
 * The add and update panels' form: the number and name under the shared rule, errors shown once a
 * field was visited or changed, or the form submitted. `isValid` follows the values synchronously.
 */
export function useCostCenterForm(): { form: CostCenterForm; isValid: boolean } {
  const form = useForm<CostCenterFormValues, unknown, CostCenterInput>({
    mode: "all",
    resolver: zodResolver(costCenterInputSchema),
    defaultValues: EMPTY_COST_CENTER,
  });
  const isValid = useSchemaValidity(form.control, costCenterInputSchema);
  return { form, isValid };
}

/** What an add or update answered: its success type, or a DomainError (with the fields it names). */
type SaveResult = { __typename: string; message?: string; fieldErrors?: readonly ServerFieldError[] };

/**
 * Spec §8: a refusal shows its message in the screen's error banner ('An error occurred' when it
 * says nothing); the fields it names show it too, under the field to correct.
 */
export function reportCostCenterRefusal(
  form: CostCenterForm,
  result: SaveResult | null | undefined,
  onError: (message: string) => void,
): void {
  if (result?.fieldErrors) applyServerFieldErrors(form.setError, result.fieldErrors, COST_CENTER_FIELDS);
  onError(bannerFailure(result));
}

type FieldsProps = {
  form: CostCenterForm;
  /** "Cost center number" when adding, "New cost center number" when updating; the name likewise. */
  numberLabel: string;
  nameLabel: string;
  disabled?: boolean;
};

/**
 * The number (digits only: anything else is dropped as it is typed) and name fields of the add and
 * update panels. The caller lays them out.
 */
export function CostCenterFields({ form, numberLabel, nameLabel, disabled }: FieldsProps) {
  const number = useBoundInput({ control: form.control, name: "code", disabled });
  return (
    <>
      <TextField
        {...number.inputProps}
        label={numberLabel}
        placeholder="Enter cost center number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={COST_CENTER_CODE_MAX_LENGTH}
        value={(number.value as string | undefined) ?? ""}
        onChange={(value) => number.onChange(digitsOnly(value))}
        helperText="Digits only."
        required
      />
      <FormTextField
        control={form.control}
        name="name"
        label={nameLabel}
        placeholder="Enter cost center name"
        autoComplete="off"
        maxLength={COST_CENTER_NAME_MAX_LENGTH}
        disabled={disabled}
        required
      />
    </>
  );
}
