/**
 * The 100 MB staff csv imported by the production server, as a person's upload reaches it: the
 * compiled server (dist/server/main.mjs, as `npm start` runs it, restarted once its first start has
 * created the database and loaded the demo seed) on PGlite and on PostgreSQL; the admin asks for
 * an upload slot, sends the file to the server's own blob storage in the browser's 4 MB blocks,
 * and completes the upload; the server's job queue imports it while the server keeps serving.
 * Reported: the import's time (completeUpload to Success, read by the browser's poll) and the
 * server process's peak RSS (VmHWM: the whole process, everything it loaded and did since it
 * started, the embedded blob storage included) and, on PGlite, the peak of the database's own
 * process (db/pglite/processClient.ts), bounded apart from the server's.
 *
 * tests/bench/uploadImport.ts measures the import against its database floor in a process of its
 * own under the tsx loader; this one measures what production holds in memory.
 * Run: npm run bench:server-import [-- --runs 3] [--only pglite|postgres]
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { BlockBlobClient } from "@azure/storage-blob";
import { BLOCK_SIZE } from "../../client/src/features/uploads/blockPlan";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { SERVER_COMMAND } from "../../scripts/buildServer.mjs";
import { createScratchPostgresDatabase } from "../support/database";
import { signInWithPassword } from "../support/signIn";
import { writeStaffCsv } from "../support/uploadFiles";
import { completeUpload, pollUploadStatus, requestUploadSlot } from "../support/uploads";
import { numberOption, textOption } from "./options";
import { buildIfStale, childPids, memoryMb, startProcess } from "./serverProcess";
import { median } from "./statistics";

const args = process.argv.slice(2);
const runs = numberOption(args, "--runs", 3);
const databases = (["pglite", "postgres"] as const).filter((d) => (textOption(args, "--only") ?? d) === d);

const dir = path.resolve(".tmp/bench-server-import");
mkdirSync(dir, { recursive: true });
const csv = path.join(dir, "staff-100mb.csv");
if (!existsSync(csv)) {
  console.log("Writing the file…");
  await writeStaffCsv(csv, { bytes: 100 * 1024 * 1024 - 64 * 1024 });
}
buildIfStale();

type Run = {
  seconds: number;
  rows: number;
  idleMb: number;
  sentPeakMb: number;
  peakMb: number;
  databasePeakMb: number;
};

async function importOnce(database: "pglite" | "postgres"): Promise<Run> {
  const env: Record<string, string> = { SEED_DEMO: "true" };
  const dataDir = path.join(dir, `data-${randomBytes(4).toString("hex")}`);
  const scratch = database === "postgres" ? await createScratchPostgresDatabase("bench_server_import") : undefined;
  if (scratch) env.DATABASE_URL = scratch.url;
  env.DATA_DIR = dataDir;
  // The first start creates the database and loads the demo seed (on PGlite, a cold start's own peak:
  // bench:startup); the import is measured on the next start, as a server runs day to day.
  await (await startProcess(SERVER_COMMAND, env, "/api/config/auth")).stop();
  const server = await startProcess(SERVER_COMMAND, env, "/api/config/auth");
  try {
    const { email, password } = DEMO_ACCOUNTS.admin;
    const token = await signInWithPassword(server.baseUrl, email, password);
    // Settled after start-up and the sign-in: what the server holds before the upload.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleMb = memoryMb(server.pid).rss;
    const databasePid = childPids(server.pid)[0];
    const slot = await requestUploadSlot(server.baseUrl, token, "Staff", "staff-100mb.csv");
    await new BlockBlobClient(`${slot.uploadUrl}?${slot.uploadSasKey}`).uploadFile(csv, {
      blockSize: BLOCK_SIZE,
      concurrency: 4,
    });
    const sentPeakMb = memoryMb(server.pid).peak;
    const started = performance.now();
    const completed = await completeUpload(server.baseUrl, token, slot.uploadId);
    if (completed !== "MutationCompleteUploadSuccess") throw new Error(`completeUpload answered ${completed}`);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const status = await pollUploadStatus(server.baseUrl, token, slot.uploadId);
      if (status.status === "Success") {
        const seconds = (performance.now() - started) / 1000;
        const peakMb = memoryMb(server.pid).peak;
        const databasePeakMb = databasePid ? memoryMb(databasePid).peak : 0;
        return { seconds, rows: status.rowsProcessed, idleMb, sentPeakMb, peakMb, databasePeakMb };
      }
      if (status.status !== "Processing" && status.status !== "Pending")
        throw new Error(`The import ended ${status.status}: ${JSON.stringify(status.errors.slice(0, 3))}`);
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

const rows: string[] = [];
for (const database of databases) {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await importOnce(database);
    results.push(result);
    console.log(
      `  ${database} run ${i + 1}: ${result.rows.toLocaleString()} rows in ${result.seconds.toFixed(1)} s, idle ${Math.round(result.idleMb)} MB, peak ${Math.round(result.sentPeakMb)} MB once sent, ${Math.round(result.peakMb)} MB once imported; database process peak ${Math.round(result.databasePeakMb)} MB`,
    );
  }
  const minMedian = (values: number[], digits: number) =>
    `${Math.min(...values).toFixed(digits)} / ${median(values).toFixed(digits)}`;
  rows.push(
    `| ${database} | ${minMedian(
      results.map((r) => r.seconds),
      1,
    )} s | ${minMedian(
      results.map((r) => r.idleMb),
      0,
    )} MB | ${minMedian(
      results.map((r) => r.sentPeakMb),
      0,
    )} MB | ${minMedian(
      results.map((r) => r.peakMb),
      0,
    )} MB | ${minMedian(
      results.map((r) => r.databasePeakMb),
      0,
    )} MB |`,
  );
}
console.log(`\nnode ${SERVER_COMMAND.join(" ")}: the 100 MB staff csv uploaded and imported; min / median of ${runs}`);
console.log(
  "| database | import (completeUpload to Success) | server RSS before the upload | server peak RSS once the file is sent | server peak RSS once imported | database process peak RSS (PGlite) |",
);
console.log("|---|---|---|---|---|---|");
for (const row of rows) console.log(row);
rmSync(dir, { recursive: true, force: true });
