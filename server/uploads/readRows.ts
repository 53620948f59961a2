import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import type ExcelJS from "exceljs";
import { type CellValue, UPLOAD_MESSAGES, type UploadError, type UploadFormat } from "../../schema/uploads";
import { UploadFileError } from "./uploadFileError";
import { openXlsxWorkbookReader } from "./xlsxWorkbookReader";

export { UploadFileError };

/** One non-empty row of an uploaded file; `rowNumber` is the row number a spreadsheet shows. */
export type UploadRow = { rowNumber: number; cells: CellValue[] };

/** The sheet the templates keep their notes on; never the data. */
const INSTRUCTIONS_SHEET = "Instructions";

/**
 * Streams the rows of an uploaded file: the first data worksheet of an .xlsx through exceljs'
 * streaming reader (openXlsxWorkbookReader), a .csv through csv-parse. Nothing holds the whole file:
 * memory stays flat however long the file is. Fully empty rows are skipped (their numbers are not reused).
 */
export function readUploadRows(path: string, format: UploadFormat): AsyncGenerator<UploadRow> {
  return format === "xlsx" ? readXlsxRows(path) : readCsvRows(path);
}

async function* readXlsxRows(path: string): AsyncGenerator<UploadRow> {
  try {
    const reader = await openXlsxWorkbookReader(path, {
      worksheets: "emit",
      sharedStrings: "cache",
      hyperlinks: "ignore",
      // Styles tell date cells from numbers: a date-formatted cell arrives as a Date.
      styles: "cache",
      entries: "ignore",
    });
    for await (const worksheet of readWorksheets(reader)) {
      if ((worksheet as { name?: string }).name === INSTRUCTIONS_SHEET) continue;
      for await (const row of worksheet) {
        const cells = normaliseXlsxRow(row.values);
        if (cells.some((c) => c !== null)) yield { rowNumber: row.number, cells };
      }
      return;
    }
  } catch (error) {
    if (error instanceof UploadFileError) throw error;
    throw new UploadFileError([{ message: `The .xlsx workbook could not be read: ${messageOf(error)}` }]);
  }
}

async function* readWorksheets(reader: ExcelJS.stream.xlsx.WorkbookReader) {
  for await (const worksheet of reader) yield worksheet;
}

function normaliseXlsxRow(values: ExcelJS.Row["values"]): CellValue[] {
  const cells: CellValue[] = [];
  const list = Array.isArray(values) ? values : Object.values(values);
  // exceljs rows are 1-based: index 0 is always empty.
  for (let i = 1; i < list.length; i++) cells.push(normaliseXlsxCell(list[i]));
  while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
  return cells;
}

/** exceljs cell values as the validators take them. */
export function normaliseXlsxCell(value: ExcelJS.CellValue | undefined): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return trimmedOrNull(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("formula" in value || "sharedFormula" in value) {
      const formula = (value as { formula?: string; sharedFormula?: string }).formula;
      return { formula: formula ?? (value as { sharedFormula: string }).sharedFormula ?? "" };
    }
    if ("error" in value) return { error: String((value as { error: unknown }).error) };
    if ("richText" in value) return trimmedOrNull(richTextOf(value.richText));
    if ("text" in value) {
      const text = (value as { text: unknown }).text;
      if (typeof text === "string") return trimmedOrNull(text);
      if (text && typeof text === "object" && "richText" in text) {
        return trimmedOrNull(richTextOf((text as ExcelJS.CellRichTextValue).richText));
      }
    }
  }
  return trimmedOrNull(String(value));
}

function richTextOf(parts: readonly ExcelJS.RichText[]): string {
  return parts.map((p) => p.text).join("");
}

function trimmedOrNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : trimmed;
}

async function* readCsvRows(path: string): AsyncGenerator<UploadRow> {
  const input = createReadStream(path);
  const parser = input.pipe(
    parse({
      bom: true,
      // Rows may be shorter or longer than the header; validation reports what is missing or extra.
      relax_column_count: true,
      // A stray quote inside a field (5" tall) is kept as text rather than failing the file.
      relax_quotes: true,
      // Spaces around a quoted field (, "Patel, Jordan" ,) are padding, not part of the field.
      trim: true,
      // Empty lines are rows too: a spreadsheet numbers them, so the row numbers stay right.
      skip_empty_lines: false,
    }),
  );
  input.on("error", (error) => parser.destroy(error));
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++;
      const cells: CellValue[] = record.map(csvCell);
      while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
      if (cells.length > 0) yield { rowNumber, cells };
    }
  } catch (error) {
    throw new UploadFileError([csvErrorOf(error)]);
  } finally {
    input.destroy();
    parser.destroy();
  }
}

/**
 * A csv-parse error in plain words at its row and column (formatUploadError's 'at row N, column M').
 * The row is the parser's own count of records before the bad one, not the rows read so far: the
 * parser runs ahead of the reader.
 */
function csvErrorOf(error: unknown): UploadError {
  const { code, records, index } = (error ?? {}) as { code?: unknown; records?: unknown; index?: unknown };
  const at = typeof records === "number" && typeof index === "number" ? { row: records + 1, column: index + 1 } : {};
  switch (code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return { message: UPLOAD_MESSAGES.csvQuoteNotClosed, ...at };
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return { message: UPLOAD_MESSAGES.csvTextAfterQuote, ...at };
    default:
      return typeof code === "string"
        ? { message: UPLOAD_MESSAGES.csvUnreadable, ...at }
        : { message: UPLOAD_MESSAGES.unreadable };
  }
}

/**
 * A .csv cell. Text starting with '=' is what a spreadsheet would run as a formula: it is refused
 * like an .xlsx formula cell (and never stored, where a later export could run it).
 */
function csvCell(text: string): CellValue {
  const trimmed = trimmedOrNull(text);
  if (trimmed?.startsWith("=") && trimmed.length > 1) return { formula: trimmed.slice(1) };
  return trimmed;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
