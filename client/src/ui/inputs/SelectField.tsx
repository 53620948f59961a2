import { NativeSelect } from "@chakra-ui/react";
import type { ReactNode, Ref } from "react";
import type { FieldValues } from "react-hook-form";
import { FieldFrame } from "./FieldFrame";
import { type FormBoundProps, useBoundTextInput } from "./fieldError";

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** The empty first choice ("Choose a month"); without it the first option is preselected. */
  placeholder?: string;
  onBlur?: () => void;
  name?: string;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Width of the select (the field's label and messages follow it). */
  width?: string | object;
  ref?: Ref<HTMLSelectElement>;
  "data-testid"?: string;
};

/**
 * A labelled dropdown on the browser's own select: typing a letter jumps to a choice, arrow keys
 * move, and it works the same with a screen reader, a keyboard and a touch screen.
 */
export function SelectField({
  value,
  onChange,
  options,
  placeholder,
  onBlur,
  name,
  ref,
  "data-testid": testId,
  ...frame
}: SelectFieldProps) {
  return (
    <FieldFrame {...frame}>
      <NativeSelect.Root>
        <NativeSelect.Field
          ref={ref}
          name={name}
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          data-testid={testId}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldFrame>
  );
}

export type FormSelectFieldProps<T extends FieldValues, TOut = T> = FormBoundProps<SelectFieldProps, T, TOut> & {
  /** Runs after a choice is made and the field holds it (a choice that sets other fields too). */
  onValueChange?: (value: string) => void;
};

/** {@link SelectField} bound to a react-hook-form field holding the chosen option's value (text). */
export function FormSelectField<T extends FieldValues, TOut = T>({
  control,
  name,
  onValueChange,
  ...props
}: FormSelectFieldProps<T, TOut>) {
  const bound = useBoundTextInput({ control, name, disabled: props.disabled });
  return (
    <SelectField
      {...props}
      {...bound}
      onChange={(next) => {
        bound.onChange(next);
        onValueChange?.(next);
      }}
    />
  );
}
