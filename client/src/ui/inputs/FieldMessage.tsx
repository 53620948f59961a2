import { Field } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = { error?: string | undefined; helperText?: ReactNode };

/** Under every input: its error when it shows one, otherwise its helper text, otherwise nothing. */
export function FieldMessage({ error, helperText }: Props) {
  if (error) return <Field.ErrorText>{error}</Field.ErrorText>;
  if (helperText) return <Field.HelperText>{helperText}</Field.HelperText>;
  return null;
}
