import type { Download, Locator, Page } from "@playwright/test";
import ExcelJS from "exceljs";

/**
 * Clicks a button that downloads a workbook, as a person does, and opens what arrives: the download
 * (for its suggested file name) and the workbook read from it.
 */
export async function downloadWorkbook(
  page: Page,
  button: Locator,
): Promise<{ download: Download; book: ExcelJS.Workbook }> {
  const downloading = page.waitForEvent("download");
  await button.click();
  const download = await downloading;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  return { download, book };
}

/** The page's "Export .xlsx" button: the download and its workbook. */
export function exportXlsx(page: Page): Promise<{ download: Download; book: ExcelJS.Workbook }> {
  return downloadWorkbook(page, page.getByRole("button", { name: "Export .xlsx" }));
}
