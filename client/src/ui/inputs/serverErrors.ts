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

/** What a screen says when its call failed without an answer it can read. */
export const NO_ANSWER = "The server did not answer. Check your connection and try again.";

/** A call that threw: its error's message, else NO_ANSWER. */
export function callFailureText(caught: unknown): string {
  return caught instanceof Error ? caught.message : NO_ANSWER;
}

/** A mutation's answer: null when it succeeded, else the refusal's words (NO_ANSWER when there was no answer). */
export function refusalText(result: { __typename: string; message?: string } | undefined): string | null {
  if (!result) return NO_ANSWER;
  return result.__typename === "DomainError" ? (result.message ?? NO_ANSWER) : null;
}

/**
 * A form's mutation that did not succeed. A DomainError's field errors go under their fields; its
 * message is for above the form (returned) unless every field error found its field. No answer at
 * all is NO_ANSWER.
 */
export function formRefusalText<T extends FieldValues>(
  setError: UseFormSetError<T>,
  refusal: { message: string; fieldErrors: readonly ServerFieldError[] } | undefined,
  fields: readonly FieldPath<T>[],
): string | null {
  if (!refusal) return NO_ANSWER;
  const unmatched = applyServerFieldErrors(setError, refusal.fieldErrors, fields);
  return unmatched.length > 0 || refusal.fieldErrors.length === 0 ? refusal.message : null;
}
