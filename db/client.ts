import net from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { openPglite } from "./pglite/open";
import { type EmbeddedClient, PgliteProcess } from "./pglite/processClient";
import * as schema from "./schema";

export type DbSchema = typeof schema;
/** The one database type the services use, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, DbSchema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database or a transaction: services accept either so callers can compose them. */
export type Queryable = Database | Transaction;

/**
 * A hot read's statement, built by drizzle once per database (or transaction) instead of on every
 * call: building the SQL from its parts was ~8 % of the cost-center list's CPU (bench:requests,
 * CPU profile). `build` ends in drizzle's `.prepare(name)` and takes its values as `sql.placeholder`s.
 */
export function preparedOnce<Prepared>(build: (db: Queryable) => Prepared): (db: Queryable) => Prepared {
  const built = new WeakMap<Queryable, Prepared>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) {
      prepared = build(db);
      built.set(db, prepared);
    }
    return prepared;
  };
}

/** Rows of a raw `db.execute(sql…)`, whichever driver ran it (PGlite answers `{ rows }`, postgres.js an array). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** A value of a row sent by COPY: null and undefined are SQL NULL. */
export type CopyValue = string | number | boolean | null | undefined;

const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** One row in COPY's text format: tab between values, \N for NULL, backslash escapes, a newline. */
export function copyLine(row: readonly CopyValue[]): string {
  // join makes one flat string; `+=` would keep a chain of ~30 pieces per line while chunks wait.
  return `${row.map(copyValue).join("\t")}\n`;
}

function copyValue(value: CopyValue): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "string") return value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] ?? c);
  return String(value);
}

/** Rows in COPY's text format (copyLine each). */
export function copyText(rows: Iterable<readonly CopyValue[]>): string {
  let text = "";
  for (const row of rows) text += copyLine(row);
  return text;
}

type DriverSession = {
  client: {
    /** postgres.js */
    unsafe?: (query: string) => { writable(): Promise<NodeJS.WritableStream> };
    /** PGlite */
    query?: (query: string, params: unknown[], options: { blob: Blob }) => Promise<unknown>;
  };
  logger: { logQuery(query: string, params: unknown[]): void };
};

/**
 * `COPY table (columns) FROM STDIN` of rows in COPY's text format (copyText), in the transaction
 * (or, on PGlite's single connection, outside one): the cheapest way rows enter PostgreSQL.
 * postgres.js streams the text on the transaction's connection; PGlite reads it as a blob (its
 * '/dev/blob'). drizzle has no COPY, so this reaches the driver underneath; the statement is
 * logged like drizzle's own (onQuery).
 */
export async function copyIntoTable(
  tx: Queryable,
  table: string,
  columns: readonly string[],
  text: string,
): Promise<void> {
  const session = (tx as unknown as { session: DriverSession }).session;
  const target = `${table} (${columns.join(", ")})`;
  const { unsafe, query } = session.client;
  if (unsafe) {
    const statement = `copy ${target} from stdin`;
    session.logger.logQuery(statement, []);
    const stream = await unsafe.call(session.client, statement).writable();
    await pipeline(Readable.from([text]), stream);
  } else if (query) {
    const statement = `copy ${target} from '/dev/blob'`;
    session.logger.logQuery(statement, []);
    await query.call(session.client, statement, [], { blob: new Blob([text]) });
  } else {
    throw new Error("copyIntoTable: the transaction's driver has no COPY");
  }
}

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** The driver underneath, for parts that speak SQL themselves (the job queue). */
  connection: { kind: "postgres"; url: string } | { kind: "pglite"; client: EmbeddedClient };
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/**
 * drizzle sends every statement unnamed (postgres.js `prepare: false`) unless it was built with
 * `.prepare(name)`, so PostgreSQL parses and plans each one again. Named instead, postgres.js keeps
 * each distinct statement prepared on its connection (until the connection's max_lifetime, 30-60
 * minutes) and PostgreSQL reuses the plan.
 *
 * Inside transactions too (`begin` and `savepoint` hand their callback a preparing `sql`): an
 * unnamed statement with parameters costs postgres.js two round trips (it asks PostgreSQL for the
 * parameters' types first) and holds back the statements sent after it, so a save's reads sent
 * together went one after the other (statement log of a staff assignment: ~20 round trips). A
 * statement prepared on the connection is one round trip and pipelines.
 */
export function preparingStatements<Sql extends postgres.Sql | postgres.TransactionSql>(client: Sql): Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, parameters, { ...options, prepare: true });
      }
      if (property === "begin" || property === "savepoint") {
        const open = Reflect.get(target, property, receiver) as (...args: unknown[]) => Promise<unknown>;
        // The callback comes last (begin and savepoint may take options or a name first).
        return (...args: unknown[]) => {
          const callback = args.at(-1) as (sql: postgres.TransactionSql) => unknown;
          return open.call(target, ...args.slice(0, -1), (sql: postgres.TransactionSql) =>
            callback(preparingStatements(sql)),
          );
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/** The advisory lock that keeps two instances from migrating at once (any constant of our own). */
const MIGRATION_LOCK_KEY = 726_451_001;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PostgreSQL through postgres.js when a URL is given; otherwise PGlite (Postgres in WASM) in
 * `dataDir`, or in memory when `dataDir` is undefined (tests).
 */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** Called with every SQL statement (tests count them to catch a query per row). */
  onQuery?: (sql: string) => void;
  /**
   * PGlite in memory only: start from this copy of a database (PGlite's `dumpDataDir`) instead of
   * creating an empty one. Tests open a migrated copy in ~1.1 s where a new database and its
   * migrations take ~2.9 s.
   */
  pgliteCopy?: Blob;
}): DatabaseHandle {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (options.databaseUrl) {
    const clientOptions: postgres.Options<Record<string, never>> & CustomSocket = {
      max: 10,
      onnotice: () => {},
      // The dashboards group 50,000 positions by plan, role and shift: PostgreSQL's default 4 MB
      // makes that a sort spilled to disk; 32 MB keeps it a hash in memory (≈ 70 → 50 ms).
      connection: { work_mem: "32MB" },
      // After a failed connect postgres.js waits 3^n / 100 s (to 20 s), n counting every failure of
      // the pool: a two-second database restart under load left the app refusing for ~15 s. At most
      // 2 s between tries, it serves again within about two seconds of the database.
      backoff: (failures: number) => (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** failures, 2),
      socket: connectWithoutNagle(),
    };
    const client = postgres(options.databaseUrl, clientOptions);
    const db = drizzlePostgres(preparingStatements(client), { schema, logger }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      connection: { kind: "postgres", url: options.databaseUrl },
      migrate: async () => {
        // Several instances starting together on one database: one migrates, the others wait for
        // it under a session lock of their own connection, then find nothing left to do.
        const lock = await client.reserve();
        try {
          await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
          await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
        } finally {
          await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => undefined);
          lock.release();
        }
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  // A server's PGlite (in a folder) runs in a process of its own; a test's, in memory, in this one.
  const client: EmbeddedClient = options.dataDir
    ? new PgliteProcess(options.dataDir, { onExit: databaseProcessEnded })
    : openPglite({ copy: options.pgliteCopy });
  const pgliteDb = drizzlePglite(client as PGlite, { schema, logger });
  return {
    db: pgliteDb as unknown as Database,
    kind: "pglite",
    connection: { kind: "pglite", client },
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** postgres.js' `socket` option (its README, "Custom socket"), which its types leave out. */
type CustomSocket = { socket: (options: { host: string[]; port: number[]; path: string }) => net.Socket };

/**
 * postgres.js' own sockets keep Nagle's algorithm on, and with Linux's delayed ACKs a statement
 * sent right after a COPY waited ~40 ms for the database's ACK (measured: 45-56 ms before the
 * statement after a 20,000-row COPY, 3-12 ms with TCP_NODELAY; an import of 100,000 rows is 8
 * COPYs, each followed by its merge). libpq and node-postgres set TCP_NODELAY too.
 * The socket is handed over still connecting, as postgres.js' own is: a refused connection then
 * reaches its error and close handlers, which try the URL's next host (its hosts in turn) or fail
 * the queries waiting.
 */
function connectWithoutNagle(): CustomSocket["socket"] {
  let next = 0;
  return (options) => {
    if (options.path) return net.connect({ path: options.path });
    const index = next++ % options.host.length;
    const host = options.host[index] ?? "localhost";
    const port = options.port[index] ?? 5432;
    // host: read by postgres.js for TLS's server name.
    return Object.assign(net.connect({ host, port, noDelay: true }), { host, port });
  };
}

/**
 * The app cannot answer without its database, and its state (the job queue's listeners, statements
 * in flight) went with the process: the server stops with the reason, for whoever runs it to start
 * it again (PGlite recovers its folder on the next start).
 */
function databaseProcessEnded(error: Error) {
  console.error(`${error.message}: the server stops.`);
  process.exit(1);
}
