import { and, asc, eq, inArray, isNull, ne, notExists, or, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import {
  costCenterPermissions,
  costCenterStaff,
  costCenters,
  facilities,
  jobs,
  staff,
  staffingPlans,
  staffPositions,
  unitRoles,
  users,
} from "../../db/schema";
import { EMPLOYEE_SEARCH_MAX_RESULTS, employeeSearchSchema } from "../../schema/employeeSearch";
import { MANAGE_STAFF_MESSAGES } from "../../schema/manageStaff";
import { byNumericCode } from "./costCenters";
import { DomainError, forbidden, notFound, requireUuid } from "./errors";
import { parseInput } from "./validation";
import type { Viewer } from "./viewer";

type StaffType = "Regular" | "PRN" | "Traveller";

/**
 * Refuses an Employee ID that another staff member of the facility has, in any case ('e1001' when
 * E1001 exists: the unique index is on lower(employee_id)). `field` names the form's input;
 * `except` is the staff member being changed.
 */
export async function refuseTakenEmployeeId(
  db: Queryable,
  facilityId: string,
  employeeId: string,
  field: string,
  except?: string,
): Promise<void> {
  const [taken] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(
      and(
        eq(staff.facilityId, facilityId),
        sql`lower(${staff.employeeId}) = lower(${employeeId})`,
        except ? ne(staff.id, except) : undefined,
      ),
    )
    .limit(1);
  if (taken) {
    const message = MANAGE_STAFF_MESSAGES.employeeIdTaken(employeeId);
    throw new DomainError("conflict", message, { [field]: message });
  }
}

/** The columns that name a staff member in the pickers (Select Staff and the like). */
export const staffNameColumns = {
  id: staff.id,
  employeeId: staff.employeeId,
  firstName: staff.firstName,
  middleName: staff.middleName,
  lastName: staff.lastName,
};

export type EmployeeSearchResult = {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  employeeId: string;
  staffType: StaffType;
};

export type EmployeeStaffPosition = {
  jobName: string;
  shiftName: string | null;
  staffPositionFullTimeEquivalence: number;
};

export type EmployeeCostCenter = {
  costCenterId: string;
  costCenterName: string;
  internalCode: string;
  costCenterFullTimeEquivalence: number;
  managerFirstName: string | null;
  managerLastName: string | null;
  managerEmail: string | null;
  staffPositions: EmployeeStaffPosition[];
};

/** Spec §3 'Searched employee details'. */
export type EmployeeDetails = {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  internalId: string | null;
  facilityName: string;
  staffType: StaffType;
  education: string | null;
  userEmail: string | null;
  totalFullTimeEquivalence: number;
  dateOfHire: string | null;
  contractDate: string | null;
  terminationDate: string | null;
  terminationType: string | null;
  requisitionNumber: string | null;
  costCenters: EmployeeCostCenter[];
};

/** Job name of a staff position whose role has neither a job nor a name (the role was removed). */
const UNKNOWN_JOB = "N/A";

/** Employees are searched and read within the viewer's own facility only. */
function requireOwnFacility(viewer: Viewer, facilityId: string): void {
  requireUuid(facilityId, "facility");
  if (facilityId !== viewer.facilityId) throw forbidden();
}

/** A cost center permission row that grants anything at all. */
const holdsAnyPermission = or(
  costCenterPermissions.completeWizard,
  costCenterPermissions.manageStaff,
  costCenterPermissions.readOnly,
  costCenterPermissions.executive,
);

/**
 * Which staff the viewer may see: admins the whole facility (undefined: nothing to restrict);
 * exec and user accounts the staff who belong to a cost center they hold any permission on
 * (`permitted`), plus the staff who belong to no cost center at all (`unassigned`). The two sets
 * are disjoint. They are kept apart so the search can answer each with a plain semi- or anti-join:
 * an OR of the two makes Postgres run both as hashed subplans and estimate the query at over 100
 * times its real cost, past the JIT threshold (about 40 ms of compiling per search).
 */
function visibilityOf(db: Queryable, viewer: Viewer): { permitted: SQL; unassigned: SQL } | undefined {
  if (viewer.accountType === "admin") return undefined;
  const permittedStaff = db
    .select({ staffId: costCenterStaff.staffId })
    .from(costCenterStaff)
    .innerJoin(costCenters, and(eq(costCenters.id, costCenterStaff.costCenterId), isNull(costCenters.deletedAt)))
    .innerJoin(costCenterPermissions, eq(costCenterPermissions.costCenterId, costCenterStaff.costCenterId))
    .where(and(eq(costCenterPermissions.userId, viewer.userId), holdsAnyPermission));
  const anyMembership = db
    .select({ one: sql`1` })
    .from(costCenterStaff)
    .innerJoin(costCenters, and(eq(costCenters.id, costCenterStaff.costCenterId), isNull(costCenters.deletedAt)))
    .where(eq(costCenterStaff.staffId, staff.id));
  return { permitted: inArray(staff.id, permittedStaff), unassigned: notExists(anyMembership) };
}

/** The visibility rule as one condition (for reading one employee). */
function visibleCondition(db: Queryable, viewer: Viewer): SQL | undefined {
  const visibility = visibilityOf(db, viewer);
  return visibility && or(visibility.permitted, visibility.unassigned);
}

/** Separates the name from the employee id in `staff.search_text`; no term may contain it. */
const SEARCH_TEXT_SEPARATOR = String.fromCharCode(31);
/** The trigram index can only narrow a search by a term of at least three characters. */
const TRIGRAM_LENGTH = 3;

/**
 * Staff whose search text contains `term` (lowercased by the database, like the stored text).
 * From three characters on as LIKE, which the trigram index answers; a two-character term holds
 * no trigram, so the index would read every entry: it is written with strpos, which keeps the
 * planner on a plain scan of the stored column (cheap, and no JIT for a misestimated index plan).
 */
function searchTextContains(term: string): SQL {
  if (term.length < TRIGRAM_LENGTH) return sql`strpos(${staff.searchText}, lower(${term})) > 0`;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${staff.searchText} like lower(${pattern})`;
}

/**
 * Employee search (spec §2, §5): a case-insensitive match anywhere in the first name, last name,
 * 'first last' or employee id of the facility's current (not terminated) staff the viewer may see;
 * at most 25, sorted by first name (case-insensitive), then last name. One query.
 */
export async function searchEmployees(
  db: Queryable,
  viewer: Viewer,
  facilityId: string,
  rawTerm: unknown,
): Promise<EmployeeSearchResult[]> {
  requireOwnFacility(viewer, facilityId);
  const { term } = parseInput(employeeSearchSchema, { term: rawTerm });
  if (term.includes(SEARCH_TEXT_SEPARATOR)) return [];

  const matching = (visible?: SQL) =>
    db
      .select({
        id: staff.id,
        firstName: staff.firstName,
        middleName: staff.middleName,
        lastName: staff.lastName,
        employeeId: staff.employeeId,
        staffType: staff.staffType,
        // Sort keys as columns: the order of a UNION may only name its columns.
        sortFirstName: sql<string>`lower(${staff.firstName})`.as("sort_first_name"),
        sortLastName: sql<string>`lower(${staff.lastName})`.as("sort_last_name"),
      })
      .from(staff)
      .where(and(eq(staff.facilityId, facilityId), isNull(staff.terminationDate), searchTextContains(term), visible));
  const visibility = visibilityOf(db, viewer);
  const rows = await (visibility
    ? unionAll(matching(visibility.permitted), matching(visibility.unassigned))
    : matching()
  )
    .orderBy(sql`sort_first_name`, sql`sort_last_name`, sql`employee_id`)
    .limit(EMPLOYEE_SEARCH_MAX_RESULTS);
  return rows.map(({ sortFirstName: _first, sortLastName: _last, ...employee }) => employee);
}

/**
 * `GET /api/staff/facility/{facilityId}`: the facility's staff still employed that the viewer may
 * see (the employee search's rule), by first and last name, for pickers such as Select Staff.
 */
export async function listFacilityStaff(db: Queryable, viewer: Viewer, facilityId: string) {
  requireOwnFacility(viewer, facilityId);
  return db
    .select({ ...staffNameColumns, staffType: staff.staffType, dateOfHire: staff.dateOfHire })
    .from(staff)
    .where(and(eq(staff.facilityId, facilityId), isNull(staff.terminationDate), visibleCondition(db, viewer)))
    .orderBy(asc(sql`lower(${staff.firstName})`), asc(sql`lower(${staff.lastName})`), asc(staff.employeeId));
}

/**
 * The Employee Details card (spec §3) of one staff member the viewer may see; one who does not
 * exist and one the viewer may not see are answered alike ("not found"). Three queries: the
 * employee, their cost centers with managers, and their staff positions.
 *
 * Need to know (issue #12, item 10): admins see every cost center the employee belongs to; exec
 * and user accounts only those they hold a permission on. The others are left out entirely, not
 * even counted: that a colleague also works in, say, Behavioral Health is itself something a
 * hospital keeps from a manager who has no business there. (The employee's total FTE stays in
 * the basic information, as the spec lists it.)
 */
export async function getEmployeeDetails(
  db: Queryable,
  viewer: Viewer,
  facilityId: string,
  staffId: string,
): Promise<EmployeeDetails> {
  requireOwnFacility(viewer, facilityId);
  requireUuid(staffId, "employee");

  const [employee] = await db
    .select({
      id: staff.id,
      firstName: staff.firstName,
      middleName: staff.middleName,
      lastName: staff.lastName,
      internalId: sql<string | null>`nullif(${staff.employeeId}, '')`,
      facilityName: facilities.name,
      staffType: staff.staffType,
      education: staff.education,
      userEmail: sql<string | null>`coalesce(${users.email}, ${staff.email})`,
      totalFullTimeEquivalence: staff.assignedFte,
      dateOfHire: staff.dateOfHire,
      contractDate: staff.contractEndDate,
      terminationDate: staff.terminationDate,
      terminationType: staff.terminationType,
      requisitionNumber: staff.requisitionNumber,
    })
    .from(staff)
    .innerJoin(facilities, eq(facilities.id, staff.facilityId))
    .leftJoin(users, and(eq(users.staffId, staff.id), isNull(users.deletedAt)))
    .where(and(eq(staff.id, staffId), eq(staff.facilityId, facilityId), visibleCondition(db, viewer)))
    .limit(1);
  if (!employee) throw notFound("Employee");

  const manager = users;
  const centers = await db
    .select({
      costCenterId: costCenters.id,
      costCenterName: costCenters.name,
      internalCode: costCenters.code,
      costCenterFullTimeEquivalence: costCenterStaff.fte,
      managerFirstName: manager.firstName,
      managerLastName: manager.lastName,
      managerEmail: manager.email,
    })
    .from(costCenterStaff)
    .innerJoin(costCenters, and(eq(costCenters.id, costCenterStaff.costCenterId), isNull(costCenters.deletedAt)))
    .leftJoin(
      costCenterPermissions,
      and(eq(costCenterPermissions.costCenterId, costCenters.id), eq(costCenterPermissions.manageStaff, true)),
    )
    .leftJoin(manager, and(eq(manager.id, costCenterPermissions.userId), isNull(manager.deletedAt)))
    .where(and(eq(costCenterStaff.staffId, staffId), permittedCostCenter(db, viewer)))
    .orderBy(...byNumericCode);

  const positionsByCostCenter = await staffPositionsByCostCenter(
    db,
    staffId,
    centers.map((center) => center.costCenterId),
  );
  return {
    ...employee,
    costCenters: centers.map((center) => ({
      ...center,
      staffPositions: positionsByCostCenter.get(center.costCenterId) ?? [],
    })),
  };
}

/** The cost centers the viewer holds a permission on (undefined for admins: the whole facility). */
function permittedCostCenter(db: Queryable, viewer: Viewer): SQL | undefined {
  if (viewer.accountType === "admin") return undefined;
  const permitted = db
    .select({ costCenterId: costCenterPermissions.costCenterId })
    .from(costCenterPermissions)
    .where(and(eq(costCenterPermissions.userId, viewer.userId), holdsAnyPermission));
  return inArray(costCenterStaff.costCenterId, permitted);
}

/** The staff member's positions in the latest plan of each cost center, in one query. */
async function staffPositionsByCostCenter(
  db: Queryable,
  staffId: string,
  costCenterIds: string[],
): Promise<Map<string, EmployeeStaffPosition[]>> {
  const result = new Map<string, EmployeeStaffPosition[]>();
  if (costCenterIds.length === 0) return result;
  const latestPlan = sql`${staffingPlans.budgetYear} = (
    select max(latest.budget_year) from ${staffingPlans} as latest
    where latest.cost_center_id = ${staffingPlans.costCenterId}
  )`;
  const rows = await db
    .select({
      costCenterId: staffingPlans.costCenterId,
      jobName: sql<string>`coalesce(${jobs.name}, ${unitRoles.name}, ${UNKNOWN_JOB})`,
      shiftName: staffPositions.shift,
      staffPositionFullTimeEquivalence: staffPositions.fte,
    })
    .from(staffPositions)
    .innerJoin(staffingPlans, eq(staffingPlans.id, staffPositions.planId))
    .leftJoin(unitRoles, eq(unitRoles.id, staffPositions.unitRoleId))
    .leftJoin(jobs, eq(jobs.id, unitRoles.jobId))
    .where(and(eq(staffPositions.staffId, staffId), inArray(staffingPlans.costCenterId, costCenterIds), latestPlan))
    .orderBy(asc(unitRoles.sortOrder), asc(staffPositions.shift), asc(staffPositions.id));
  for (const { costCenterId, ...position } of rows) {
    const list = result.get(costCenterId) ?? [];
    list.push(position);
    result.set(costCenterId, list);
  }
  return result;
}
