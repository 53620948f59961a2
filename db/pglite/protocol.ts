/**
 * The messages between the app and its PGlite process (processClient.ts ↔ processMain.ts), sent
 * over the fork's IPC channel with V8's serialization, so rows keep their types (numbers,
 * booleans, Uint8Array, nested objects) as PGlite gave them.
 */
export type Request =
  | {
      id: number;
      op: "query";
      /** The transaction the statement belongs to; none: PGlite's connection, as `pglite.query`. */
      tx?: number;
      sql: string;
      params?: unknown[];
      rowMode?: "array" | "object";
      /** Type OIDs whose values stay text (drizzle's parsers for dates, timestamps, intervals). */
      textTypes?: number[];
      /** COPY … FROM '/dev/blob' reads this text. */
      blobText?: string;
    }
  | { id: number; op: "exec"; tx?: number; sql: string }
  /** Answered with a transaction's number once PGlite has started it (its lock taken). */
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "listen"; channel: string }
  | { id: number; op: "unlisten"; channel: string }
  | { id: number; op: "close" };

export type Response =
  | { id: number; result: unknown }
  | { id: number; error: SerializedError }
  | { notification: { channel: string; payload: string } }
  | { ready: true }
  | { startError: SerializedError };

/** A database error's message and its PostgreSQL fields (code, detail, constraint, …). */
export type SerializedError = { message: string; fields: Record<string, unknown> };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function" || typeof value === "object") continue;
    fields[key] = value;
  }
  return { message: error.message, fields };
}
