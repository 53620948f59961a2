import { randomUUID } from "node:crypto";
import path from "node:path";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client";
import { costCenterStaff, costCenters, staff } from "../../db/schema";
import { DEMO_FACILITY_ID } from "../../db/seed/demo";
import { testDbKind } from "../../tests/support/database";
import { useSeededDatabase } from "../../tests/support/seededDatabase";
import { useTempDir } from "../../tests/support/tempDir";
import { demoUploadContext, type FileRow, generatedStaffRow, writeUploadFile } from "../../tests/support/uploadFiles";
import { type ImportOptions, importUploadFile } from "./importFile";
import type { WriteMode } from "./writers";

/**
 * Staff imports on PGlite (WriteMode "slices"): staged outside any transaction, merged in short
 * transactions once the whole file has passed, so the app's one connection is never held for the
 * whole import. PostgreSQL imports in one transaction, so these run on PGlite only.
 */
describe.skipIf(testDbKind !== "pglite")("staff imports in slices (PGlite)", () => {
  const db = useSeededDatabase();
  const dir = useTempDir("upload-slices-");

  async function importFile(
    kind: "Staff" | "CostCenterStaff",
    rows: readonly FileRow[],
    options: Partial<ImportOptions> & { writeMode?: WriteMode } = {},
  ) {
    const p = path.join(dir, `${randomUUID()}.csv`);
    await writeUploadFile(p, kind, "csv", rows);
    return importUploadFile(db.db, {
      path: p,
      format: "csv",
      kind,
      context: demoUploadContext(),
      writeMode: "slices",
      ...options,
    });
  }

  /** The file's employees: `from` + 0 … count − 1 of generatedStaffRow, every third in `costCenterCode`. */
  const generated = (from: number, count: number, costCenterCode: string) =>
    Array.from({ length: count }, (_, i) => ({
      ...generatedStaffRow(from + i),
      costCenterCode: i % 3 === 0 ? costCenterCode : null,
    }));

  const countOf = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db.db.execute(query))[0]?.n;
  const stagingTables = () =>
    countOf(sql`select count(*)::int as n from pg_class where relname like 'staff_upload_staging%'`);
  const staffBetween = (first: string, last: string) =>
    countOf(sql`select count(*)::int as n from staff where employee_id between ${first} and ${last}`);

  async function newCostCenter(code: string) {
    const [created] = await db.db
      .insert(costCenters)
      .values({ facilityId: DEMO_FACILITY_ID, code, name: `Slices ${code}` })
      .returning({ id: costCenters.id });
    return created?.id as string;
  }

  it("merges a file of many chunks in many short transactions, with the same result as one", async () => {
    const costCenterId = await newCostCenter("880001");
    // 12,000 rows: chunks of 2,500, 5,000 and 4,500 staged; merged ~2,000 rows a transaction.
    const rows = generated(700_000, 12_000, "880001");
    db.queries.length = 0;
    const outcome = await importFile("Staff", rows);
    expect(outcome).toEqual({ status: "Success", rows: 12_000, result: { inserted: 12_000, updated: 0, removed: 0 } });
    expect(db.queries.filter((q) => q.startsWith("copy staff_upload_staging")).length).toBe(3);
    expect(db.queries.filter((q) => q.includes('insert into "staff"')).length).toBeGreaterThan(3);
    expect(await staffBetween("G0700001", "G0712000")).toBe(12_000);
    // Every third row (i = 0, 3, …, 11,997) joins the cost center: 4,000 memberships.
    const members = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(costCenterStaff)
      .where(eq(costCenterStaff.costCenterId, costCenterId));
    expect(members[0]?.n).toBe(4000);
    // generatedStaffRow(700,003), the file's 4th row: a traveller (700,003 % 7 = 3) hired in 2003
    // (700,003 % 25 = 3), month 8 (700,003 % 12 = 7, + 1), day 4 (700,003 % 28 = 3, + 1).
    const [traveller] = await db.db.select().from(staff).where(eq(staff.employeeId, "G0700004"));
    expect(traveller).toMatchObject({
      staffType: "Traveller",
      dateOfHire: "2003-08-04",
      contractEndDate: "2027-08-04",
      assignedFte: 1,
    });
    expect(await stagingTables()).toBe(0);

    // The same file again: every employee updated, none added.
    const again = await importFile("Staff", rows);
    expect(again).toEqual({ status: "Success", rows: 12_000, result: { inserted: 0, updated: 12_000, removed: 0 } });
    expect(await staffBetween("G0700001", "G0712000")).toBe(12_000);
  });

  it("tells how much of the checked rows is saved: 0 once every row has passed, then after each slice, to all", async () => {
    // 11,000 rows staged in ~230 pages (about 48 rows a page), merged 40 pages a slice: 6 slices.
    const told: string[] = [];
    const outcome = await importFile("Staff", generated(900_000, 11_000, "6010"), {
      progressEvery: 4000,
      onProgress: (read, allRead) => {
        told.push(`read ${read}${allRead ? " (all)" : ""}`);
      },
      context: { ...demoUploadContext(), onSaving: (fraction) => told.push(`saved ${fraction}`) },
    });
    expect(outcome.status).toBe("Success");
    const saved = told.filter((line) => line.startsWith("saved")).map((line) => Number(line.slice(6)));
    // Every row read (the last progress call says all 11,000) before anything is saved, and nothing read after.
    expect(told.slice(0, told.indexOf("saved 0") + 1)).toEqual([
      "read 4000",
      "read 8000",
      "read 11000 (all)",
      "saved 0",
    ]);
    expect(told.slice(told.indexOf("saved 0")).every((line) => line.startsWith("saved"))).toBe(true);
    expect(saved.at(-1)).toBe(1);
    expect(saved.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < saved.length; i++) expect(saved[i]).toBeGreaterThan(saved[i - 1] ?? 1);
  });

  it("answers other requests while it imports, and writes no employee before the whole file has passed", async () => {
    const rows = generated(800_000, 30_000, "6010");
    let imported = false;
    let probe: Promise<{ answeredDuringImport: boolean; staffSeen: number | undefined }> | undefined;
    const outcome = await importFile("Staff", rows, {
      progressEvery: 500,
      onProgress: (read) => {
        if (read === 10_000) {
          probe = staffBetween("G0800001", "G0830000").then((staffSeen) => ({
            answeredDuringImport: !imported,
            staffSeen,
          }));
        }
      },
    });
    imported = true;
    expect(outcome).toMatchObject({ status: "Success", rows: 30_000 });
    // One transaction would have held PGlite's connection: the query would have waited for the end.
    expect(await probe).toEqual({ answeredDuringImport: true, staffSeen: 0 });
    expect(await staffBetween("G0800001", "G0830000")).toBe(30_000);
  });

  it("changes nothing when a row after several staged chunks is wrong, and drops what it staged", async () => {
    const rows: FileRow[] = generated(850_000, 9000, "6010");
    rows.push({ ...generatedStaffRow(859_000), dateOfHire: "13/01/2020" });
    const outcome = await importFile("Staff", rows);
    expect(outcome).toEqual({
      status: "Error",
      rows: 9001,
      errors: [{ message: "Date of Hire '13/01/2020' is not a real date", row: 9002, column: 6 }],
    });
    expect(await staffBetween("G0850001", "G0859001")).toBe(0);
    expect(await stagingTables()).toBe(0);
  });

  it("with 'update staff' and 'remove staff' on one cost center: updates, joins and removes as one transaction would", async () => {
    const costCenterId = await newCostCenter("880002");
    const three = generated(760_000, 3, "880002").map((r) => ({ ...r, costCenterCode: "880002" }));
    expect(await importFile("Staff", three)).toMatchObject({ status: "Success", result: { inserted: 3 } });

    const { costCenterCode: _first, ...kept } = three[0] as Record<string, unknown>;
    const outcome = await importFile(
      "CostCenterStaff",
      [
        { ...kept, firstName: "Renamed", costCenterFte: 0.5 },
        { ...generatedStaffRow(760_100, "CostCenterStaff"), firstName: "Newcomer", costCenterFte: 0.4 },
      ],
      { context: demoUploadContext({ costCenterId, updateStaff: true, removeStaff: true }) },
    );
    // One member updated, one employee added and joined, the two members not in the file removed.
    expect(outcome).toEqual({ status: "Success", rows: 2, result: { inserted: 1, updated: 1, removed: 2 } });
    const members = await db.db
      .select({ employeeId: staff.employeeId, firstName: staff.firstName, fte: costCenterStaff.fte })
      .from(costCenterStaff)
      .innerJoin(staff, eq(staff.id, costCenterStaff.staffId))
      .where(and(eq(costCenterStaff.costCenterId, costCenterId), inArray(staff.employeeId, ["G0760001", "G0760101"])))
      .orderBy(staff.employeeId);
    expect(members).toEqual([
      { employeeId: "G0760001", firstName: "Renamed", fte: 0.5 },
      { employeeId: "G0760101", firstName: "Newcomer", fte: 0.4 },
    ]);
    const all = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(costCenterStaff)
      .innerJoin(staff, eq(staff.id, costCenterStaff.staffId))
      .where(and(eq(costCenterStaff.costCenterId, costCenterId), like(staff.employeeId, "G076%")));
    expect(all[0]?.n).toBe(2);
    expect(await stagingTables()).toBe(0);
  });
});
