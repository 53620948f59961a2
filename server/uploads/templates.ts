import type ExcelJS from "exceljs";
import { escapeSpreadsheetCell, escapeSpreadsheetText } from "../../schema/spreadsheetText";
import {
  FTE_MAX,
  FTE_MIN,
  UPLOAD_COLUMNS,
  UPLOAD_TEMPLATES,
  type UploadColumn,
  type UploadKind,
  YES_NO,
} from "../../schema/uploads";
import { loadExcelJs } from "../loadExcelJs";

/**
 * The four template workbooks, built from the same column definitions the importer validates
 * against (schema/uploads.ts).
 *
 * Decision: the data sheet holds ONLY the header row, so a template filled in and uploaded as it is
 * imports exactly the rows the admin typed; the example values live on the 'Instructions' sheet
 * (which the importer never reads). The data sheet is the first sheet; the header row is bold and
 * frozen; enum and Yes/No columns get dropdowns, date and FTE columns Excel's date and decimal
 * validation, code columns the text format (so an Employee ID such as 000123 keeps its zeros).
 */

/**
 * The last row the data validations cover: 10,000 data rows. Not Excel's last row (1,048,576):
 * exceljs' in-memory loader expands a validated range into one entry per cell, so a whole-column
 * range makes a test that fills the template with exceljs run out of memory. Rows past it have no
 * dropdown in Excel but are validated by the importer all the same.
 */
export const VALIDATED_LAST_ROW = 10_001;
const HEADER_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFDCE6F1" } };

/** What each kind's Instructions sheet says beyond the column table. */
const KIND_NOTES: Record<UploadKind, readonly string[]> = {
  CostCenter: [
    "One row per cost center. A Cost Center Number that already exists in the facility updates that cost center's name (and PRN FTE when given); a new number adds a cost center.",
  ],
  Staff: [
    "One row per employee; each Employee ID at most once. An Employee ID that already exists in the facility updates that employee; a new one adds an employee.",
    "With a Cost Center Number the employee joins that cost center with the Assigned FTE (or has the FTE there updated); other cost centers are left as they are.",
  ],
  CostCenterStaff: [
    "One row per employee of this cost center; each Employee ID at most once. A new Employee ID adds the employee to the facility and to this cost center.",
    "An Employee ID that already exists joins this cost center. Its details (names, FTE, type, dates, ...) are updated only when 'update staff' is ticked on upload; otherwise the first and last name must match the facility's record.",
    "When 'remove staff' is ticked, employees of this cost center who are not in the file leave it (they stay employees of the facility).",
  ],
  Users: [
    "One row per user PER COST CENTER: a user with permissions in three cost centers takes three rows with the same Email, names, Employee ID, Position Title, User Type, Executive and Notes. A user without cost centers takes one row with Cost Center Number blank.",
    "An Email that already belongs to a user of the facility updates that user, and that user's cost center permissions become exactly the rows in the file. No invitation is sent: invite new users from the User Accessibility screen.",
    "Per cost center only one user may Complete Wizard and only one may Manage Staff; several may be Read Only (neither). Executives have read-only access to every cost center listed, with FTE 0.",
    "Admin users and Software Admin positions have no cost center permissions and are never executives.",
    "Every uploaded user is marked for review on the User Accessibility screen.",
  ],
};

const GENERAL_NOTES = [
  "Fill in the first sheet from row 2 on and keep its header row (row 1) as it is. Do not add, remove or reorder columns.",
  "Enter values, not formulas: a cell holding a formula is refused.",
  "Dates: a date cell, or text as MM/DD/YYYY or YYYY-MM-DD. FTE: a number from 0 to 1.5 with at most 2 decimals.",
  "The file may also be saved as .csv (UTF-8) with the same header row. Maximum file size 100mb.",
  "The import is all or nothing: if any row has an error, nothing is imported and every error is listed with its row and column.",
];

function formatOf(column: UploadColumn): string {
  switch (column.type) {
    case "date":
      return "Date (MM/DD/YYYY)";
    case "fte":
      return `Number ${FTE_MIN} to ${FTE_MAX}`;
    case "number":
      return "Number";
    case "boolean":
      return "Yes or No";
    case "enum":
      return `One of: ${column.allowed?.join(", ")}`;
    case "email":
      return "E-mail address";
    case "code":
      return "Letters, digits, hyphens, spaces";
    default:
      return "Text";
  }
}

function exampleText(value: string | number | boolean): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return value.toFixed(2);
  return value;
}

function addDataSheet(workbook: ExcelJS.Workbook, kind: UploadKind): void {
  const columns: readonly UploadColumn[] = UPLOAD_COLUMNS[kind];
  const sheet = workbook.addWorksheet(UPLOAD_TEMPLATES[kind].sheetName, {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({
    header: escapeSpreadsheetText(column.header),
    key: column.key,
    width: Math.max(column.header.length, exampleText(column.example).length, 10) + 4,
    style:
      column.type === "date"
        ? { numFmt: "mm/dd/yyyy" }
        : column.type === "fte"
          ? { numFmt: "0.00" }
          : column.type === "code"
            ? { numFmt: "@" }
            : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell, colNumber) => {
    cell.fill = HEADER_FILL;
    cell.numFmt = "General";
    const column = columns[colNumber - 1];
    if (column) cell.note = `${column.required ? "Required. " : "Optional. "}${column.description}`;
  });
  const validations = (sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } })
    .dataValidations;
  columns.forEach((column, i) => {
    const letter = sheet.getColumn(i + 1).letter;
    const range = `${letter}2:${letter}${VALIDATED_LAST_ROW}`;
    const common = { allowBlank: !column.required, showErrorMessage: true, errorTitle: column.header };
    if (column.type === "enum" || column.type === "boolean") {
      const allowed = column.type === "boolean" ? YES_NO : (column.allowed ?? []);
      validations.add(range, {
        ...common,
        type: "list",
        formulae: [`"${allowed.join(",")}"`],
        errorStyle: "stop",
        error: `${column.header} must be one of ${allowed.join(", ")}.`,
      });
    } else if (column.type === "fte") {
      validations.add(range, {
        ...common,
        type: "decimal",
        operator: "between",
        formulae: [FTE_MIN, FTE_MAX],
        errorStyle: "stop",
        error: `${column.header} must be a number from ${FTE_MIN} to ${FTE_MAX}.`,
      });
    } else if (column.type === "date") {
      validations.add(range, {
        ...common,
        type: "date",
        operator: "between",
        formulae: [new Date(Date.UTC(1900, 0, 1)), new Date(Date.UTC(2099, 11, 31))],
        // A warning, not a stop: a date typed as text (MM/DD/YYYY) is accepted by the importer too.
        errorStyle: "warning",
        error: `${column.header} should be a date (MM/DD/YYYY).`,
      });
    } else if (column.maxLength !== undefined) {
      validations.add(range, {
        ...common,
        type: "textLength",
        operator: "lessThanOrEqual",
        formulae: [column.maxLength],
        errorStyle: "stop",
        error: `${column.header} must be at most ${column.maxLength} characters.`,
      });
    }
  });
}

function addInstructionsSheet(workbook: ExcelJS.Workbook, kind: UploadKind): void {
  const info = UPLOAD_TEMPLATES[kind];
  const columns: readonly UploadColumn[] = UPLOAD_COLUMNS[kind];
  const sheet = workbook.addWorksheet("Instructions");
  sheet.columns = [{ width: 24 }, { width: 11 }, { width: 34 }, { width: 30 }, { width: 90 }];
  // Every text cell goes out through the one escape (schema/spreadsheetText.ts).
  const addRow = (values: readonly (string | number)[]) => sheet.addRow(values.map(escapeSpreadsheetCell));
  addRow([info.header]).font = { bold: true, size: 14 };
  addRow([`${info.description}. Fill in the '${info.sheetName}' sheet.`]);
  addRow([]);
  for (const note of [...KIND_NOTES[kind], ...GENERAL_NOTES]) addRow([`• ${note}`]);
  addRow([]);
  const head = addRow(["Column", "Required", "Format", "Example", "Notes"]);
  head.font = { bold: true };
  head.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  for (const column of columns) {
    const limit = column.maxLength !== undefined ? ` (at most ${column.maxLength} characters)` : "";
    addRow([
      column.header,
      column.required ? "Yes" : "No",
      `${formatOf(column)}${limit}`,
      exampleText(column.example),
      column.description,
    ]);
  }
}

/** The template workbook of a kind as .xlsx bytes. */
export async function buildTemplate(kind: UploadKind): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Staffing and position control";
  workbook.created = new Date(Date.UTC(2026, 0, 1));
  addDataSheet(workbook, kind);
  addInstructionsSheet(workbook, kind);
  const bytes = await workbook.xlsx.writeBuffer();
  return Buffer.from(bytes as ArrayBuffer);
}
