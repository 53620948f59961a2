import type { z } from "zod";
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
