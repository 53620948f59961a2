import { expect } from "vitest";

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and asserted.
type Json = Record<string, any>;

/**
 * A call to the REST shim (`/api…`) as a client sends it: the bearer token (null: no authorization
 * header) and a JSON body (a string is sent as it is, for malformed JSON).
 */
export function restFetch(
  baseUrl: string,
  method: string,
  path: string,
  bearer: string | null,
  body?: unknown,
): Promise<Response> {
  return fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The same call, answering the status and the parsed JSON body, loosely typed: each test asserts the shape it reads. */
export async function restCall<T>(
  baseUrl: string,
  method: string,
  path: string,
  bearer: string | null,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await restFetch(baseUrl, method, path, bearer, body);
  return { status: response.status, body: (await response.json()) as T };
}

/** The JSON body of an answer that must have this status (else the test fails, showing the body). */
export async function expectJson(response: Response, status = 200): Promise<Json> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as Json;
}
