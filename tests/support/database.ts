import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { type DatabaseHandle, openDatabase } from "../../db/client";

/**
 * The suite runs twice: on PGlite (TEST_DB unset or 'pglite') and on the local PostgreSQL server
 * (TEST_DB=postgres). Each call gets an empty, migrated database of its own: an in-memory PGlite
 * (a copy of one migrated once per process), or a fresh database on the server, made from a migrated
 * template, that `close()` drops again. `migrate: false` gets one that is empty of migrations too.
 */
export const testDbKind: "pglite" | "postgres" = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The URL of the database `name` on the local PostgreSQL server (POSTGRES_ADMIN_URL's, another database). */
export function postgresUrlOf(name: string): string {
  return POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
}

/** A database of its own on the local PostgreSQL server: its URL, and `drop()` to remove it again. */
export type ScratchPostgresDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * Creates the database `<prefix>_<random>` on the local PostgreSQL server (a copy of `template`
 * when named, else empty). Each call opens its own short admin connection: a test or benchmark
 * process may make and drop many, long after the first.
 */
export async function createScratchPostgresDatabase(
  prefix: string,
  template?: string,
): Promise<ScratchPostgresDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await asPostgresAdmin((admin) =>
    admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`),
  );
  return {
    name,
    url: postgresUrlOf(name),
    drop: async () => {
      await asPostgresAdmin((admin) => admin.unsafe(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** Runs `use` with the URL of a new, empty database on the local PostgreSQL server, dropped afterwards. */
export async function withScratchPostgresDatabase<T>(prefix: string, use: (url: string) => Promise<T>): Promise<T> {
  const database = await createScratchPostgresDatabase(prefix);
  try {
    return await use(database.url);
  } finally {
    await database.drop();
  }
}

async function asPostgresAdmin<T>(work: (admin: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

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
    const { client } = template.connection as { client: unknown };
    if (!(client instanceof PGlite)) throw new Error("The PGlite template opened another database");
    const copy = await client.dumpDataDir("none");
    await template.close();
    return copy;
  })();
  return migratedPgliteCopy;
}

/**
 * PostgreSQL's counterpart: a migrated database kept on the server as a template, named by a hash
 * of the migrations (a change to them makes a new one), so every test database is a file copy
 * (`create database … template`) instead of a new database and every migration. Made once, under an
 * advisory lock, by whichever test process comes first: migrated under a name of its own, then
 * renamed, so a process killed halfway leaves no half-migrated template behind.
 */
let migratedPostgresTemplate: Promise<string> | undefined;
function migratedPostgres(): Promise<string> {
  migratedPostgresTemplate ??= (async () => {
    const name = `test_template_${migrationsHash()}`;
    // The advisory lock is the admin connection's: it ends with it.
    await asPostgresAdmin(async (admin) => {
      await admin`select pg_advisory_lock(hashtext('test database template'))`;
      const [existing] = await admin`select 1 from pg_database where datname = ${name}`;
      if (existing) return;
      const building = `${name}_${randomBytes(4).toString("hex")}`;
      await admin.unsafe(`create database "${building}"`);
      const handle = openDatabase({ databaseUrl: postgresUrlOf(building) });
      await handle.migrate();
      await handle.close();
      await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    });
    return name;
  })();
  return migratedPostgresTemplate;
}

function migrationsHash(): string {
  const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../db/migrations");
  const hash = createHash("sha256");
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(folder, file)).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrate !== false;
  let handle: DatabaseHandle;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  const queries: string[] = [];
  const onQuery = (sql: string) => queries.push(sql);
  if (testDbKind === "postgres") {
    const database = await createScratchPostgresDatabase(
      `test_${Date.now()}`,
      migrated ? await migratedPostgres() : undefined,
    );
    databaseUrl = database.url;
    handle = openDatabase({ databaseUrl, onQuery });
    drop = database.drop;
  } else {
    handle = openDatabase({ onQuery, pgliteCopy: migrated ? await migratedPglite() : undefined });
  }
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
