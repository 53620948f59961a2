// The figures the dashboards read of many plans at once (issue #13): each plan's status, summary and
// position control, from inputs the database has already summed (the FTE held per role, shift and
// staff type; the FTE requested per role and shift), never the staff lists a wizard view carries.
// The same model (`planModel`) as the wizard's view, so a plan's figures are the same on both.
import { and, eq, getTableColumns, inArray, isNull, type SQLWrapper, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import {
  costCenterStaff,
  heldFteSums,
  heldFteSumsStale,
  openPositions,
  staff,
  staffingPlans,
  staffPositions,
  users,
} from "../../../db/schema";
import { type HeldPosition, WIZARD_STEPS } from "../../../schema/staffing";
import { annualHoursPerFteFor } from "../facility";
import type { FacilityCalendar } from "./access";
import {
  asSigned,
  attestedByNameSql,
  contractCoverageIn,
  groupBy,
  modelRolesOf,
  type PlanView,
  planHeaderOf,
  planModel,
  type RoleView,
  reverificationOf,
  rolesOfPlans,
  roleViewsOf,
  type StepView,
  shiftsOfPlans,
  stepsOfPlans,
} from "./view";

/** What the dashboards show of a plan; a wizard's `PlanView` has all of it and more. */
export type PlanFigures = Pick<
  PlanView,
  | "id"
  | "costCenterId"
  | "budgetYear"
  | "careTeamTarget"
  | "productiveFteBudget"
  | "totalPaidFteBudget"
  | "startedAt"
  | "attestedAt"
  | "attestedByName"
  | "lockedAt"
  | "needsReverification"
  | "summary"
  | "totals"
  | "roleTotals"
  | "notices"
> & {
  steps: Pick<StepView, "step" | "status">[];
  roles: Pick<RoleView, "id" | "jobId">[];
};

// Every column but the signed snapshot, which can be large: the figures take only its small parts.
const { attestedSnapshot: _snapshot, ...planColumns } = getTableColumns(staffingPlans);

/** The parts of a signed snapshot's plan the figures leave out (staff and position lists, the schedule). */
const SIGNED_HEAVY_PARTS = ["staff", "staffPositions", "openPositions", "needs", "careSchedule"];

/**
 * The figures of the budget year's plans of the cost centers `costCenterIds` names (a subquery of
 * ids, so the scope is not sent as a list), in no particular order. Eight statements, run together,
 * whether there is one plan or five hundred: the plans (signed ones with their signed figures), the
 * hours per FTE, and the open plans' steps, roles, shifts, requested FTE, and held FTE (a look for
 * stale sums, then the kept sums; after a write, five more refigure the stale plans first).
 */
export async function planFigures(
  db: Queryable,
  facilityId: string,
  calendar: FacilityCalendar,
  costCenterIds: SQLWrapper,
  budgetYear: number,
  now: Date,
): Promise<PlanFigures[]> {
  const ofYear = and(inArray(staffingPlans.costCenterId, costCenterIds), eq(staffingPlans.budgetYear, budgetYear));
  const openPlans = db
    .select({ id: staffingPlans.id })
    .from(staffingPlans)
    .where(and(ofYear, isNull(staffingPlans.lockedAt)));
  const [plans, annualHoursPerFte, stepRows, roleRows, shiftRows, heldRows, requestedRows] = await Promise.all([
    db
      .select({
        plan: planColumns,
        attestedByName: attestedByNameSql,
        signed: sql<SignedFigures | null>`case when ${staffingPlans.lockedAt} is not null
          then (${staffingPlans.attestedSnapshot} -> 'plan') - ${sql.raw(`array[${SIGNED_HEAVY_PARTS.map((p) => `'${p}'`).join(", ")}]`)} end`,
      })
      .from(staffingPlans)
      .leftJoin(users, eq(users.id, staffingPlans.attestedByUserId))
      .where(ofYear),
    annualHoursPerFteFor(db, facilityId, budgetYear),
    stepsOfPlans(db, openPlans),
    rolesOfPlans(db, openPlans),
    shiftsOfPlans(db, openPlans),
    heldFte(db, openPlans),
    requestedFte(db, openPlans),
  ]);
  const steps = groupBy(stepRows, (r) => r.planId);
  const roles = groupBy(roleRows, (r) => r.role.planId);
  const shifts = groupBy(shiftRows, (r) => r.planId);
  const held = groupBy(heldRows, (r) => r.planId);
  const requested = groupBy(requestedRows, (r) => r.planId);
  const coverageOf = contractCoverageIn(budgetYear, calendar.budget);

  return plans.map(({ plan, attestedByName, signed }): PlanFigures => {
    if (plan.lockedAt && signed)
      return asSigned(signed, { startedAt: plan.startedAt, lockedAt: plan.lockedAt }, calendar, now);
    const roleViews = roleViewsOf(
      roles.get(plan.id) ?? [],
      (shifts.get(plan.id) ?? []).map((s) => s.shift),
    );
    const isExempt = new Map(roleViews.map((r) => [r.id, r.isExempt]));
    // Positions that count, in one of the plan's roles (as the wizard's view counts them).
    const heldPositions = (held.get(plan.id) ?? []).flatMap((h): HeldPosition[] => {
      const exempt = h.roleKey === null ? undefined : isExempt.get(h.roleKey);
      if (exempt === undefined || h.roleKey === null || h.positions === 0) return [];
      return [
        {
          roleKey: h.roleKey,
          shift: h.shift,
          fte: h.fte,
          staffType: h.staffType,
          isExempt: exempt,
          coverage: coverageOf(h.staffType, h.contractEndDate),
        },
      ];
    });
    const { summary, control } = planModel(
      plan,
      modelRolesOf(roleViews),
      annualHoursPerFte,
      heldPositions,
      requested.get(plan.id) ?? [],
    );
    const statusOf = new Map((steps.get(plan.id) ?? []).map((row) => [row.step, row.status]));
    const { needsReverification, notices } = reverificationOf(plan, calendar, now);
    return {
      ...planHeaderOf(plan, attestedByName),
      careTeamTarget: plan.careTeamTarget,
      productiveFteBudget: plan.productiveFteBudget,
      totalPaidFteBudget: plan.totalPaidFteBudget,
      needsReverification,
      summary,
      totals: control.totals,
      roleTotals: control.byRole,
      // The dashboards show the re-verification notices; the staff notices need the staff lists.
      notices,
      steps: WIZARD_STEPS.map((step) => ({ step, status: statusOf.get(step) ?? "Pending" })),
      roles: roleViews.map((r) => ({ id: r.id, jobId: r.jobId })),
    };
  });
}

type SignedFigures = Omit<PlanFigures, "lockedAt" | "needsReverification">;

/**
 * FTE held per plan, role, shift and staff type (travellers also per contract end), from the sums
 * the database keeps (`held_fte_sums`), after refiguring the plans a write has marked stale.
 */
async function heldFte(db: Queryable, plans: SQLWrapper) {
  await refreshHeldFteSums(db, plans);
  return db
    .select({
      planId: heldFteSums.planId,
      roleKey: heldFteSums.unitRoleId,
      shift: heldFteSums.shift,
      staffType: heldFteSums.staffType,
      contractEndDate: heldFteSums.contractEndDate,
      positions: heldFteSums.positions,
      fte: heldFteSums.fte,
    })
    .from(heldFteSums)
    .where(inArray(heldFteSums.planId, plans));
}

/** Any number: it names the one lock refreshers of `held_fte_sums` take in turn. */
const HELD_FTE_REFRESH_LOCK = 0x4845_4c44;

/**
 * Refigures the sums of the plans among `plans` marked stale. Refreshers take turns (an advisory
 * lock), so two readers never write a plan's sums twice; writers only append marks and never wait.
 * A write committed while this runs leaves its mark, so the next read refigures that plan again.
 */
export async function refreshHeldFteSums(db: Queryable, plans: SQLWrapper): Promise<void> {
  const [stale] = await db
    .select({ planId: heldFteSumsStale.planId })
    .from(heldFteSumsStale)
    .where(inArray(heldFteSumsStale.planId, plans))
    .limit(1);
  if (!stale) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${HELD_FTE_REFRESH_LOCK})`);
    const marks = await tx
      .delete(heldFteSumsStale)
      .where(inArray(heldFteSumsStale.planId, plans))
      .returning({ planId: heldFteSumsStale.planId });
    const planIds = [...new Set(marks.map((m) => m.planId))];
    if (planIds.length === 0) return;
    await tx.delete(heldFteSums).where(inArray(heldFteSums.planId, planIds));
    await tx.insert(heldFteSums).select(heldFteSumsOf(tx, planIds));
  });
}

/**
 * The sums of `planIds` figured from their positions, over the positions that count (as on the
 * wizard's staff list, staff still in the plan's cost center and not terminated). That condition
 * is a filter on the sum, not on the join: as a join condition the planner takes "staff member in
 * the plan's cost center" for a rare match and picks nested loops (260 ms instead of 50 ms on
 * 50,000 positions).
 */
function heldFteSumsOf(db: Queryable, planIds: string[]) {
  const contractEnd = sql<string | null>`case when ${staff.staffType} = 'Traveller' then ${staff.contractEndDate} end`;
  const counts = sql`${costCenterStaff.staffId} is not null and ${staff.terminationDate} is null`;
  return db
    .select({
      planId: staffPositions.planId,
      unitRoleId: staffPositions.unitRoleId,
      shift: staffPositions.shift,
      staffType: staff.staffType,
      contractEndDate: contractEnd.as("contract_end_date"),
      positions: sql<number>`count(*) filter (where ${counts})`.as("positions"),
      fte: sql<number>`coalesce(sum(${staffPositions.fte}) filter (where ${counts}), 0)`.as("fte"),
    })
    .from(staffPositions)
    .innerJoin(staffingPlans, eq(staffingPlans.id, staffPositions.planId))
    .innerJoin(staff, eq(staff.id, staffPositions.staffId))
    .leftJoin(
      costCenterStaff,
      and(
        eq(costCenterStaff.staffId, staffPositions.staffId),
        eq(costCenterStaff.costCenterId, staffingPlans.costCenterId),
      ),
    )
    .where(inArray(staffPositions.planId, planIds))
    .groupBy(staffPositions.planId, staffPositions.unitRoleId, staffPositions.shift, staff.staffType, contractEnd);
}

/** FTE requested per plan, role and shift (traveller requisitions apart), summed by the database. */
function requestedFte(db: Queryable, plans: SQLWrapper) {
  return db
    .select({
      planId: openPositions.planId,
      roleKey: openPositions.unitRoleId,
      shift: openPositions.shift,
      isTraveller: openPositions.isTraveller,
      fte: sql<number>`sum(${openPositions.fte})`.mapWith(Number),
    })
    .from(openPositions)
    .where(inArray(openPositions.planId, plans))
    .groupBy(openPositions.planId, openPositions.unitRoleId, openPositions.shift, openPositions.isTraveller);
}
