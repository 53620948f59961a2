import type ExcelJS from "exceljs";

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded the first time a workbook is read or written rather than at start: importing it
 * costs ~30 MB of memory and most of a second, which a server that never sees a spreadsheet should
 * not pay (issue #16's start-up and idle-memory targets).
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  loading ??= import("exceljs").then((module) => module.default);
  return loading;
}
