import type { z } from "zod";
import { disallowedTextMessage, fieldLabel, findDisallowedText } from "../../schema/text";
import { DomainError } from "./errors";

/**
 * Parses input with a shared rule from schema/; a failure is a DomainError 'invalid' whose message
 * is the first problem and whose fieldErrors name every field's first problem.
 */
export function parseInput<T extends z.ZodType>(rule: T, input: unknown): z.output<T> {
  const result = rule.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "input";
    fieldErrors[field] ??= issue.message;
  }
  throw new DomainError("invalid", result.error.issues[0]?.message ?? "The input is invalid", fieldErrors);
}

/**
 * The shared text rule over a whole input (a REST body, a GraphQL field's arguments): NUL or a lone
 * surrogate anywhere is a DomainError 'invalid' naming the field, before anything reaches the database.
 */
export function refuseDisallowedText(input: unknown): void {
  const path = findDisallowedText(input);
  if (!path) return;
  const field = path.join(".") || "input";
  const message = disallowedTextMessage(fieldLabel(field));
  throw new DomainError("invalid", message, { [field]: message });
}
