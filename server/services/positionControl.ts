// Position control (issue #13): every position of the current budget year's plans in the viewer's
// scope, filled or open, filtered, searched and paged in SQL so thousands of rows stay fast.
import { asc, type SQL, sql } from "drizzle-orm";
import { type Queryable, rowsOf } from "../../db/client";
import {
  costCenters,
  jobCategories,
  jobs,
  openPositions,
  staff,
  staffingPlans,
  staffPositions,
  unitRoles,
} from "../../db/schema";
import {
  NO_CATEGORY_LABEL,
  POSITION_STATUSES,
  type PositionControlQuery,
  type PositionOrder,
  type PositionStatus,
  positionControlQuerySchema,
} from "../../schema/dashboards";
import type { ShiftName } from "../../schema/staffing";
import { UUID_PATTERN } from "../../schema/text";
import { outOfScope, scopeAndBudgetYear } from "./dashboards";
import { DomainError } from "./errors";
import { parseInput } from "./validation";
import type { Viewer } from "./viewer";

export type { PositionControlQuery, PositionOrder, PositionStatus };

export type PositionRow = {
  /** The staff position's or open position's id. */
  id: string;
  kind: "StaffPosition" | "OpenPosition";
  status: PositionStatus;
  costCenterId: string;
  costCenterCode: string;
  costCenterName: string;
  /** Null when the role was removed from the plan after the position was made. */
  roleName: string | null;
  jobName: string | null;
  jobCategoryId: number;
  jobCategoryName: string;
  shift: ShiftName | null;
  /** HHmm in the facility's local time. */
  startTime: string | null;
  endTime: string | null;
  /** FTE, 2 decimals. */
  fte: number;
  staffId: string | null;
  /** 'Last, First' of who holds a staff position. */
  employeeName: string | null;
  employeeId: string | null;
  /** A traveller's contract end (YYYY-MM-DD). */
  contractEndDate: string | null;
  /** An open position's requisition number. */
  requisitionNumber: string | null;
  /** An open position to be filled by a traveller. */
  isTravellerRequisition: boolean;
  /** Where this row is in the list: pass it as `after` for the rows that follow. */
  cursor: string;
};

export type PositionStatusTotal = { status: PositionStatus; count: number; fte: number };

export type PositionControlPage = {
  budgetYear: number;
  rows: PositionRow[];
  hasNextPage: boolean;
  /** The last row's cursor (null: no rows). */
  endCursor: string | null;
  /** Rows matching the filters, on every page. */
  totalCount: number;
  /** Per status, every status listed: positions and FTE (the sum of the rows as shown) matching the filters. */
  totals: PositionStatusTotal[];
  totalFte: number;
  /** What the filters offer: the cost centers in scope (numeric code order) and the job categories. */
  costCenters: { id: string; code: string; name: string }[];
  jobCategories: { id: number; name: string }[];
};

/**
 * Where a row is in the list: the order asked for and its direction, the row's value in the
 * ordering column, then the list's own order (cost center, role, shift, status, holder, id), which
 * breaks ties and makes every key unique.
 */
type SortKey = [
  order: PositionOrder,
  descending: boolean,
  lead: number | string,
  costCenterRank: number,
  roleKey: string,
  shiftRank: number,
  statusRank: number,
  holder: string,
  id: string,
];

/** The column of the listed rows each order leads with, and its SQL type. */
const ORDER_LEAD: Record<PositionOrder, { column: string; type: "int" | "text" | "float8" }> = {
  CostCenter: { column: "cost_center_rank", type: "int" },
  Role: { column: "role_key", type: "text" },
  Shift: { column: "shift_rank", type: "int" },
  Status: { column: "status_rank", type: "int" },
  Holder: { column: "holder_key", type: "text" },
  Fte: { column: "shown_fte", type: "float8" },
};

const NOT_A_CURSOR = "after is not a cursor of position control";
const OTHER_ORDER = "after is a cursor of another order: ask for the first page again";

const encodeCursor = (key: SortKey) => Buffer.from(JSON.stringify(key)).toString("base64url");

function decodeCursor(cursor: string, order: PositionOrder, descending: boolean): SortKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    key = null;
  }
  const lead = Array.isArray(key) ? ORDER_LEAD[key[0] as PositionOrder] : undefined;
  const valid =
    Array.isArray(key) &&
    key.length === 9 &&
    lead !== undefined &&
    typeof key[1] === "boolean" &&
    (lead.type === "text" ? typeof key[2] === "string" : Number.isFinite(key[2])) &&
    (lead.type !== "int" || Number.isInteger(key[2])) &&
    Number.isInteger(key[3]) &&
    typeof key[4] === "string" &&
    Number.isInteger(key[5]) &&
    Number.isInteger(key[6]) &&
    typeof key[7] === "string" &&
    typeof key[8] === "string" &&
    UUID_PATTERN.test(key[8]);
  if (!valid) throw new DomainError("invalid", NOT_A_CURSOR, { after: NOT_A_CURSOR });
  const sortKey = key as SortKey;
  if (sortKey[0] !== order || sortKey[1] !== descending) {
    throw new DomainError("invalid", OTHER_ORDER, { after: OTHER_ORDER });
  }
  return sortKey;
}

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type ListedRow = {
  id: string;
  kind: PositionRow["kind"];
  status: PositionStatus;
  cost_center_id: string;
  cost_center_code: string;
  cost_center_name: string;
  role_name: string | null;
  job_name: string | null;
  job_category_id: number;
  job_category_name: string | null;
  shift: ShiftName | null;
  start_time: string | null;
  end_time: string | null;
  fte: number;
  staff_id: string | null;
  employee_name: string | null;
  employee_id: string | null;
  contract_end_date: string | null;
  requisition_number: string | null;
  is_traveller_requisition: boolean;
  cost_center_rank: number;
  role_key: string;
  shift_rank: number;
  status_rank: number;
  holder_key: string;
};

/**
 * `positionControl(filter, first, after)`, `GET /api/dashboard/position-control`. Executives see the
 * cost centers of their executive permissions, users theirs. Queries: the scope, the budget
 * settings, the page, the totals and the job categories: the same five for 1 cost center or 500.
 * The page is keyset-paged (`after` a row's cursor), so the thousandth page costs what the first does;
 * `everyRow` answers every row from `after` on (the exports). `orderBy` leads the order (ties keep
 * the list's own), `descending` reverses it; a cursor belongs to the order it was made in.
 */
export async function positionControl(
  db: Queryable,
  viewer: Viewer,
  query: PositionControlQuery = {},
  options: { everyRow?: boolean; now?: Date } = {},
): Promise<PositionControlPage> {
  const now = options.now ?? new Date();
  const input = parseInput(positionControlQuerySchema, query);
  const after = input.after ? decodeCursor(input.after, input.orderBy, input.descending) : null;
  const { scope: inScope, budgetYear } = await scopeAndBudgetYear(db, viewer, now);
  const scope = input.costCenterId ? inScope.filter((c) => c.id === input.costCenterId) : inScope;
  if (input.costCenterId && scope.length === 0) throw await outOfScope(db, viewer, input.costCenterId);

  const filters: SQL[] = [];
  if (input.jobCategoryId !== undefined) filters.push(sql`coalesce(j.category_id, 0) = ${input.jobCategoryId}`);
  if (input.shift) filters.push(sql`po.shift = ${input.shift}`);
  if (input.status) filters.push(sql`po.status = ${input.status}`);
  if (input.search) {
    const pattern = containing(input.search);
    // Holder (first last, last, first), employee id and the staff member's or position's requisition; role; job.
    filters.push(sql`(lower(concat_ws(' ', po.first_name || ' ' || po.last_name, po.last_name || ', ' || po.first_name,
      po.employee_id, po.staff_requisition_number, po.requisition_number)) like ${pattern}
      or lower(coalesce(ur.name, '')) like ${pattern} or lower(coalesce(j.name, '')) like ${pattern})`);
  }
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;

  // Two stages, so thousands of rows stay fast: every position with only what filters and orders
  // it (keyed), then the display columns for the page's rows alone. The scope travels as one jsonb
  // parameter, its order (numeric codes) as the rank; `ranks` narrows it to a range of ranks.
  const scopeAndPlans = (ranks: RankRange | null) => sql`
    with scope as (
      select value::uuid as cost_center_id, ordinality::int as cost_center_rank
      from jsonb_array_elements_text(${JSON.stringify(scope.map((c) => c.id))}::jsonb) with ordinality
    ),
    plans as (
      select p.id, p.cost_center_id, s.cost_center_rank
      from ${staffingPlans} p join scope s on s.cost_center_id = p.cost_center_id
      where p.budget_year = ${budgetYear}
        ${ranks ? sql`and s.cost_center_rank between ${ranks.from} and ${ranks.to}` : sql``}
    )`;
  const keyedIn = (ranks: RankRange | null) => sql`
    ${scopeAndPlans(ranks)},
    positions as (
      select sp.id, 'StaffPosition'::text as kind,
        case st.staff_type when 'PRN' then 'PRN' when 'Traveller' then 'Traveller' else 'Filled' end as status,
        pl.cost_center_id, pl.cost_center_rank, sp.unit_role_id as role_id, sp.shift, sp.start_time, sp.end_time,
        sp.fte, st.id as staff_id, st.first_name, st.last_name, st.employee_id, st.contract_end_date,
        st.requisition_number as staff_requisition_number, null::text as requisition_number,
        false as is_traveller_requisition
      from ${staffPositions} sp
      join plans pl on pl.id = sp.plan_id
      join ${staff} st on st.id = sp.staff_id
      union all
      select op.id, 'OpenPosition'::text, 'Open'::text,
        pl.cost_center_id, pl.cost_center_rank, op.unit_role_id, op.shift, op.start_time, op.end_time,
        op.fte, null::uuid, null::text, null::text, null::text, null::date, null::text,
        op.requisition_number, op.is_traveller
      from ${openPositions} op
      join plans pl on pl.id = op.plan_id
    ),
    keyed as (
      select po.*, round(po.fte, 2)::float8 as shown_fte, ur.name as role_name, j.name as job_name,
        coalesce(j.category_id, 0) as job_category_id, lower(coalesce(ur.name, '')) as role_key,
        case po.shift when 'Days' then 1 when 'Evenings' then 2 when 'Nights' then 3 else 4 end as shift_rank,
        case po.status when 'Filled' then 1 when 'PRN' then 2 when 'Traveller' then 3 else 4 end as status_rank,
        lower(coalesce(po.last_name || ', ' || po.first_name, po.requisition_number, '')) as holder_key
      from positions po
      left join ${unitRoles} ur on ur.id = po.role_id
      left join ${jobs} j on j.id = ur.job_id
      ${where}
    )`;
  const keyed = keyedIn(null);

  const lead = ORDER_LEAD[input.orderBy];
  const direction = sql.raw(input.descending ? "desc" : "asc");
  const orderBy = sql.join(
    ["lead", "cost_center_rank", "role_key", "shift_rank", "status_rank", "holder_key", "id"].map(
      (column) => sql`${sql.raw(column)} ${direction}`,
    ),
    sql`, `,
  );
  const afterKey = after
    ? sql`where (lead, cost_center_rank, role_key, shift_rank, status_rank, holder_key, id)
        ${sql.raw(input.descending ? "<" : ">")} (${after[2]}::${sql.raw(lead.type)}, ${after[3]}::int,
        ${after[4]}::text, ${after[5]}::int, ${after[6]}::int, ${after[7]}::text, ${after[8]}::uuid)`
    : sql``;
  // The page, the totals and the categories together: each reads on its own connection.
  const [page, totalsByStatus, categories] = await Promise.all([
    pageRanks(db, scopeAndPlans(null), input, after, options.everyRow === true, filters.length > 0)
      .then((ranks) =>
        db.execute(sql`${keyedIn(ranks)},
        page as (
          select * from (select *, ${sql.raw(lead.column)} as lead from keyed) ordered
          ${afterKey}
          order by ${orderBy}
          ${options.everyRow ? sql`` : sql`limit ${input.first + 1}`}
        )
        select page.id::text as id, page.kind, page.status, page.cost_center_id::text as cost_center_id,
          cc.code as cost_center_code, cc.name as cost_center_name, page.role_name, page.job_name,
          page.job_category_id, jc.name as job_category_name, page.shift, page.start_time, page.end_time,
          page.shown_fte as fte, page.staff_id::text as staff_id, page.last_name || ', ' || page.first_name as employee_name,
          page.employee_id::text as employee_id, to_char(page.contract_end_date, 'YYYY-MM-DD') as contract_end_date,
          page.requisition_number, page.is_traveller_requisition, page.cost_center_rank, page.role_key,
          page.shift_rank, page.status_rank, page.holder_key, page.lead
        from page
        join ${costCenters} cc on cc.id = page.cost_center_id
        left join ${jobCategories} jc on jc.id = page.job_category_id
        order by ${orderBy}`),
      )
      .then((result) => rowsOf<ListedRow & { lead: number | string }>(result)),
    db
      .execute(sql`${keyed}
        select status, count(*)::int as count, coalesce(sum(shown_fte), 0)::float8 as fte from keyed group by status`)
      .then((result) => rowsOf<{ status: PositionStatus; count: number; fte: number }>(result)),
    db.select({ id: jobCategories.id, name: jobCategories.name }).from(jobCategories).orderBy(asc(jobCategories.id)),
  ]);

  const rows = (options.everyRow ? page : page.slice(0, input.first)).map((row) =>
    toPositionRow(row, input.orderBy, input.descending),
  );
  const totals = POSITION_STATUSES.map((status): PositionStatusTotal => {
    const found = totalsByStatus.find((t) => t.status === status);
    return { status, count: Number(found?.count ?? 0), fte: cents(Number(found?.fte ?? 0)) };
  });
  return {
    budgetYear,
    rows,
    hasNextPage: !options.everyRow && page.length > input.first,
    endCursor: rows.at(-1)?.cursor ?? null,
    totalCount: totals.reduce((sum, t) => sum + t.count, 0),
    totals,
    totalFte: cents(totals.reduce((sum, t) => sum + t.fte, 0)),
    costCenters: inScope.map(({ id, code, name }) => ({ id, code, name })),
    jobCategories: categories.map((c) => ({ id: c.id, name: c.id === 0 ? NO_CATEGORY_LABEL : c.name })),
  };
}

type RankRange = { from: number; to: number };

/**
 * In the list's own order (cost center first) without filters, a page can only hold positions of
 * the cost centers from the cursor's on, until they hold one more position than the page: the
 * ranks of those, from each plan's count of positions (an index count, not the 50,000-row sort).
 * Null (read every cost center) for another order, a filter, or every row. The cursor's own cost
 * center counts nothing toward the page: some of its positions come before the cursor.
 */
async function pageRanks(
  db: Queryable,
  scopeAndPlans: SQL,
  input: { orderBy: PositionOrder; descending: boolean; first: number },
  after: SortKey | null,
  everyRow: boolean,
  filtered: boolean,
): Promise<RankRange | null> {
  if (input.orderBy !== "CostCenter" || everyRow || filtered) return null;
  const result = await db.execute(sql`${scopeAndPlans}
    select pl.cost_center_rank as rank,
      (select count(*) from ${staffPositions} sp where sp.plan_id = pl.id)::int
        + (select count(*) from ${openPositions} op where op.plan_id = pl.id)::int as positions
    from plans pl`);
  const counts = rowsOf<{ rank: number; positions: number }>(result)
    .map((row) => ({ rank: Number(row.rank), positions: Number(row.positions) }))
    .sort((a, b) => (input.descending ? b.rank - a.rank : a.rank - b.rank));
  const cursorRank = after ? Number(after[3]) : null;
  const onward = counts.filter((c) =>
    cursorRank === null ? true : input.descending ? c.rank <= cursorRank : c.rank >= cursorRank,
  );
  if (onward.length === 0) return null;
  let held = 0;
  let last = onward[onward.length - 1] as { rank: number };
  for (const count of onward) {
    if (count.rank !== cursorRank) held += count.positions;
    if (held > input.first) {
      last = count;
      break;
    }
  }
  const start = cursorRank ?? (onward[0] as { rank: number }).rank;
  return { from: Math.min(start, last.rank), to: Math.max(start, last.rank) };
}

/** Sums of 2-decimal FTE, kept to cents (no 0.30000000000000004). */
const cents = (value: number) => Math.round(value * 100) / 100;

function toPositionRow(
  row: ListedRow & { lead: number | string },
  order: PositionOrder,
  descending: boolean,
): PositionRow {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    costCenterId: row.cost_center_id,
    costCenterCode: row.cost_center_code,
    costCenterName: row.cost_center_name,
    roleName: row.role_name,
    jobName: row.job_name,
    jobCategoryId: Number(row.job_category_id),
    jobCategoryName:
      Number(row.job_category_id) === 0 ? NO_CATEGORY_LABEL : (row.job_category_name ?? NO_CATEGORY_LABEL),
    shift: row.shift,
    startTime: row.start_time,
    endTime: row.end_time,
    fte: Number(row.fte),
    staffId: row.staff_id,
    employeeName: row.employee_name,
    employeeId: row.employee_id,
    contractEndDate: row.contract_end_date,
    requisitionNumber: row.requisition_number,
    isTravellerRequisition: row.is_traveller_requisition,
    cursor: encodeCursor([
      order,
      descending,
      ORDER_LEAD[order].type === "text" ? String(row.lead) : Number(row.lead),
      Number(row.cost_center_rank),
      row.role_key,
      Number(row.shift_rank),
      Number(row.status_rank),
      row.holder_key,
      row.id,
    ]),
  };
}
