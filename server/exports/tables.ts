// Tables as files (issue #13): every screen's table exports to .xlsx and CSV through here, with a
// header row, formatted numbers and every text cell escaped against formula injection.
import { escapeSpreadsheetCell } from "../../schema/spreadsheetText";
import { loadExcelJs } from "../loadExcelJs";

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

/** A table of a workbook: its sheet's name, columns and rows. */
export type ExportTable<Row> = { name: string; columns: readonly ExportColumn<Row>[]; rows: readonly Row[] };
/** A table among others of other row types (a workbook's sheets). */
// biome-ignore lint/suspicious/noExplicitAny: each table has rows of its own type, checked where it is built.
export type AnyExportTable = ExportTable<any>;

/** One sheet: the header row (bold, frozen), then a row per item; numbers stay numbers. */
export function tableToXlsx<Row>(
  sheetName: string,
  columns: readonly ExportColumn<Row>[],
  rows: readonly Row[],
): Promise<Buffer> {
  return tablesToXlsx([{ name: sheetName, columns, rows }]);
}

/** A workbook of several tables, a sheet each, in the order given. */
export async function tablesToXlsx(tables: readonly AnyExportTable[]): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const book = new ExcelJS.Workbook();
  for (const table of tables) {
    const sheet = book.addWorksheet(table.name, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = table.columns.map((column) => ({
      header: String(escapeSpreadsheetCell(column.header)),
      width: column.width ?? Math.max(12, column.header.length + 2),
      style: column.numberFormat ? { numFmt: column.numberFormat } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of table.rows) {
      sheet.addRow(table.columns.map((column) => escapeSpreadsheetCell(column.value(row))));
    }
  }
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
