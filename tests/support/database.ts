import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type DatabaseHandle, openDatabase } from "../../db/client";

/**
 * The suite runs twice: on PGlite (TEST_DB unset or 'pglite') and on the local PostgreSQL server
 * (TEST_DB=postgres). Each call gets an empty, migrated database of its own: an in-memory PGlite
 * (a copy of one migrated once per process), or a fresh database on the server that `close()`
 * drops again. `migrate: false` gets one that is empty of migrations too.
 */
export const testDbKind: "pglite" | "postgres" = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = DatabaseHandle & {
  databaseUrl: string | undefined;
  /** Every SQL statement run through drizzle, in order; tests may clear it. */
  queries: string[];
};

/**
 * A migrated PGlite database as a copy (dumpDataDir), made once per test process: each migrated
 * test database starts from it (~1.1 s) instead of creating a database and running every migration
 * (~2.9 s, ~100 times per run of the suite). A copy is the test's own database all the same.
 */
let migratedPgliteCopy: Promise<Blob> | undefined;
function migratedPglite(): Promise<Blob> {
  migratedPgliteCopy ??= (async () => {
    const template = openDatabase({});
    await template.migrate();
    if (template.connection.kind !== "pglite") throw new Error("The PGlite template opened another database");
    const copy = await template.connection.client.dumpDataDir("none");
    await template.close();
    return copy;
  })();
  return migratedPgliteCopy;
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  const queries: string[] = [];
  const onQuery = (sql: string) => queries.push(sql);
  if (testDbKind === "postgres") {
    const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    databaseUrl = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    handle = openDatabase({ databaseUrl, onQuery });
    drop = async () => {
      const cleanup = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    };
  } else if (options.migrate !== false) {
    handle = openDatabase({ onQuery, pgliteCopy: await migratedPglite() });
  } else {
    handle = openDatabase({ onQuery });
  }
  // On a copy of the migrated template this finds every migration applied: a check, no change.
  if (options.migrate !== false) await handle.migrate();
  return {
    ...handle,
    databaseUrl,
    queries,
    async close() {
      await handle.close();
      await drop?.();
    },
  };
}

/** The rows of a raw `execute`: PGlite answers `{ rows }`, postgres.js an array of rows. */
export function resultRows<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}
