import type { IncomingMessage } from "node:http";

/**
 * Where a request came from, for the audit log: the client's address as this server's socket saw
 * it. No X-Forwarded-For: a client writes that header itself, and no setting says which proxy to
 * trust. Null when there is no socket (an in-process `app.fetch` in tests, a background job).
 */
export function requestSource(env: unknown): string | null {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return socketSource(incoming);
}

/** The same for a Node request (the graphql-ws upgrade request). */
export function socketSource(request: Pick<IncomingMessage, "socket"> | undefined): string | null {
  return request?.socket?.remoteAddress ?? null;
}
