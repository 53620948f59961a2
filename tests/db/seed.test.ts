import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "../../db/client";
import {
  adminTasks,
  costCenterPermissions,
  costCenterStaff,
  costCenters,
  facilities,
  facilityBudgetSettings,
  facilityShiftSettings,
  jobCategories,
  jobs,
  localCredentials,
  organizations,
  positions,
  staff,
  users,
} from "../../db/schema";
import { DEMO_FACILITY_ID, DEMO_ORGANIZATION_ID, DEMO_USER_IDS, seedDemo } from "../../db/seed/demo";
import { DEMO_ACCOUNTS } from "../../db/seed/demoAccounts";
import { verifyPassword } from "../../server/auth/passwords";
import { createTestDatabase, type TestDatabase } from "../support/database";

const TIMEOUT = 120_000;

async function tableNames(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
}

async function snapshotCounts(db: Database) {
  return {
    organizations: await db.$count(organizations),
    facilities: await db.$count(facilities),
    costCenters: await db.$count(costCenters),
    staff: await db.$count(staff),
    costCenterStaff: await db.$count(costCenterStaff),
    users: await db.$count(users),
    permissions: await db.$count(costCenterPermissions),
    credentials: await db.$count(localCredentials),
    positions: await db.$count(positions),
    jobs: await db.$count(jobs),
    jobCategories: await db.$count(jobCategories),
    adminTasks: await db.$count(adminTasks),
  };
}

describe("migrations", () => {
  let handle: TestDatabase | undefined;
  afterAll(async () => {
    await handle?.close();
  });

  it(
    "apply to an empty database",
    async () => {
      handle = await createTestDatabase({ migrate: false });
      expect(await tableNames(handle.db)).toEqual([]);
      await handle.migrate();
      const tables = await tableNames(handle.db);
      for (const expected of [
        "organizations",
        "facilities",
        "facility_budget_settings",
        "facility_shift_settings",
        "admin_tasks",
        "cost_centers",
        "job_categories",
        "jobs",
        "education_levels",
        "staff",
        "cost_center_staff",
        "positions",
        "users",
        "cost_center_permissions",
        "local_credentials",
        "invites",
        "staffing_plans",
        "unit_roles",
        "role_shifts",
        "staff_positions",
        "open_positions",
        "uploads",
        "audit_log",
      ]) {
        expect(tables).toContain(expected);
      }
    },
    TIMEOUT,
  );
});

describe("seedDemo", () => {
  let handle: TestDatabase;
  let db: Database;
  let first: Awaited<ReturnType<typeof seedDemo>>;
  let second: Awaited<ReturnType<typeof seedDemo>>;
  let countsAfterFirst: Awaited<ReturnType<typeof snapshotCounts>>;
  let countsAfterSecond: Awaited<ReturnType<typeof snapshotCounts>>;
  let hashesAfterFirst: string[];
  let hashesAfterSecond: string[];

  const hashes = async () =>
    (await db.select().from(localCredentials).orderBy(localCredentials.userId)).map((c) => c.passwordHash);

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    first = await seedDemo(db);
    countsAfterFirst = await snapshotCounts(db);
    hashesAfterFirst = await hashes();
    second = await seedDemo(db);
    countsAfterSecond = await snapshotCounts(db);
    hashesAfterSecond = await hashes();
  }, TIMEOUT);

  afterAll(async () => {
    await handle?.close();
  });

  it("creates on the first run and nothing on the second", () => {
    expect(first).toEqual({ organizationId: DEMO_ORGANIZATION_ID, facilityId: DEMO_FACILITY_ID, created: true });
    expect(second).toEqual({ organizationId: DEMO_ORGANIZATION_ID, facilityId: DEMO_FACILITY_ID, created: false });
    expect(countsAfterSecond).toEqual(countsAfterFirst);
    expect(hashesAfterSecond).toEqual(hashesAfterFirst);
  });

  it("writes the expected amounts", () => {
    expect(countsAfterFirst).toEqual({
      organizations: 1,
      facilities: 1,
      costCenters: 12,
      staff: 300,
      costCenterStaff: countsAfterFirst.costCenterStaff,
      users: 13,
      permissions: 37,
      credentials: 3,
      positions: 8,
      jobs: 10,
      jobCategories: 7,
      adminTasks: 7,
    });
    expect(countsAfterFirst.staff).toBeGreaterThanOrEqual(280);
    expect(countsAfterFirst.staff).toBeLessThanOrEqual(320);
  });

  it("sets up the facility", async () => {
    const [facility] = await db.select().from(facilities).where(eq(facilities.id, DEMO_FACILITY_ID));
    expect(facility).toMatchObject({
      organizationId: DEMO_ORGANIZATION_ID,
      name: "St. Catherine Medical Center",
      timeZone: "US/Eastern",
      systemName: "Riverside Health System",
      divisionName: "Northeast Region",
      annualHoursPerFte: 2080,
    });
    const [budget] = await db.select().from(facilityBudgetSettings);
    expect(budget?.prnStaffValue).toBe(0.2);
    expect(budget?.fiscalYearMonthsBegin).toBe(7);
    const [shifts] = await db.select().from(facilityShiftSettings);
    expect(shifts).toMatchObject({ dayShiftStart: "0700", dayShiftEnd: "1930", nightShiftStart: "1900" });
    // The relationships are defined and the cost centers have managers; the rest is to do.
    const tasks = await db.select().from(adminTasks);
    const done = new Set(["DefineSystemRelations", "AddCostCenters"]);
    expect(tasks).toHaveLength(7);
    for (const t of tasks) expect(t.taskState).toBe(done.has(t.taskName) ? "Completed" : "Pending");
  });

  it("gives every traveller a contract end date and every PRN the facility PRN FTE", async () => {
    const travellers = await db.select().from(staff).where(eq(staff.staffType, "Traveller"));
    expect(travellers.length).toBeGreaterThan(10);
    for (const t of travellers) {
      expect(t.contractEndDate).not.toBeNull();
      expect((t.contractEndDate ?? "") > "2026-11-01").toBe(true);
    }
    const prn = await db.select().from(staff).where(eq(staff.staffType, "PRN"));
    expect(prn.length).toBeGreaterThan(10);
    for (const p of prn) expect(p.assignedFte).toBe(0.2);
    const regulars = await db.select().from(staff).where(eq(staff.staffType, "Regular"));
    for (const r of regulars) expect(r.contractEndDate).toBeNull();
  });

  it("leaves some staff without a cost center and splits memberships to match assigned FTE", async () => {
    const unassigned = await db
      .select({ id: staff.id })
      .from(staff)
      .leftJoin(costCenterStaff, eq(costCenterStaff.staffId, staff.id))
      .where(isNull(costCenterStaff.staffId));
    expect(unassigned.length).toBeGreaterThanOrEqual(5);

    const sums = await db
      .select({ assigned: staff.assignedFte, total: sql<string>`sum(${costCenterStaff.fte})` })
      .from(staff)
      .innerJoin(costCenterStaff, eq(costCenterStaff.staffId, staff.id))
      .groupBy(staff.id, staff.assignedFte);
    for (const s of sums) expect(Number(s.total)).toBeCloseTo(s.assigned, 3);
  });

  it("keeps one wizard holder and one staff manager per cost center", async () => {
    for (const column of [costCenterPermissions.completeWizard, costCenterPermissions.manageStaff]) {
      const holders = await db
        .select({ costCenterId: costCenterPermissions.costCenterId, n: count() })
        .from(costCenterPermissions)
        .where(eq(column, true))
        .groupBy(costCenterPermissions.costCenterId);
      expect(holders.length).toBeGreaterThan(0);
      for (const h of holders) expect(h.n).toBe(1);
    }
  });

  it("creates the demo accounts with working passwords and the expected permissions", async () => {
    for (const kind of ["admin", "exec", "user"] as const) {
      const [u] = await db.select().from(users).where(eq(users.id, DEMO_USER_IDS[kind]));
      expect(u?.email).toBe(DEMO_ACCOUNTS[kind].email);
      expect(u?.identitySubject).toBe(DEMO_USER_IDS[kind]);
      const [cred] = await db.select().from(localCredentials).where(eq(localCredentials.userId, DEMO_USER_IDS[kind]));
      expect(await verifyPassword(DEMO_ACCOUNTS[kind].password, cred?.passwordHash ?? "")).toBe(true);
    }
    expect(await db.$count(costCenterPermissions, eq(costCenterPermissions.userId, DEMO_USER_IDS.admin))).toBe(0);
    expect(
      await db.$count(
        costCenterPermissions,
        and(eq(costCenterPermissions.userId, DEMO_USER_IDS.exec), eq(costCenterPermissions.executive, true)),
      ),
    ).toBe(12);
    const managerPerms = await db
      .select({ code: costCenters.code, p: costCenterPermissions })
      .from(costCenterPermissions)
      .innerJoin(costCenters, eq(costCenters.id, costCenterPermissions.costCenterId))
      .where(eq(costCenterPermissions.userId, DEMO_USER_IDS.user))
      .orderBy(costCenterPermissions.sortOrder);
    expect(managerPerms.map((m) => [m.code, m.p.completeWizard, m.p.manageStaff, m.p.readOnly])).toEqual([
      ["6010", true, true, false],
      ["6020", true, true, false],
      ["6030", false, false, true],
    ]);
    const fteSum = managerPerms.reduce((sum, m) => sum + (m.p.fte ?? 0), 0);
    expect(fteSum).toBeCloseTo(1, 3);
    const [manager] = await db.select().from(users).where(eq(users.id, DEMO_USER_IDS.user));
    expect(manager?.staffId).not.toBeNull();

    const withoutPermissions = await db
      .select({ id: users.id })
      .from(users)
      .leftJoin(costCenterPermissions, eq(costCenterPermissions.userId, users.id))
      .where(and(eq(users.userType, "User"), isNull(costCenterPermissions.id)));
    expect(withoutPermissions).toHaveLength(2);
    expect(await db.$count(users, eq(users.uploadChange, true))).toBe(1);
  });
});
