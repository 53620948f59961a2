import { useState } from "react";
import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { callFailureText, formRefusalText, refusalText, type ServerFieldError } from "./inputs";

/** A mutation's refusal, as `...DomainError_Fields` selects it. */
export type Refusal = { __typename: "DomainError"; message: string; fieldErrors: readonly ServerFieldError[] };

/** What a screen says when its mutation did not succeed. */
export type FailureTexts = {
  /** For a refusal, or for no answer at all (undefined): the words to show, or null for none. */
  refused: (refusal: Refusal | undefined) => string | null;
  /** For a call that threw. */
  threw: (caught: unknown) => string;
};

/** The server's words for a refusal or a failed call; NO_ANSWER where it gave none. */
export const SERVER_FAILURE_TEXTS: FailureTexts = { refused: refusalText, threw: callFailureText };

/** A form's failure texts: a refusal's field errors go under their fields (see formRefusalText). */
export function formFailureTexts<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): FailureTexts {
  return { refused: (refusal) => formRefusalText(setError, refusal, fields), threw: callFailureText };
}

/**
 * A screen's mutation and the failure it leaves to show. `attempt` clears the last failure, sends
 * the mutation (`send` answers its result: a success type or a DomainError), hands a success to
 * `onSuccess` (and waits for it), and otherwise keeps the words `texts` give for what went wrong.
 */
export function useMutationFailure(texts: FailureTexts) {
  const [failure, setFailure] = useState<string | null>(null);

  async function attempt<R extends { __typename: string }>(
    send: () => Promise<R | null | undefined>,
    onSuccess: (success: Exclude<R, { __typename: "DomainError" }>) => void | Promise<void>,
  ): Promise<void> {
    setFailure(null);
    try {
      const result = await send();
      if (result && result.__typename !== "DomainError")
        await onSuccess(result as Exclude<R, { __typename: "DomainError" }>);
      else setFailure(texts.refused((result ?? undefined) as Refusal | undefined));
    } catch (caught) {
      setFailure(texts.threw(caught));
    }
  }

  return { failure, setFailure, attempt };
}
