import type { Page } from "@playwright/test";
import type ExcelJS from "exceljs";
import { downloadWorkbook } from "./workbooks";

/**
 * Downloads the upload screen's template through its link, as a person does, and opens it: the
 * workbook and its data sheet (the one that is not "Instructions"), ready for rows.
 */
export async function downloadTemplate(page: Page): Promise<{ book: ExcelJS.Workbook; sheet: ExcelJS.Worksheet }> {
  const { book } = await downloadWorkbook(page, page.getByRole("button", { name: "Download template" }).first());
  const sheet = book.worksheets.find((candidate) => candidate.name !== "Instructions");
  if (!sheet) throw new Error("The template has no data sheet");
  return { book, sheet };
}

/** A person as a row of the Staff template fills them in; a column not given stays empty. */
export type StaffFileRow = {
  employeeId: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  email?: string;
  /** As typed into the file: MM/DD/YYYY or YYYY-MM-DD. */
  dateOfHire: string;
  assignedFte: number;
  staffType: "Regular" | "Traveller" | "PRN";
  contractEndDate?: string;
  education?: string;
  requisitionNumber?: string;
  notes?: string;
  costCenterCode?: string;
};

/** The Staff template's columns, in order (spec: Employee ID … Cost Center Number). */
const STAFF_FILE_COLUMNS: readonly (keyof StaffFileRow)[] = [
  "employeeId",
  "firstName",
  "middleName",
  "lastName",
  "email",
  "dateOfHire",
  "assignedFte",
  "staffType",
  "contractEndDate",
  "education",
  "requisitionNumber",
  "notes",
  "costCenterCode",
];

/** A person's cells in the Staff template, in its columns' order. */
export function staffRow(person: StaffFileRow): (string | number | null)[] {
  return STAFF_FILE_COLUMNS.map((column) => person[column] ?? null);
}
