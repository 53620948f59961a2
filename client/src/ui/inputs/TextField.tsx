import { Field, Input, type InputProps } from "@chakra-ui/react";
import type { ReactNode, Ref } from "react";
import type { FieldValues } from "react-hook-form";
import { type FormFieldProps, useFormField } from "./fieldError";

export type TextFieldProps = Omit<InputProps, "value" | "onChange"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field; pass only an error that may be seen (see `visibleFieldError`). */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled single-line text input with its error or helper text underneath. */
export function TextField({ label, value, onChange, error, helperText, required, ref, ...inputProps }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input {...inputProps} ref={ref} value={value} onChange={(event) => onChange(event.target.value)} />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : helperText ? (
        <Field.HelperText>{helperText}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

export type FormTextFieldProps<T extends FieldValues, TOut = T> = FormFieldProps<T, TOut> &
  Omit<TextFieldProps, "value" | "onChange" | "error" | "name" | "ref">;

/** {@link TextField} bound to a react-hook-form field. */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const { field, visibleError } = useFormField({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | null | undefined) ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
      error={visibleError}
    />
  );
}
