import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { costCenterPermissions, costCenters, positions, staff, users } from "../../db/schema";
import { forbidden, notFound, requireUuid } from "./errors";
import type { Viewer } from "./viewer";

export type CostCenterPermissionRecord = {
  costCenterId: string;
  code: string;
  name: string;
  fte: number | null;
  completeWizard: boolean;
  manageStaff: boolean;
  readOnly: boolean;
  executive: boolean;
};

export type UserRecord = {
  id: string;
  organizationId: string;
  facilityId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string;
  userType: "Admin" | "User";
  positionId: string | null;
  title: string | null;
  notes: string | null;
  uploadChange: boolean;
  staffId: string | null;
  employeeId: string | null;
  assignedFte: number | null;
  staffType: "Regular" | "PRN" | "Traveller" | null;
  dateOfHire: string | null;
  costCenterPermissions: CostCenterPermissionRecord[];
};

/** Permissions of many users in one query, in each user's own order (the first decides exec). */
export async function permissionsByUser(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, CostCenterPermissionRecord[]>> {
  const result = new Map<string, CostCenterPermissionRecord[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({
      userId: costCenterPermissions.userId,
      costCenterId: costCenterPermissions.costCenterId,
      code: costCenters.code,
      name: costCenters.name,
      fte: costCenterPermissions.fte,
      completeWizard: costCenterPermissions.completeWizard,
      manageStaff: costCenterPermissions.manageStaff,
      readOnly: costCenterPermissions.readOnly,
      executive: costCenterPermissions.executive,
    })
    .from(costCenterPermissions)
    .innerJoin(costCenters, eq(costCenters.id, costCenterPermissions.costCenterId))
    .where(and(inArray(costCenterPermissions.userId, [...userIds]), isNull(costCenters.deletedAt)))
    .orderBy(asc(costCenterPermissions.sortOrder), asc(costCenters.code));
  for (const { userId, ...permission } of rows) result.get(userId)?.push(permission);
  return result;
}

/** Active users matching a condition, with their position, staff record and permissions (two queries). */
export async function loadUsers(db: Queryable, condition: ReturnType<typeof and>): Promise<UserRecord[]> {
  const rows = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      facilityId: users.facilityId,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      email: users.email,
      userType: users.userType,
      positionId: users.positionId,
      title: positions.title,
      notes: users.notes,
      uploadChange: users.uploadChange,
      staffId: users.staffId,
      employeeId: staff.employeeId,
      assignedFte: staff.assignedFte,
      staffType: staff.staffType,
      dateOfHire: staff.dateOfHire,
    })
    .from(users)
    .leftJoin(positions, eq(positions.id, users.positionId))
    .leftJoin(staff, eq(staff.id, users.staffId))
    .where(and(condition, isNull(users.deletedAt)))
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`);
  const permissions = await permissionsByUser(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, costCenterPermissions: permissions.get(row.id) ?? [] }));
}

/** A user of the viewer's facility: admins may read anyone there, everyone else only themselves. */
export async function getUser(db: Queryable, viewer: Viewer, userId: string): Promise<UserRecord> {
  requireUuid(userId, "user");
  if (viewer.accountType !== "admin" && viewer.userId !== userId) throw forbidden();
  const [user] = await loadUsers(db, and(eq(users.id, userId), eq(users.facilityId, viewer.facilityId)));
  if (!user) throw notFound("User");
  return user;
}

/** Every active user of a facility, sorted by first name; admins of that facility only. */
export async function listFacilityUsers(db: Queryable, viewer: Viewer, facilityId: string): Promise<UserRecord[]> {
  requireUuid(facilityId, "facility");
  if (viewer.accountType !== "admin" || viewer.facilityId !== facilityId) throw forbidden();
  return loadUsers(db, eq(users.facilityId, facilityId));
}
