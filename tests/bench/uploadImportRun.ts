/**
 * One measurement of tests/bench/uploadImport.ts, alone in its process:
 *   parse  <file> — read and validate every row, nothing written (the floor)
 *   import <file> <pglite|postgres> — the real import into a fresh, seeded database
 * Prints one JSON line: mode, seconds, rows, peakMb (VmHWM), status.
 *
 * PGlite's database is created, migrated and seeded by a child process of its own first: creating
 * a PGlite data directory (initdb inside WASM) peaks near 900 MB once, which a running server
 * never pays again and which is not the import's memory.
 */

import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "../../db/client";
import { DEMO_FACILITY_ID, DEMO_ORGANIZATION_ID, DEMO_USER_IDS, seedDemo } from "../../db/seed/demo";
import { checkHeaderRow, uploadFormatOf, validateUploadRow } from "../../schema/uploads";
import { importUploadFile } from "../../server/uploads/importFile";
import { readUploadRows } from "../../server/uploads/readRows";
import { POSTGRES_ADMIN_URL } from "../support/database";

const [mode, file, databaseKind] = process.argv.slice(2) as [
  "prepare" | "parse" | "import",
  string,
  "pglite" | "postgres",
];
const format = mode === "prepare" ? "csv" : uploadFormatOf(file);
if (!format) throw new Error(`Not an upload file: ${file}`);
const peakMb = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) / 1024;

if (mode === "prepare") {
  const database = openDatabase({ dataDir: file });
  await database.migrate();
  await seedDemo(database.db);
  await database.close();
} else if (mode === "parse") {
  const started = performance.now();
  let rows = 0;
  let errors = 0;
  let header = true;
  for await (const { rowNumber, cells } of readUploadRows(file, format)) {
    if (header) {
      errors += checkHeaderRow("Staff", cells, rowNumber).length;
      header = false;
      continue;
    }
    rows++;
    if (!validateUploadRow("Staff", cells, rowNumber).ok) errors++;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ mode, seconds, rows, peakMb: peakMb(), status: errors ? "Error" : "Success" }));
} else {
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  const name = `bench_upload_${randomBytes(4).toString("hex")}`;
  if (databaseKind === "postgres") {
    const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    databaseUrl = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), "bench-upload-"));
    const prepared = spawnSync(
      process.execPath,
      ["--import", "tsx", "tests/bench/uploadImportRun.ts", "prepare", dataDir],
      {
        stdio: "inherit",
      },
    );
    if (prepared.status !== 0) throw new Error(`Preparing the PGlite database failed (${prepared.status})`);
  }
  const database = openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  if (databaseUrl) await seedDemo(database.db);
  const started = performance.now();
  const outcome = await importUploadFile(database.db, {
    path: file,
    format,
    kind: "Staff",
    context: {
      facilityId: DEMO_FACILITY_ID,
      organizationId: DEMO_ORGANIZATION_ID,
      uploadId: "00000000-0000-4000-8000-00000000b001",
      userId: DEMO_USER_IDS.admin,
      updateStaff: false,
      removeStaff: false,
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const status = outcome.status === "Success" ? "Success" : `Error: ${JSON.stringify(outcome.errors.slice(0, 3))}`;
  console.log(JSON.stringify({ mode, seconds, rows: outcome.rows, peakMb: peakMb(), status }));
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
