import { Field } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FieldMessage } from "./FieldMessage";

type Props = {
  label: string;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  width?: string | object | undefined;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean | undefined;
  /** What stands under the input in place of its error or helper text (which it should show itself). */
  message?: ReactNode;
  /** The input. */
  children: ReactNode;
};

/** Every labelled input's frame: the label (marked when required), the input, then its error or helper text. */
export function FieldFrame({
  label,
  error,
  helperText,
  required,
  disabled,
  width,
  hideLabel,
  message,
  children,
}: Props) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} width={width}>
      <Field.Label srOnly={hideLabel}>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {message ?? <FieldMessage error={error} helperText={helperText} />}
    </Field.Root>
  );
}
