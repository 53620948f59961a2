/**
 * The SQL floors of bench:wizard (issue #16: every hot read and save within 2x of the hand-written
 * SQL for the same answer). Each floor is one transaction of hand-written statements that fetch or
 * write what the app's answer is made of, the reads sent together as the app sends them; no query
 * building, no view assembly, no JSON shaping: the database's own cost plus the driver's.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Database, type Queryable, rowsOf } from "../../db/client";
import { laterSteps, type WizardStep } from "../../schema/staffing";

/** What the wizard of one cost center's plan is read from: the nine statements' rows. */
async function readPlanRows(tx: Queryable, ids: { planId: string; costCenterId: string; userId: string }) {
  const { planId, costCenterId, userId } = ids;
  const statements: SQL[] = [
    sql`select p.*, u.first_name || ' ' || u.last_name as attested_by_name
          from staffing_plans p left join users u on u.id = p.attested_by_user_id where p.id = ${planId}`,
    sql`select cc.*, f.time_zone, b.*, perm.complete_wizard, perm.manage_staff
          from cost_centers cc join facilities f on f.id = cc.facility_id
          left join facility_budget_settings b on b.facility_id = cc.facility_id
          left join cost_center_permissions perm on perm.cost_center_id = cc.id and perm.user_id = ${userId}
         where cc.id = ${costCenterId} and cc.deleted_at is null`,
    sql`select coalesce((select b.annual_hours_per_fte from facility_fte_basis b
                          where b.facility_id = f.id and b.budget_year <= p.budget_year
                          order by b.budget_year desc limit 1), f.annual_hours_per_fte)::float8 as hours
          from staffing_plans p join cost_centers cc on cc.id = p.cost_center_id
          join facilities f on f.id = cc.facility_id where p.id = ${planId}`,
    sql`select step, status from wizard_steps where plan_id = ${planId}`,
    sql`select r.*, coalesce(j.is_direct_care, true) as is_direct_care
          from unit_roles r left join jobs j on j.id = r.job_id where r.plan_id = ${planId}
         order by r.sort_order, r.name`,
    sql`select s.* from role_shifts s join unit_roles r on r.id = s.role_id where r.plan_id = ${planId}`,
    sql`select ccs.fte as cost_center_fte, s.id, s.employee_id, s.first_name, s.last_name, s.staff_type,
               s.date_of_hire, s.contract_end_date, s.education
          from cost_center_staff ccs join staff s on s.id = ccs.staff_id
         where ccs.cost_center_id = ${costCenterId} and s.termination_date is null
         order by lower(s.first_name), lower(s.last_name)`,
    sql`select * from staff_positions where plan_id = ${planId}`,
    sql`select * from open_positions where plan_id = ${planId}`,
  ];
  return Promise.all(statements.map((statement) => tx.execute(statement)));
}

export type FloorIds = { planId: string; costCenterId: string; userId: string; facilityId: string };

/** Reading the whole wizard: its nine statements in one read transaction. */
export function readWizardFloor(db: Database, ids: FloorIds) {
  return db.transaction((tx) => readPlanRows(tx, ids));
}

/** An open position as the calculation writes it. */
export type OpenPositionRow = {
  unitRoleId: string | null;
  fte: number;
  shift: string | null;
  startTime: string | null;
  endTime: string | null;
  durationHours: number | null;
};

/**
 * A save's floor: the plan's rows read (what the recomputed answer is made of), the change's own
 * statement, its step and the later begun steps back to InProgress, the plan's time stamp, and one
 * audit row with before and after.
 */
function saveFloor(
  db: Database,
  ids: FloorIds,
  step: WizardStep,
  action: string,
  change: (tx: Queryable, read: unknown[]) => Promise<{ before: unknown; after: unknown }>,
) {
  const { planId, userId, facilityId } = ids;
  const later = laterSteps(step);
  return db.transaction(async (tx) => {
    const read = await readPlanRows(tx, ids);
    const { before, after } = await change(tx, read);
    await tx.execute(sql`
      update wizard_steps set status = 'InProgress', updated_at = now()
       where plan_id = ${planId}
         and (step = ${step} or (step::text = any(${`{${later.join(",")}}`}::text[]) and status <> 'Pending'))
      returning step, status`);
    await tx.execute(sql`update staffing_plans set updated_at = now() where id = ${planId}`);
    await tx.execute(sql`
      insert into audit_log (actor_user_id, facility_id, action, entity_type, entity_id, before, after, source)
      values (${userId}, ${facilityId}, ${action}, ${action.split(".")[0]}, ${planId},
              ${JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb, 'graphql')`);
  });
}

/** Step 1: the unit definition's six values written to the plan. */
export function saveUnitDefinitionFloor(db: Database, ids: FloorIds, unit: Record<string, number>) {
  return saveFloor(db, ids, "UnitDefinition", "staffing_plan.unit_definition", async (tx, read) => {
    const after = await tx.execute(sql`
      update staffing_plans
         set census = ${unit.census}, care_team_target = ${unit.careTeamTarget},
             non_productive_goal_percentage = ${unit.nonProductiveGoalPercentage},
             target_overtime_percentage = ${unit.targetOvertimePercentage},
             productive_fte_budget = ${unit.productiveFteBudget}, total_paid_fte_budget = ${unit.totalPaidFteBudget}
       where id = ${ids.planId}
      returning *`);
    return { before: rowsOf(read[0]), after: rowsOf(after) };
  });
}

/** Step 4: one staff position inserted (answering its row). */
export function assignStaffPositionFloor(
  db: Database,
  ids: FloorIds,
  position: { staffId: string; unitRoleId: string; shift: string | null; fte: number },
) {
  return saveFloor(db, ids, "AssignStaff", "staff_position.assign", async (tx) => {
    const after = await tx.execute(sql`
      insert into staff_positions (plan_id, staff_id, unit_role_id, shift, fte)
      values (${ids.planId}, ${position.staffId}, ${position.unitRoleId}, ${position.shift}::shift, ${position.fte})
      returning *`);
    return { before: null, after: rowsOf(after) };
  });
}

/**
 * The open-position calculation: its open positions replaced by `rows` (one insert from JSON,
 * answering the new rows).
 */
export function calculateOpenPositionsFloor(db: Database, ids: FloorIds, rows: readonly OpenPositionRow[]) {
  const records = rows.map((r) => ({
    unit_role_id: r.unitRoleId,
    fte: r.fte,
    shift: r.shift,
    start_time: r.startTime,
    end_time: r.endTime,
    duration_hours: r.durationHours,
  }));
  return saveFloor(db, ids, "FinalizePositionControl", "open_position.calculate", async (tx, read) => {
    await tx.execute(sql`delete from open_positions where plan_id = ${ids.planId}`);
    const created = await tx.execute(sql`
      insert into open_positions (plan_id, unit_role_id, fte, shift, start_time, end_time, duration_hours, is_traveller)
      select ${ids.planId}, r.unit_role_id, r.fte, r.shift::shift, r.start_time, r.end_time, r.duration_hours, false
        from json_to_recordset(${JSON.stringify(records)}::json)
          as r(unit_role_id uuid, fte numeric, shift text, start_time varchar, end_time varchar, duration_hours numeric)
      returning *`);
    return { before: rowsOf(read[8]), after: rowsOf(created) };
  });
}

/** A role as step 2 saves it: its settings and its shifts, which replace the ones it had. */
export type RoleChange = {
  roleId: string;
  name: string;
  isExempt: boolean;
  shifts: readonly { shift: string; startTime: string; durationHours: number; staffPerShift: number }[];
};

/**
 * Step 2: a role changed. Its settings updated, its shifts replaced, the staff and open positions on
 * a shift it no longer has removed, its staff positions given their shift's hours again (one
 * statement), and the plan's saved care schedule replaced by `distribution` (what the app computed:
 * the floor writes it, it does not compute it). The audit's before is the role as the read found it.
 */
export function changeRoleFloor(
  db: Database,
  ids: FloorIds,
  role: RoleChange,
  distribution: { total: number[]; byRole: Record<string, number[]> },
) {
  const shifts = role.shifts.map((s) => ({
    shift: s.shift,
    start_time: s.startTime,
    duration_hours: s.durationHours,
    staff_per_shift: s.staffPerShift,
  }));
  const kept = `{${role.shifts.map((s) => s.shift).join(",")}}`;
  return saveFloor(db, ids, "DefineRoles", "unit_role.update", async (tx, read) => {
    const before = {
      role: rowsOf<{ id: string }>(read[4]).find((r) => r.id === role.roleId),
      shifts: rowsOf<{ role_id: string }>(read[5]).filter((s) => s.role_id === role.roleId),
    };
    const [updated] = await Promise.all([
      tx.execute(sql`
        update unit_roles set name = ${role.name}, is_exempt = ${role.isExempt} where id = ${role.roleId} returning *`),
      tx.execute(sql`delete from role_shifts where role_id = ${role.roleId}`),
    ]);
    const [inserted] = await Promise.all([
      tx.execute(sql`
        insert into role_shifts (role_id, shift, start_time, duration_hours, staff_per_shift)
        select ${role.roleId}, s.shift::shift, s.start_time, s.duration_hours, s.staff_per_shift
          from json_to_recordset(${JSON.stringify(shifts)}::json)
            as s(shift text, start_time varchar, duration_hours numeric, staff_per_shift int)
        returning *`),
      tx.execute(sql`
        delete from staff_positions
         where unit_role_id = ${role.roleId} and (shift is null or shift::text <> all(${kept}::text[]))`),
      tx.execute(sql`
        delete from open_positions
         where unit_role_id = ${role.roleId} and (shift is null or shift::text <> all(${kept}::text[]))`),
      tx.execute(sql`
        update staff_positions p
           set start_time = s.start_time,
               end_time = to_char(time '00:00' + make_interval(mins => (substr(s.start_time, 1, 2)::int * 60
                          + substr(s.start_time, 3, 2)::int + (s.duration_hours * 60)::int) % 1440), 'HH24MI')
          from json_to_recordset(${JSON.stringify(shifts)}::json) as s(shift text, start_time varchar, duration_hours numeric)
         where p.unit_role_id = ${role.roleId} and p.shift::text = s.shift`),
      tx.execute(sql`
        insert into care_schedules (plan_id, distribution, computed_at)
        values (${ids.planId}, ${JSON.stringify(distribution)}::jsonb, now())
        on conflict (plan_id) do update set distribution = excluded.distribution, computed_at = excluded.computed_at`),
    ]);
    return { before, after: { role: rowsOf(updated)[0], shifts: rowsOf(inserted) } };
  });
}
