import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, statSync } from "node:fs";
import ExcelJS from "exceljs";
import { DEMO_FACILITY_ID, DEMO_ORGANIZATION_ID, DEMO_USER_IDS } from "../../db/seed/demo";
import { UPLOAD_COLUMNS, UPLOAD_TEMPLATES, type UploadColumn, type UploadKind } from "../../schema/uploads";
import type { UploadWriteContext } from "../../server/uploads/writers";

/**
 * Upload files for tests, benchmarks and e2e tests: a valid staff file of N rows or of about N
 * bytes (.xlsx written with exceljs' streaming WorkbookWriter, .csv written line by line), and a
 * filled file of any kind from given rows.
 */

/** A cell as written to a test file: Date cells become real date cells, `{ formula }` a formula. */
export type FileCell = string | number | boolean | Date | null | { formula: string; result?: unknown };
/** A row by column key (missing keys are blank) or as an array in column order. */
export type FileRow = Readonly<Record<string, FileCell>> | readonly FileCell[];

const FIRST = ["Olivia", "Liam", "Emma", "Noah", "Ava", "Mateo", "Sofia", "Kwame", "Mei", "Aisha", "Sean", "Ines"];
const LAST = ["Smith", "Garcia", "Nguyen", "O'Brien", "Okafor", "Kowalski", "Chen", "Singh", "Brennan", "Duarte"];
const EDUCATION = ["BSN", "ADN", "MSN", null, "CNA Certificate"];

/**
 * The i-th row (0-based) of a generated staff file: valid, deterministic, Employee IDs
 * 'G0000001'... unique per i. Every tenth row is PRN, every seventh a Traveller with a contract end.
 */
export function generatedStaffRow(i: number, kind: "Staff" | "CostCenterStaff" = "Staff"): Record<string, FileCell> {
  const traveller = i % 7 === 3;
  const prn = !traveller && i % 10 === 5;
  const hireYear = 2000 + (i % 25);
  const month = (i % 12) + 1;
  const day = (i % 28) + 1;
  const row: Record<string, FileCell> = {
    employeeId: `G${String(i + 1).padStart(7, "0")}`,
    firstName: FIRST[i % FIRST.length] ?? "Olivia",
    middleName: i % 4 === 0 ? "Ann" : null,
    lastName: LAST[(i * 7) % LAST.length] ?? "Smith",
    email: `staff${i + 1}@hospital.example`,
    dateOfHire: `${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")}/${hireYear}`,
    assignedFte: prn ? 0.2 : traveller ? 1 : ([1, 0.9, 0.8, 0.6][i % 4] ?? 1),
    staffType: traveller ? "Traveller" : prn ? "PRN" : "Regular",
    contractEndDate: traveller ? `2027-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}` : null,
    education: EDUCATION[i % EDUCATION.length] ?? null,
    requisitionNumber: traveller ? `REQ-${String(i % 100000).padStart(5, "0")}` : null,
    notes: i % 50 === 0 ? "Float pool eligible" : null,
  };
  if (kind === "CostCenterStaff") row.costCenterFte = null;
  else row.costCenterCode = null;
  return row;
}

function headersOf(kind: UploadKind): string[] {
  return (UPLOAD_COLUMNS[kind] as readonly UploadColumn[]).map((c) => c.header);
}

function cellsOf(kind: UploadKind, row: FileRow): FileCell[] {
  if (Array.isArray(row)) return [...(row as readonly FileCell[])];
  const byKey = row as Readonly<Record<string, FileCell>>;
  return (UPLOAD_COLUMNS[kind] as readonly UploadColumn[]).map((c) => byKey[c.key] ?? null);
}

function csvField(value: FileCell): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") return `=${value.formula}`;
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: readonly FileCell[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

export type SizeOptions = { rows: number } | { bytes: number };

function done(size: SizeOptions, rows: number, bytes: number): boolean {
  return "rows" in size ? rows >= size.rows : bytes >= size.bytes;
}

/** Writes a valid staff .csv (UTF-8, CRLF) of `rows` data rows or of about `bytes` bytes; answers the row count. */
export async function writeStaffCsv(
  path: string,
  size: SizeOptions,
  kind: "Staff" | "CostCenterStaff" = "Staff",
): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  await write(csvLine(headersOf(kind)));
  let rows = 0;
  while (!done(size, rows, bytes)) {
    await write(csvLine(cellsOf(kind, generatedStaffRow(rows, kind))));
    rows++;
  }
  out.end();
  await once(out, "finish");
  return rows;
}

/**
 * Writes a valid staff .xlsx with exceljs' streaming WorkbookWriter (memory stays flat) of `rows`
 * data rows or of about `bytes` bytes (checked every 1,000 rows against the bytes written so far).
 * Dates of hire are real date cells. Answers the row count.
 */
export async function writeStaffXlsx(
  path: string,
  size: SizeOptions,
  kind: "Staff" | "CostCenterStaff" = "Staff",
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(UPLOAD_TEMPLATES[kind].sheetName);
  sheet.addRow(headersOf(kind)).commit();
  let rows = 0;
  let bytes = 0;
  while (!done(size, rows, bytes)) {
    const cells = cellsOf(kind, generatedStaffRow(rows, kind));
    const hire = String(cells[5]);
    const [m, d, y] = hire.split("/").map(Number);
    cells[5] = new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1));
    const row = sheet.addRow(cells);
    row.getCell(6).numFmt = "mm/dd/yyyy";
    row.commit();
    rows++;
    if (rows % 1000 === 0 && "bytes" in size) bytes = fileSize(path);
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export type FilledFileOptions = {
  /** Replaces the template's header row (for wrong-header tests). */
  header?: readonly FileCell[];
  /** Rows left empty between the header and the data. */
  blankRowsAfterHeader?: number;
};

/** Writes a filled upload file of a kind: the template's header row, then `rows`. */
export async function writeUploadFile(
  path: string,
  kind: UploadKind,
  format: "xlsx" | "csv",
  rows: readonly FileRow[],
  options: FilledFileOptions = {},
): Promise<void> {
  const header = options.header ? [...options.header] : headersOf(kind);
  const body = rows.map((r) => cellsOf(kind, r));
  const blanks = options.blankRowsAfterHeader ?? 0;
  if (format === "csv") {
    const out = createWriteStream(path);
    out.write(csvLine(header));
    for (let i = 0; i < blanks; i++) out.write("\r\n");
    for (const cells of body) out.write(csvLine(cells));
    out.end();
    await once(out, "finish");
    return;
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(UPLOAD_TEMPLATES[kind].sheetName);
  sheet.addRow(header);
  for (let i = 0; i < blanks; i++) sheet.addRow([]);
  for (const cells of body) {
    const row = sheet.addRow(cells.map((c) => (c === null ? null : c)) as ExcelJS.CellValue[]);
    cells.forEach((c, i) => {
      if (c instanceof Date) row.getCell(i + 1).numFmt = "mm/dd/yyyy";
    });
  }
  await workbook.xlsx.writeFile(path);
}

/** The kind's example row (the column definitions' examples), by column key. */
export function exampleRow(kind: UploadKind): Record<string, FileCell> {
  return Object.fromEntries((UPLOAD_COLUMNS[kind] as readonly UploadColumn[]).map((c) => [c.key, c.example]));
}

/** What an import of the demo admin's into the demo facility writes with (a new upload id each time). */
export function demoUploadContext(overrides: Partial<UploadWriteContext> = {}): UploadWriteContext {
  return {
    facilityId: DEMO_FACILITY_ID,
    organizationId: DEMO_ORGANIZATION_ID,
    uploadId: randomUUID(),
    userId: DEMO_USER_IDS.admin,
    costCenterId: null,
    updateStaff: false,
    removeStaff: false,
    ...overrides,
  };
}
