import { Checkbox } from "@chakra-ui/react";
import type { ComponentProps, ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { type FormFieldProps, useFormField } from "./fieldError";

export type CheckboxFieldProps = {
  label: ReactNode;
  checked: boolean;
  /** Runs with the new state when the box is ticked or unticked. */
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean | undefined;
  size?: Checkbox.RootProps["size"];
  mt?: Checkbox.RootProps["mt"];
  colorPalette?: Checkbox.RootProps["colorPalette"];
  /** The hidden input's props (a form field's name, ref and blur). */
  inputProps?: ComponentProps<typeof Checkbox.HiddenInput>;
};

/** A labelled checkbox holding a boolean. */
export function CheckboxField({ label, checked, onCheckedChange, inputProps, ...root }: CheckboxFieldProps) {
  return (
    <Checkbox.Root {...root} checked={checked} onCheckedChange={(details) => onCheckedChange(details.checked === true)}>
      <Checkbox.HiddenInput {...inputProps} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

export type FormCheckboxProps<T extends FieldValues, TOut = T> = FormFieldProps<T, TOut> & {
  label: ReactNode;
  disabled?: boolean | undefined;
  size?: Checkbox.RootProps["size"];
  mt?: Checkbox.RootProps["mt"];
  /** Runs after the box is ticked or unticked and the field holds the new state (a change that saves at once). */
  onValueChange?: (checked: boolean) => void;
};

/** A {@link CheckboxField} bound to a react-hook-form field holding a boolean. */
export function FormCheckbox<T extends FieldValues, TOut = T>({
  control,
  name,
  disabled,
  onValueChange,
  ...props
}: FormCheckboxProps<T, TOut>) {
  const { field } = useFormField({ control, name });
  return (
    <CheckboxField
      {...props}
      checked={field.value === true}
      disabled={disabled ?? field.disabled}
      onCheckedChange={(checked) => {
        field.onChange(checked);
        onValueChange?.(checked);
      }}
      inputProps={{ ref: field.ref, name: field.name, onBlur: field.onBlur }}
    />
  );
}
