/**
 * One measurement of tests/bench/uploadImport.ts, alone in its process:
 *   parse  <file> — read and validate every row, nothing written (the parse floor)
 *   floor  <file> <pglite|postgres> — the database floor: every row read and validated first
 *          (not timed), then timed: ONE transaction that COPYs them all into a staging table and
 *          merges them into staff with one hand-written INSERT … SELECT … ON CONFLICT (with its
 *          indexes, triggers and checks), the memberships and the users' flag likewise
 *   import <file> <pglite|postgres> — the real import into a fresh, seeded database, written as the
 *          app writes on that database (WriteMode: in slices on PGlite)
 *   probe  <file> <pglite|postgres> — the import again, with the app serving on the same database:
 *          while it runs, a client process of its own (importProbeClient.ts) sends a signed-in `me`
 *          (the user; its viewer may come from the app's cache) and `costCenters` (the admin; read
 *          from the database every time) each every 100 ms, and their latencies (count, p50, p95,
 *          max in ms) are printed. The app's memory counts in its peak; the client's does not.
 * Prints one JSON line: mode, seconds, rows, peakMb (VmHWM), status (and probe).
 *
 * PGlite's database is created, migrated and seeded by a child process of its own first: creating
 * a PGlite data directory (initdb inside WASM) peaks near 900 MB once, which a running server
 * never pays again and which is not the import's memory.
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type CopyValue, copyIntoTable, copyText, type Database, openDatabase, rowsOf } from "../../db/client";
import { DEMO_FACILITY_ID, DEMO_ORGANIZATION_ID, DEMO_USER_IDS, seedDemo } from "../../db/seed/demo";
import {
  checkHeaderRow,
  type StaffUploadRow,
  type UploadFormat,
  uploadFormatOf,
  validateUploadRow,
} from "../../schema/uploads";
import { importUploadFile } from "../../server/uploads/importFile";
import { readUploadRows } from "../../server/uploads/readRows";
import { STAFF_COPY_COLUMNS, STAFF_COPY_DEFINITION, staffCopyValues, writeModeOf } from "../../server/uploads/writers";
import { createScratchPostgresDatabase } from "../support/database";

/** floor_staging's columns (a staff row's, as the app stages them, and its cost center), in the order parsedCopyText writes them. */
const FLOOR_COLUMNS = [...STAFF_COPY_COLUMNS, "cost_center_id"];

const [mode, file, databaseKind] = process.argv.slice(2) as [
  "prepare" | "parse" | "floor" | "import" | "probe",
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
  const scratch = databaseKind === "postgres" ? await createScratchPostgresDatabase("bench_upload") : undefined;
  if (scratch) {
    databaseUrl = scratch.url;
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
  const context = {
    facilityId: DEMO_FACILITY_ID,
    organizationId: DEMO_ORGANIZATION_ID,
    uploadId: "00000000-0000-4000-8000-00000000b001",
    userId: DEMO_USER_IDS.admin,
    updateStaff: false,
    removeStaff: false,
  };
  if (mode === "floor") {
    const { rows, text } = await parsedCopyText(file, format, database.db);
    const started = performance.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(`create temp table floor_staging (${STAFF_COPY_DEFINITION}, cost_center_id uuid) on commit drop`),
      );
      await copyIntoTable(tx, "floor_staging", FLOOR_COLUMNS, text);
      await tx.execute(sql`
        insert into staff (facility_id, employee_id, first_name, middle_name, last_name, email, date_of_hire,
          assigned_fte, staff_type, contract_end_date, education, requisition_number, notes)
        select ${DEMO_FACILITY_ID}::uuid, employee_id, first_name, middle_name, last_name, email, date_of_hire,
          assigned_fte, staff_type, contract_end_date, education, requisition_number, notes
        from floor_staging
        on conflict (facility_id, employee_id) do update set first_name = excluded.first_name,
          middle_name = excluded.middle_name, last_name = excluded.last_name, email = excluded.email,
          date_of_hire = excluded.date_of_hire, assigned_fte = excluded.assigned_fte,
          staff_type = excluded.staff_type, contract_end_date = excluded.contract_end_date,
          education = excluded.education, requisition_number = excluded.requisition_number,
          notes = excluded.notes, updated_at = now()`);
      await tx.execute(sql`
        with joined as (
          insert into cost_center_staff (cost_center_id, staff_id, fte, upload_change)
          select f.cost_center_id, s.id, f.assigned_fte, true
          from floor_staging f join staff s on s.facility_id = ${DEMO_FACILITY_ID}::uuid and s.employee_id = f.employee_id
          where f.cost_center_id is not null
          on conflict (cost_center_id, staff_id) do update set fte = excluded.fte, upload_change = true
          returning staff_id
        )
        update users u set upload_change = true, updated_at = now()
        from joined j where u.staff_id = j.staff_id and u.facility_id = ${DEMO_FACILITY_ID}::uuid and u.deleted_at is null`);
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(JSON.stringify({ mode, seconds, rows, peakMb: peakMb(), status: "Success" }));
  } else {
    // The app and its probes only in a probe run: loading them would weigh on the import run's memory.
    const serving = mode === "probe" ? await (await import("./importProbe")).serveAndProbe(database) : undefined;
    const started = performance.now();
    const outcome = await importUploadFile(database.db, {
      path: file,
      format,
      kind: "Staff",
      context: { ...context, betweenSlices: serving?.betweenSlices },
      writeMode: writeModeOf(database.kind),
    });
    const seconds = (performance.now() - started) / 1000;
    const { me, costCenters } = (await serving?.stop()) ?? {};
    const status = outcome.status === "Success" ? "Success" : `Error: ${JSON.stringify(outcome.errors.slice(0, 3))}`;
    console.log(JSON.stringify({ mode, seconds, rows: outcome.rows, peakMb: peakMb(), status, me, costCenters }));
  }
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
}

/** Every row of the file, validated, as COPY text for floor_staging (cost center numbers resolved). */
async function parsedCopyText(file: string, format: UploadFormat, db: Database) {
  const costCenters = new Map(
    rowsOf<{ id: string; code: string }>(
      await db.execute(
        sql`select id, code from cost_centers where facility_id = ${DEMO_FACILITY_ID}::uuid and deleted_at is null`,
      ),
    ).map((c) => [c.code, c.id]),
  );
  const values: CopyValue[][] = [];
  let header = true;
  for await (const { rowNumber, cells } of readUploadRows(file, format)) {
    if (header) {
      header = false;
      continue;
    }
    const validated = validateUploadRow("Staff", cells, rowNumber);
    if (!validated.ok) throw new Error(`Row ${rowNumber} is not valid`);
    const r: StaffUploadRow = validated.row;
    values.push([...staffCopyValues(r), r.costCenterCode ? costCenters.get(r.costCenterCode) : null]);
  }
  return { rows: values.length, text: copyText(values) };
}
