import { z } from "zod";
import {
  COST_CENTER_CODE_MAX_LENGTH,
  COST_CENTER_NAME_MAX_LENGTH,
  costCenterCodeSchema,
  costCenterNameSchema,
} from "./costCenters";
import { formulaStartMessage, startsLikeFormula } from "./spreadsheetText";
import { NAME_MAX_LENGTH } from "./text";

/**
 * Bulk uploads (spec §2 file upload screen and upload dialog, §3 upload entities, §4 upload kinds
 * and statuses, §5 files, §8, §9): the kinds, their template information, and ONE column
 * definition per kind from which both the template (server/uploads/templates.ts) and the
 * validation below derive. Pure: shared by the client (file checks before upload) and the server.
 */

// ---------------------------------------------------------------------------------------------
// Kinds, type codes, limits, messages
// ---------------------------------------------------------------------------------------------

export const UPLOAD_KINDS = ["CostCenter", "Staff", "Users", "CostCenterStaff"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_STATUSES = ["Pending", "Processing", "Error", "Success"] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * Spec §3/§9 upload request type codes: cost centers 0, staff 1, users 2. The staff upload of one
 * cost center (the upload dialog) is a staff upload (1) that also names `costCenter`.
 */
export const UPLOAD_TYPE_CODES = { CostCenter: 0, Staff: 1, Users: 2, CostCenterStaff: 1 } as const satisfies Record<
  UploadKind,
  number
>;
export type UploadTypeCode = 0 | 1 | 2;

export const UPLOAD_TYPE_MESSAGE = "type must be 0 (cost centers), 1 (staff) or 2 (users)";

/**
 * An upload request's type code: the number 0, 1 or 2, or that digit as text (a query string, the
 * spec's form-style bodies). Nothing else (null, false, '', '1.0', 7) means a kind.
 */
export const uploadTypeSchema = z.union(
  [z.literal([0, 1, 2]), z.enum(["0", "1", "2"]).transform((text) => Number(text) as UploadTypeCode)],
  { error: UPLOAD_TYPE_MESSAGE },
);

/** The kind an upload request means: type 1 with a cost center is the per-cost-center staff upload. */
export function uploadKindOfType(type: number, costCenter?: string | null): UploadKind | undefined {
  if (type === 0) return "CostCenter";
  if (type === 1) return costCenter ? "CostCenterStaff" : "Staff";
  if (type === 2) return "Users";
  return undefined;
}

/** Spec §5/§9: max 100 MB (taken as 100 MiB, the more lenient reading of "100mb"). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const UPLOAD_FORMATS = ["xlsx", "csv"] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

/** Spec §5/§8 texts, word for word, and the file checks' own messages. */
export const UPLOAD_MESSAGES = {
  fileTooLarge: "file size exceeds 100mb limit.",
  wrongFormat: "please upload file format in .xlsx or .csv",
  uploaded: "File uploaded successfully.",
  storageFailed: "Unable to upload file",
  noResult: "An unexpected error occurred. Please try again",
  attachmentFailedPrefix: "Attachment failed, ",
  emptyFile: "The file is empty.",
  notXlsx: "The file is not a valid .xlsx workbook.",
  legacyXls:
    "The file is an Excel 97-2003 workbook (.xls) or a password-protected workbook; save it as an unprotected .xlsx and upload it again.",
  notCsv: "The file is not a valid .csv text file.",
  notUtf8: "The .csv file is not UTF-8 text; save it as 'CSV UTF-8' and upload it again.",
  zipTooManyEntries: "The .xlsx workbook holds too many parts to be a data file.",
  zipTooLarge: "The .xlsx workbook unpacks to more than the allowed size.",
  zipRatio: "The .xlsx workbook is compressed suspiciously well (a possible zip bomb); it was not opened.",
  unreadable: "The file could not be read.",
  csvQuoteNotClosed: 'A quoted cell is never closed: add the closing quote (")',
  csvTextAfterQuote:
    'A quoted cell has text after its closing quote: quote the whole cell and double each quote inside it ("")',
  csvUnreadable: "This row of the .csv file could not be read",
  noHeader: "The file has no header row.",
  noRows: "The file has a header row but no data rows.",
} as const;

/** Spec §9 upload timings. */
export const UPLOAD_TIMINGS = {
  /** The admin upload screen's success banner hides after this long. */
  successBannerMs: 8000,
  /** After a successful upload the screen goes to /admin/landing after this long. */
  redirectMs: 3000,
  /** The status poll beside the live channel. */
  pollIntervalMs: 30_000,
  /** Polls without progress before the upload is reported as failed. */
  maxPollsWithoutResult: 3,
} as const;

/** The format a file name says it is, by extension (case-insensitive); undefined for anything else. */
export function uploadFormatOf(fileName: string): UploadFormat | undefined {
  const match = /\.([^./\\]+)$/.exec(fileName.trim());
  const ext = match?.[1]?.toLowerCase();
  return ext === "xlsx" || ext === "csv" ? ext : undefined;
}

/** The spec's client-side check of a chosen file: its extension, then its size. */
export function checkUploadFileChoice(file: { name: string; size: number }): string | undefined {
  if (!uploadFormatOf(file.name)) return UPLOAD_MESSAGES.wrongFormat;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.fileTooLarge;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** One problem with a file; `row` is the spreadsheet row number, `column` 1-based (A = 1). */
export type UploadError = { message: string; row?: number; column?: number };

/** Spec §8: 'message at row N, column M', or the bare message when it has no position. */
export function formatUploadError(e: UploadError): string {
  if (e.row !== undefined && e.column !== undefined) return `${e.message} at row ${e.row}, column ${e.column}`;
  if (e.row !== undefined) return `${e.message} at row ${e.row}`;
  return e.message;
}

/** Spec §8: the upload error box text for an errors list. */
export function formatUploadErrors(errors: readonly UploadError[]): string {
  return `${UPLOAD_MESSAGES.attachmentFailedPrefix}${errors.map(formatUploadError).join(", ")}`;
}

/** Spreadsheet column letters of a 1-based column number (1 → A, 28 → AB). */
export function columnLetter(column: number): string {
  let n = column;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------------

/** A formula cell: refused (its cached result is never taken silently). */
export type FormulaCell = { formula: string };
/** A cell holding a spreadsheet error such as #N/A or #REF!. */
export type ErrorCell = { error: string };
/**
 * A cell as the readers hand it over: text trimmed, dates as ISO 'YYYY-MM-DD' text, numbers,
 * booleans, null for empty, or a formula or error cell that validation refuses with its position.
 */
export type CellValue = string | number | boolean | null | FormulaCell | ErrorCell;

export function isFormulaCell(value: CellValue): value is FormulaCell {
  return typeof value === "object" && value !== null && "formula" in value;
}
export function isErrorCell(value: CellValue): value is ErrorCell {
  return typeof value === "object" && value !== null && "error" in value;
}

// ---------------------------------------------------------------------------------------------
// Column definitions
// ---------------------------------------------------------------------------------------------

export type ColumnType = "text" | "name" | "code" | "number" | "fte" | "date" | "email" | "enum" | "boolean";

export type UploadColumn = {
  /** The header text, exactly as the template writes it. */
  header: string;
  /** The typed row's field the cell fills. */
  key: string;
  type: ColumnType;
  required: boolean;
  /** enum: the allowed values (matched case-insensitively, stored as written here). */
  allowed?: readonly string[];
  maxLength?: number;
  /** A valid sample value: the Instructions sheet shows it, and tests fill files with it. */
  example: string | number | boolean;
  /** One line for the Instructions sheet. */
  description: string;
};

export const STAFF_TYPES = ["Regular", "PRN", "Traveller"] as const;
export type StaffType = (typeof STAFF_TYPES)[number];
export const USER_TYPES = ["User", "Admin"] as const;
export type UserType = (typeof USER_TYPES)[number];
export const YES_NO = ["Yes", "No"] as const;

/** Spec §9 FTE range. */
export const FTE_MIN = 0;
export const FTE_MAX = 1.5;
/** Spec §5/§9: code-like text is letters, digits, hyphens and spaces, at most 12 characters. */
export const CODE_LIKE_PATTERN = /^[A-Za-z0-9 -]+$/;
export const CODE_LIKE_MAX_LENGTH = 12;
/**
 * People's names in uploaded HR files. Wider than the form's name-like rule (letters, digits,
 * spaces): real files hold O'Brien, Smith-Jones and St. John, and the demo data itself has O'Brien.
 */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}0-9 '’.-]+$/u;
/** E-mail addresses are at most 254 characters (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/** staff.notes and users.notes are varchar(40) (spec: notes max 40). */
export const NOTES_MAX_LENGTH = 40;
export const EDUCATION_MAX_LENGTH = 50;
export const POSITION_TITLE_MAX_LENGTH = 80;

const COLUMN = {
  employeeId: {
    header: "Employee ID",
    key: "employeeId",
    type: "code",
    required: true,
    maxLength: CODE_LIKE_MAX_LENGTH,
    example: "123456-RN",
    description:
      "The employee's ID in the facility's HR system; unique in the file. Its case does not count: e1001 is E1001.",
  },
  firstName: {
    header: "First Name",
    key: "firstName",
    type: "name",
    required: true,
    maxLength: NAME_MAX_LENGTH,
    example: "Maria",
    description: "Letters, digits, spaces, apostrophes, hyphens and periods.",
  },
  middleName: {
    header: "Middle Name",
    key: "middleName",
    type: "name",
    required: false,
    maxLength: NAME_MAX_LENGTH,
    example: "Ann",
    description: "Optional.",
  },
  lastName: {
    header: "Last Name",
    key: "lastName",
    type: "name",
    required: true,
    maxLength: NAME_MAX_LENGTH,
    example: "O'Neill",
    description: "Letters, digits, spaces, apostrophes, hyphens and periods.",
  },
  staffEmail: {
    header: "Email",
    key: "email",
    type: "email",
    required: false,
    maxLength: EMAIL_MAX_LENGTH,
    example: "maria.oneill@hospital.example",
    description: "Optional work e-mail address.",
  },
  dateOfHire: {
    header: "Date of Hire",
    key: "dateOfHire",
    type: "date",
    required: true,
    example: "03/15/2021",
    description: "A date cell, or text as MM/DD/YYYY or YYYY-MM-DD.",
  },
  assignedFte: {
    header: "Assigned FTE",
    key: "assignedFte",
    type: "fte",
    required: true,
    example: 0.9,
    description: "The employee's total FTE, 0 to 1.5 with at most 2 decimals (1.00 is full time).",
  },
  staffType: {
    header: "Staff Type",
    key: "staffType",
    type: "enum",
    required: false,
    allowed: STAFF_TYPES,
    example: "Regular",
    description: "Regular, PRN or Traveller (one of them: PRN and Traveller exclude each other). Blank means Regular.",
  },
  contractEndDate: {
    header: "Contract End Date",
    key: "contractEndDate",
    type: "date",
    required: false,
    example: "",
    description: "Required for a Traveller (on or after the date of hire); left blank for everyone else.",
  },
  education: {
    header: "Education",
    key: "education",
    type: "text",
    required: false,
    maxLength: EDUCATION_MAX_LENGTH,
    example: "BSN",
    description: "Optional, e.g. ADN, BSN, MSN.",
  },
  requisitionNumber: {
    header: "Requisition Number",
    key: "requisitionNumber",
    type: "code",
    required: false,
    maxLength: CODE_LIKE_MAX_LENGTH,
    example: "REQ-26-0142",
    description: "Optional; letters, digits, hyphens and spaces.",
  },
  notes: {
    header: "Notes",
    key: "notes",
    type: "text",
    required: false,
    maxLength: NOTES_MAX_LENGTH,
    example: "Preceptor",
    description: "Optional, at most 40 characters.",
  },
} as const satisfies Record<string, UploadColumn>;

const STAFF_COLUMNS = [
  COLUMN.employeeId,
  COLUMN.firstName,
  COLUMN.middleName,
  COLUMN.lastName,
  COLUMN.staffEmail,
  COLUMN.dateOfHire,
  COLUMN.assignedFte,
  COLUMN.staffType,
  COLUMN.contractEndDate,
  COLUMN.education,
  COLUMN.requisitionNumber,
  COLUMN.notes,
] as const;

const costCenterNumber = (required: boolean, description: string) =>
  ({
    header: "Cost Center Number",
    key: "costCenterCode",
    type: "code",
    required,
    maxLength: COST_CENTER_CODE_MAX_LENGTH,
    example: "6010",
    description,
  }) as const;

/** The columns of each kind, in template order. Headers match case-insensitively, order is fixed. */
export const UPLOAD_COLUMNS = {
  CostCenter: [
    costCenterNumber(true, "Digits only, at most 12; unique in the file. An existing number updates that cost center."),
    {
      header: "Cost Center Name",
      key: "name",
      type: "text",
      required: true,
      maxLength: COST_CENTER_NAME_MAX_LENGTH,
      example: "Medical Surgical 3 West",
      description: "Letters, digits, spaces and - & ' ( ) . , /",
    },
    {
      header: "PRN FTE",
      key: "prnFte",
      type: "fte",
      required: false,
      example: 0.2,
      description: "Optional PRN FTE standard of the unit, 0 to 1.5; blank keeps the facility's PRN value.",
    },
  ],
  Staff: [
    ...STAFF_COLUMNS,
    costCenterNumber(
      false,
      "Optional home cost center (an existing number); the employee joins it with the Assigned FTE.",
    ),
  ],
  CostCenterStaff: [
    ...STAFF_COLUMNS,
    {
      header: "Cost Center FTE",
      key: "costCenterFte",
      type: "fte",
      required: false,
      example: 0.9,
      description: "The FTE worked in this cost center, at most the Assigned FTE; blank means the Assigned FTE.",
    },
  ],
  Users: [
    {
      header: "Email",
      key: "email",
      type: "email",
      required: true,
      maxLength: EMAIL_MAX_LENGTH,
      example: "maria.oneill@hospital.example",
      description: "The sign-in e-mail address; one user per address. Repeat it on one row per cost center.",
    },
    COLUMN.firstName,
    COLUMN.middleName,
    COLUMN.lastName,
    {
      ...COLUMN.employeeId,
      required: false,
      description: "Optional; links the user to that staff member (who must exist in the facility).",
    },
    {
      header: "Position Title",
      key: "positionTitle",
      type: "text",
      required: true,
      maxLength: POSITION_TITLE_MAX_LENGTH,
      example: "Nurse Manager",
      description: "The user's position in the user access list; a new title creates that position.",
    },
    {
      header: "User Type",
      key: "userType",
      type: "enum",
      required: false,
      allowed: USER_TYPES,
      example: "User",
      description: "User or Admin; blank means User. Admins have no cost center permissions.",
    },
    {
      header: "Executive",
      key: "executive",
      type: "boolean",
      required: false,
      allowed: YES_NO,
      example: "No",
      description: "Yes gives read-only executive access with FTE 0 on the listed cost centers; blank means No.",
    },
    costCenterNumber(false, "A cost center this user has permissions in; blank for a user without cost centers."),
    {
      header: "Cost Center FTE",
      key: "costCenterFte",
      type: "fte",
      required: false,
      example: 0.9,
      description: "The user's FTE in that cost center; required with a cost center unless Executive.",
    },
    {
      header: "Complete Wizard",
      key: "completeWizard",
      type: "boolean",
      required: false,
      allowed: YES_NO,
      example: "Yes",
      description: "Yes for the one person per cost center who completes the wizard; blank means No.",
    },
    {
      header: "Manage Staff",
      key: "manageStaff",
      type: "boolean",
      required: false,
      allowed: YES_NO,
      example: "Yes",
      description: "Yes for the one person per cost center who manages staff; blank means No. Neither: Read Only.",
    },
    { ...COLUMN.notes, description: "Optional, at most 40 characters; the same on every row of the user." },
  ],
} as const satisfies Record<UploadKind, readonly UploadColumn[]>;

// ---------------------------------------------------------------------------------------------
// Typed rows
// ---------------------------------------------------------------------------------------------

export type CostCenterUploadRow = { costCenterCode: string; name: string; prnFte: number | null };

export type StaffFields = {
  employeeId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string | null;
  dateOfHire: string;
  assignedFte: number;
  staffType: StaffType;
  contractEndDate: string | null;
  education: string | null;
  requisitionNumber: string | null;
  notes: string | null;
};
export type StaffUploadRow = StaffFields & { costCenterCode: string | null };
export type CostCenterStaffUploadRow = StaffFields & { costCenterFte: number };

export type UsersUploadRow = {
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  employeeId: string | null;
  positionTitle: string;
  userType: UserType;
  executive: boolean;
  costCenterCode: string | null;
  costCenterFte: number | null;
  completeWizard: boolean;
  manageStaff: boolean;
  notes: string | null;
};

export type UploadRowTypes = {
  CostCenter: CostCenterUploadRow;
  Staff: StaffUploadRow;
  CostCenterStaff: CostCenterStaffUploadRow;
  Users: UsersUploadRow;
};
export type TypedRowOf<K extends UploadKind> = UploadRowTypes[K];

export type RowValidation<K extends UploadKind> =
  | { ok: true; row: TypedRowOf<K> }
  /** `values`: the cells that did parse, so a file-wide check (a repeated key) still sees this row. */
  | { ok: false; errors: UploadError[]; values: Partial<TypedRowOf<K>> };

// ---------------------------------------------------------------------------------------------
// Template information
// ---------------------------------------------------------------------------------------------

export type UploadTemplateInfo = {
  templateName: string;
  header: string;
  description: string;
  /** The data sheet's name in the template. */
  sheetName: string;
};

const templateInfo = (templateName: string, type: string, sheetName: string): UploadTemplateInfo => ({
  templateName,
  header: `UPLOAD ${type.toUpperCase()} DATA FILE`,
  description: `Upload ${type} data file to import information`,
  sheetName,
});

export const UPLOAD_TEMPLATES: Record<UploadKind, UploadTemplateInfo> = {
  CostCenter: templateInfo("cost_center_data_file_template.xlsx", "cost center", "Cost Centers"),
  Staff: templateInfo("staff_data_file_template.xlsx", "staff", "Staff"),
  Users: templateInfo("users_data_file_template.xlsx", "users", "Users"),
  CostCenterStaff: templateInfo("cc_staff_data_file_template.xlsx", "staff", "Cost Center Staff"),
};

// ---------------------------------------------------------------------------------------------
// Header row
// ---------------------------------------------------------------------------------------------

function cellText(value: CellValue): string {
  if (value === null) return "";
  if (isFormulaCell(value)) return `=${value.formula}`;
  if (isErrorCell(value)) return value.error;
  return String(value).trim();
}

/** Headers compare case-insensitively, with spaces collapsed and a trailing required marker '*' ignored. */
function normaliseHeader(text: string): string {
  return text.replace(/\*+$/, "").replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * Checks the first row against the kind's headers, in template order. A first row holding fewer
 * than half of them gives one error naming the expected headers; otherwise each wrong,
 * missing or extra header gets its own error at its column.
 */
export function checkHeaderRow(kind: UploadKind, cells: readonly CellValue[], rowNumber = 1): UploadError[] {
  const columns: readonly UploadColumn[] = UPLOAD_COLUMNS[kind];
  const expected = columns.map((c) => normaliseHeader(c.header));
  const found = cells.map((c) => normaliseHeader(cellText(c)));
  const templateName = UPLOAD_TEMPLATES[kind].templateName;
  // Fewer than half the headers anywhere in the row: this is not the kind's header row at all
  // (a data row, or another kind's file), so one error says what the first row must be.
  const known = found.filter((h) => h !== "" && expected.includes(h)).length;
  if (known < Math.ceil(expected.length / 2)) {
    return [
      {
        message: `The first row must be the header row of ${templateName}: ${columns.map((c) => c.header).join(", ")}`,
        row: rowNumber,
      },
    ];
  }
  const errors: UploadError[] = [];
  columns.forEach((column, i) => {
    const actual = found[i] ?? "";
    if (actual === expected[i]) return;
    const text = cellText(cells[i] ?? null);
    errors.push({
      message:
        actual === ""
          ? `The header '${column.header}' is missing`
          : `The header must be '${column.header}', not '${text}'`,
      row: rowNumber,
      column: i + 1,
    });
  });
  for (let i = columns.length; i < found.length; i++) {
    if (found[i] === "") continue;
    errors.push({
      message: `Unexpected column '${cellText(cells[i] ?? null)}': ${templateName} has ${columns.length} columns`,
      row: rowNumber,
      column: i + 1,
    });
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Cell parsing
// ---------------------------------------------------------------------------------------------

type Parsed = { ok: true; value: string | number | boolean | null } | { ok: false; message: string };
const ok = (value: string | number | boolean | null): Parsed => ({ ok: true, value });
const bad = (message: string): Parsed => ({ ok: false, message });

const EMAIL = z.email();
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** Excel serial day numbers of 1900-01-01 and 2099-12-31. */
const EXCEL_SERIAL_MIN = 1;
const EXCEL_SERIAL_MAX = 73050;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A real calendar date of 1900-2099 as YYYY-MM-DD (every cell of a date column of every row comes here). */
function isoDate(year: number, month: number, day: number): string | undefined {
  if (year < 1900 || year > 2099 || month < 1 || month > 12 || day < 1) return undefined;
  const monthDays = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (day > monthDays) return undefined;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** Excel's serial day number (1900 date system, with its phantom 29 Feb 1900) as an ISO date. */
export function excelSerialToIsoDate(serial: number): string {
  const days = Math.floor(serial);
  const epoch = Date.UTC(1899, 11, 30);
  return new Date(epoch + days * 86_400_000).toISOString().slice(0, 10);
}

function parseDate(header: string, value: string | number | boolean): Parsed {
  if (typeof value === "number") {
    if (value < EXCEL_SERIAL_MIN || value > EXCEL_SERIAL_MAX) return bad(`${header} ${value} is not a date`);
    return ok(excelSerialToIsoDate(value));
  }
  const text = String(value);
  const iso = ISO_DATE.exec(text);
  const us = iso ? null : US_DATE.exec(text);
  if (!iso && !us) return bad(`${header} must be a date as MM/DD/YYYY or YYYY-MM-DD, not '${text}'`);
  const date = iso
    ? isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))
    : isoDate(Number(us?.[3]), Number(us?.[1]), Number(us?.[2]));
  return date ? ok(date) : bad(`${header} '${text}' is not a real date`);
}

function parseNumber(value: string | number | boolean): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "boolean") return undefined;
  const text = value.replace(/,/g, "");
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
  return Number(text);
}

function parseFte(header: string, value: string | number | boolean): Parsed {
  const n = parseNumber(value);
  if (n === undefined || n < FTE_MIN || n > FTE_MAX || Math.abs(n * 100 - Math.round(n * 100)) > 1e-7) {
    return bad(
      `${header} must be a number from ${FTE_MIN} to ${FTE_MAX} with at most 2 decimals, not '${String(value)}'`,
    );
  }
  return ok(Math.round(n * 100) / 100);
}

const TRUE_WORDS = new Set(["yes", "y", "true", "1"]);
const FALSE_WORDS = new Set(["no", "n", "false", "0"]);

function parseBoolean(header: string, value: string | number | boolean): Parsed {
  if (typeof value === "boolean") return ok(value);
  const text = String(value).trim().toLowerCase();
  if (TRUE_WORDS.has(text)) return ok(true);
  if (FALSE_WORDS.has(text)) return ok(false);
  return bad(`${header} must be Yes or No, not '${String(value)}'`);
}

/** Accepted spellings beyond the allowed values themselves. */
const ENUM_ALIASES: Record<string, string> = { traveler: "Traveller" };

function parseEnum(column: UploadColumn, value: string | number | boolean): Parsed {
  const text = String(value).trim();
  const lower = text.toLowerCase();
  const match = column.allowed?.find((a) => a.toLowerCase() === lower) ?? ENUM_ALIASES[lower];
  if (match && column.allowed?.includes(match)) return ok(match);
  return bad(`${column.header} must be one of ${column.allowed?.join(", ")}, not '${text}'`);
}

function parseText(column: UploadColumn, value: string | number | boolean): Parsed {
  const text = (typeof value === "string" ? value : String(value)).trim().replace(/\s+/g, " ");
  if (column.maxLength !== undefined && text.length > column.maxLength) {
    return bad(`${column.header} must be at most ${column.maxLength} characters`);
  }
  return ok(text);
}

function parseCell(column: UploadColumn, value: string | number | boolean): Parsed {
  switch (column.type) {
    case "date":
      return parseDate(column.header, value);
    case "fte":
      return parseFte(column.header, value);
    case "number": {
      const n = parseNumber(value);
      return n === undefined ? bad(`${column.header} must be a number, not '${String(value)}'`) : ok(n);
    }
    case "boolean":
      return parseBoolean(column.header, value);
    case "enum":
      return parseEnum(column, value);
    case "email": {
      const text = parseText(column, value);
      if (!text.ok) return text;
      const email = String(text.value).toLowerCase();
      return EMAIL.safeParse(email).success
        ? ok(email)
        : bad(`${column.header} '${text.value}' is not a valid e-mail address`);
    }
    case "name": {
      const text = parseText(column, value);
      if (!text.ok) return text;
      return PERSON_NAME_PATTERN.test(String(text.value))
        ? text
        : bad(`${column.header} may contain only letters, digits, spaces, apostrophes, hyphens and periods`);
    }
    case "code": {
      if (typeof value === "number" && !Number.isInteger(value)) {
        return bad(`${column.header} may contain only letters, digits, hyphens and spaces`);
      }
      if (column.key === "costCenterCode") return zodText(costCenterCodeSchema, String(value));
      const text = parseText(column, value);
      if (!text.ok) return text;
      return CODE_LIKE_PATTERN.test(String(text.value))
        ? text
        : bad(`${column.header} may contain only letters, digits, hyphens and spaces`);
    }
    case "text": {
      if (column.key === "name") return zodText(costCenterNameSchema, String(value));
      return parseText(column, value);
    }
  }
}

/** Applies one of the shared zod rules (cost center number and name) and takes its message. */
function zodText(schema: z.ZodType<string>, text: string): Parsed {
  const result = schema.safeParse(text);
  if (result.success) return ok(result.data);
  return bad(result.error.issues[0]?.message ?? "Invalid value");
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

type Values = Record<string, string | number | boolean | null>;
type CrossCheck = (values: Values, fail: (key: string, message: string) => void) => void;

const staffRules: CrossCheck = (v, fail) => {
  if (v.staffType === "Traveller" && !v.contractEndDate) {
    fail("contractEndDate", "Contract End Date is required for a Traveller");
  }
  if (v.staffType !== "Traveller" && v.contractEndDate) {
    fail("contractEndDate", "Contract End Date applies to Travellers only; leave it blank");
  }
  if (v.contractEndDate && v.dateOfHire && String(v.contractEndDate) < String(v.dateOfHire)) {
    fail("contractEndDate", "Contract End Date must be on or after Date of Hire");
  }
};

const CROSS_CHECKS: Record<UploadKind, CrossCheck> = {
  CostCenter: () => {},
  Staff: staffRules,
  CostCenterStaff: (v, fail) => {
    staffRules(v, fail);
    if (typeof v.costCenterFte === "number" && typeof v.assignedFte === "number" && v.costCenterFte > v.assignedFte) {
      fail("costCenterFte", "Cost Center FTE must not exceed Assigned FTE");
    }
  },
  Users: (v, fail) => {
    const softwareAdmin = /software admin/i.test(String(v.positionTitle ?? ""));
    const noCostCenters = v.userType === "Admin" || softwareAdmin;
    if (noCostCenters && v.executive) {
      fail("executive", `${softwareAdmin ? "A Software Admin" : "An Admin user"} cannot be an executive`);
    }
    if (noCostCenters && v.costCenterCode) {
      fail(
        "costCenterCode",
        `${softwareAdmin ? "A Software Admin" : "An Admin user"} has no cost center permissions; leave Cost Center Number blank`,
      );
      return;
    }
    if (!v.costCenterCode) {
      for (const key of ["costCenterFte", "completeWizard", "manageStaff"] as const) {
        if (v[key]) fail(key, `${headerOf("Users", key)} needs a Cost Center Number`);
      }
      return;
    }
    if (v.executive) {
      if (v.completeWizard) fail("completeWizard", "An executive has read-only access: Complete Wizard must be No");
      if (v.manageStaff) fail("manageStaff", "An executive has read-only access: Manage Staff must be No");
      if (typeof v.costCenterFte === "number" && v.costCenterFte !== 0) {
        fail("costCenterFte", "An executive has FTE 0: leave Cost Center FTE blank or 0");
      }
    } else if (v.costCenterFte === null) {
      fail("costCenterFte", "Cost Center FTE is required for each cost center of a user who is not an executive");
    }
  },
};

function headerOf(kind: UploadKind, key: string): string {
  return (UPLOAD_COLUMNS[kind] as readonly UploadColumn[]).find((c) => c.key === key)?.header ?? key;
}

/** Columns whose cells are numbers (a date cell may be Excel's day number). */
const NUMERIC_COLUMN_TYPES: ReadonlySet<ColumnType> = new Set(["number", "fte", "date"]);

/** Defaults for optional cells left blank. */
const BLANK_DEFAULTS: Record<string, string | boolean> = {
  staffType: "Regular",
  userType: "User",
  executive: false,
  completeWizard: false,
  manageStaff: false,
};

/**
 * Validates one data row (`rowNumber` is its spreadsheet row) against the kind's columns and rules.
 * Every error carries the row and the 1-based column of the cell at fault.
 */
export function validateUploadRow<K extends UploadKind>(
  kind: K,
  cells: readonly CellValue[],
  rowNumber: number,
): RowValidation<K> {
  const columns: readonly UploadColumn[] = UPLOAD_COLUMNS[kind];
  const errors: UploadError[] = [];
  const values: Values = {};
  columns.forEach((column, i) => {
    const cell = cells[i] ?? null;
    const at = { row: rowNumber, column: i + 1 };
    if (isFormulaCell(cell)) {
      errors.push({ message: `${column.header} holds a formula (=${cell.formula}); enter the value itself`, ...at });
      return;
    }
    if (isErrorCell(cell)) {
      errors.push({ message: `${column.header} holds the spreadsheet error ${cell.error}`, ...at });
      return;
    }
    const blank = cell === null || (typeof cell === "string" && cell.trim() === "");
    if (blank) {
      if (column.required) errors.push({ message: `${column.header} is required`, ...at });
      values[column.key] = BLANK_DEFAULTS[column.key] ?? null;
      return;
    }
    // Text a spreadsheet could run as a formula is refused (schema/spreadsheetText.ts); a number
    // column's leading minus is a sign, judged by the column's own range rule.
    if (!NUMERIC_COLUMN_TYPES.has(column.type) && startsLikeFormula(String(cell))) {
      errors.push({ message: formulaStartMessage(column.header), ...at });
      return;
    }
    const parsed = parseCell(column, cell);
    if (parsed.ok) values[column.key] = parsed.value;
    else errors.push({ message: parsed.message, ...at });
  });
  for (let i = columns.length; i < cells.length; i++) {
    const cell = cells[i] ?? null;
    if (cell === null || (typeof cell === "string" && cell.trim() === "")) continue;
    errors.push({ message: "This cell is outside the template's columns", row: rowNumber, column: i + 1 });
  }
  if (errors.length === 0) {
    CROSS_CHECKS[kind](values, (key, message) => {
      const column = columns.findIndex((c) => c.key === key) + 1;
      errors.push({ message, row: rowNumber, column });
    });
  }
  if (errors.length > 0) return { ok: false, errors, values: values as Partial<TypedRowOf<K>> };
  if (kind === "CostCenterStaff" && values.costCenterFte === null) values.costCenterFte = values.assignedFte ?? null;
  return { ok: true, row: values as unknown as TypedRowOf<K> };
}
