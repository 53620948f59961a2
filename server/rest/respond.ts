import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { InvalidTokenError } from "../auth/tokens";
import { DomainError, HTTP_STATUS } from "../services/errors";
import { TooManyRequestsError } from "../services/rateLimits";

/** The JSON body of every non-2xx answer of the REST shim. */
export type ErrorBody = { message: string; code: string; fieldErrors?: Record<string, string> };

export function errorResponse(c: Context, status: ContentfulStatusCode, body: ErrorBody) {
  return c.json(body, status);
}

/** The JSON object body of a call; anything else (bad JSON, an array, text) is a 400. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new DomainError("invalid", "The request body must be a JSON object");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new DomainError("invalid", "The request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

/** Maps expected failures to their status; anything else is logged and masked. */
export function handleError(error: unknown, c: Context) {
  if (error instanceof InvalidTokenError) return errorResponse(c, 401, { message: error.message, code: error.code });
  if (error instanceof TooManyRequestsError) {
    c.header("Retry-After", String(error.retryAfterSeconds));
    return errorResponse(c, 429, { message: error.message, code: error.code });
  }
  if (error instanceof DomainError) {
    const body: ErrorBody = { message: error.message, code: error.code };
    if (Object.keys(error.fieldErrors).length > 0) body.fieldErrors = error.fieldErrors;
    return errorResponse(c, HTTP_STATUS[error.code], body);
  }
  console.error("Unexpected error in", c.req.method, c.req.path, error);
  return errorResponse(c, 500, { message: "An unexpected error occurred", code: "internal" });
}
