// Step 2 (DefineRoles): the plan's roles and their shifts.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../../db/client";
import { jobs, openPositions, roleShifts, staffPositions, unitRoles } from "../../../db/schema";
import {
  careSchedule,
  inShiftOrder,
  roleSchema,
  roleSettingsOf,
  shiftEndTime,
  shiftOf,
  shiftSchema,
} from "../../../schema/staffing";
import { allInOrder } from "../allInOrder";
import { auditEntry } from "../audit";
import { DomainError, notFound, requireUuid } from "../errors";
import { parseInput } from "../validation";
import type { Viewer } from "../viewer";
import { scheduledRolesOf, storeCareSchedule, upsertCareSchedule } from "./careSchedule";
import { changePlan, partToEdit, planToEdit } from "./edit";

async function assertJobOfFacility(db: Queryable, facilityId: string, jobId: string | null) {
  if (!jobId) return;
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.facilityId, facilityId)));
  if (!job)
    throw new DomainError("invalid", "Choose a role from the facility's jobs.", {
      jobId: "Choose a role from the facility's jobs.",
    });
}

/** A role's shifts in the shift enum's order (Days, Evenings, Nights), as its audit records list them. */
const shiftsOfRole = (db: Queryable, roleId: string) =>
  db.select().from(roleShifts).where(eq(roleShifts.roleId, roleId)).orderBy(asc(roleShifts.shift));

/** A role with its shifts, as its audit records keep it (the two reads sent together). */
async function roleSnapshot(db: Queryable, roleId: string) {
  const [[role], shifts] = await Promise.all([
    db.select().from(unitRoles).where(eq(unitRoles.id, roleId)),
    shiftsOfRole(db, roleId),
  ]);
  return role ? { ...role, shifts } : null;
}

/** `POST /api/role`: step 2, adds a role. */
export async function createRole(db: Database, viewer: Viewer, planId: string, input: unknown) {
  const role = parseInput(roleSchema, input);
  return changePlan(db, "DefineRoles", planToEdit(viewer, planId), async (tx, { granted }) => {
    await assertJobOfFacility(tx, granted.costCenter.facilityId, role.jobId);
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${unitRoles.sortOrder}) + 1, 0)::int` })
      .from(unitRoles)
      .where(eq(unitRoles.planId, planId));
    const [created] = await tx
      .insert(unitRoles)
      .values({
        planId,
        ...roleSettingsOf(role),
        sortOrder: next,
      })
      .returning({ id: unitRoles.id });
    const roleId = (created as { id: string }).id;
    if (role.shifts.length) await tx.insert(roleShifts).values(role.shifts.map((s) => ({ ...s, roleId })));
    await storeCareSchedule(tx, planId);
    return auditEntry(viewer, "unit_role.create", roleId, null, await roleSnapshot(tx, roleId));
  });
}

/** A role and its plan, for its editor. */
const roleToEdit = (viewer: Viewer, roleId: string) =>
  partToEdit(viewer, "Role", unitRoles, roleId, (role) => ({ role }));

/**
 * `PUT /api/role/{id}`: step 2, changes a role. Staff and open positions on shifts the role no
 * longer has (or all of them, when it turns exempt or variable) go with the shifts.
 */
export async function updateRole(db: Database, viewer: Viewer, roleId: string, input: unknown) {
  const role = parseInput(roleSchema, input);
  return changePlan(db, "DefineRoles", roleToEdit(viewer, roleId), async (tx, { granted, plan, role: stored }) => {
    const stale = (table: typeof staffPositions | typeof openPositions) => {
      if (stored.isExempt !== role.isExempt) return eq(table.unitRoleId, roleId);
      if (role.isExempt) return sql`false`;
      const kept = sql.join(
        role.shifts.map((s) => sql`${s.shift}`),
        sql`, `,
      );
      return and(eq(table.unitRoleId, roleId), sql`(${table.shift} is null or ${table.shift} not in (${kept}))`);
    };
    // Two groups of statements, each sent together (one round trip on PostgreSQL), none reading what
    // another of its group writes: the shifts before are what their delete answers, and the care
    // schedule is figured from the plan's other roles (read as they were) and this one as it is now.
    const [, [updated], shiftsBefore, , , planRoles] = await allInOrder([
      assertJobOfFacility(tx, granted.costCenter.facilityId, role.jobId),
      tx.update(unitRoles).set(roleSettingsOf(role)).where(eq(unitRoles.id, roleId)).returning(),
      tx.delete(roleShifts).where(eq(roleShifts.roleId, roleId)).returning(),
      tx.delete(staffPositions).where(stale(staffPositions)),
      tx.delete(openPositions).where(stale(openPositions)),
      scheduledRolesOf(tx, plan.id),
    ] as const);
    const schedule = careSchedule([
      ...planRoles.filter((r) => r.key !== roleId),
      { key: roleId, isExempt: role.isExempt, shifts: role.shifts },
    ]);
    // The new shifts, the staff positions keep their shift's hours (one statement for all shifts),
    // and the care schedule saved.
    const hours = role.shifts.map((s) => ({
      shift: s.shift,
      start_time: s.startTime,
      end_time: shiftEndTime(s.startTime, s.durationHours),
    }));
    const [shiftsAfter] = await Promise.all([
      role.shifts.length
        ? tx
            .insert(roleShifts)
            .values(role.shifts.map((s) => ({ ...s, roleId })))
            .returning()
        : [],
      role.shifts.length
        ? tx.execute(sql`
            update ${staffPositions} set start_time = h.start_time, end_time = h.end_time
              from json_to_recordset(${JSON.stringify(hours)}::json) as h(shift text, start_time varchar, end_time varchar)
             where ${staffPositions.unitRoleId} = ${roleId} and ${staffPositions.shift}::text = h.shift`)
        : null,
      upsertCareSchedule(tx, plan.id, schedule),
    ]);
    return auditEntry(
      viewer,
      "unit_role.update",
      roleId,
      { ...stored, shifts: inShiftOrder(shiftsBefore) },
      { ...updated, shifts: inShiftOrder(shiftsAfter) },
    );
  });
}

/** `DELETE /api/role`: step 2, removes a role with its shifts, staff positions and open positions. */
export async function deleteRole(db: Database, viewer: Viewer, roleId: string) {
  return changePlan(db, "DefineRoles", roleToEdit(viewer, roleId), async (tx, { plan, role }) => {
    const before = { ...role, shifts: await shiftsOfRole(tx, roleId) };
    await tx.delete(staffPositions).where(eq(staffPositions.unitRoleId, roleId));
    await tx.delete(openPositions).where(eq(openPositions.unitRoleId, roleId));
    await tx.delete(unitRoles).where(eq(unitRoles.id, roleId));
    await storeCareSchedule(tx, plan.id);
    return auditEntry(viewer, "unit_role.delete", roleId, before, null);
  });
}

/**
 * `POST /api/shift`: adds a shift to a variable role, or replaces the role's shift of that name
 * (`{ roleId, shift, startTime, durationHours, staffPerShift }`); the same rules as a role change.
 */
export async function saveRoleShift(db: Database, viewer: Viewer, input: unknown) {
  const body = (input ?? {}) as Record<string, unknown>;
  const roleId = typeof body.roleId === "string" ? body.roleId : "";
  requireUuid(roleId, "role");
  const shift = parseInput(shiftSchema, body);
  const [role] = await db.select().from(unitRoles).where(eq(unitRoles.id, roleId));
  if (!role) throw notFound("Role");
  if (role.isExempt) {
    throw new DomainError("invalid", "Exempt roles carry an FTE, not shifts.", {
      roleId: "Exempt roles carry an FTE, not shifts.",
    });
  }
  const shifts = await db.select().from(roleShifts).where(eq(roleShifts.roleId, roleId));
  const merged = [...shifts.filter((s) => s.shift !== shift.shift).map(shiftOf), shift];
  return updateRole(db, viewer, roleId, {
    jobId: role.jobId,
    name: role.name,
    isExempt: false,
    replacement: role.replacement,
    unpaidBreakMinutes: role.unpaidBreakMinutes,
    shifts: merged,
  });
}
