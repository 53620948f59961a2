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

/** A table as an .xlsx or CSV attachment. */
export async function tableFile<Row>(
  c: Context<RestEnv>,
  format: ExportFormat,
  table: { title: string; fileName: string; columns: readonly ExportColumn<Row>[]; rows: readonly Row[] },
) {
  const body =
    format === "xlsx"
      ? new Uint8Array(await tableToXlsx(table.title, table.columns, table.rows))
      : tableToCsv(table.columns, table.rows);
  return attachment(c, format, table.fileName, body);
}
