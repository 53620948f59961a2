import { describe, expect, it } from "vitest";
import {
  type CellValue,
  checkHeaderRow,
  checkUploadFileChoice,
  columnLetter,
  excelSerialToIsoDate,
  formatUploadError,
  formatUploadErrors,
  MAX_UPLOAD_BYTES,
  UPLOAD_COLUMNS,
  UPLOAD_TEMPLATES,
  type UploadColumn,
  type UploadKind,
  uploadFormatOf,
  uploadKindOfType,
  validateUploadRow,
} from "../../schema/uploads";

const headers = (kind: UploadKind) => (UPLOAD_COLUMNS[kind] as readonly UploadColumn[]).map((c) => c.header);
const col = (kind: UploadKind, key: string) =>
  (UPLOAD_COLUMNS[kind] as readonly UploadColumn[]).findIndex((c) => c.key === key) + 1;

/** A valid staff row as cells, with overrides by key. */
function staffCells(overrides: Record<string, CellValue> = {}, kind: "Staff" | "CostCenterStaff" = "Staff") {
  const base: Record<string, CellValue> = {
    employeeId: "123456-RN",
    firstName: "Maria",
    middleName: null,
    lastName: "O'Neill",
    email: "Maria.ONeill@Hospital.example",
    dateOfHire: "03/15/2021",
    assignedFte: 0.9,
    staffType: "Regular",
    contractEndDate: null,
    education: "BSN",
    requisitionNumber: null,
    notes: null,
    costCenterCode: "6010",
    costCenterFte: null,
  };
  const values = { ...base, ...overrides };
  return (UPLOAD_COLUMNS[kind] as readonly UploadColumn[]).map((c) => values[c.key] ?? null);
}

function usersCells(overrides: Record<string, CellValue> = {}) {
  const values: Record<string, CellValue> = {
    email: "new.manager@hospital.example",
    firstName: "Nia",
    middleName: null,
    lastName: "Park",
    employeeId: null,
    positionTitle: "Nurse Manager",
    userType: null,
    executive: null,
    costCenterCode: "6010",
    costCenterFte: 1,
    completeWizard: "Yes",
    manageStaff: "No",
    notes: null,
    ...overrides,
  };
  return (UPLOAD_COLUMNS.Users as readonly UploadColumn[]).map((c) => values[c.key] ?? null);
}

function errorsOf(kind: UploadKind, cells: CellValue[], row = 2) {
  const result = validateUploadRow(kind, cells, row);
  return result.ok ? [] : result.errors;
}

describe("upload kinds, formats and messages", () => {
  it("maps the spec's type codes to kinds", () => {
    expect(uploadKindOfType(0)).toBe("CostCenter");
    expect(uploadKindOfType(1)).toBe("Staff");
    expect(uploadKindOfType(1, "some-cost-center")).toBe("CostCenterStaff");
    expect(uploadKindOfType(2)).toBe("Users");
    expect(uploadKindOfType(3)).toBeUndefined();
  });

  it("knows .xlsx and .csv only, by extension, case-insensitively", () => {
    expect(uploadFormatOf("staff.xlsx")).toBe("xlsx");
    expect(uploadFormatOf("STAFF.XLSX")).toBe("xlsx");
    expect(uploadFormatOf("my.staff.csv")).toBe("csv");
    expect(uploadFormatOf("staff.xls")).toBeUndefined();
    expect(uploadFormatOf("staff.xlsx.png")).toBeUndefined();
    expect(uploadFormatOf("xlsx")).toBeUndefined();
    expect(uploadFormatOf("")).toBeUndefined();
  });

  it("answers the spec's file messages word for word", () => {
    expect(checkUploadFileChoice({ name: "a.pdf", size: 10 })).toBe("please upload file format in .xlsx or .csv");
    expect(checkUploadFileChoice({ name: "a.csv", size: MAX_UPLOAD_BYTES + 1 })).toBe("file size exceeds 100mb limit.");
    expect(checkUploadFileChoice({ name: "a.csv", size: MAX_UPLOAD_BYTES })).toBeUndefined();
    expect(MAX_UPLOAD_BYTES).toBe(104_857_600);
  });

  it("formats errors as 'message at row N, column M'", () => {
    expect(formatUploadError({ message: "First Name is required", row: 4, column: 2 })).toBe(
      "First Name is required at row 4, column 2",
    );
    expect(formatUploadError({ message: "The file is empty." })).toBe("The file is empty.");
    expect(formatUploadErrors([{ message: "A", row: 2, column: 1 }, { message: "B" }])).toBe(
      "Attachment failed, A at row 2, column 1, B",
    );
    expect(columnLetter(1)).toBe("A");
    expect(columnLetter(28)).toBe("AB");
  });

  it("has the template names, headers and descriptions", () => {
    expect(UPLOAD_TEMPLATES.CostCenter).toMatchObject({
      templateName: "cost_center_data_file_template.xlsx",
      header: "UPLOAD COST CENTER DATA FILE",
      description: "Upload cost center data file to import information",
    });
    expect(UPLOAD_TEMPLATES.Staff).toMatchObject({
      templateName: "staff_data_file_template.xlsx",
      header: "UPLOAD STAFF DATA FILE",
      description: "Upload staff data file to import information",
    });
    expect(UPLOAD_TEMPLATES.Users).toMatchObject({
      templateName: "users_data_file_template.xlsx",
      header: "UPLOAD USERS DATA FILE",
      description: "Upload users data file to import information",
    });
    expect(UPLOAD_TEMPLATES.CostCenterStaff.templateName).toBe("cc_staff_data_file_template.xlsx");
  });

  it("gives every column a valid example (the example row of each kind validates)", () => {
    for (const kind of ["CostCenter", "Staff", "CostCenterStaff", "Users"] as const) {
      const cells = (UPLOAD_COLUMNS[kind] as readonly UploadColumn[]).map((c) =>
        c.example === "" ? null : typeof c.example === "boolean" ? (c.example ? "Yes" : "No") : c.example,
      );
      expect(validateUploadRow(kind, cells, 2), kind).toMatchObject({ ok: true });
    }
  });
});

describe("checkHeaderRow", () => {
  it("accepts the template's headers, case and spacing aside, with a trailing '*'", () => {
    expect(checkHeaderRow("Staff", headers("Staff"))).toEqual([]);
    expect(
      checkHeaderRow(
        "Staff",
        headers("Staff").map((h) => ` ${h.toUpperCase()}* `),
      ),
    ).toEqual([]);
    expect(checkHeaderRow("CostCenter", [...headers("CostCenter"), null, ""])).toEqual([]);
  });

  it("names a wrong, a missing and an extra header at its column", () => {
    const cells: CellValue[] = [...headers("Staff")];
    cells[2] = "Middle Initial";
    cells[12] = null;
    cells.push("Badge Number");
    expect(checkHeaderRow("Staff", cells)).toEqual([
      { message: "The header must be 'Middle Name', not 'Middle Initial'", row: 1, column: 3 },
      { message: "The header 'Cost Center Number' is missing", row: 1, column: 13 },
      {
        message: "Unexpected column 'Badge Number': staff_data_file_template.xlsx has 13 columns",
        row: 1,
        column: 14,
      },
    ]);
  });

  it("says which template's header row it expected when the first row is not a header", () => {
    expect(checkHeaderRow("CostCenter", ["6010", "Telemetry"])).toEqual([
      {
        message:
          "The first row must be the header row of cost_center_data_file_template.xlsx: Cost Center Number, Cost Center Name, PRN FTE",
        row: 1,
      },
    ]);
    // A staff file uploaded as cost centers shares no header with it either.
    expect(checkHeaderRow("CostCenter", headers("Staff"))).toHaveLength(1);
  });
});

describe("validateUploadRow: staff", () => {
  it("types a good row: dates to ISO, FTE to numbers, e-mail lower-cased, blanks to null and defaults", () => {
    const result = validateUploadRow("Staff", staffCells({ staffType: null, middleName: "  " }), 7);
    expect(result).toEqual({
      ok: true,
      row: {
        employeeId: "123456-RN",
        firstName: "Maria",
        middleName: null,
        lastName: "O'Neill",
        email: "maria.oneill@hospital.example",
        dateOfHire: "2021-03-15",
        assignedFte: 0.9,
        staffType: "Regular",
        contractEndDate: null,
        education: "BSN",
        requisitionNumber: null,
        notes: null,
        costCenterCode: "6010",
      },
    });
  });

  it("reads Excel serial dates, ISO dates and MM/DD/YYYY, and numbers as text", () => {
    expect(excelSerialToIsoDate(44270)).toBe("2021-03-15");
    expect(excelSerialToIsoDate(61)).toBe("1900-03-01");
    for (const date of [44270, "2021-03-15", "3/15/2021", "03/15/2021"]) {
      const result = validateUploadRow("Staff", staffCells({ dateOfHire: date }), 2);
      expect(result.ok && result.row.dateOfHire, String(date)).toBe("2021-03-15");
    }
    const numeric = validateUploadRow(
      "Staff",
      staffCells({ employeeId: 100042, costCenterCode: 6010, assignedFte: "1.00" }),
      2,
    );
    expect(numeric.ok && [numeric.row.employeeId, numeric.row.costCenterCode, numeric.row.assignedFte]).toEqual([
      "100042",
      "6010",
      1,
    ]);
  });

  it("lists every missing required cell at its row and column", () => {
    const cells = staffCells({ employeeId: null, firstName: "", lastName: null, dateOfHire: null, assignedFte: null });
    expect(errorsOf("Staff", cells, 9)).toEqual([
      { message: "Employee ID is required", row: 9, column: 1 },
      { message: "First Name is required", row: 9, column: 2 },
      { message: "Last Name is required", row: 9, column: 4 },
      { message: "Date of Hire is required", row: 9, column: 6 },
      { message: "Assigned FTE is required", row: 9, column: 7 },
    ]);
  });

  it("refuses impossible and malformed dates", () => {
    expect(errorsOf("Staff", staffCells({ dateOfHire: "02/30/2026" }))).toEqual([
      { message: "Date of Hire '02/30/2026' is not a real date", row: 2, column: 6 },
    ]);
    expect(errorsOf("Staff", staffCells({ dateOfHire: "2025-13-01" }))).toEqual([
      { message: "Date of Hire '2025-13-01' is not a real date", row: 2, column: 6 },
    ]);
    expect(errorsOf("Staff", staffCells({ dateOfHire: "15.03.2021" }))).toEqual([
      { message: "Date of Hire must be a date as MM/DD/YYYY or YYYY-MM-DD, not '15.03.2021'", row: 2, column: 6 },
    ]);
    expect(errorsOf("Staff", staffCells({ dateOfHire: 9_999_999 }))).toEqual([
      { message: "Date of Hire 9999999 is not a date", row: 2, column: 6 },
    ]);
    expect(errorsOf("Staff", staffCells({ dateOfHire: "2/29/2024" }))).toEqual([]);
    expect(errorsOf("Staff", staffCells({ dateOfHire: "2/29/2023" }))).toHaveLength(1);
  });

  it("knows the calendar: leap years by the 4/100/400 rule, month lengths, 1900 to 2099", () => {
    const hired = (text: string) => {
      const result = validateUploadRow("Staff", staffCells({ dateOfHire: text }), 2);
      return result.ok ? result.row.dateOfHire : "refused";
    };
    expect(hired("02/29/2000")).toBe("2000-02-29"); // divisible by 400: leap
    expect(hired("02/29/1900")).toBe("refused"); // divisible by 100, not 400: not leap
    expect(hired("1904-2-29")).toBe("1904-02-29");
    expect(hired("04/31/2025")).toBe("refused");
    expect(hired("12/31/2099")).toBe("2099-12-31");
    expect(hired("12/31/1899")).toBe("refused");
    expect(hired("01/01/2100")).toBe("refused");
    // Every day number of every month of a few years, against the JavaScript calendar.
    for (const year of [1900, 1999, 2000, 2023, 2024, 2099]) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= 31; day++) {
          const date = new Date(Date.UTC(year, month - 1, day));
          const real = date.getUTCMonth() === month - 1;
          expect(hired(`${month}/${day}/${year}`), `${month}/${day}/${year}`).toBe(
            real ? date.toISOString().slice(0, 10) : "refused",
          );
        }
      }
    }
  });

  it("keeps FTE within 0 to 1.5 with at most 2 decimals", () => {
    const message = (v: string) => `Assigned FTE must be a number from 0 to 1.5 with at most 2 decimals, not '${v}'`;
    expect(errorsOf("Staff", staffCells({ assignedFte: 1.6 }))).toEqual([
      { message: message("1.6"), row: 2, column: 7 },
    ]);
    expect(errorsOf("Staff", staffCells({ assignedFte: -0.1 }))).toEqual([
      { message: message("-0.1"), row: 2, column: 7 },
    ]);
    expect(errorsOf("Staff", staffCells({ assignedFte: "0.955" }))).toEqual([
      { message: message("0.955"), row: 2, column: 7 },
    ]);
    expect(errorsOf("Staff", staffCells({ assignedFte: "full" }))).toEqual([
      { message: message("full"), row: 2, column: 7 },
    ]);
    for (const ok of [0, 1.5, "0.95", 0.3 + 0.6])
      expect(errorsOf("Staff", staffCells({ assignedFte: ok }))).toEqual([]);
  });

  it("knows the staff types; a Traveller needs a contract end date, nobody else has one", () => {
    expect(errorsOf("Staff", staffCells({ staffType: "Contractor" }))).toEqual([
      { message: "Staff Type must be one of Regular, PRN, Traveller, not 'Contractor'", row: 2, column: 8 },
    ]);
    const traveler = validateUploadRow(
      "Staff",
      staffCells({ staffType: "traveler", contractEndDate: "2027-01-31" }),
      2,
    );
    expect(traveler.ok && traveler.row.staffType).toBe("Traveller");
    expect(errorsOf("Staff", staffCells({ staffType: "Traveller" }), 5)).toEqual([
      { message: "Contract End Date is required for a Traveller", row: 5, column: 9 },
    ]);
    expect(errorsOf("Staff", staffCells({ staffType: "PRN", contractEndDate: "2027-01-31" }))).toEqual([
      { message: "Contract End Date applies to Travellers only; leave it blank", row: 2, column: 9 },
    ]);
    expect(errorsOf("Staff", staffCells({ staffType: "Traveller", contractEndDate: "2020-01-01" }))).toEqual([
      { message: "Contract End Date must be on or after Date of Hire", row: 2, column: 9 },
    ]);
  });

  it("checks e-mail addresses, names, code-like text and lengths", () => {
    expect(errorsOf("Staff", staffCells({ email: "maria@" }))).toEqual([
      { message: "Email 'maria@' is not a valid e-mail address", row: 2, column: 5 },
    ]);
    expect(errorsOf("Staff", staffCells({ firstName: "Maria<script>" }))).toEqual([
      {
        message: "First Name may contain only letters, digits, spaces, apostrophes, hyphens and periods",
        row: 2,
        column: 2,
      },
    ]);
    expect(errorsOf("Staff", staffCells({ employeeId: "123456_RN" }))).toEqual([
      { message: "Employee ID may contain only letters, digits, hyphens and spaces", row: 2, column: 1 },
    ]);
    expect(errorsOf("Staff", staffCells({ employeeId: "1234567890-RN" }))).toEqual([
      { message: "Employee ID must be at most 12 characters", row: 2, column: 1 },
    ]);
    expect(errorsOf("Staff", staffCells({ notes: "x".repeat(41) }))).toEqual([
      { message: "Notes must be at most 40 characters", row: 2, column: 12 },
    ]);
    expect(errorsOf("Staff", staffCells({ costCenterCode: "60A0" }))).toEqual([
      { message: "Cost center number must contain digits only", row: 2, column: 13 },
    ]);
  });

  it("refuses formula and error cells at their position, and cells beyond the columns", () => {
    const cells: CellValue[] = staffCells({ assignedFte: { formula: "0.5+0.4" }, education: { error: "#N/A" } });
    cells[15] = "stray";
    expect(errorsOf("Staff", cells, 12)).toEqual([
      { message: "Assigned FTE holds a formula (=0.5+0.4); enter the value itself", row: 12, column: 7 },
      { message: "Education holds the spreadsheet error #N/A", row: 12, column: 10 },
      { message: "This cell is outside the template's columns", row: 12, column: 16 },
    ]);
  });

  it("per cost center: Cost Center FTE defaults to Assigned FTE and may not exceed it", () => {
    const ok = validateUploadRow("CostCenterStaff", staffCells({}, "CostCenterStaff"), 2);
    expect(ok.ok && ok.row.costCenterFte).toBe(0.9);
    expect(errorsOf("CostCenterStaff", staffCells({ costCenterFte: 1 }, "CostCenterStaff"))).toEqual([
      {
        message: "Cost Center FTE must not exceed Assigned FTE",
        row: 2,
        column: col("CostCenterStaff", "costCenterFte"),
      },
    ]);
  });
});

describe("validateUploadRow: cost centers and users", () => {
  it("reuses the cost center number and name rules", () => {
    expect(validateUploadRow("CostCenter", ["6130", "Cardiac Cath Lab", null], 2)).toEqual({
      ok: true,
      row: { costCenterCode: "6130", name: "Cardiac Cath Lab", prnFte: null },
    });
    expect(errorsOf("CostCenter", ["1234567890123", "Lab <1>", 2])).toEqual([
      { message: "Cost center number must be at most 12 digits", row: 2, column: 1 },
      { message: "Cost center name may contain letters, digits, spaces and - & ' ( ) . , /", row: 2, column: 2 },
      { message: "PRN FTE must be a number from 0 to 1.5 with at most 2 decimals, not '2'", row: 2, column: 3 },
    ]);
  });

  it("types a user row: Yes/No flags, default user type, read-only when neither flag", () => {
    const result = validateUploadRow("Users", usersCells({ completeWizard: "no", manageStaff: "N" }), 3);
    expect(result).toEqual({
      ok: true,
      row: {
        email: "new.manager@hospital.example",
        firstName: "Nia",
        middleName: null,
        lastName: "Park",
        employeeId: null,
        positionTitle: "Nurse Manager",
        userType: "User",
        executive: false,
        costCenterCode: "6010",
        costCenterFte: 1,
        completeWizard: false,
        manageStaff: false,
        notes: null,
      },
    });
    expect(errorsOf("Users", usersCells({ completeWizard: "maybe" }))).toEqual([
      { message: "Complete Wizard must be Yes or No, not 'maybe'", row: 2, column: col("Users", "completeWizard") },
    ]);
  });

  it("holds users to the permission rules", () => {
    expect(errorsOf("Users", usersCells({ costCenterFte: null }))).toEqual([
      {
        message: "Cost Center FTE is required for each cost center of a user who is not an executive",
        row: 2,
        column: col("Users", "costCenterFte"),
      },
    ]);
    expect(errorsOf("Users", usersCells({ executive: "Yes", costCenterFte: 0.5 }))).toEqual([
      {
        message: "An executive has read-only access: Complete Wizard must be No",
        row: 2,
        column: col("Users", "completeWizard"),
      },
      {
        message: "An executive has FTE 0: leave Cost Center FTE blank or 0",
        row: 2,
        column: col("Users", "costCenterFte"),
      },
    ]);
    expect(errorsOf("Users", usersCells({ positionTitle: "Software Admin" }))).toEqual([
      {
        message: "A Software Admin has no cost center permissions; leave Cost Center Number blank",
        row: 2,
        column: col("Users", "costCenterCode"),
      },
    ]);
    expect(
      errorsOf(
        "Users",
        usersCells({
          userType: "Admin",
          executive: "Yes",
          costCenterCode: null,
          completeWizard: null,
          costCenterFte: null,
        }),
      ),
    ).toEqual([{ message: "An Admin user cannot be an executive", row: 2, column: col("Users", "executive") }]);
    expect(errorsOf("Users", usersCells({ costCenterCode: null }))).toEqual([
      { message: "Cost Center FTE needs a Cost Center Number", row: 2, column: col("Users", "costCenterFte") },
      { message: "Complete Wizard needs a Cost Center Number", row: 2, column: col("Users", "completeWizard") },
    ]);
  });
});

describe("(8) spreadsheet injection", () => {
  it("refuses a text cell starting with a tab or a carriage return, by the same rule", () => {
    expect(validateUploadRow("CostCenter", ["7110", "\tCardiology", null], 2)).toEqual({
      ok: false,
      errors: [
        {
          message:
            "Cost Center Name must not start with =, +, -, @, a tab or a line break: a spreadsheet could run it as a formula",
          row: 2,
          column: 2,
        },
      ],
      // The cells that parsed, for the file-wide repeat check.
      values: { costCenterCode: "7110", prnFte: null },
    });
    expect(validateUploadRow("CostCenter", ["\r7111", "Cardiology", null], 3)).toMatchObject({
      ok: false,
      errors: [{ row: 3, column: 1 }],
    });
  });

  it("takes -1 and +0.5 in a number column as numbers, judged by the column's range", () => {
    expect(validateUploadRow("CostCenter", ["7112", "Cardiology", "+0.5"], 2)).toEqual({
      ok: true,
      row: { costCenterCode: "7112", name: "Cardiology", prnFte: 0.5 },
    });
    expect(validateUploadRow("CostCenter", ["7113", "Cardiology", -1], 2)).toEqual({
      ok: false,
      errors: [
        { message: "PRN FTE must be a number from 0 to 1.5 with at most 2 decimals, not '-1'", row: 2, column: 3 },
      ],
      values: { costCenterCode: "7113", name: "Cardiology" },
    });
  });
});
