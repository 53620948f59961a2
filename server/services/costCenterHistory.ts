import { eq, sql } from "drizzle-orm";
import { type Queryable, rowsOf } from "../../db/client";
import { auditLog, facilities, users } from "../../db/schema";
import { requireAdmin } from "./authorization";
import { notFound, requireUuid } from "./errors";
import type { Viewer } from "./viewer";

export type HistoryEntry = {
  id: number;
  at: Date;
  actorName: string | null;
  action: string;
  what: string;
  details: string | null;
};

export type CostCenterHistory = { timeZone: string; entries: HistoryEntry[] };

/** How many changes the history shows, the latest first. */
export const HISTORY_LIMIT = 200;

/** What each recorded action means to an administrator; anything else reads from its name. */
const ACTION_LABELS: Record<string, string> = {
  "cost_center.create": "Cost center added",
  "cost_center.update": "Number or name changed",
  "cost_center.deactivate": "Cost center deactivated",
  "cost_center.reactivate": "Cost center reactivated",
  "staffing_plan.create": "Plan begun",
  "staffing_plan.unit_definition.update": "Unit definition saved",
  "staffing_plan.attest": "Plan attested",
  "staffing_plan.unlock": "Wizard unlocked",
  "staffing_plan.reset": "Plan reset",
  "staffing_plan.budget_season_reset": "Sent back for re-verification (budget season)",
  "unit_role.create": "Role added",
  "unit_role.update": "Role changed",
  "unit_role.delete": "Role removed",
  "care_schedule.save": "Care schedule saved",
  "staff_position.create": "Staff assigned",
  "staff_position.update": "Staff assignment changed",
  "staff_position.delete": "Staff unassigned",
  "staff_position.split": "Staff assignment split",
  "staff_position.transfer": "Staff assignment transferred",
  "open_position.calculate": "Open positions calculated",
  "open_position.create": "Open position added",
  "open_position.update": "Open position changed",
  "open_position.delete": "Open position removed",
  "modelling_scenario.carry": "Modelling scenario carried into the wizard",
};

/** 'unit_role.update' → 'Unit role update', for an action without a label. */
const fromName = (action: string) => {
  const words = action.replaceAll(".", " ").replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type Recorded = Record<string, unknown> | null;
const text = (record: Recorded, key: string) => {
  const value = record?.[key];
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
};

/** A line on what changed, where the record says it plainly: a number and name, a role's or scenario's name. */
function detailsOf(action: string, before: Recorded, after: Recorded): string | null {
  if (action.startsWith("cost_center.")) {
    const was = before && text(before, "code") ? `${text(before, "code")} ${text(before, "name") ?? ""}`.trim() : null;
    const now = after && text(after, "code") ? `${text(after, "code")} ${text(after, "name") ?? ""}`.trim() : null;
    if (was && now && was !== now) return `${was} → ${now}`;
    return now ?? was;
  }
  if (action.startsWith("staffing_plan.")) {
    const year = text(after, "budgetYear") ?? text(before, "budgetYear");
    return year ? `Budget year ${year}` : null;
  }
  return text(after, "name") ?? text(before, "name");
}

/**
 * The change history of a cost center and of its plans (also plans since reset), from the audit
 * records: who, what, when, the latest first. Admins only, for their facility's cost centers
 * (active or deactivated).
 */
export async function costCenterHistory(
  db: Queryable,
  viewer: Viewer,
  costCenterId: string,
): Promise<CostCenterHistory> {
  requireAdmin(viewer);
  requireUuid(costCenterId, "cost center");
  const [facility] = await db
    .select({
      timeZone: facilities.timeZone,
      known: sql<boolean>`exists (
      select 1 from cost_centers where id = ${costCenterId} and facility_id = ${viewer.facilityId})`,
    })
    .from(facilities)
    .where(eq(facilities.id, viewer.facilityId));
  if (!facility?.known) throw notFound("Cost center");
  const result = await db.execute(sql`
    with plans as (
      select id::text as id from staffing_plans where cost_center_id = ${costCenterId}
      union
      select entity_id from ${auditLog}
      where facility_id = ${viewer.facilityId} and entity_type = 'staffing_plan'
        and ${costCenterId} in (before ->> 'costCenterId', after ->> 'costCenterId')
    )
    select a.id, a.at, a.action, a.before, a.after, u.first_name || ' ' || u.last_name as actor_name
    from ${auditLog} a
    left join ${users} u on u.id = a.actor_user_id
    where a.facility_id = ${viewer.facilityId} and (
      (a.entity_type = 'cost_center' and a.entity_id = ${costCenterId})
      or a.entity_id in (select id from plans)
      or coalesce(a.after ->> 'planId', a.before ->> 'planId') in (select id from plans)
    )
    order by a.at desc, a.id desc
    limit ${HISTORY_LIMIT}`);
  const entries = rowsOf<{
    id: number | string;
    at: Date | string;
    action: string;
    before: Recorded;
    after: Recorded;
    actor_name: string | null;
  }>(result).map((row) => ({
    id: Number(row.id),
    at: new Date(row.at),
    actorName: row.actor_name,
    action: row.action,
    what: ACTION_LABELS[row.action] ?? fromName(row.action),
    details: detailsOf(row.action, row.before, row.after),
  }));
  return { timeZone: facility.timeZone, entries };
}
