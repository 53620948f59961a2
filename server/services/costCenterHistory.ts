import { eq, sql } from "drizzle-orm";
import { type Queryable, rowsOf } from "../../db/client";
import { auditLog, facilities, users } from "../../db/schema";
import { auditDetails, auditLabel, type Recorded } from "./auditLabels";
import { RECORD_IN_WORDS } from "./auditRecordNames";
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
    select a.id, a.at, a.action, a.entity_id, a.before, a.after, u.first_name || ' ' || u.last_name as actor_name,
      ${RECORD_IN_WORDS} as record
    from ${auditLog} a
    left join ${users} u on u.id = a.actor_user_id
    where a.facility_id = ${viewer.facilityId} and (
      (a.entity_type = 'cost_center' and a.entity_id = ${costCenterId})
      or a.entity_id in (select id from plans)
      or (a.entity_type = 'wizard_step' and split_part(a.entity_id, ':', 1) in (select id from plans))
      or coalesce(a.after ->> 'planId', a.before ->> 'planId') in (select id from plans)
    )
    order by a.at desc, a.id desc
    limit ${HISTORY_LIMIT}`);
  const entries = rowsOf<{
    id: number | string;
    at: Date | string;
    action: string;
    entity_id: string;
    before: Recorded;
    after: Recorded;
    actor_name: string | null;
    record: string | null;
  }>(result).map((row) => ({
    id: Number(row.id),
    at: new Date(row.at),
    actorName: row.actor_name,
    action: row.action,
    what: auditLabel(row.action),
    // Where the record says nothing plain (a staff assignment), the record in words: who was assigned.
    details:
      auditDetails({ action: row.action, entityId: row.entity_id, before: row.before, after: row.after }) ?? row.record,
  }));
  return { timeZone: facility.timeZone, entries };
}
