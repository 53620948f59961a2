import { createReadStream } from "node:fs";
import { parse } from "csv-parse";
import { type CellValue, UPLOAD_MESSAGES, type UploadError, type UploadFormat } from "../../schema/uploads";
import { UploadFileError } from "./uploadFileError";
import { readXlsxRows, trimmedOrNull, type UploadRow } from "./xlsxRows";

export { UploadFileError, type UploadRow };

/**
 * Streams the rows of an uploaded file: the first data worksheet of an .xlsx (readXlsxRows), a .csv
 * through csv-parse. Nothing holds the whole file: memory stays flat however long the file is.
 * Fully empty rows are skipped (their numbers are not reused).
 */
export function readUploadRows(path: string, format: UploadFormat): AsyncGenerator<UploadRow> {
  return format === "xlsx" ? readXlsxRows(path) : readCsvRows(path);
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
