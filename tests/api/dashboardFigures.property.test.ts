import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  costCenterPermissions,
  costCenterStaff,
  costCenters,
  openPositions,
  roleShifts,
  staff,
  staffingPlans,
  staffPositions,
  unitRoles,
  users,
  wizardSteps,
} from "../../db/schema";
import { DEMO_USER_IDS, demoId } from "../../db/seed/demo";
import { WIZARD_STEPS } from "../../schema/staffing";
import { dashboardOf, planFiguresInScope, plansInScope } from "../../server/services/dashboards";
import { positionsRollup } from "../../server/services/positionsRollup";
import { getWizard } from "../../server/services/staffingPlans";
import { resolveViewer, type Viewer } from "../../server/services/viewer";
import { useSeededDatabase } from "../support/seededDatabase";

/**
 * Issue #13, property: the dashboards' figures, summed by the database (`planFiguresInScope`), are
 * the one staffing model's figures of each plan's rows (`plansInScope`: the wizard's view, computed
 * position by position), for generated facilities: exempt and variable roles, jobs in and out of
 * direct care, staff of every type (travellers with and without contract ends, terminated staff,
 * staff no longer in the cost center), positions in removed roles or other shifts, requisitions,
 * signed plans changed after signing, plans awaiting re-verification, cost centers without a plan.
 */

const database = useSeededDatabase();
let exec: Viewer;
let run = 0;

beforeAll(async () => {
  exec = await resolveViewer(database.db, { subject: DEMO_USER_IDS.exec, email: undefined, claims: {} });
});

// FTE in steps of 0.05 (as people enter them): sums stay clear of a rounding boundary.
const fte = (max: number) => fc.integer({ min: 1, max: max * 20 }).map((n) => n / 20);
const shiftName = fc.constantFrom("Days" as const, "Evenings" as const, "Nights" as const);
const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, "0")}${String(m).padStart(2, "0")}`);
// Demo jobs: 1 Registered Nurse … 6 Unit Secretary (not direct care); null: a role without a job.
const jobId = fc.option(
  fc.integer({ min: 1, max: 6 }).map((n) => demoId("job", n)),
  { nil: null },
);

const roleArb = fc.oneof(
  fc.record({
    isExempt: fc.constant(true),
    fte: fte(1.5),
    replacement: fc.constantFrom("Fixed" as const, "FixedWithReplacement" as const),
    jobId,
    shifts: fc.constant([]),
    unpaidBreakMinutes: fc.constant(null),
  }),
  fc.record({
    isExempt: fc.constant(false),
    fte: fc.constant(null),
    replacement: fc.constant("Variable" as const),
    jobId,
    shifts: fc.uniqueArray(
      fc.record({
        shift: shiftName,
        startTime: hhmm,
        durationHours: fc.integer({ min: 16, max: 50 }).map((q) => q / 4),
        staffPerShift: fc.integer({ min: 1, max: 6 }),
      }),
      { maxLength: 3, selector: (s) => s.shift },
    ),
    unpaidBreakMinutes: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  }),
);

const staffArb = fc.record({
  staffType: fc.constantFrom("Regular" as const, "Regular" as const, "PRN" as const, "Traveller" as const),
  // Days from the start of the budget year; null: no contract end.
  contractEndDay: fc.option(fc.integer({ min: -60, max: 500 }), { nil: null }),
  // One in ten terminated; one in ten no longer in the cost center.
  terminated: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  inCostCenter: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
  positions: fc.array(
    fc.record({
      // An index into the plan's roles; past the end: a role since removed (null).
      role: fc.integer({ min: 0, max: 4 }),
      shift: fc.option(shiftName, { nil: null }),
      fte: fte(1),
    }),
    { maxLength: 2 },
  ),
});

const planArb = fc.record({
  census: fc.integer({ min: 0, max: 4000 }).map((n) => n / 100),
  careTeamTarget: fc.integer({ min: 0, max: 1200 }).map((n) => n / 100),
  nonProductiveGoalPercentage: fc.integer({ min: 0, max: 30 }),
  targetOvertimePercentage: fc.integer({ min: 0, max: 20 }),
  productiveFteBudget: fc.option(fte(40), { nil: null }),
  totalPaidFteBudget: fc.option(fte(45), { nil: null }),
  settingsChanged: fc.boolean(),
  steps: fc.array(fc.constantFrom("Pending" as const, "InProgress" as const, "Completed" as const), {
    minLength: 6,
    maxLength: 6,
  }),
  roles: fc.array(roleArb, { maxLength: 4 }),
  staff: fc.array(staffArb, { maxLength: 6 }),
  open: fc.array(
    fc.record({
      role: fc.integer({ min: 0, max: 4 }),
      shift: fc.option(shiftName, { nil: null }),
      fte: fte(1),
      isTraveller: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  // Signed, then changed: the signed figures must stand.
  signed: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
});

const facilityArb = fc.array(fc.option(planArb, { nil: null, freq: 5 }), { minLength: 1, maxLength: 4 });

type GeneratedPlan = typeof planArb extends fc.Arbitrary<infer T> ? T : never;

/** Writes one generated facility: its cost centers, plans and staff, and an executive overseeing them. */
async function writeFacility(plans: (GeneratedPlan | null)[]) {
  const db = database.db;
  run++;
  const [viewerRow] = await db
    .insert(users)
    .values({
      organizationId: exec.organizationId,
      facilityId: exec.facilityId,
      email: `property-${run}@example.test`,
      firstName: "Property",
      lastName: `Exec ${run}`,
    })
    .returning({ id: users.id });
  const viewer: Viewer = { ...exec, userId: viewerRow?.id as string };
  const { budgetYear } = await planFiguresInScope(db, viewer, new Date());
  const yearStart = Date.UTC(budgetYear, 0, 1);
  const day = (offset: number) => new Date(yearStart + offset * 86_400_000).toISOString().slice(0, 10);

  for (const [index, plan] of plans.entries()) {
    const [cc] = await db
      .insert(costCenters)
      .values({ facilityId: exec.facilityId, code: `P${run}-${index}`, name: `Property ${run}.${index}` })
      .returning({ id: costCenters.id });
    const costCenterId = cc?.id as string;
    await db.insert(costCenterPermissions).values({ userId: viewer.userId, costCenterId, executive: true });
    if (!plan) continue;
    const [row] = await db
      .insert(staffingPlans)
      .values({
        costCenterId,
        budgetYear,
        census: plan.census,
        careTeamTarget: plan.careTeamTarget,
        nonProductiveGoalPercentage: plan.nonProductiveGoalPercentage,
        targetOvertimePercentage: plan.targetOvertimePercentage,
        productiveFteBudget: plan.productiveFteBudget,
        totalPaidFteBudget: plan.totalPaidFteBudget,
        settingsChangedAt: plan.settingsChanged ? new Date() : null,
      })
      .returning({ id: staffingPlans.id });
    const planId = row?.id as string;
    await db
      .insert(wizardSteps)
      .values(WIZARD_STEPS.map((step, i) => ({ planId, step, status: plan.steps[i] ?? "Pending" })));
    const roleIds: string[] = [];
    for (const [order, role] of plan.roles.entries()) {
      const [r] = await db
        .insert(unitRoles)
        .values({
          planId,
          jobId: role.jobId,
          name: `Role ${order}`,
          isExempt: role.isExempt,
          fte: role.fte,
          replacement: role.replacement,
          unpaidBreakMinutes: role.unpaidBreakMinutes,
          sortOrder: order,
        })
        .returning({ id: unitRoles.id });
      roleIds.push(r?.id as string);
      if (role.shifts.length > 0) {
        await db.insert(roleShifts).values(role.shifts.map((s) => ({ ...s, roleId: r?.id as string })));
      }
    }
    const roleAt = (i: number) => roleIds[i] ?? null;
    const addPeople = async (people: typeof plan.staff, tag: string) => {
      for (const [n, person] of people.entries()) {
        const [s] = await db
          .insert(staff)
          .values({
            facilityId: exec.facilityId,
            employeeId: `P${run}-${index}-${tag}${n}`,
            firstName: "Staff",
            lastName: `${run}.${index}.${tag}${n}`,
            staffType: person.staffType,
            contractEndDate: person.contractEndDay === null ? null : day(person.contractEndDay),
            terminationDate: person.terminated ? day(0) : null,
          })
          .returning({ id: staff.id });
        const staffId = s?.id as string;
        if (person.inCostCenter) await db.insert(costCenterStaff).values({ costCenterId, staffId, fte: 1 });
        for (const p of person.positions) {
          await db
            .insert(staffPositions)
            .values({ planId, staffId, unitRoleId: roleAt(p.role), shift: p.shift, fte: p.fte });
        }
      }
    };
    await addPeople(plan.staff, "s");
    if (plan.open.length > 0) {
      await db.insert(openPositions).values(
        plan.open.map((o) => ({
          planId,
          unitRoleId: roleAt(o.role),
          shift: o.shift,
          fte: o.fte,
          isTraveller: o.isTraveller,
        })),
      );
    }
    if (plan.signed) {
      // What attestation stores: the plan's view at signing. Then a change the signed figures ignore.
      const signed = await getWizard(db, viewer, costCenterId);
      await db
        .update(staffingPlans)
        .set({
          lockedAt: new Date(),
          attestedAt: new Date(),
          attestedByUserId: viewer.userId,
          attestedSnapshot: { plan: signed.plan },
        })
        .where(eq(staffingPlans.id, planId));
      await addPeople(plan.staff, "after");
    }
  }
  return viewer;
}

/** Raw FTE to 9 places: the two paths add the same numbers in another order. */
const settle = (value: unknown): unknown => {
  if (typeof value === "number") return Math.round(value * 1e9) / 1e9;
  if (Array.isArray(value)) return value.map(settle);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, settle(v)]));
  }
  return value;
};

/** The figures summed by the database are the model's of the plans' rows, for `viewer`'s plans now. */
async function expectTheModelsFigures(viewer: Viewer) {
  const now = new Date();
  const summed = await planFiguresInScope(database.db, viewer, now);
  const modelled = await plansInScope(database.db, viewer, now);
  // The dashboard as shown: every row, the totals and the status counts.
  expect(dashboardOf(summed)).toEqual(dashboardOf(modelled));
  // What the positions rollup adds up: each plan's position control per role.
  for (const view of modelled.views) {
    const figures = summed.viewOf.get(view.costCenterId);
    // A set per role (its order follows the order rows come in).
    const byRole = (totals: readonly { roleKey: string | null }[] = []) =>
      settle([...totals].sort((a, b) => String(a.roleKey).localeCompare(String(b.roleKey))));
    expect(byRole(figures?.roleTotals)).toEqual(byRole(view.roleTotals));
    expect(settle(figures?.summary)).toEqual(settle(view.summary));
    const jobs = (roles: readonly { id: string; jobId: string | null }[] = []) => roles.map((r) => [r.id, r.jobId]);
    expect(jobs(figures?.roles)).toEqual(jobs(view.roles));
  }
}

/**
 * The positions rollup tells the same facility (its totals, whatever the grouping) and the same
 * cost centers as the facility dashboard: however its jobs round, a CFO reads one figure on every screen.
 */
async function expectTheRollupToAgree(viewer: Viewer) {
  const now = new Date();
  const summed = await planFiguresInScope(database.db, viewer, now);
  const dashboard = dashboardOf(summed);
  const asRollup = (f: (typeof dashboard.costCenters)[number]["figures"]) => ({
    budgetedFte: f.budgetedPaidFte ?? 0,
    hiredFte: f.hiredFte,
    prnFte: f.prnFte,
    travellerFte: f.travellerFte,
    requestedFte: f.requestedFte,
    gapFte: f.gapFte,
    overHireFte: f.overHireFte,
  });
  for (const groupBy of ["JobCategory", "CostCenter"] as const) {
    const rollup = await positionsRollup(database.db, viewer, groupBy, now);
    expect(rollup.totals).toEqual(asRollup(dashboard.totals));
    if (groupBy !== "CostCenter") continue;
    // A row for each cost center whose plan has a role.
    const rowOf = new Map(dashboard.costCenters.map((c) => [c.costCenterId, c]));
    for (const row of rollup.rows) {
      const costCenter = rowOf.get(row.key);
      expect(costCenter && asRollup(costCenter.figures)).toEqual(row.figures);
    }
  }
}

describe("the dashboards' figures equal the staffing model's, plan by plan (generated facilities)", () => {
  it("facility dashboard rows, totals and status counts, each plan's figures per role, and the positions rollup agreeing", async () => {
    await fc.assert(
      fc.asyncProperty(facilityArb, async (plans) => {
        const viewer = await writeFacility(plans);
        await expectTheModelsFigures(viewer);
        await expectTheRollupToAgree(viewer);
      }),
      { numRuns: 100 },
    );
  }, 50_000);
});

/**
 * A write after the sums were figured: each kind the held-FTE sums depend on (`held_fte_sums`,
 * kept by triggers). `pick` chooses the staff member, position or cost center among those there are.
 */
const changeArb = fc.record({
  kind: fc.constantFrom(
    "terminate",
    "reinstate",
    "retype",
    "moveContractEnd",
    "leaveCostCenter",
    "joinCostCenter",
    "moveMembership",
    "changePosition",
    "deletePosition",
    "addPosition",
  ),
  pick: fc.nat(),
  other: fc.nat(),
  staffType: fc.constantFrom("Regular" as const, "PRN" as const, "Traveller" as const),
  contractEndDay: fc.option(fc.integer({ min: -60, max: 500 }), { nil: null }),
  shift: fc.option(shiftName, { nil: null }),
  fte: fte(1),
});

/** Applies one change to the rows of the facility `viewer` oversees, straight in the database. */
async function applyChange(viewer: Viewer, change: typeof changeArb extends fc.Arbitrary<infer T> ? T : never) {
  const db = database.db;
  const plans = await db
    .select({ id: staffingPlans.id, costCenterId: staffingPlans.costCenterId, budgetYear: staffingPlans.budgetYear })
    .from(staffingPlans)
    .innerJoin(costCenterPermissions, eq(costCenterPermissions.costCenterId, staffingPlans.costCenterId))
    .where(eq(costCenterPermissions.userId, viewer.userId));
  if (plans.length === 0) return;
  const planIds = plans.map((p) => p.id);
  const positions = await db
    .select({ id: staffPositions.id, staffId: staffPositions.staffId, planId: staffPositions.planId })
    .from(staffPositions)
    .where(inArray(staffPositions.planId, planIds))
    .orderBy(staffPositions.id);
  const roles = await db
    .select({ id: unitRoles.id, planId: unitRoles.planId })
    .from(unitRoles)
    .where(inArray(unitRoles.planId, planIds))
    .orderBy(unitRoles.id);
  const at = <T>(list: readonly T[], n: number): T | undefined => list[n % Math.max(list.length, 1)];
  const position = at(positions, change.pick);
  const plan = at(plans, change.other) as (typeof plans)[number];
  const day = (offset: number) =>
    new Date(Date.UTC(plan.budgetYear, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
  if (change.kind === "addPosition") {
    const holder = position?.staffId;
    if (!holder) return;
    const role = roles.filter((r) => r.planId === plan.id)[change.pick % 3] ?? null;
    await db
      .insert(staffPositions)
      .values({ planId: plan.id, staffId: holder, unitRoleId: role?.id ?? null, shift: change.shift, fte: change.fte });
    return;
  }
  if (!position) return;
  const holder = eq(staff.id, position.staffId);
  switch (change.kind) {
    case "terminate":
      await db
        .update(staff)
        .set({ terminationDate: day(0) })
        .where(holder);
      return;
    case "reinstate":
      await db.update(staff).set({ terminationDate: null }).where(holder);
      return;
    // Each column on its own, so a trigger that misses one is caught.
    case "retype":
      await db.update(staff).set({ staffType: change.staffType }).where(holder);
      return;
    case "moveContractEnd": {
      // A contract end counts for travellers only: move one of theirs.
      const travellers = await db
        .select({ id: staff.id })
        .from(staff)
        .where(
          and(
            inArray(
              staff.id,
              positions.map((p) => p.staffId),
            ),
            eq(staff.staffType, "Traveller"),
          ),
        )
        .orderBy(staff.id);
      const traveller = at(travellers, change.pick);
      if (!traveller) return;
      await db
        .update(staff)
        .set({ contractEndDate: change.contractEndDay === null ? null : day(change.contractEndDay) })
        .where(eq(staff.id, traveller.id));
      return;
    }
    case "leaveCostCenter":
      await db.delete(costCenterStaff).where(eq(costCenterStaff.staffId, position.staffId));
      return;
    case "joinCostCenter":
      await db
        .insert(costCenterStaff)
        .values({ costCenterId: plan.costCenterId, staffId: position.staffId, fte: 1 })
        .onConflictDoNothing();
      return;
    case "moveMembership": {
      const memberships = await db
        .select({ costCenterId: costCenterStaff.costCenterId })
        .from(costCenterStaff)
        .where(eq(costCenterStaff.staffId, position.staffId));
      const from = memberships[0]?.costCenterId;
      // Only a move to a cost center they are not in yet.
      if (!from || memberships.some((m) => m.costCenterId === plan.costCenterId)) return;
      await db
        .update(costCenterStaff)
        .set({ costCenterId: plan.costCenterId })
        .where(and(eq(costCenterStaff.staffId, position.staffId), eq(costCenterStaff.costCenterId, from)));
      return;
    }
    case "changePosition": {
      const role = roles.filter((r) => r.planId === position.planId)[change.other % 3] ?? null;
      await db
        .update(staffPositions)
        .set({ unitRoleId: role?.id ?? null, shift: change.shift, fte: change.fte })
        .where(eq(staffPositions.id, position.id));
      return;
    }
    case "deletePosition":
      await db.delete(staffPositions).where(eq(staffPositions.id, position.id));
      return;
  }
}

describe("the held-FTE sums follow every write that changes them", () => {
  it("after terminations, type and contract changes, membership and position changes, the figures are still the model's", async () => {
    await fc.assert(
      fc.asyncProperty(facilityArb, fc.array(changeArb, { minLength: 1, maxLength: 4 }), async (plans, changes) => {
        const viewer = await writeFacility(plans);
        // The first read figures the sums; every later read must see the changes made since.
        await expectTheModelsFigures(viewer);
        for (const change of changes) {
          await applyChange(viewer, change);
          await expectTheModelsFigures(viewer);
        }
      }),
      { numRuns: 60 },
    );
  }, 55_000);
});
