import { and, asc, eq, inArray, isNull, ne, notExists, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Queryable } from "../../db/client";
import {
  costCenterPermissions,
  costCenterStaff,
  costCenters,
  facilityBudgetSettings,
  invites,
  positions,
  staff,
  users,
} from "../../db/schema";
import { facilityDate } from "../../schema/calendar";
import { UUID_PATTERN } from "../../schema/text";
import {
  type AddUserOutsideInput,
  addUserOutsideSchema,
  addUserWithinSchema,
  deleteUserSchema,
  isSoftwareAdminTitle,
  moveStaffSchema,
  normalizeFlags,
  type PermissionInput,
  sameFte,
  USER_ACCESS_TEXTS,
  updateUserSchema,
} from "../../schema/userAccess";
import { setAdminTaskState, type TaskState } from "./adminTasks";
import { auditEntry, recordAudit, recordAudits } from "./audit";
import type { AuditAction } from "./auditLabels";
import { requireAdmin } from "./authorization";
import { refuseTakenEmployeeId, staffNameColumns } from "./employees";
import { DomainError, forbidden, notFound, requireUuid } from "./errors";
import type { IdentityDirectory, Invitation } from "./invitations";
import { loadUsers, type UserRecord } from "./users";
import { parseInput } from "./validation";
import type { Viewer } from "./viewer";

export type PositionStatus = "UNASSIGNED" | "REVIEW";

export type AccessPositionRecord = {
  id: string;
  title: string;
  description: string;
  isSoftwareAdmin: boolean;
  statuses: PositionStatus[];
  users: UserRecord[];
};

export type AccessCounts = { total: number; assigned: number; toBeAssigned: number };
export type UserAccessibilityRecord = { positions: AccessPositionRecord[]; counts: AccessCounts };

/** A user who must hold cost-center permissions: type User, not in a Software Admin position. */
export function needsPermissions(user: Pick<UserRecord, "userType" | "title">): boolean {
  return user.userType === "User" && !isSoftwareAdminTitle(user.title);
}

/** The user's FTE shown in the list: the staff member's assigned FTE, else the sum over cost centers. */
export function userFte(user: UserRecord): number {
  if (user.assignedFte !== null) return user.assignedFte;
  return Math.round(user.costCenterPermissions.reduce((sum, p) => sum + (p.fte ?? 0), 0) * 1000) / 1000;
}

function statusesOf(members: readonly UserRecord[]): PositionStatus[] {
  const statuses: PositionStatus[] = [];
  if (members.some((u) => u.userType === "User" && u.costCenterPermissions.length === 0)) statuses.push("UNASSIGNED");
  if (members.some((u) => u.uploadChange)) statuses.push("REVIEW");
  return statuses;
}

/**
 * The user access list (spec §2, §4): every position with its users and their permissions, the
 * status badges and the three counts; three queries for the whole facility.
 */
export async function getUserAccessibility(db: Queryable, viewer: Viewer): Promise<UserAccessibilityRecord> {
  requireAdmin(viewer);
  const positionRows = await db
    .select({ id: positions.id, title: positions.title, description: positions.description })
    .from(positions)
    .where(eq(positions.facilityId, viewer.facilityId))
    .orderBy(asc(positions.title));
  const members = await loadUsers(db, eq(users.facilityId, viewer.facilityId));
  const byPosition = new Map<string, UserRecord[]>();
  for (const user of members) {
    if (!user.positionId) continue;
    byPosition.set(user.positionId, [...(byPosition.get(user.positionId) ?? []), user]);
  }
  const needing = members.filter(needsPermissions);
  const assigned = needing.filter((u) => u.costCenterPermissions.length > 0).length;
  return {
    positions: positionRows.map((position) => {
      const list = byPosition.get(position.id) ?? [];
      return {
        ...position,
        isSoftwareAdmin: isSoftwareAdminTitle(position.title),
        statuses: statusesOf(list),
        users: list,
      };
    }),
    counts: { total: needing.length, assigned, toBeAssigned: needing.length - assigned },
  };
}

export async function getAccessPosition(
  db: Queryable,
  viewer: Viewer,
  positionId: string,
): Promise<AccessPositionRecord> {
  requireUuid(positionId, "position");
  const { positions: list } = await getUserAccessibility(db, viewer);
  const position = list.find((p) => p.id === positionId);
  if (!position) throw notFound("Position");
  return position;
}

/** Whether an id names a position of the user access list (GET /api/positions/{id} serves two kinds). */
export async function isAccessPositionId(db: Queryable, id: string): Promise<boolean> {
  if (!UUID_PATTERN.test(id)) return false;
  const [found] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, id));
  return found !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Rules shared by add and update
// ---------------------------------------------------------------------------------------------

type StoredPermission = {
  costCenterId: string;
  fte: number;
  completeWizard: boolean;
  manageStaff: boolean;
  readOnly: boolean;
  executive: boolean;
};

async function loadPosition(db: Queryable, viewer: Viewer, positionId: string) {
  const [position] = await db
    .select({ id: positions.id, title: positions.title })
    .from(positions)
    .where(and(eq(positions.id, positionId), eq(positions.facilityId, viewer.facilityId)));
  if (!position) throw notFound("Position");
  return position;
}

/** Spec §5 PRN: assigned FTE is the facility's PRN FTE standard. */
async function facilityPrnFte(db: Queryable, facilityId: string): Promise<number> {
  const [row] = await db
    .select({ value: facilityBudgetSettings.prnStaffValue })
    .from(facilityBudgetSettings)
    .where(eq(facilityBudgetSettings.facilityId, facilityId));
  if (!row) {
    throw new DomainError("invalid", "Set the facility's PRN FTE (Financial Information) before adding a PRN user", {
      prn: "The facility has no PRN FTE yet",
    });
  }
  return row.value;
}

/**
 * Checks a user's cost-center permissions against spec §4-§6 and answers what is stored: Software
 * Admins hold none and are never executives; executives hold read-only executive rights with fte 0;
 * everyone else needs an FTE on every cost center, FTEs summing to the assigned FTE (3 decimals),
 * and at most one person per cost center completes the wizard and one manages staff.
 */
async function checkPermissions(
  db: Queryable,
  viewer: Viewer,
  options: {
    softwareAdmin: boolean;
    executive: boolean;
    list: readonly PermissionInput[];
    /** The FTE the permissions must add up to; null skips the sum (no staff record). */
    assignedFte: number | null;
    mismatchMessage: string;
    requireAtLeastOne: boolean;
    /** The user being updated: their own current rights are no conflict. */
    exceptUserId: string | null;
  },
): Promise<StoredPermission[]> {
  const { list } = options;
  if (options.softwareAdmin) {
    if (options.executive) throw invalid("Software Admin positions have no executive option", "executive");
    if (list.length > 0) {
      throw invalid("Software Admin positions have no cost center permissions", "costCenterPermissions");
    }
    return [];
  }
  if (list.length === 0) {
    if (options.requireAtLeastOne && !options.executive) {
      throw invalid("Assign at least one cost center to this user", "costCenterPermissions");
    }
    return [];
  }
  const ids = list.map((p) => p.costCenterId);
  const known = await db
    .select({ id: costCenters.id, code: costCenters.code, name: costCenters.name })
    .from(costCenters)
    .where(
      and(inArray(costCenters.id, ids), eq(costCenters.facilityId, viewer.facilityId), isNull(costCenters.deletedAt)),
    );
  const names = new Map(known.map((c) => [c.id, `${c.code} ${c.name}`]));
  const unknown = ids.find((id) => !names.has(id));
  if (unknown)
    throw new DomainError("not_found", `Cost center ${unknown} is not an active cost center of your facility`);

  if (options.executive) {
    return list.map((p) => ({
      costCenterId: p.costCenterId,
      fte: 0,
      completeWizard: false,
      manageStaff: false,
      readOnly: true,
      executive: true,
    }));
  }
  if (list.some((p) => p.fte === null || p.fte === undefined)) {
    throw invalid(USER_ACCESS_TEXTS.missingFteTooltip, "costCenterPermissions");
  }
  const stored = list.map((p) => ({
    costCenterId: p.costCenterId,
    fte: p.fte ?? 0,
    ...normalizeFlags(p),
    executive: false,
  }));
  const sum = stored.reduce((total, p) => total + p.fte, 0);
  if (options.assignedFte !== null && !sameFte(sum, options.assignedFte)) {
    throw invalid(options.mismatchMessage, "costCenterPermissions");
  }
  await checkSingleHolders(db, stored, names, options.exceptUserId);
  return stored;
}

/** Spec §6: one person per cost center completes the wizard, one manages staff. */
async function checkSingleHolders(
  db: Queryable,
  stored: readonly StoredPermission[],
  names: Map<string, string>,
  exceptUserId: string | null,
) {
  const wanted = stored.filter((p) => p.completeWizard || p.manageStaff).map((p) => p.costCenterId);
  if (wanted.length === 0) return;
  const holders = await db
    .select({
      costCenterId: costCenterPermissions.costCenterId,
      completeWizard: costCenterPermissions.completeWizard,
      manageStaff: costCenterPermissions.manageStaff,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(costCenterPermissions)
    .innerJoin(users, eq(users.id, costCenterPermissions.userId))
    .where(
      and(
        inArray(costCenterPermissions.costCenterId, wanted),
        isNull(users.deletedAt),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
        sql`(${costCenterPermissions.completeWizard} or ${costCenterPermissions.manageStaff})`,
      ),
    );
  for (const permission of stored) {
    for (const holder of holders.filter((h) => h.costCenterId === permission.costCenterId)) {
      const who = `${holder.firstName} ${holder.lastName}`;
      const where = names.get(permission.costCenterId) ?? permission.costCenterId;
      if (permission.completeWizard && holder.completeWizard) {
        throw new DomainError(
          "conflict",
          `Only one person per cost center may complete the Wizard: ${who} already does in ${where}`,
          { costCenterPermissions: "completeWizard" },
        );
      }
      if (permission.manageStaff && holder.manageStaff) {
        throw new DomainError(
          "conflict",
          `Only one person per cost center may manage staff: ${who} already does in ${where}`,
          { costCenterPermissions: "manageStaff" },
        );
      }
    }
  }
}

const invalid = (message: string, field: string) => new DomainError("invalid", message, { [field]: message });

async function requireEmailFree(db: Queryable, email: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  if (taken) throw new DomainError("conflict", `A user with the email ${email} already exists`, { email: "taken" });
}

async function insertPermissions(db: Queryable, userId: string, stored: readonly StoredPermission[]) {
  if (stored.length === 0) return;
  await db.insert(costCenterPermissions).values(stored.map((p, sortOrder) => ({ ...p, userId, sortOrder })));
}

/**
 * The staff member's cost centers follow a (non-executive) user's permissions: a cost center with an
 * FTE keeps or gets the membership with that FTE; the others are left (spec §5 red warning).
 */
async function syncMemberships(db: Queryable, staffId: string, stored: readonly StoredPermission[]) {
  const withFte = stored.filter((p) => !p.executive && p.fte > 0);
  const keep = withFte.map((p) => p.costCenterId);
  await db
    .delete(costCenterStaff)
    .where(
      and(
        eq(costCenterStaff.staffId, staffId),
        keep.length > 0 ? notInArray(costCenterStaff.costCenterId, keep) : undefined,
      ),
    );
  if (withFte.length === 0) return;
  await db
    .insert(costCenterStaff)
    .values(withFte.map((p) => ({ staffId, costCenterId: p.costCenterId, fte: p.fte })))
    .onConflictDoUpdate({
      target: [costCenterStaff.costCenterId, costCenterStaff.staffId],
      set: { fte: sql`excluded.fte` },
    });
}

async function reloadUser(db: Queryable, userId: string): Promise<UserRecord> {
  const [user] = await loadUsers(db, eq(users.id, userId));
  if (!user) throw notFound("User");
  return user;
}

function snapshot(user: UserRecord) {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: user.userType,
    positionId: user.positionId,
    title: user.title,
    notes: user.notes,
    staffId: user.staffId,
    assignedFte: user.assignedFte,
    costCenterPermissions: user.costCenterPermissions.map((p) => ({
      costCenterId: p.costCenterId,
      code: p.code,
      fte: p.fte,
      completeWizard: p.completeWizard,
      manageStaff: p.manageStaff,
      readOnly: p.readOnly,
      executive: p.executive,
    })),
  };
}

/** A unique index refused a concurrent change: the rule it guards answers, not a 500. */
async function translateUniqueViolations<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const text = uniqueViolationIndex(error);
    if (text?.includes("ccp_one_wizard_holder_uq")) {
      throw new DomainError("conflict", "Only one person per cost center may complete the Wizard");
    }
    if (text?.includes("ccp_one_staff_manager_uq")) {
      throw new DomainError("conflict", "Only one person per cost center may manage staff");
    }
    if (text?.includes("users_active_email_uq"))
      throw new DomainError("conflict", "A user with this email already exists");
    if (text?.includes("staff_facility_employee_uq"))
      throw new DomainError("conflict", "This Employee ID already exists");
    throw error;
  }
}

function uniqueViolationIndex(error: unknown): string | undefined {
  for (
    let current = error as
      | { code?: string; message?: string; constraint_name?: string; constraint?: string; cause?: unknown }
      | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === "23505")
      return `${current.constraint_name ?? current.constraint ?? ""} ${current.message ?? ""}`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------

/**
 * What both ways of adding a user check before writing: the permissions (at least one; the FTE
 * split must add up unless the user is a software admin or an executive), then a free e-mail.
 */
async function checkNewUser(
  tx: Queryable,
  viewer: Viewer,
  data: Pick<AddUserOutsideInput, "executive" | "costCenterPermissions" | "email">,
  user: { softwareAdmin: boolean; assignedFte: number },
) {
  const stored = await checkPermissions(tx, viewer, {
    softwareAdmin: user.softwareAdmin,
    executive: data.executive,
    list: data.costCenterPermissions,
    assignedFte: user.softwareAdmin || data.executive ? null : user.assignedFte,
    mismatchMessage: USER_ACCESS_TEXTS.fteMismatchAdd,
    requireAtLeastOne: true,
    exceptUserId: null,
  });
  await requireEmailFree(tx, data.email);
  return stored;
}

/** The staff member a new user is for, found or created by each way of adding, and what was checked. */
type AdmittedUser = {
  member: { id: string; firstName: string; middleName: string | null; lastName: string };
  stored: StoredPermission[];
  /** Whether the staff member's cost-center memberships follow the new permissions. */
  syncMemberships: boolean;
  email: string;
  notes: string | null;
};

/**
 * A way of adding a user: the input parsed with the way's `schema`, then in one transaction the
 * position, `admit` (the way's own checks and its staff member), then the user, their permissions and
 * memberships, the audit record and the invitation. A unique index hit by a concurrent add answers
 * as a conflict.
 */
function userAdder<Rule extends z.ZodType<{ positionId: string }>>(
  schema: Rule,
  action: "user.create.outside" | "user.create.within",
  admit: (
    tx: Queryable,
    viewer: Viewer,
    data: z.output<Rule>,
    position: { softwareAdmin: boolean },
  ) => Promise<AdmittedUser>,
) {
  return async (db: Queryable, viewer: Viewer, directory: IdentityDirectory, input: unknown): Promise<UserRecord> => {
    requireAdmin(viewer);
    const data = parseInput(schema, input);
    return translateUniqueViolations(() =>
      db.transaction(async (tx) => {
        const position = await loadPosition(tx, viewer, data.positionId);
        const softwareAdmin = isSoftwareAdminTitle(position.title);
        const {
          member,
          stored,
          syncMemberships: sync,
          email,
          notes,
        } = await admit(tx, viewer, data, { softwareAdmin });
        const userId = await insertUser(tx, viewer, {
          staffId: member.id,
          positionId: position.id,
          email,
          firstName: member.firstName,
          middleName: member.middleName,
          lastName: member.lastName,
          softwareAdmin,
          notes,
        });
        await insertPermissions(tx, userId, stored);
        if (sync) await syncMemberships(tx, member.id, stored);
        return finishAdd(tx, viewer, directory, userId, action);
      }),
    );
  };
}

/** Spec §5 add user, outside the organisation: creates the staff member and the user, then invites. */
export const addUserOutside = userAdder(
  addUserOutsideSchema,
  "user.create.outside",
  async (tx, viewer, data, { softwareAdmin }) => {
    const assignedFte = data.prn ? await facilityPrnFte(tx, viewer.facilityId) : data.assignedFte;
    const stored = await checkNewUser(tx, viewer, data, { softwareAdmin, assignedFte });
    await refuseTakenEmployeeId(tx, viewer.facilityId, data.empId, "empId");
    const [newStaff] = await tx
      .insert(staff)
      .values({
        facilityId: viewer.facilityId,
        employeeId: data.empId,
        firstName: data.firstName,
        middleName: data.middleName,
        lastName: data.lastName,
        email: data.email,
        dateOfHire: data.dateOfHire,
        assignedFte,
        staffType: data.prn ? "PRN" : data.isTraveller ? "Traveller" : "Regular",
        contractEndDate: data.contractDate,
        education: data.education,
        requisitionNumber: data.requisitionNumber,
      })
      .returning({ id: staff.id });
    if (!newStaff) throw new Error("The staff member was not created");
    return {
      member: { id: newStaff.id, firstName: data.firstName, middleName: data.middleName, lastName: data.lastName },
      stored,
      syncMemberships: !data.executive,
      email: data.email,
      notes: data.notes,
    };
  },
);

/** Spec §5 add user, within the organisation: a user for an existing staff member, then invites. */
export const addUserWithin = userAdder(
  addUserWithinSchema,
  "user.create.within",
  async (tx, viewer, data, { softwareAdmin }) => {
    const [member] = await tx
      .select({
        id: staff.id,
        firstName: staff.firstName,
        middleName: staff.middleName,
        lastName: staff.lastName,
        assignedFte: staff.assignedFte,
      })
      .from(staff)
      .where(and(eq(staff.id, data.staffId), eq(staff.facilityId, viewer.facilityId), isNull(staff.terminationDate)))
      .for("update");
    if (!member) throw notFound("Staff member");
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.staffId, member.id), isNull(users.deletedAt)));
    if (existing) {
      throw new DomainError("conflict", `${member.firstName} ${member.lastName} is already a user`, {
        staffId: "already a user",
      });
    }
    const assignedFte = data.assignedFte ?? (member.assignedFte > 0 ? member.assignedFte : 1);
    if (!softwareAdmin && !(assignedFte > 0)) throw invalid("Assigned FTE must be greater than 0", "assignedFte");
    const stored = await checkNewUser(tx, viewer, data, { softwareAdmin, assignedFte });
    if (!softwareAdmin) {
      await tx
        .update(staff)
        .set({ assignedFte, email: data.email, updatedAt: new Date() })
        .where(eq(staff.id, member.id));
    }
    return {
      member,
      stored,
      syncMemberships: !data.executive && !softwareAdmin,
      email: data.email,
      notes: data.notes,
    };
  },
);

async function insertUser(
  db: Queryable,
  viewer: Viewer,
  values: {
    staffId: string;
    positionId: string;
    email: string;
    firstName: string;
    middleName: string | null;
    lastName: string;
    softwareAdmin: boolean;
    notes: string | null;
  },
): Promise<string> {
  const { softwareAdmin, ...rest } = values;
  const [row] = await db
    .insert(users)
    .values({
      ...rest,
      organizationId: viewer.organizationId,
      facilityId: viewer.facilityId,
      userType: softwareAdmin ? "Admin" : "User",
    })
    .returning({ id: users.id });
  if (!row) throw new Error("The user was not created");
  return row.id;
}

/** The invitation the admin sends the user (on adding them, and again on a resend). */
function invitationOf(viewer: Viewer, user: UserRecord): Invitation {
  return {
    userId: user.id,
    facilityId: viewer.facilityId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    invitedByUserId: viewer.userId,
  };
}

async function finishAdd(
  db: Queryable,
  viewer: Viewer,
  directory: IdentityDirectory,
  userId: string,
  action: AuditAction,
): Promise<UserRecord> {
  const user = await reloadUser(db, userId);
  await recordAudit(db, auditEntry(viewer, action, userId, null, snapshot(user)));
  await directory.invite(db, invitationOf(viewer, user));
  return user;
}

async function lockUser(db: Queryable, viewer: Viewer, userId: string): Promise<UserRecord> {
  requireUuid(userId, "user");
  const [locked] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.facilityId, viewer.facilityId), isNull(users.deletedAt)))
    .for("update");
  if (!locked) throw notFound("User");
  return reloadUser(db, userId);
}

/**
 * Spec §5 update user: cost-center permissions and notes; admin-type (Software Admin) users only
 * notes; executives saved with fte 0. Clears the upload-change flag (REVIEWED). Audited with who
 * changed whose permissions, before and after.
 */
export async function updateUserAccess(
  db: Queryable,
  viewer: Viewer,
  userId: string,
  input: unknown,
): Promise<UserRecord> {
  requireAdmin(viewer);
  requireUuid(userId, "user");
  const data = parseInput(updateUserSchema, input);
  return translateUniqueViolations(() =>
    db.transaction(async (tx) => {
      const before = await lockUser(tx, viewer, userId);
      if (!needsPermissions(before)) {
        if (data.executive || data.costCenterPermissions.length > 0) {
          throw invalid("Admin users cannot have cost centers edited, only notes", "costCenterPermissions");
        }
      } else {
        const stored = await checkPermissions(tx, viewer, {
          softwareAdmin: false,
          executive: data.executive,
          list: data.costCenterPermissions,
          assignedFte: data.executive || before.assignedFte === null ? null : before.assignedFte,
          mismatchMessage: USER_ACCESS_TEXTS.fteMismatchUpdate,
          requireAtLeastOne: false,
          exceptUserId: userId,
        });
        await tx.delete(costCenterPermissions).where(eq(costCenterPermissions.userId, userId));
        await insertPermissions(tx, userId, stored);
        if (before.staffId && !data.executive && stored.length > 0) await syncMemberships(tx, before.staffId, stored);
      }
      await tx
        .update(users)
        .set({ notes: data.notes, uploadChange: false, updatedAt: new Date() })
        .where(eq(users.id, userId));
      const after = await reloadUser(tx, userId);
      await recordAudit(tx, auditEntry(viewer, "user.permissions.update", userId, snapshot(before), snapshot(after)));
      return after;
    }),
  );
}

/** The position of the admin's facility with this title (spec §7: a move names the title). */
export async function positionIdByTitle(db: Queryable, viewer: Viewer, title: unknown): Promise<string> {
  requireAdmin(viewer);
  if (typeof title !== "string" || !title.trim()) throw invalid("Move requires a target position", "title");
  const [row] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.facilityId, viewer.facilityId), eq(positions.title, title.trim())));
  if (!row) throw new DomainError("not_found", `No position titled '${title.trim()}' in your facility`);
  return row.id;
}

/** Spec §4 move panel: users of one position to another (Software Admins only among themselves). */
export async function moveStaff(db: Queryable, viewer: Viewer, input: unknown): Promise<UserRecord[]> {
  requireAdmin(viewer);
  const data = parseInput(moveStaffSchema, input);
  return db.transaction(async (tx) => {
    const target = await loadPosition(tx, viewer, data.targetPositionId);
    const ids = [...new Set(data.userIds)];
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.facilityId, viewer.facilityId), isNull(users.deletedAt)))
      .for("update");
    const moving = await loadUsers(tx, and(inArray(users.id, ids), eq(users.facilityId, viewer.facilityId)));
    if (moving.length !== ids.length) throw notFound("User");
    for (const user of moving) {
      if (user.positionId === target.id) {
        throw invalid(`${user.firstName} ${user.lastName} is already in ${target.title}`, "targetPositionId");
      }
      if (isSoftwareAdminTitle(user.title) !== isSoftwareAdminTitle(target.title)) {
        throw invalid(
          `${user.firstName} ${user.lastName} cannot move to ${target.title}: Software Admin positions hold admin users only`,
          "targetPositionId",
        );
      }
    }
    await tx.update(users).set({ positionId: target.id, updatedAt: new Date() }).where(inArray(users.id, ids));
    const moved = await loadUsers(tx, inArray(users.id, ids));
    await recordAudits(
      tx,
      moving.map((user) =>
        auditEntry(
          viewer,
          "user.move",
          user.id,
          { positionId: user.positionId, title: user.title },
          { positionId: target.id, title: target.title },
        ),
      ),
    );
    return moved;
  });
}

/** Spec §4/§5 delete: as user (the staff member stays in one cost center) or as user and staff. */
export async function deleteUserAccess(
  db: Queryable,
  viewer: Viewer,
  userId: string,
  input: unknown,
): Promise<{ id: string; email: string }> {
  requireAdmin(viewer);
  requireUuid(userId, "user");
  if (userId === viewer.userId) throw forbidden("You cannot delete yourself");
  const data = parseInput(deleteUserSchema, input);
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, viewer, userId);
    const now = new Date();
    let keptIn: { id: string; code: string } | undefined;
    if (data.mode === "user") {
      const [costCenter] = await tx
        .select({ id: costCenters.id, code: costCenters.code })
        .from(costCenters)
        .where(
          and(
            eq(costCenters.id, data.keepInCostCenterId ?? ""),
            eq(costCenters.facilityId, viewer.facilityId),
            isNull(costCenters.deletedAt),
          ),
        );
      if (!costCenter) throw notFound("Cost center");
      keptIn = costCenter;
    }
    await tx.delete(costCenterPermissions).where(eq(costCenterPermissions.userId, userId));
    await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .update(invites)
      .set({ expiresAt: now })
      .where(and(eq(invites.userId, userId), isNull(invites.acceptedAt)));
    if (before.staffId) {
      if (keptIn) {
        const fte =
          before.costCenterPermissions.find((p) => p.costCenterId === keptIn.id)?.fte ?? before.assignedFte ?? 0;
        await tx
          .delete(costCenterStaff)
          .where(and(eq(costCenterStaff.staffId, before.staffId), ne(costCenterStaff.costCenterId, keptIn.id)));
        await tx
          .insert(costCenterStaff)
          .values({ staffId: before.staffId, costCenterId: keptIn.id, fte })
          .onConflictDoNothing();
      } else {
        await tx.delete(costCenterStaff).where(eq(costCenterStaff.staffId, before.staffId));
        await tx
          .update(staff)
          .set({
            terminationDate: facilityDate(viewer.facilityTimeZone, now),
            terminationType: data.reason ?? null,
            updatedAt: now,
          })
          .where(eq(staff.id, before.staffId));
      }
    }
    await recordAudit(
      tx,
      auditEntry(viewer, data.mode === "user" ? "user.delete" : "user.delete.with_staff", userId, snapshot(before), {
        deletedAt: now.toISOString(),
        mode: data.mode,
        keptInCostCenter: keptIn?.code ?? null,
        reason: data.reason ?? null,
      }),
    );
    return { id: userId, email: before.email };
  });
}

/** Spec §4/§6 resend invite: a fresh 48-hour invitation; never to oneself. */
export async function resendInvite(
  db: Queryable,
  viewer: Viewer,
  directory: IdentityDirectory,
  userId: string,
): Promise<{ id: string; email: string }> {
  requireAdmin(viewer);
  requireUuid(userId, "user");
  if (userId === viewer.userId) throw forbidden("You cannot resend an invitation to yourself");
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, viewer, userId);
    await directory.invite(tx, invitationOf(viewer, user));
    await recordAudit(tx, auditEntry(viewer, "user.invite.resend", userId, null, { email: user.email }));
    return { id: userId, email: user.email };
  });
}

/** The active user of the admin's facility with this e-mail (the b2c calls name users by e-mail). */
export async function findUserIdByEmail(db: Queryable, viewer: Viewer, email: unknown): Promise<string> {
  requireAdmin(viewer);
  if (typeof email !== "string" || !email.trim()) throw invalid("emailAddress is required", "emailAddress");
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email.trim()})`,
        eq(users.facilityId, viewer.facilityId),
        isNull(users.deletedAt),
      ),
    );
  if (!row)
    throw new DomainError("not_found", `No user with the email ${email.trim()} in your facility; add the user first`);
  return row.id;
}

/**
 * Spec §4 leaving the screen: AddUserAccessibility is Completed when every non-Software-Admin user
 * has cost-center permissions, otherwise Pending.
 */
export async function finishUserAccessibility(db: Queryable, viewer: Viewer): Promise<TaskState> {
  requireAdmin(viewer);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ missing: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(positions, eq(positions.id, users.positionId))
      .where(
        and(
          eq(users.facilityId, viewer.facilityId),
          isNull(users.deletedAt),
          eq(users.userType, "User"),
          sql`coalesce(${positions.title}, '') not like '%Software Admin%'`,
          notExists(
            tx
              .select({ one: sql`1` })
              .from(costCenterPermissions)
              .innerJoin(costCenters, eq(costCenters.id, costCenterPermissions.costCenterId))
              .where(and(eq(costCenterPermissions.userId, users.id), isNull(costCenters.deletedAt))),
          ),
        ),
      );
    const state: TaskState = (row?.missing ?? 0) === 0 ? "Completed" : "Pending";
    await setAdminTaskState(tx, viewer, "AddUserAccessibility", state);
    return state;
  });
}

export type StaffCandidate = {
  id: string;
  employeeId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string | null;
  assignedFte: number;
  costCenters: { costCenterId: string; code: string; name: string; fte: number }[];
};

/** Select Staff (within the organisation): active staff who are not users yet, by name or id. */
export async function listStaffCandidates(db: Queryable, viewer: Viewer, search: string): Promise<StaffCandidate[]> {
  requireAdmin(viewer);
  const term = search.trim().toLowerCase();
  if (term.length > 100) throw invalid("The search text must be at most 100 characters", "search");
  const rows = await db
    .select({ ...staffNameColumns, email: staff.email, assignedFte: staff.assignedFte })
    .from(staff)
    .where(
      and(
        eq(staff.facilityId, viewer.facilityId),
        isNull(staff.terminationDate),
        term ? sql`${staff.searchText} like ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(and(eq(users.staffId, staff.id), isNull(users.deletedAt))),
        ),
      ),
    )
    .orderBy(sql`lower(${staff.firstName})`, sql`lower(${staff.lastName})`)
    .limit(25);
  const memberships =
    rows.length === 0
      ? []
      : await db
          .select({
            staffId: costCenterStaff.staffId,
            costCenterId: costCenters.id,
            code: costCenters.code,
            name: costCenters.name,
            fte: costCenterStaff.fte,
          })
          .from(costCenterStaff)
          .innerJoin(costCenters, eq(costCenters.id, costCenterStaff.costCenterId))
          .where(
            and(
              inArray(
                costCenterStaff.staffId,
                rows.map((r) => r.id),
              ),
              isNull(costCenters.deletedAt),
            ),
          )
          .orderBy(asc(costCenters.code));
  return rows.map((row) => ({
    ...row,
    costCenters: memberships.filter((m) => m.staffId === row.id).map(({ staffId: _staffId, ...m }) => m),
  }));
}
