import { type SQL, sql } from "drizzle-orm";
import { UUID_PATTERN } from "../../schema/text";

// What an audit record is about, in words ('4010 Med Surg', 'Ines Okafor (E1001)'), for the audit
// log and a cost center's history; and the audit records whose record's name matches a search.
// Both are SQL over `audit_log a`.

/** A text expression over `a` as a uuid; null where it is none (a sign-in's email, a refused request). */
const asUuid = (text: string) => sql.raw(`(case when ${text} ~* '${UUID_PATTERN.source}' then (${text})::uuid end)`);

/** The audit record's entity id. */
const ENTITY_UUID = asUuid("a.entity_id");

/** The plan of a wizard step's audit record, whose entity id is '<plan id>:<step>'. */
const PLAN_OF_STEP = asUuid("split_part(a.entity_id, ':', 1)");

/** A uuid the record's snapshot holds under `key`, after the change or (when deleted) before it. */
const snapshotUuid = (key: string) => asUuid(`coalesce(a.after->>'${key}', a.before->>'${key}')`);

/**
 * A kind of record an audit record may be about: its entity type, where the audit record holds its
 * id, its table (`r`, joined to what the name needs) and its name in words over `r`.
 */
type NamedRecord = { entityType: string; id: SQL; rows: SQL; name: SQL };

const STAFF_MEMBER = {
  rows: sql`staff r`,
  name: sql`r.first_name || ' ' || r.last_name || ' (' || r.employee_id || ')'`,
};
const PLAN = {
  rows: sql`staffing_plans r join cost_centers c on c.id = r.cost_center_id`,
  name: sql`c.code || ' ' || c.name || ', budget year ' || r.budget_year`,
};
const ROLE = { rows: sql`unit_roles r`, name: sql`r.name` };

/** In order: where a type is named twice, the first that finds its record names it. */
const NAMED_RECORDS: readonly NamedRecord[] = [
  { entityType: "cost_center", id: ENTITY_UUID, rows: sql`cost_centers r`, name: sql`r.code || ' ' || r.name` },
  { entityType: "user", id: ENTITY_UUID, rows: sql`users r`, name: sql`r.first_name || ' ' || r.last_name` },
  { entityType: "staff", id: ENTITY_UUID, ...STAFF_MEMBER },
  // A staff assignment reads as the person assigned.
  { entityType: "staff_position", id: snapshotUuid("staffId"), ...STAFF_MEMBER },
  { entityType: "staffing_plan", id: ENTITY_UUID, ...PLAN },
  { entityType: "care_schedule", id: ENTITY_UUID, ...PLAN },
  { entityType: "unit_role", id: ENTITY_UUID, ...ROLE },
  { entityType: "modelling_scenario", id: ENTITY_UUID, rows: sql`modelling_scenarios r`, name: sql`r.name` },
  // An open position reads as its role; the calculation of a plan's open positions, as the plan.
  { entityType: "open_position", id: snapshotUuid("unitRoleId"), ...ROLE },
  { entityType: "open_position", id: ENTITY_UUID, ...PLAN },
  // A wizard step's id is '<plan id>:<step>': the plan's.
  { entityType: "wizard_step", id: PLAN_OF_STEP, ...PLAN },
  { entityType: "facility", id: ENTITY_UUID, rows: sql`facilities r`, name: sql`r.name` },
  { entityType: "job", id: ENTITY_UUID, rows: sql`jobs r`, name: sql`r.name` },
  { entityType: "upload", id: ENTITY_UUID, rows: sql`uploads r`, name: sql`r.original_file_name` },
  { entityType: "contact_message", id: ENTITY_UUID, rows: sql`contact_messages r`, name: sql`r.subject` },
];

const ENTITY_TYPES = [...new Set(NAMED_RECORDS.map((named) => named.entityType))];

/**
 * What the audit record is about, in words: from the record as it is now or, once it is deleted,
 * from the name in the record's own snapshot (a role, a scenario); null when neither tells.
 * A primary-key lookup or two a row.
 */
export const RECORD_IN_WORDS = sql`(case a.entity_type ${sql.join(
  ENTITY_TYPES.map((entityType) => {
    const lookups = NAMED_RECORDS.filter((named) => named.entityType === entityType).map(
      (named) => sql`(select ${named.name} from ${named.rows} where r.id = ${named.id})`,
    );
    return sql`when ${entityType} then coalesce(${sql.join(lookups, sql`, `)}, a.after->>'name', a.before->>'name')`;
  }),
  sql` `,
)} end)`;

/**
 * The audit records whose record's name (as RECORD_IN_WORDS tells it) matches an ILIKE pattern,
 * found from the names (one pass over each kind's rows), not by naming every audit record.
 */
export function recordNamedLike(pattern: string): SQL {
  return sql.join(
    NAMED_RECORDS.map(
      (named) =>
        sql`(a.entity_type = ${named.entityType} and ${named.id} in (select r.id from ${named.rows} where ${named.name} ilike ${pattern}))`,
    ),
    sql` or `,
  );
}
