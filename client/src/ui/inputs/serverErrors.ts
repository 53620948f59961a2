import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";

export type ServerFieldError = { field: string; message: string };

/**
 * Puts the server's field errors (a DomainError's `fieldErrors`) on the form's fields, so they show
 * under the fields like the client's own rule messages. Returns the errors that match no field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: readonly ServerFieldError[],
  fields: readonly FieldPath<T>[],
): ServerFieldError[] {
  const unmatched: ServerFieldError[] = [];
  let focused = false;
  for (const error of fieldErrors) {
    const field = fields.find((name) => name === error.field);
    if (!field) {
      unmatched.push(error);
      continue;
    }
    setError(field, { type: "server", message: error.message }, { shouldFocus: !focused });
    focused = true;
  }
  return unmatched;
}
