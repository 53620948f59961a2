import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const PGLITE_START_PARAMS = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
/**
 * PGlite's buffer pool is WASM memory that never shrinks, so its default 128 MB is paid in the
 * database process's RSS once a large import has touched it. 32 MB measured 145 MB lower peak
 * memory for the 100 MB staff import (684 → 539 MB) at the same speed; the operating system's page
 * cache still caches the data files below it.
 *
 * The rest of PGlite's peak memory is V8, not Postgres: once one large function of PGlite's WASM
 * (#2272, 105 kB of code) gets hot, V8's optimizing compiler needs ~600 MB of compile-time memory
 * for ~2.5 s on a background thread (`node --trace-wasm-compilation-times`; a staff import makes it
 * hot in its first seconds). `--no-wasm-tier-up --no-wasm-dynamic-tiering` (baseline code only)
 * avoids it, but PGlite's own statements then run 1.5-2x slower (role change 24 -> 43 ms, staff
 * assignment 17 -> 33 ms in bench:wizard), so V8 keeps its defaults. That spike is why a server's
 * PGlite runs in a process of its own (processClient.ts): the app's memory stays bounded apart.
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/**
 * PGlite with the extensions the migrations create (a PostgreSQL server has them installed): in
 * `dataDir` (which exists: the PGlite process has locked it, folderLock.ts), or in memory, empty or
 * from `copy` (a `dumpDataDir` of another database).
 */
export function openPglite(options: { dataDir?: string; copy?: Blob }): PGlite {
  const extensions = { pg_trgm };
  const startParams = [...PGLITE_START_PARAMS, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  if (options.dataDir) {
    return new PGlite(path.join(options.dataDir, "pgdata"), { extensions, startParams });
  }
  return new PGlite({ extensions, startParams, loadDataDir: options.copy });
}
