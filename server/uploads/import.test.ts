import { randomUUID } from "node:crypto";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { costCenterPermissions, costCenterStaff, costCenters, positions, staff, users } from "../../db/schema";
import { DEMO_COST_CENTERS, DEMO_FACILITY_ID, DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { formatUploadError, type UploadKind } from "../../schema/uploads";
import { useSeededDatabase } from "../../tests/support/seededDatabase";
import { useTempDir } from "../../tests/support/tempDir";
import {
  demoUploadContext,
  type FileRow,
  type FilledFileOptions,
  generatedStaffRow,
  writeStaffCsv,
  writeUploadFile,
} from "../../tests/support/uploadFiles";
import { importUploadFile } from "./importFile";
import { buildTemplate } from "./templates";
import { STAFF_CHUNK_ROWS, type UploadWriteContext } from "./writers";

const db = useSeededDatabase();
const dir = useTempDir("upload-import-");

const costCenterIdOf = (code: string) => demoId("costCenter", DEMO_COST_CENTERS.findIndex((c) => c.code === code) + 1);

const context = demoUploadContext;

async function importRows(
  kind: UploadKind,
  rows: readonly FileRow[],
  options: { format?: "xlsx" | "csv"; context?: Partial<UploadWriteContext>; file?: FilledFileOptions } = {},
) {
  const format = options.format ?? "xlsx";
  const p = path.join(dir, `${randomUUID()}.${format}`);
  await writeUploadFile(p, kind, format, rows, options.file);
  return importUploadFile(db.db, { path: p, format, kind, context: context(options.context) });
}

const staffRow = (overrides: Record<string, unknown> = {}) => ({
  employeeId: "900001-RN",
  firstName: "Maria",
  lastName: "O'Neill",
  email: "maria.oneill@hospital.example",
  dateOfHire: "03/15/2021",
  assignedFte: 0.9,
  staffType: "Regular",
  education: "BSN",
  ...overrides,
});

async function staffCount() {
  const [row] = await db.db
    .select({ n: sql<number>`count(*)::int` })
    .from(staff)
    .where(eq(staff.facilityId, DEMO_FACILITY_ID));
  return row?.n ?? 0;
}

describe("cost centers", () => {
  it("adds new numbers and renames an existing one, from the downloaded template filled in", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildTemplate("CostCenter")) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    sheet?.addRow(["7010", "Cardiac Cath Lab", 0.25]);
    sheet?.addRow([7020, "Wound Care", null]);
    sheet?.addRow(["6030", "Telemetry North", null]);
    const p = path.join(dir, "cost-centers.xlsx");
    await workbook.xlsx.writeFile(p);
    const outcome = await importUploadFile(db.db, { path: p, format: "xlsx", kind: "CostCenter", context: context() });
    expect(outcome).toEqual({ status: "Success", rows: 3, result: { inserted: 2, updated: 1, removed: 0 } });
    const rows = await db.db
      .select({ code: costCenters.code, name: costCenters.name, prnFte: costCenters.prnFte })
      .from(costCenters)
      .where(and(eq(costCenters.facilityId, DEMO_FACILITY_ID), inArray(costCenters.code, ["7010", "7020", "6030"])))
      .orderBy(costCenters.code);
    expect(rows).toEqual([
      { code: "6030", name: "Telemetry North", prnFte: null },
      { code: "7010", name: "Cardiac Cath Lab", prnFte: 0.25 },
      { code: "7020", name: "Wound Care", prnFte: null },
    ]);
  });

  it("refuses a number twice in the file and writes nothing", async () => {
    const outcome = await importRows("CostCenter", [
      { costCenterCode: "7030", name: "Sleep Lab" },
      { costCenterCode: "7040", name: "Dialysis" },
      { costCenterCode: "7030", name: "Sleep Center" },
    ]);
    expect(outcome).toEqual({
      status: "Error",
      rows: 3,
      errors: [{ message: "Cost Center Number 7030 appears more than once (also at row 2)", row: 4, column: 1 }],
    });
    const written = await db.db
      .select()
      .from(costCenters)
      .where(inArray(costCenters.code, ["7030", "7040"]));
    expect(written).toEqual([]);
  });
});

describe("staff", () => {
  it("adds and updates employees, joins them to a cost center and flags the linked user", async () => {
    const before = await staffCount();
    const outcome = await importRows(
      "Staff",
      [
        staffRow({ costCenterCode: "6090" }),
        staffRow({
          employeeId: "900002-RN",
          firstName: "Kwame",
          lastName: "Mensah",
          email: null,
          staffType: "Traveller",
          contractEndDate: new Date(Date.UTC(2027, 1, 28)),
          dateOfHire: "2026-09-01",
          assignedFte: 1,
          requisitionNumber: "REQ-26-0142",
        }),
        // The demo manager (Jordan Patel) is an existing employee who is also a user.
        staffRow({
          employeeId: "100042-NM",
          firstName: "Jordan",
          lastName: "Patel",
          email: "manager@demo.hospital",
          dateOfHire: "11/03/2016",
          assignedFte: 1,
          education: "MSN",
          costCenterCode: "6030",
        }),
      ],
      { format: "csv" },
    );
    expect(outcome).toEqual({ status: "Success", rows: 3, result: { inserted: 2, updated: 1, removed: 0 } });
    expect(await staffCount()).toBe(before + 2);
    const [traveller] = await db.db.select().from(staff).where(eq(staff.employeeId, "900002-RN"));
    expect(traveller).toMatchObject({
      firstName: "Kwame",
      staffType: "Traveller",
      contractEndDate: "2027-02-28",
      dateOfHire: "2026-09-01",
      assignedFte: 1,
      requisitionNumber: "REQ-26-0142",
      email: null,
    });
    const memberships = await db.db
      .select({
        employeeId: staff.employeeId,
        code: costCenters.code,
        fte: costCenterStaff.fte,
        flag: costCenterStaff.uploadChange,
      })
      .from(costCenterStaff)
      .innerJoin(staff, eq(staff.id, costCenterStaff.staffId))
      .innerJoin(costCenters, eq(costCenters.id, costCenterStaff.costCenterId))
      .where(inArray(staff.employeeId, ["900001-RN", "900002-RN", "100042-NM"]))
      .orderBy(staff.employeeId, costCenters.code);
    expect(memberships).toEqual([
      { employeeId: "100042-NM", code: "6010", fte: 0.6, flag: false },
      { employeeId: "100042-NM", code: "6020", fte: 0.4, flag: false },
      { employeeId: "100042-NM", code: "6030", fte: 1, flag: true },
      { employeeId: "900001-RN", code: "6090", fte: 0.9, flag: true },
    ]);
    const [manager] = await db.db
      .select({ flag: users.uploadChange })
      .from(users)
      .where(eq(users.id, DEMO_USER_IDS.user));
    expect(manager?.flag).toBe(true);
  });

  it("is idempotent: the same file again updates the same employees and adds none", async () => {
    const rows = [staffRow({ employeeId: "900010-RN" }), staffRow({ employeeId: "900011-RN", firstName: "Ines" })];
    expect(await importRows("Staff", rows)).toMatchObject({ result: { inserted: 2, updated: 0 } });
    const before = await staffCount();
    expect(await importRows("Staff", rows)).toMatchObject({ result: { inserted: 0, updated: 2 } });
    expect(await staffCount()).toBe(before);
  });

  it("refuses a wrong header with its column, and reads nothing further", async () => {
    const outcome = await importRows("Staff", [staffRow({ employeeId: "900020-RN" })], {
      file: {
        header: [
          "Employee ID",
          "First Name",
          "Middle Name",
          "Surname",
          "Email",
          "Date of Hire",
          "Assigned FTE",
          "Staff Type",
          "Contract End Date",
          "Education",
          "Requisition Number",
          "Notes",
          "Cost Center Number",
        ],
      },
    });
    expect(outcome).toEqual({
      status: "Error",
      rows: 0,
      errors: [{ message: "The header must be 'Last Name', not 'Surname'", row: 1, column: 4 }],
    });
    expect(outcome.status === "Error" && outcome.errors.map(formatUploadError)).toEqual([
      "The header must be 'Last Name', not 'Surname' at row 1, column 4",
    ]);
  });

  it("gives each bad row its exact error with row and column, and writes nothing", async () => {
    const before = await staffCount();
    const outcome = await importRows("Staff", [
      staffRow({ employeeId: "900030-RN" }),
      staffRow({ employeeId: "900031-RN", firstName: null, dateOfHire: null }),
      staffRow({ employeeId: "900032-RN", dateOfHire: "02/30/2026" }),
      staffRow({ employeeId: "900033-RN", assignedFte: 1.6 }),
      staffRow({ employeeId: "900030-RN", firstName: "Other" }),
      staffRow({ employeeId: "900034-RN", staffType: "Traveller" }),
      staffRow({ employeeId: "900035-RN", assignedFte: { formula: "0.5+0.4", result: 0.9 } }),
      staffRow({ employeeId: "900036-RN", costCenterCode: "9999" }),
      staffRow({ employeeId: "900037-RN", staffType: "PRN", contractEndDate: "2027-01-01" }),
    ]);
    expect(outcome.status === "Error" && outcome.errors.map(formatUploadError)).toEqual([
      "First Name is required at row 3, column 2",
      "Date of Hire is required at row 3, column 6",
      "Date of Hire '02/30/2026' is not a real date at row 4, column 6",
      "Assigned FTE must be a number from 0 to 1.5 with at most 2 decimals, not '1.6' at row 5, column 7",
      "Employee ID 900030-RN appears more than once (also at row 2) at row 6, column 1",
      "Contract End Date is required for a Traveller at row 7, column 9",
      "Assigned FTE holds a formula (=0.5+0.4); enter the value itself at row 8, column 7",
      "Cost center number 9999 does not exist in this facility at row 9, column 13",
      "Contract End Date applies to Travellers only; leave it blank at row 10, column 9",
    ]);
    expect(await staffCount()).toBe(before);
  });

  it.each([
    "xlsx",
    "csv",
  ] as const)("(8) spreadsheet injection: refuses text cells starting with = + - @ in a .%s; -1 in a number column is a number", async (format) => {
    const before = await staffCount();
    const outcome = await importRows(
      "Staff",
      [
        staffRow({ employeeId: "900040-RN", notes: "+1 on call" }),
        staffRow({ employeeId: "900041-RN", firstName: "-Maria" }),
        staffRow({ employeeId: "900042-RN", education: "@SUM(A1)" }),
        staffRow({ employeeId: "900043-RN", requisitionNumber: "-REQ-1" }),
        staffRow({ employeeId: "900044-RN", notes: "=" }),
        staffRow({ employeeId: "900045-RN", assignedFte: -1 }),
      ],
      { format },
    );
    expect(outcome.status === "Error" && outcome.errors.map(formatUploadError)).toEqual([
      "Notes must not start with =, +, -, @, a tab or a line break: a spreadsheet could run it as a formula at row 2, column 12",
      "First Name must not start with =, +, -, @, a tab or a line break: a spreadsheet could run it as a formula at row 3, column 2",
      "Education must not start with =, +, -, @, a tab or a line break: a spreadsheet could run it as a formula at row 4, column 10",
      "Requisition Number must not start with =, +, -, @, a tab or a line break: a spreadsheet could run it as a formula at row 5, column 11",
      "Notes must not start with =, +, -, @, a tab or a line break: a spreadsheet could run it as a formula at row 6, column 12",
      "Assigned FTE must be a number from 0 to 1.5 with at most 2 decimals, not '-1' at row 7, column 7",
    ]);
    expect(await staffCount()).toBe(before);
  });

  it("reports a repeated Employee ID whichever of the two rows is otherwise wrong", async () => {
    const before = await staffCount();
    const outcome = await importRows("Staff", [
      // Row 2: wrong (no first name), row 4 repeats its id and is otherwise right.
      staffRow({ employeeId: "900050-RN", firstName: null }),
      staffRow({ employeeId: "900051-RN" }),
      staffRow({ employeeId: "900050-RN" }),
      // Rows 5 and 6: both wrong, the second repeats the first's id.
      staffRow({ employeeId: "900052-RN", assignedFte: 1.6 }),
      staffRow({ employeeId: "900052-RN", dateOfHire: null }),
    ]);
    expect(outcome.status === "Error" && outcome.errors.map(formatUploadError)).toEqual([
      "First Name is required at row 2, column 2",
      "Employee ID 900050-RN appears more than once (also at row 2) at row 4, column 1",
      "Assigned FTE must be a number from 0 to 1.5 with at most 2 decimals, not '1.6' at row 5, column 7",
      "Employee ID 900052-RN appears more than once (also at row 5) at row 6, column 1",
      "Date of Hire is required at row 6, column 6",
    ]);
    expect(await staffCount()).toBe(before);
  });

  it("lists all 20 errors of a file with 20 bad rows", async () => {
    const rows = Array.from({ length: 20 }, (_, i) =>
      staffRow({ employeeId: `9001${String(i).padStart(2, "0")}-RN`, assignedFte: 2 }),
    );
    const outcome = await importRows("Staff", rows, { format: "csv" });
    expect(outcome.status).toBe("Error");
    const errors = outcome.status === "Error" ? outcome.errors : [];
    expect(errors).toHaveLength(20);
    expect(errors.map((e) => [e.row, e.column])).toEqual(Array.from({ length: 20 }, (_, i) => [i + 2, 7]));
  });

  it("rolls back rows already written when a later chunk has an error", async () => {
    const before = await staffCount();
    // Whole chunks are written before the bad row is read.
    const good = STAFF_CHUNK_ROWS + 500;
    const rows: FileRow[] = Array.from({ length: good }, (_, i) => ({ ...generatedStaffRow(i + 500_000) }));
    rows.push(staffRow({ employeeId: "900200-RN", dateOfHire: "13/01/2020" }));
    db.queries.length = 0;
    const outcome = await importRows("Staff", rows, { format: "csv" });
    expect(db.queries.filter((q) => q.startsWith("copy staff_upload_staging")).length).toBeGreaterThan(0);
    expect(outcome).toEqual({
      status: "Error",
      rows: good + 1,
      errors: [{ message: "Date of Hire '13/01/2020' is not a real date", row: good + 2, column: 6 }],
    });
    expect(await staffCount()).toBe(before);
  });

  it("writes 2,500 rows in chunks, not a statement per row", async () => {
    const p = path.join(dir, "2500.csv");
    await writeStaffCsv(p, { rows: 2500 });
    db.queries.length = 0;
    const outcome = await importUploadFile(db.db, { path: p, format: "csv", kind: "Staff", context: context() });
    expect(outcome).toMatchObject({ status: "Success", rows: 2500, result: { inserted: 2500 } });
    // prepare (2 selects + the staging table) + one chunk: its COPY, 2 merges and the staging's
    // truncate, plus begin/commit.
    expect(db.queries.length).toBeLessThan(12);
  });
});

describe("staff of one cost center", () => {
  const pediatrics = costCenterIdOf("6090");
  const members = async () =>
    (
      await db.db
        .select({ employeeId: staff.employeeId, fte: costCenterStaff.fte })
        .from(costCenterStaff)
        .innerJoin(staff, eq(staff.id, costCenterStaff.staffId))
        .where(eq(costCenterStaff.costCenterId, pediatrics))
        .orderBy(staff.employeeId)
    ).map((m) => `${m.employeeId}:${m.fte}`);

  it("without 'update staff': joins existing employees as they are, adds new ones, refuses a name that does not match", async () => {
    const [someone] = await db.db
      .select({
        employeeId: staff.employeeId,
        firstName: staff.firstName,
        lastName: staff.lastName,
        fte: staff.assignedFte,
      })
      .from(staff)
      .where(eq(staff.employeeId, "900010-RN"));
    const mismatch = await importRows(
      "CostCenterStaff",
      [staffRow({ employeeId: "900010-RN", firstName: "Someone", lastName: "Else" })],
      { context: { costCenterId: pediatrics } },
    );
    expect(mismatch).toEqual({
      status: "Error",
      rows: 1,
      errors: [
        {
          message:
            "Employee ID 900010-RN belongs to Maria O'Neill in this facility: correct the Employee ID, or upload with 'update staff' to change the employee's details",
          row: 2,
          column: 1,
        },
      ],
    });
    const outcome = await importRows(
      "CostCenterStaff",
      [
        staffRow({ employeeId: "900010-RN", firstName: "MARIA", assignedFte: 0.5, costCenterFte: 0.5 }),
        staffRow({ employeeId: "900300-RN", firstName: "Tomas", lastName: "Reyes", assignedFte: 0.8 }),
      ],
      { context: { costCenterId: pediatrics } },
    );
    expect(outcome).toEqual({ status: "Success", rows: 2, result: { inserted: 2, updated: 0, removed: 0 } });
    const [after] = await db.db
      .select({ firstName: staff.firstName, fte: staff.assignedFte })
      .from(staff)
      .where(eq(staff.employeeId, "900010-RN"));
    expect(after).toEqual({ firstName: someone?.firstName, fte: someone?.fte });
    expect(await members()).toEqual(expect.arrayContaining(["900010-RN:0.5", "900300-RN:0.8"]));
  });

  it("with 'update staff' and 'remove staff': updates details and memberships, removes members not in the file", async () => {
    const outcome = await importRows(
      "CostCenterStaff",
      [
        staffRow({ employeeId: "900010-RN", firstName: "Mariah", assignedFte: 1, costCenterFte: 0.7 }),
        staffRow({ employeeId: "900300-RN", firstName: "Tomas", lastName: "Reyes", assignedFte: 0.8 }),
      ],
      { context: { costCenterId: pediatrics, updateStaff: true, removeStaff: true } },
    );
    expect(outcome.status).toBe("Success");
    const result = outcome.status === "Success" ? outcome.result : undefined;
    expect(result?.inserted).toBe(0);
    expect(result?.updated).toBe(2);
    // The seed puts a few dozen staff in Pediatrics, and the staff test added 900001-RN.
    expect(result?.removed).toBeGreaterThan(10);
    expect(await members()).toEqual(["900010-RN:0.7", "900300-RN:0.8"]);
    const [updated] = await db.db
      .select({ firstName: staff.firstName, fte: staff.assignedFte })
      .from(staff)
      .where(eq(staff.employeeId, "900010-RN"));
    expect(updated).toEqual({ firstName: "Mariah", fte: 1 });
    // Emily Tran (a user in Pediatrics) left it: her user is marked for review.
    const [emily] = await db.db.select({ flag: users.uploadChange }).from(users).where(eq(users.firstName, "Emily"));
    expect(emily?.flag).toBe(true);
  });

  it("refuses an upload whose cost center is not in the facility", async () => {
    const outcome = await importRows("CostCenterStaff", [staffRow()], { context: { costCenterId: randomUUID() } });
    expect(outcome).toEqual({
      status: "Error",
      rows: 0,
      errors: [{ message: "The cost center of this upload does not exist in this facility." }],
    });
  });
});

describe("users", () => {
  const userRow = (overrides: Record<string, unknown> = {}) => ({
    email: "nia.park@hospital.example",
    firstName: "Nia",
    lastName: "Park",
    positionTitle: "Nurse Manager",
    costCenterCode: "7010",
    costCenterFte: 0.5,
    completeWizard: "Yes",
    manageStaff: "Yes",
    ...overrides,
  });

  it("adds users with one row per cost center, creates a new position, links an employee", async () => {
    // An executive on two rows, her email written two ways.
    const vera = {
      firstName: "Vera",
      lastName: "Lind",
      positionTitle: "Chief Quality Officer",
      executive: "Yes",
      completeWizard: "No",
      manageStaff: "No",
    };
    const outcome = await importRows("Users", [
      userRow({ employeeId: "900002-RN" }),
      userRow({ employeeId: "900002-RN", costCenterCode: "7020", costCenterFte: 0.5, completeWizard: "No" }),
      userRow({ ...vera, email: "Vera.Lind@Hospital.example", costCenterCode: "6010", costCenterFte: null }),
      userRow({ ...vera, email: "vera.lind@hospital.example", costCenterCode: "6020", costCenterFte: 0 }),
      userRow({
        email: "it.admin@hospital.example",
        firstName: "Ida",
        lastName: "Admin",
        positionTitle: "Software Admin",
        userType: "Admin",
        costCenterCode: null,
        costCenterFte: null,
        completeWizard: null,
        manageStaff: null,
      }),
    ]);
    expect(outcome).toEqual({ status: "Success", rows: 5, result: { inserted: 3, updated: 0, removed: 0 } });
    const added = await db.db
      .select({
        email: users.email,
        userType: users.userType,
        title: positions.title,
        uploadChange: users.uploadChange,
        identitySubject: users.identitySubject,
        employeeId: staff.employeeId,
      })
      .from(users)
      .innerJoin(positions, eq(positions.id, users.positionId))
      .leftJoin(staff, eq(staff.id, users.staffId))
      .where(
        inArray(users.email, ["nia.park@hospital.example", "vera.lind@hospital.example", "it.admin@hospital.example"]),
      )
      .orderBy(users.email);
    expect(added).toEqual([
      {
        email: "it.admin@hospital.example",
        userType: "Admin",
        title: "Software Admin",
        uploadChange: true,
        identitySubject: null,
        employeeId: null,
      },
      {
        email: "nia.park@hospital.example",
        userType: "User",
        title: "Nurse Manager",
        uploadChange: true,
        identitySubject: null,
        employeeId: "900002-RN",
      },
      {
        email: "vera.lind@hospital.example",
        userType: "User",
        title: "Chief Quality Officer",
        uploadChange: true,
        identitySubject: null,
        employeeId: null,
      },
    ]);
    const permissions = await db.db
      .select({
        email: users.email,
        code: costCenters.code,
        fte: costCenterPermissions.fte,
        completeWizard: costCenterPermissions.completeWizard,
        manageStaff: costCenterPermissions.manageStaff,
        readOnly: costCenterPermissions.readOnly,
        executive: costCenterPermissions.executive,
        sortOrder: costCenterPermissions.sortOrder,
      })
      .from(costCenterPermissions)
      .innerJoin(users, eq(users.id, costCenterPermissions.userId))
      .innerJoin(costCenters, eq(costCenters.id, costCenterPermissions.costCenterId))
      .where(inArray(users.email, ["nia.park@hospital.example", "vera.lind@hospital.example"]))
      .orderBy(users.email, costCenterPermissions.sortOrder);
    expect(permissions).toEqual([
      {
        email: "nia.park@hospital.example",
        code: "7010",
        fte: 0.5,
        completeWizard: true,
        manageStaff: true,
        readOnly: false,
        executive: false,
        sortOrder: 0,
      },
      {
        email: "nia.park@hospital.example",
        code: "7020",
        fte: 0.5,
        completeWizard: false,
        manageStaff: true,
        readOnly: false,
        executive: false,
        sortOrder: 1,
      },
      {
        email: "vera.lind@hospital.example",
        code: "6010",
        fte: 0,
        completeWizard: false,
        manageStaff: false,
        readOnly: true,
        executive: true,
        sortOrder: 0,
      },
      {
        email: "vera.lind@hospital.example",
        code: "6020",
        fte: 0,
        completeWizard: false,
        manageStaff: false,
        readOnly: true,
        executive: true,
        sortOrder: 1,
      },
    ]);
  });

  it("updates an existing user and replaces their permissions", async () => {
    const outcome = await importRows("Users", [
      userRow({
        firstName: "Nia-Marie",
        costCenterCode: "7020",
        costCenterFte: 1,
        completeWizard: "Yes",
        manageStaff: "No",
      }),
    ]);
    expect(outcome).toEqual({ status: "Success", rows: 1, result: { inserted: 0, updated: 1, removed: 0 } });
    const rows = await db.db
      .select({
        firstName: users.firstName,
        code: costCenters.code,
        completeWizard: costCenterPermissions.completeWizard,
        staffId: users.staffId,
      })
      .from(users)
      .innerJoin(costCenterPermissions, eq(costCenterPermissions.userId, users.id))
      .innerJoin(costCenters, eq(costCenters.id, costCenterPermissions.costCenterId))
      .where(eq(users.email, "nia.park@hospital.example"));
    expect(rows).toEqual([{ firstName: "Nia-Marie", code: "7020", completeWizard: true, staffId: expect.any(String) }]);
  });

  it("honours one wizard holder and one staff manager per cost center with row errors, not constraint failures", async () => {
    const outcome = await importRows("Users", [
      // 6010's wizard and staff holder is the demo manager.
      userRow({ email: "a.one@hospital.example", costCenterCode: "6010" }),
      userRow({ email: "b.two@hospital.example", costCenterCode: "6050", manageStaff: "No" }),
      userRow({ email: "c.three@hospital.example", costCenterCode: "6050", manageStaff: "No" }),
    ]);
    expect(outcome.status === "Error" && outcome.errors.map(formatUploadError)).toEqual([
      "Only one user per cost center may Complete Wizard: 6010 already has manager@demo.hospital; take the permission from that user first at row 2, column 11",
      "Only one user per cost center may Manage Staff: 6010 already has manager@demo.hospital; take the permission from that user first at row 2, column 12",
      "Only one user per cost center may Complete Wizard: 6050 already has b.two@hospital.example at row 3 at row 4, column 11",
    ]);
    const written = await db.db.select().from(users).where(eq(users.email, "b.two@hospital.example"));
    expect(written).toEqual([]);
  });

  it("refuses rows of one user that disagree, unknown employees and cost centers, the uploader, and a repeated cost center", async () => {
    const outcome = await importRows("Users", [
      userRow({ email: "d.four@hospital.example", costCenterCode: "6080", completeWizard: "No", manageStaff: "No" }),
      userRow({
        email: "d.four@hospital.example",
        lastName: "Fore",
        costCenterCode: "6100",
        completeWizard: "No",
        manageStaff: "No",
      }),
      userRow({ email: "d.four@hospital.example", costCenterCode: "6080", completeWizard: "No", manageStaff: "No" }),
      userRow({ email: "e.five@hospital.example", employeeId: "000000-XX", costCenterCode: "8888" }),
      userRow({
        email: "admin@demo.hospital",
        costCenterCode: null,
        costCenterFte: null,
        completeWizard: null,
        manageStaff: null,
      }),
    ]);
    expect(outcome.status === "Error" && outcome.errors.map(formatUploadError)).toEqual([
      "Last Name differs from row 2 of the same user (d.four@hospital.example) at row 3, column 4",
      "Cost center 6080 is listed more than once for d.four@hospital.example (also at row 2) at row 4, column 9",
      "Employee ID 000000-XX is not an employee of this facility at row 5, column 5",
      "Cost center number 8888 does not exist in this facility at row 5, column 9",
      "You cannot change your own user by upload at row 6, column 1",
    ]);
  });
});

describe("bad files", () => {
  it("(12) parser errors: a bad quote in a .csv is reported at its row and column, nothing written", async () => {
    const { writeFileSync } = await import("node:fs");
    const p = path.join(dir, "bad-quote.csv");
    writeFileSync(p, 'Cost Center Number,Cost Center Name,PRN FTE\n7201,Good,\n7202,"Bad" Name,\n7203,Later,\n');
    const outcome = await importUploadFile(db.db, { path: p, format: "csv", kind: "CostCenter", context: context() });
    expect(outcome.status === "Error" && outcome.errors.map(formatUploadError)).toEqual([
      'A quoted cell has text after its closing quote: quote the whole cell and double each quote inside it ("") at row 3, column 2',
    ]);
    const written = await db.db
      .select({ code: costCenters.code })
      .from(costCenters)
      .where(inArray(costCenters.code, ["7201", "7202", "7203"]));
    expect(written).toEqual([]);
  });

  it("answers a file error before reading rows, and a header-only file", async () => {
    const png = path.join(dir, "picture.xlsx");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(png, Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"));
    expect(await importUploadFile(db.db, { path: png, format: "xlsx", kind: "Staff", context: context() })).toEqual({
      status: "Error",
      rows: 0,
      errors: [{ message: "The file is not a valid .xlsx workbook." }],
    });
    expect(await importRows("Staff", [])).toEqual({
      status: "Error",
      rows: 0,
      errors: [{ message: "The file has a header row but no data rows." }],
    });
  });
});

describe("an Employee ID in any case is one employee", () => {
  // Each case adds its own employee (CASE-1xx), so none reads another's rows.
  const sameIdAnyCase = (employeeId: string) =>
    db.db
      .select({ id: staff.id, employeeId: staff.employeeId, firstName: staff.firstName })
      .from(staff)
      .where(and(eq(staff.facilityId, DEMO_FACILITY_ID), sql`lower(${staff.employeeId}) = lower(${employeeId})`));

  async function employee(employeeId: string, firstName: string) {
    const added = await importRows("Staff", [staffRow({ employeeId, firstName })]);
    expect(added).toEqual({ status: "Success", rows: 1, result: { inserted: 1, updated: 0, removed: 0 } });
    const [stored] = await sameIdAnyCase(employeeId);
    if (!stored) throw new Error(`${employeeId} was not added`);
    return stored;
  }

  it("staff file: 'case-101a' updates CASE-101A (its Employee ID kept as stored) and joins it to the cost center", async () => {
    const ana = await employee("CASE-101A", "Ana");
    const outcome = await importRows("Staff", [
      staffRow({ employeeId: "case-101a", firstName: "Anna", costCenterCode: "6010", assignedFte: 0.6 }),
    ]);
    expect(outcome).toEqual({ status: "Success", rows: 1, result: { inserted: 0, updated: 1, removed: 0 } });
    expect(await sameIdAnyCase("CASE-101A")).toEqual([{ id: ana.id, employeeId: "CASE-101A", firstName: "Anna" }]);
    const memberships = await db.db
      .select({ costCenterId: costCenterStaff.costCenterId, fte: costCenterStaff.fte })
      .from(costCenterStaff)
      .where(eq(costCenterStaff.staffId, ana.id));
    expect(memberships).toEqual([{ costCenterId: costCenterIdOf("6010"), fte: 0.6 }]);
  });

  it("staff file: the same Employee ID twice in two cases is a repeat, and nothing is written", async () => {
    const before = await staffCount();
    const outcome = await importRows("Staff", [
      staffRow({ employeeId: "CASE-102B" }),
      staffRow({ employeeId: "case-102b" }),
    ]);
    expect(outcome.status === "Error" && outcome.errors.map(formatUploadError)).toEqual([
      "Employee ID case-102b appears more than once (also at row 2) at row 3, column 1",
    ]);
    expect(await staffCount()).toBe(before);
  });

  it("staff of one cost center: 'case-103c' joins CASE-103C as they are, or refuses another person's name", async () => {
    const carl = await employee("CASE-103C", "Carl");
    const pediatrics = { context: { costCenterId: costCenterIdOf("6090") } };
    const otherName = await importRows(
      "CostCenterStaff",
      [staffRow({ employeeId: "case-103c", firstName: "Someone", lastName: "Else" })],
      pediatrics,
    );
    expect(otherName.status === "Error" && otherName.errors.map(formatUploadError)).toEqual([
      "Employee ID case-103c belongs to Carl O'Neill in this facility: correct the Employee ID, or upload with 'update staff' to change the employee's details at row 2, column 1",
    ]);
    const joined = await importRows(
      "CostCenterStaff",
      [staffRow({ employeeId: "case-103c", firstName: "CARL", costCenterFte: 0.4 })],
      pediatrics,
    );
    expect(joined).toEqual({ status: "Success", rows: 1, result: { inserted: 1, updated: 0, removed: 0 } });
    expect(await sameIdAnyCase("CASE-103C")).toEqual([carl]);
    const [membership] = await db.db
      .select({ fte: costCenterStaff.fte })
      .from(costCenterStaff)
      .where(and(eq(costCenterStaff.staffId, carl.id), eq(costCenterStaff.costCenterId, costCenterIdOf("6090"))));
    expect(membership).toEqual({ fte: 0.4 });
  });

  it("users file: 'case-104d' links the user to CASE-104D, and gives it to one user only", async () => {
    const dana = await employee("CASE-104D", "Dana");
    const userOf = (email: string, employeeId: string) => ({
      email,
      firstName: "Dana",
      lastName: "O'Neill",
      positionTitle: "Charge Nurse",
      employeeId,
      costCenterCode: "6010",
      costCenterFte: 0.5,
      completeWizard: "No",
      manageStaff: "No",
    });
    const twice = await importRows("Users", [
      userOf("dana.case@hospital.example", "CASE-104D"),
      userOf("other.case@hospital.example", "case-104d"),
    ]);
    expect(twice.status === "Error" && twice.errors.map(formatUploadError)).toEqual([
      "Employee ID case-104d is already given to dana.case@hospital.example in this file at row 3, column 5",
    ]);
    const linked = await importRows("Users", [userOf("dana.case@hospital.example", "case-104d")]);
    expect(linked).toEqual({ status: "Success", rows: 1, result: { inserted: 1, updated: 0, removed: 0 } });
    const [user] = await db.db
      .select({ staffId: users.staffId })
      .from(users)
      .where(eq(users.email, "dana.case@hospital.example"));
    expect(user).toEqual({ staffId: dana.id });
  });
});
