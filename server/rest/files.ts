// Answers as files (issue #13): `?format=` on the REST calls whose tables export, and the
// attachments they answer with.
import type { Context } from "hono";
import { EXPORT_CONTENT_TYPES, type ExportColumn, type ExportFormat, tableToCsv, tableToXlsx } from "../exports/tables";
import { DomainError } from "../services/errors";
import type { RestEnv } from "./deps";

/** `?format=` on the calls whose tables export: JSON by default, or the table as a file (Excel's Power Query reads either). */
export function exportFormat(value: string | undefined): ExportFormat | null {
  if (value === undefined || value === "json") return null;
  if (value === "xlsx" || value === "csv") return value;
  throw new DomainError("invalid", "format must be json, xlsx or csv", { format: "format must be json, xlsx or csv" });
}

/** A file as an attachment. */
export function attachment(
  c: Context<RestEnv>,
  format: ExportFormat,
  fileName: string,
  body: string | Uint8Array<ArrayBuffer>,
) {
  return c.body(body, 200, {
    "content-type": EXPORT_CONTENT_TYPES[format],
    "content-disposition": `attachment; filename="${fileName}.${format}"`,
  });
}

/** A table to export: its sheet's title, the file's name (without extension), its columns and rows. */
type ExportTable<Row> = {
  title: string;
  fileName: string;
  columns: readonly ExportColumn<Row>[];
  rows: readonly Row[];
};

/** A table as an .xlsx or CSV attachment. */
export async function tableFile<Row>(c: Context<RestEnv>, format: ExportFormat, table: ExportTable<Row>) {
  const body =
    format === "xlsx"
      ? new Uint8Array(await tableToXlsx(table.title, table.columns, table.rows))
      : tableToCsv(table.columns, table.rows);
  return attachment(c, format, table.fileName, body);
}

/**
 * A GET whose answer exports: `load` reads the view (`everyRow` when it goes to a file, not a page of
 * it), answered as JSON, or as the table `tableOf` lays out when `?format=` asks for a file.
 */
export function viewOrTableFile<View, Row>(
  load: (c: Context<RestEnv>, everyRow: boolean) => Promise<View>,
  tableOf: (view: View) => ExportTable<Row>,
) {
  return async (c: Context<RestEnv>) => {
    const format = exportFormat(c.req.query("format"));
    const view = await load(c, format !== null);
    if (!format) return c.json(view);
    return tableFile(c, format, tableOf(view));
  };
}
