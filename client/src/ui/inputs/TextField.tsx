import { Input, type InputProps } from "@chakra-ui/react";
import type { ReactNode, Ref } from "react";
import type { FieldValues } from "react-hook-form";
import { FieldFrame } from "./FieldFrame";
import { type FormBoundProps, useBoundTextInput } from "./fieldError";

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
    <FieldFrame label={label} error={error} helperText={helperText} required={required}>
      <Input {...inputProps} ref={ref} value={value} onChange={(event) => onChange(event.target.value)} />
    </FieldFrame>
  );
}

export type FormTextFieldProps<T extends FieldValues, TOut = T> = FormBoundProps<TextFieldProps, T, TOut> & {
  /** Runs when the field is left, after react-hook-form marked it visited. */
  onBlur?: () => void;
};

/** {@link TextField} bound to a react-hook-form field. */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  onBlur,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const bound = useBoundTextInput({ control, name, disabled: props.disabled, onBlur });
  return <TextField {...props} {...bound} />;
}
