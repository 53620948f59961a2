import { ApolloError } from "@apollo/client";
import { COST_CENTER_MESSAGES } from "../../../../schema/costCenters";

/** What a failed call left to say: a refusal's message, or a thrown error. */
export type Failure = { message?: string | null | undefined } | unknown;

/**
 * Spec §8: the response message, else the response data (objects stringified), else the error's
 * own message; null when there is nothing to show.
 */
export function failureText(failure: Failure): string | null {
  if (failure instanceof ApolloError) {
    const network = failure.networkError;
    if (network && "result" in network && network.result !== undefined) {
      const result: unknown = network.result;
      if (typeof result === "string" && result.trim()) return result;
      if (typeof result === "object" && result !== null) {
        const message = (result as { message?: unknown }).message;
        if (typeof message === "string" && message.trim()) return message;
        const graphQLMessage = (result as { errors?: { message?: unknown }[] }).errors?.[0]?.message;
        if (typeof graphQLMessage === "string" && graphQLMessage.trim()) return graphQLMessage;
        return JSON.stringify(result);
      }
    }
    const graphQLMessage = failure.graphQLErrors[0]?.message;
    if (graphQLMessage) return graphQLMessage;
    return failure.message || null;
  }
  if (failure instanceof Error) return failure.message || null;
  if (typeof failure === "object" && failure !== null && "message" in failure) {
    const message = (failure as { message?: unknown }).message;
    if (typeof message === "string" && message.trim()) return message;
  }
  return null;
}

/** Add and update: the message, else 'An error occurred'. */
export function bannerFailure(failure: Failure): string {
  return failureText(failure) ?? COST_CENTER_MESSAGES.genericError;
}

/** Delete: a refusal while the wizard is unfinished says to finish it first. */
export function deleteFailure(failure: Failure): string {
  const text = failureText(failure);
  if (text?.includes(COST_CENTER_MESSAGES.removeRefused)) return COST_CENTER_MESSAGES.deleteNeedsCompletedWizard;
  return text ?? COST_CENTER_MESSAGES.deleteFailed;
}

/** Reset: the error, followed by '. Please make sure the wizard is completed for this cost center.' */
export function resetFailure(failure: Failure): string {
  return `${failureText(failure) ?? COST_CENTER_MESSAGES.unexpectedError}${COST_CENTER_MESSAGES.resetSuffix}`;
}

/** Unlock and anything else: the raw message, else 'An unexpected error occurred'. */
export function otherFailure(failure: Failure): string {
  return failureText(failure) ?? COST_CENTER_MESSAGES.unexpectedError;
}
