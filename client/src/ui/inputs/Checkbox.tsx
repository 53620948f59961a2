import { Checkbox } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { type FormFieldProps, useFormField } from "./fieldError";

export type FormCheckboxProps<T extends FieldValues, TOut = T> = FormFieldProps<T, TOut> & {
  label: ReactNode;
  disabled?: boolean | undefined;
  size?: Checkbox.RootProps["size"];
  mt?: Checkbox.RootProps["mt"];
  /** Runs after the box is ticked or unticked and the field holds the new state (a change that saves at once). */
  onValueChange?: (checked: boolean) => void;
};

/** A labelled checkbox bound to a react-hook-form field holding a boolean. */
export function FormCheckbox<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  disabled,
  size,
  mt,
  onValueChange,
}: FormCheckboxProps<T, TOut>) {
  const { field } = useFormField({ control, name });
  return (
    <Checkbox.Root
      size={size}
      mt={mt}
      checked={field.value === true}
      disabled={disabled ?? field.disabled}
      onCheckedChange={(details) => {
        field.onChange(details.checked === true);
        onValueChange?.(details.checked === true);
      }}
    >
      <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
