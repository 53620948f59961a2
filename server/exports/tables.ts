// Tables as files (issue #13): every screen's table exports to .xlsx and CSV through here, with a
// header row, formatted numbers and every text cell escaped against formula injection.
import ExcelJS from "exceljs";
import { escapeSpreadsheetCell } from "../../schema/spreadsheetText";

export type ExportColumn<Row> = {
  header: string;
  value: (row: Row) => string | number | null;
  /** Excel number format for numeric cells, e.g. "0.00" for FTE. */
  numberFormat?: string;
  width?: number;
};

export type ExportFormat = "xlsx" | "csv";

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/** One sheet: the header row (bold, frozen), then a row per item; numbers stay numbers. */
export async function tableToXlsx<Row>(
  sheetName: string,
  columns: readonly ExportColumn<Row>[],
  rows: readonly Row[],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: String(escapeSpreadsheetCell(column.header)),
    width: column.width ?? Math.max(12, column.header.length + 2),
    style: column.numberFormat ? { numFmt: column.numberFormat } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((column) => escapeSpreadsheetCell(column.value(row))));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** RFC 4180 CSV with a header row; text cells escaped the same way as in .xlsx. */
export function tableToCsv<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): string {
  const cell = (value: string | number | null) => {
    if (value === null) return "";
    if (typeof value === "number") return String(value);
    const text = String(escapeSpreadsheetCell(value));
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [columns.map((c) => cell(c.header)), ...rows.map((row) => columns.map((c) => cell(c.value(row))))];
  return `${lines.map((line) => line.join(",")).join("\r\n")}\r\n`;
}
