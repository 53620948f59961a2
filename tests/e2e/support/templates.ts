import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";

/**
 * Downloads the upload screen's template through its link, as a person does, and opens it: the
 * workbook and its data sheet (the one that is not "Instructions"), ready for rows.
 */
export async function downloadTemplate(page: Page): Promise<{ book: ExcelJS.Workbook; sheet: ExcelJS.Worksheet }> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download template" }).first().click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await (await downloading).path());
  const sheet = book.worksheets.find((candidate) => candidate.name !== "Instructions");
  if (!sheet) throw new Error("The template has no data sheet");
  return { book, sheet };
}
