import type { z } from "zod";
import { DomainError } from "./errors";

/**
 * Applies a rule from schema/ to untrusted input. On failure throws DomainError 'invalid' whose
 * message is the first problem and whose fieldErrors hold the first problem of every field.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join(".") || "input";
    fieldErrors[field] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? "The input is not valid";
  throw new DomainError("invalid", first, fieldErrors);
}
