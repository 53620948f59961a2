/**
 * Staff import benchmark (100,000 rows as .xlsx and a 100 MB .csv, on PGlite and on PostgreSQL):
 * the import's time against the database floor measured in the same run (COPY of the already
 * parsed rows into a staging table + the merge into staff, hand-written: uploadImportRun.ts), and
 * against the parse floor (reading and validating the file alone), with each run's peak memory.
 * Run: npm run bench:upload [-- --runs 3] [-- --only postgres|pglite] [-- --files csv|xlsx]
 *
 * Each measurement runs in a fresh child process (tests/bench/uploadImportRun.ts) on a fresh
 * database, so its peak RSS (VmHWM) is that one job's, with the database (PGlite runs inside the
 * process) included. Runs of the floor and the import alternate, so a slow minute hits both.
 * Then one more import with the app serving on the same database: the latency of a signed-in `me`
 * and of `costCenters` during it (issue #16: p95 of `me` under 200 ms while PGlite imports 100 MB).
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { writeStaffCsv, writeStaffXlsx } from "../support/uploadFiles";
import { numberOption, textOption } from "./options";
import { median } from "./statistics";

const args = process.argv.slice(2);
const runs = numberOption(args, "--runs", 3);
const databases = (["pglite", "postgres"] as const).filter((d) => (textOption(args, "--only") ?? d) === d);
const fileKinds = (["xlsx", "csv"] as const).filter((f) => (textOption(args, "--files") ?? f) === f);

const dir = path.resolve(".tmp/bench-upload");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const xlsx = path.join(dir, "staff-100k.xlsx");
const csv = path.join(dir, "staff-100mb.csv");
console.log("Writing the files…");
const xlsxRows = fileKinds.includes("xlsx") ? await writeStaffXlsx(xlsx, { rows: 100_000 }) : 0;
const csvRows = fileKinds.includes("csv") ? await writeStaffCsv(csv, { bytes: 100 * 1024 * 1024 - 64 * 1024 }) : 0;
const mb = (file: string) => (statSync(file).size / 1024 / 1024).toFixed(1);
if (xlsxRows) console.log(`  ${xlsx}: ${xlsxRows.toLocaleString()} rows, ${mb(xlsx)} MB`);
if (csvRows) console.log(`  ${csv}: ${csvRows.toLocaleString()} rows, ${mb(csv)} MB`);
console.log();

type Latencies = { count: number; p50: number; p95: number; max: number };
type Result = {
  mode: string;
  seconds: number;
  rows: number;
  peakMb: number;
  status: string;
  me?: Latencies;
  costCenters?: Latencies;
};

function run(
  mode: "parse" | "floor" | "import" | "probe",
  file: string,
  database: "pglite" | "postgres",
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/bench/uploadImportRun.ts", mode, file, database], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !line.startsWith("{"))
        reject(new Error(`${mode} ${file} ${database} failed (${code}): ${out}`));
      else resolve(JSON.parse(line) as Result);
    });
  });
}

const table: string[] = [];
const responsiveness: string[] = [];
const latencies = (l: Latencies | undefined) =>
  l ? `${l.p50.toFixed(0)} / ${l.p95.toFixed(0)} / ${l.max.toFixed(0)} ms (${l.count})` : "-";
const seconds = (samples: readonly Result[]) => samples.map((r) => r.seconds);
const minMedian = (values: readonly number[], digits = 1) =>
  `${Math.min(...values).toFixed(digits)} / ${median(values).toFixed(digits)}`;
for (const [label, file] of [
  [".xlsx 100,000 rows", xlsx],
  [".csv 100 MB", csv],
] as const) {
  if (!fileKinds.includes(file === xlsx ? "xlsx" : "csv")) continue;
  const parse = await run("parse", file, "pglite");
  for (const database of databases) {
    const floors: Result[] = [];
    const imports: Result[] = [];
    for (let i = 0; i < runs; i++) {
      floors.push(await run("floor", file, database));
      const result = await run("import", file, database);
      if (result.status !== "Success") throw new Error(`${label} on ${database}: ${result.status}`);
      imports.push(result);
      console.log(
        `  ${label} ${database} run ${i + 1}: import ${result.seconds.toFixed(1)} s (${Math.round(result.peakMb)} MB), floor ${floors[i]?.seconds.toFixed(1)} s`,
      );
    }
    const probed = await run("probe", file, database);
    responsiveness.push(
      `| ${label} | ${database} | ${probed.seconds.toFixed(1)} s | ${latencies(probed.me)} | ${latencies(probed.costCenters)} | ${Math.round(probed.peakMb)} MB |`,
    );
    const ratios = imports.map((r, i) => r.seconds / (floors[i]?.seconds ?? Number.NaN));
    table.push(
      `| ${label} | ${database} | ${imports[0]?.rows.toLocaleString()} | ${minMedian(seconds(imports))} s | ${minMedian(seconds(floors))} s | ${minMedian(ratios, 2)} | ${parse.seconds.toFixed(1)} s | ${minMedian(
        imports.map((r) => r.peakMb),
        0,
      )} MB |`,
    );
  }
}
console.log(`\nmin / median of ${runs} runs; ratio = import / database floor of the same run`);
console.log("| file | database | rows | import | database floor | ratio | parse floor | peak RSS |");
console.log("|---|---|---|---|---|---|---|---|");
for (const row of table) console.log(row);
console.log("\nThe app serving during one import (the import as the app runs it): latency p50 / p95 / max (requests)");
console.log("| file | database | import | `me` every 100 ms | `costCenters` every 100 ms | peak RSS (app + import) |");
console.log("|---|---|---|---|---|---|");
for (const row of responsiveness) console.log(row);
rmSync(dir, { recursive: true, force: true });
