import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import type { Request, Response, SerializedError } from "./protocol";

/** What the app asks of PGlite: drizzle's driver, pg-boss' adapter and COPY (db/client.ts). */
export type EmbeddedQueryable = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
};
export type EmbeddedTransaction = EmbeddedQueryable & { rollback(): Promise<void>; readonly closed: boolean };
export type EmbeddedClient = EmbeddedQueryable & {
  transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

type Pending = { resolve(value: unknown): void; reject(error: Error): void };
type QueryRequest = Extract<Request, { op: "query" }>;
/** Distributes Omit over the union, so each request keeps its own fields. */
type Unsent<R> = R extends unknown ? Omit<R, "id"> : never;

/**
 * PGlite in a process of its own, with the part of PGlite's interface the app uses. The database's
 * memory (its buffers, and V8's ~600 MB compile of PGlite's largest WASM function) is bounded apart
 * from the app's; its statements (and V8's compiling of PGlite) run beside the app's JavaScript
 * instead of on the app's thread. Statements keep PGlite's order: one
 * connection, a transaction holds it until it ends, and statements outside wait for it as they
 * would in process.
 *
 * An unexpected end of the process (killed, out of memory) fails every statement in flight and
 * every later one with the reason, and calls `onExit`.
 */
export class PgliteProcess implements EmbeddedClient {
  readonly waitReady: Promise<void>;
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private ended: Error | undefined;
  private closing: Promise<void> | undefined;

  /**
   * @param options.folderWaitMs how long to wait for another process's PGlite to leave the folder
   *   (folderLock.ts; 10 s)
   */
  constructor(dataDir: string, options: { onExit?: (error: Error) => void; folderWaitMs?: number } = {}) {
    this.child = fork(fileURLToPath(ENTRY), [dataDir, String(options.folderWaitMs ?? 10_000)], {
      serialization: "advanced",
      execArgv: FROM_SOURCE ? ["--import", "tsx"] : process.execArgv,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let startError: Error | undefined;
    let started!: () => void;
    let failed!: (error: Error) => void;
    this.waitReady = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    this.waitReady.catch(() => {});
    this.child.on("message", (message: Response) => {
      if ("ready" in message) started();
      else if ("startError" in message) {
        startError = toError(message.startError);
        failed(startError);
      } else if ("notification" in message) {
        const { channel, payload } = message.notification;
        for (const callback of this.listeners.get(channel) ?? []) callback(payload);
      } else {
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        if ("error" in message) pending?.reject(toError(message.error));
        else pending?.resolve(message.result);
      }
    });
    this.child.on("exit", (code, signal) => {
      const error = startError ?? new Error(`The database process ended (${signal ?? `exit code ${code}`})`);
      this.ended = error;
      failed(error);
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
      if (!this.closing) options.onExit?.(error);
    });
  }

  /** The process's id (tests and benchmarks read its memory). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ op: "exec", sql }) as Promise<Results[]>;
  }

  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const number = (await this.call({ op: "begin" })) as number;
    let closed = false;
    const tx: EmbeddedTransaction = {
      query: (sql, params, options) => this.queryIn(number, sql, params, options),
      exec: (sql) => this.call({ op: "exec", tx: number, sql }) as Promise<Results[]>,
      rollback: async () => {
        closed = true;
        await this.call({ op: "end", tx: number, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.call({ op: "end", tx: number, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: "end", tx: number, commit: true });
    }
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.call({ op: "listen", channel });
    }
    callbacks.add(callback);
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size > 0 || this.listeners.get(channel) !== callbacks) return;
      this.listeners.delete(channel);
      await this.call({ op: "unlisten", channel });
    };
  }

  /** Closes PGlite (its last writes reach the folder) and waits for the process to end. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.ended) return;
      const exited = new Promise((resolve) => this.child.once("exit", resolve));
      await this.call({ op: "close" });
      await exited;
    })();
    return this.closing;
  }

  private async queryIn<T>(
    tx: number | undefined,
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const request: Unsent<QueryRequest> = { op: "query", tx, sql, params, rowMode: options?.rowMode };
    if (options?.parsers) request.textTypes = textTypesOf(options.parsers);
    if (options?.blob) request.blobText = await options.blob.text();
    return (await this.call(request)) as Results<T>;
  }

  private call(request: Unsent<Request>): Promise<unknown> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // A send fails (EPIPE) when the process has died and its end is not handled yet: the 'exit'
      // that follows fails this statement with the reason. Without this callback the failure would
      // be an 'error' event nobody listens to: an uncaught exception in the app.
      this.child.send({ ...request, id } as Request, (error) => {
        if (!error || !this.ended || !this.pending.delete(id)) return;
        reject(this.ended);
      });
    });
  }
}

/** The production build's pgliteProcess.mjs beside the bundle; from source, processMain.ts under tsx. */
const FROM_SOURCE = import.meta.url.endsWith(".ts");
const ENTRY = new URL(FROM_SOURCE ? "./processMain.ts" : "./pgliteProcess.mjs", import.meta.url);

/**
 * The parsers cannot cross to the other process; the ones the app passes (drizzle's, for dates,
 * timestamps and intervals) keep the database's text, which the process does for the types named.
 */
function textTypesOf(parsers: NonNullable<QueryOptions["parsers"]>): number[] {
  return Object.entries(parsers).map(([oid, parse]) => {
    const probe = "2026-01-01 00:00:00";
    if (parse(probe, Number(oid)) !== probe) {
      throw new Error(`PgliteProcess: the parser for type ${oid} does not keep the text; only such parsers cross`);
    }
    return Number(oid);
  });
}

function toError({ message, fields }: SerializedError): Error {
  return Object.assign(new Error(message), fields);
}
