import { readUploadRows } from "../../server/uploads/readRows";

/**
 * Run with `node --expose-gc --import tsx tests/support/heapProbe.ts <path> <xlsx|csv> [--hold]`:
 * reads an upload file, collects garbage every 1,000 rows and prints the live heap after each
 * collection as JSON. `--hold` keeps every row (the control that shows a leak is caught).
 */
const [path, format, hold] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc;
if (!path || (format !== "xlsx" && format !== "csv") || !gc) {
  throw new Error("usage: node --expose-gc --import tsx tests/support/heapProbe.ts <path> <xlsx|csv> [--hold]");
}
const kept: unknown[] = [];
const samples: number[] = [];
let rows = 0;
for await (const row of readUploadRows(path, format)) {
  rows++;
  if (hold === "--hold") kept.push(row);
  if (rows % 1000 === 0) {
    gc();
    samples.push(process.memoryUsage().heapUsed);
  }
}
process.stdout.write(JSON.stringify({ rows, samples, kept: kept.length }));
