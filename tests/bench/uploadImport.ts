/**
 * Staff import benchmark (issue: 100,000 rows as .xlsx and a 100 MB .csv, on PGlite and on
 * PostgreSQL): rows per second, the whole process' peak memory, and the import time against the
 * floor of reading and validating the same file alone. Run: npm run bench:upload
 *
 * Each measurement runs in a fresh child process (tests/bench/uploadImportRun.ts), so its peak
 * RSS (VmHWM) is that one job's, with the database (PGlite runs inside the process) included.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { writeStaffCsv, writeStaffXlsx } from "../support/uploadFiles";

const dir = path.resolve(".tmp/bench-upload");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const xlsx = path.join(dir, "staff-100k.xlsx");
const csv = path.join(dir, "staff-100mb.csv");
console.log("Writing the files…");
const xlsxRows = await writeStaffXlsx(xlsx, { rows: 100_000 });
const csvRows = await writeStaffCsv(csv, { bytes: 100 * 1024 * 1024 - 64 * 1024 });
const mb = (file: string) => (statSync(file).size / 1024 / 1024).toFixed(1);
console.log(`  ${xlsx}: ${xlsxRows.toLocaleString()} rows, ${mb(xlsx)} MB`);
console.log(`  ${csv}: ${csvRows.toLocaleString()} rows, ${mb(csv)} MB\n`);

type Result = { mode: string; seconds: number; rows: number; peakMb: number; status: string };

function run(mode: "parse" | "import", file: string, database: "pglite" | "postgres"): Promise<Result> {
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

const rows: string[] = [];
for (const [label, file] of [
  [".xlsx 100,000 rows", xlsx],
  [".csv 100 MB", csv],
] as const) {
  const floor = await run("parse", file, "pglite");
  for (const database of ["pglite", "postgres"] as const) {
    const result = await run("import", file, database);
    if (result.status !== "Success") throw new Error(`${label} on ${database}: ${result.status}`);
    rows.push(
      [
        label.padEnd(20),
        database.padEnd(9),
        `${result.rows.toLocaleString()}`.padStart(9),
        `${result.seconds.toFixed(1)} s`.padStart(9),
        `${Math.round(result.rows / result.seconds).toLocaleString()}/s`.padStart(10),
        `${floor.seconds.toFixed(1)} s`.padStart(9),
        `${(result.seconds / floor.seconds).toFixed(2)}×`.padStart(7),
        `${Math.round(result.peakMb)} MB`.padStart(9),
        `${Math.round(floor.peakMb)} MB`.padStart(9),
      ].join("  "),
    );
    console.log(rows.at(-1));
  }
}
console.log(
  `\n${"file".padEnd(20)}  ${"database".padEnd(9)}  ${"rows".padStart(9)}  ${"import".padStart(9)}  ${"rows/s".padStart(10)}  ${"floor".padStart(9)}  ${"ratio".padStart(7)}  ${"peak RSS".padStart(9)}  ${"floor RSS".padStart(9)}`,
);
for (const row of rows) console.log(row);
rmSync(dir, { recursive: true, force: true });
