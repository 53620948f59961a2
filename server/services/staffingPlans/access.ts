// The wizard's access rule (who may read, edit or administer a cost center's plan), with the facility's budget calendar and time zone; every step starts here.
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import {
  costCenterPermissions,
  costCenters,
  facilities,
  facilityBudgetSettings,
  staffingPlans,
} from "../../../db/schema";
import type { BudgetCalendar } from "../../../schema/calendar";
import { MANAGE_STAFF_MESSAGES } from "../../../schema/manageStaff";
import { costCenterColumns } from "../costCenters";
import { forbidden, notFound, requireUuid } from "../errors";
import type { Viewer } from "../viewer";

export const WIZARD_MESSAGES = {
  editRefused: "Only the cost center's Complete Wizard holder can change its staffing plan.",
  readRefused: "You have no access to this cost center.",
  locked: "This staffing plan is attested and locked. An administrator must unlock it before it can change.",
  noPlan: "This cost center has no staffing plan for the budget year yet.",
  planExists: "This cost center already has a staffing plan for the budget year.",
  earlierSteps: "Complete the earlier steps first.",
  notReverifiable: "This wizard was not begun before the current budget season, so it needs no re-verification.",
} as const;

// ---------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------

/** The facility budget settings a plan's budget year and season follow (Access["budget"]). */
export const budgetColumns = {
  fiscalYearMonthsBegin: facilityBudgetSettings.fiscalYearMonthsBegin,
  fiscalYearDaysBegin: facilityBudgetSettings.fiscalYearDaysBegin,
  budgetSeasonBeginMonth: facilityBudgetSettings.budgetSeasonBeginMonth,
  budgetSeasonBeginDay: facilityBudgetSettings.budgetSeasonBeginDay,
  budgetSeasonEndMonth: facilityBudgetSettings.budgetSeasonEndMonth,
  budgetSeasonEndDay: facilityBudgetSettings.budgetSeasonEndDay,
};

/** What a facility's dates are read by: its budget calendar and its time zone. */
export type FacilityCalendar = Pick<Access, "budget" | "timeZone">;

export type Access = {
  costCenter: { id: string; code: string; name: string; facilityId: string; prnFte: number | null };
  canEdit: boolean;
  budget: BudgetCalendar | null;
  /** The facility's time zone: its dates (budget year and season, today) are read there. */
  timeZone: string;
};

type Need = "read" | "edit" | "admin" | "editOrAdmin" | "manageStaff";

/**
 * One query: the cost center (active, the viewer's facility), its facility's FTE basis and budget
 * settings, and the viewer's permission there. `edit` needs Complete Wizard on a user account,
 * `manageStaff` Manage Staff; `read` any permission; `admin` an administrator of the facility.
 */
export async function access(
  db: Queryable,
  viewer: Viewer,
  costCenterId: string,
  need: Need,
): Promise<Access & { canManageStaff: boolean }> {
  requireUuid(costCenterId, "cost center");
  return grantAccess(viewer, await accessRow(db, viewer, costCenterId), need);
}

/** The cost center of the plan whose id is `planId` (a uuid, or an SQL expression that finds it), as SQL. */
export const costCenterOfPlan = (planId: string | SQL) =>
  sql`(select ${staffingPlans.costCenterId} from ${staffingPlans} where ${staffingPlans.id} = ${planId})`;

/**
 * The row `grantAccess` judges, for a cost center given by its id or by an SQL expression that
 * finds it (a plan's cost center, read in the same round trip as the plan: planForEdit).
 */
export async function accessRow(db: Queryable, viewer: Viewer, costCenterId: string | SQL) {
  const [row] = await db
    .select({
      id: costCenters.id,
      code: costCenters.code,
      name: costCenters.name,
      facilityId: costCenters.facilityId,
      prnFte: costCenterColumns.prnFte,
      ...budgetColumns,
      timeZone: facilities.timeZone,
      completeWizard: costCenterPermissions.completeWizard,
      manageStaff: costCenterPermissions.manageStaff,
      hasPermission: sql<boolean>`${costCenterPermissions.id} is not null`,
    })
    .from(costCenters)
    .innerJoin(facilities, eq(facilities.id, costCenters.facilityId))
    .leftJoin(facilityBudgetSettings, eq(facilityBudgetSettings.facilityId, costCenters.facilityId))
    .leftJoin(
      costCenterPermissions,
      and(eq(costCenterPermissions.costCenterId, costCenters.id), eq(costCenterPermissions.userId, viewer.userId)),
    )
    .where(and(eq(costCenters.id, costCenterId), isNull(costCenters.deletedAt)))
    .limit(1);
  return row;
}

/** The viewer's access to the cost center of `row` (accessRow) for `need`, or the refusal. */
export function grantAccess(
  viewer: Viewer,
  row: Awaited<ReturnType<typeof accessRow>>,
  need: Need,
): Access & { canManageStaff: boolean } {
  // Another facility's cost center is as unknown as a missing one.
  if (!row || row.facilityId !== viewer.facilityId) throw notFound("Cost center");
  const isAdmin = viewer.accountType === "admin";
  const canEdit = viewer.accountType === "user" && row.completeWizard === true;
  const canManageStaff = viewer.accountType === "user" && row.manageStaff === true;
  if (need === "admin" && !isAdmin) throw forbidden();
  if (need === "edit" && !canEdit) throw forbidden(WIZARD_MESSAGES.editRefused);
  if (need === "editOrAdmin" && !canEdit && !isAdmin) throw forbidden(WIZARD_MESSAGES.editRefused);
  if (need === "read" && (isAdmin || !row.hasPermission)) throw forbidden(WIZARD_MESSAGES.readRefused);
  if (need === "manageStaff" && !canManageStaff) throw forbidden(MANAGE_STAFF_MESSAGES.refused);
  return {
    costCenter: { id: row.id, code: row.code, name: row.name, facilityId: row.facilityId, prnFte: row.prnFte },
    canEdit,
    canManageStaff,
    timeZone: row.timeZone,
    budget:
      row.fiscalYearMonthsBegin === null
        ? null
        : {
            fiscalYearMonthsBegin: row.fiscalYearMonthsBegin,
            fiscalYearDaysBegin: row.fiscalYearDaysBegin as number,
            budgetSeasonBeginMonth: row.budgetSeasonBeginMonth as number,
            budgetSeasonBeginDay: row.budgetSeasonBeginDay as number,
            budgetSeasonEndMonth: row.budgetSeasonEndMonth as number,
            budgetSeasonEndDay: row.budgetSeasonEndDay as number,
          },
  };
}
