import ExcelJS from "exceljs";

/** The workbook an .xlsx answer (an export or a template download) carries. */
export async function workbookOf(response: Response): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  return book;
}
