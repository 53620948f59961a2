import { UUID_PATTERN } from "../../schema/text";

/**
 * Expected failures of the domain. Services throw these; GraphQL exposes them as typed errors and
 * the REST shim answers them with the matching status and a JSON body. Anything else is unexpected
 * and stays masked.
 */
export type DomainErrorCode = "unauthenticated" | "forbidden" | "not_found" | "invalid" | "conflict";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const HTTP_STATUS: Record<DomainErrorCode, 401 | 403 | 404 | 400 | 409> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid: 400,
  conflict: 409,
};

export const forbidden = (message = "You do not have permission to do this") => new DomainError("forbidden", message);
export const notFound = (what: string) => new DomainError("not_found", `${what} was not found`);

/** Ids are UUIDs; anything else is bad input, answered before it reaches the database. */
export function requireUuid(value: string, what: string): string {
  if (!UUID_PATTERN.test(value)) throw new DomainError("invalid", `'${value}' is not a valid ${what} id`);
  return value;
}
