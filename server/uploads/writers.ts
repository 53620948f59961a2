import { randomUUID } from "node:crypto";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type CopyValue, copyIntoTable, copyLine, type Queryable, rowsOf } from "../../db/client";
import { costCenterPermissions, costCenterStaff, costCenters, positions, staff, users } from "../../db/schema";
import {
  type CostCenterUploadRow,
  type StaffFields,
  type TypedRowOf,
  UPLOAD_COLUMNS,
  type UploadColumn,
  type UploadError,
  type UploadKind,
  type UsersUploadRow,
} from "../../schema/uploads";
import { UploadFileError } from "./uploadFileError";

/**
 * The database side of an import, one writer per upload kind. The import job runs, inside ONE
 * transaction: `prepare()`, then for every row `validateUploadRow` → `check` → (while the file has
 * no error so far) `add`, then `finish()`, and rolls back when any row had an error.
 *
 * - `prepare` loads what the checks need (cost centers by number, employees by ID, ...): a few
 *   queries per upload, never one per row.
 * - `check` is synchronous: duplicates within the file, unknown cost center numbers, permission
 *   holders, ... Each error carries the row and the column at fault.
 * - `add` buffers; every CHUNK_ROWS rows (STAFF_CHUNK_ROWS for the staff kinds: COPY into a staging
 *   table, then set-based merges) go to the database, written while the next chunk is read (one
 *   write in flight at a time).
 * - `finish` flushes and answers the counts.
 *
 * What each kind does (also written on each template's Instructions sheet):
 * - CostCenter: a new number adds a cost center; an existing one gets the file's name (and PRN FTE
 *   when given). inserted/updated count cost centers.
 * - Staff: a new Employee ID adds an employee; an existing one is updated from the row (the row is
 *   the employee's record: blank optional cells clear the field). With a Cost Center Number the
 *   employee joins that cost center with the Assigned FTE, or has the FTE there updated; the
 *   membership is marked as changed by upload. inserted/updated count employees.
 * - CostCenterStaff (the upload's cost center): a new Employee ID adds the employee and the
 *   membership. An existing one joins the cost center (or has the FTE there updated); its details
 *   are updated only with `updateStaff`, and without it the file's first and last name must match
 *   the facility's record (else the row is an error: a mistyped ID must not move someone else).
 *   With `removeStaff`, members of the cost center missing from the file leave it. inserted,
 *   updated and removed count memberships.
 * - Users: one row per user per cost center. A new e-mail adds a user (no invitation: the user
 *   accessibility screen invites); an e-mail of the facility's user updates names, position, type
 *   (and employee link and notes when given) and REPLACES that user's cost center permissions by
 *   the file's rows. Every uploaded user gets `uploadChange` (REVIEW on user accessibility).
 *   inserted/updated count users.
 * Staff and CostCenterStaff also set `uploadChange` on the users linked to employees whose
 * memberships changed. Writes are not audited per row: the import job audits the upload.
 */

export type UploadWriteContext = {
  facilityId: string;
  organizationId: string;
  uploadId: string;
  /** The admin who uploaded. */
  userId: string;
  /** CostCenterStaff: the cost center the staff belong to. */
  costCenterId?: string | null;
  updateStaff: boolean;
  removeStaff: boolean;
  /**
   * WriteMode "slices": awaited between two slices of the merge, so that requests waiting for the
   * database go first (the app's RequestActivity). Without it a slice follows the next turn of the
   * event loop.
   */
  betweenSlices?: () => Promise<void>;
  /**
   * WriteMode "slices": told how much of the checked rows is saved (0 to 1) as the merge begins
   * and after each slice: the merge of a 100 MB file takes most of its import.
   */
  onSaving?: (savedFraction: number) => void;
};

export type UploadWriteResult = { inserted: number; updated: number; removed: number };

export type RowWriter<K extends UploadKind> = {
  prepare(): Promise<void>;
  /**
   * Kinds whose key must be unique in the file: the key's repeat. Asked of every row whose key
   * parsed, valid or not, so a repeat is reported whichever of the two rows is wrong otherwise.
   */
  repeats?(row: Partial<TypedRowOf<K>>, rowNumber: number): UploadError[];
  /** The row's checks against the database and the rest of the file (valid rows only). */
  check(row: TypedRowOf<K>, rowNumber: number): UploadError[];
  add(row: TypedRowOf<K>): Promise<void>;
  finish(): Promise<UploadWriteResult>;
  /**
   * A file with errors, or a failed import: waits for a write still in flight (its failure ignored),
   * so no statement of the import runs after its transaction has rolled back, and drops what the
   * writer staged outside the transaction (WriteMode "slices").
   */
  abandon?(): Promise<void>;
};

/**
 * Rows per statement. The cost center and users statements carry at most 12 parameters a row,
 * far under postgres.js' 65,534.
 */
export const CHUNK_ROWS = 1000;
/**
 * Rows per staff chunk (one COPY and its merge; a chunk holds its rows as COPY lines, ~2 MB). Each
 * chunk is a few round trips, and the database waits between them while the reader parses on: with
 * 5,000 rows the 100 MB file took 42-46 s on PostgreSQL, with 20,000 29-32 s (its database floor:
 * 25 s). PostgreSQL's own merge costs the same per row in chunks of 5,000 or all at once.
 */
export const STAFF_CHUNK_ROWS = 20000;
/**
 * The first staff chunk; chunks double from it to STAFF_CHUNK_ROWS. A first chunk of 20,000 kept the
 * database idle for the first ~0.6 s of a 100,000-row .xlsx (its parse), a quarter of its floor.
 */
const FIRST_STAFF_CHUNK_ROWS = 2500;
/** Ids per `in (...)` list. */
const ID_CHUNK = 5000;

/**
 * How an import writes:
 * - "transaction" (PostgreSQL, and every kind but the staff ones): everything in the import's ONE
 *   transaction, `tx`; other connections go on reading the data as it was until it commits.
 * - "slices" (the staff kinds on PGlite, the embedded database, whose ONE connection serves the
 *   whole app): a transaction would hold that connection for the whole import, and every request
 *   would wait for it (a 100 MB file: about a minute). The rows are staged outside any transaction,
 *   a chunk at a time, and nothing is written to staff until the whole file has passed; then they
 *   are merged in short transactions of a few thousand rows each, between which other requests
 *   run. A file with errors still changes nothing. A crash during the merge leaves the rows merged
 *   so far, and the job's retry imports the file again from the start: the merge is an upsert, so
 *   the retry ends where one import would have (its counts then call the rows already merged
 *   updates).
 */
export type WriteMode = "transaction" | "slices";

/** PGlite has one connection for the whole app: its staff imports must not hold it. */
export const writeModeOf = (database: "pglite" | "postgres"): WriteMode =>
  database === "pglite" ? "slices" : "transaction";

export function createRowWriter<K extends UploadKind>(
  kind: K,
  tx: Queryable,
  context: UploadWriteContext,
  mode: WriteMode = "transaction",
): RowWriter<K> {
  const writers: { [Kind in UploadKind]: () => RowWriter<Kind> } = {
    CostCenter: () => costCenterWriter(tx, context),
    Staff: () => staffWriter(tx, context, mode),
    CostCenterStaff: () => costCenterStaffWriter(tx, context, mode),
    Users: () => usersWriter(tx, context),
  };
  return writers[kind]() as RowWriter<K>;
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** `excluded.<column>` of an upsert. */
const excluded = (column: PgColumn) => sql.raw(`excluded."${column.name}"`);

function columnOf(kind: UploadKind, key: string): number {
  return (UPLOAD_COLUMNS[kind] as readonly UploadColumn[]).findIndex((c) => c.key === key) + 1;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function activeCostCentersByCode(tx: Queryable, facilityId: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: costCenters.id, code: costCenters.code })
    .from(costCenters)
    .where(and(eq(costCenters.facilityId, facilityId), isNull(costCenters.deletedAt)));
  return new Map(rows.map((r) => [r.code, r.id]));
}

type ExistingStaff = { id: string; firstName: string; lastName: string };

/**
 * What an Employee ID is known by: its case does not count ('e1001' is E1001), as the unique index
 * on (facility_id, lower(employee_id)) and Manage Staff have it. Employee IDs are ASCII, where this
 * and PostgreSQL's lower() agree.
 */
const employeeKey = (employeeId: string) => employeeId.toLowerCase();

/** The facility's employees, found by Employee ID in any case. */
class FacilityEmployees {
  private constructor(private readonly byKey: ReadonlyMap<string, ExistingStaff>) {}

  static async of(tx: Queryable, facilityId: string): Promise<FacilityEmployees> {
    const rows = await tx
      .select({ id: staff.id, employeeId: staff.employeeId, firstName: staff.firstName, lastName: staff.lastName })
      .from(staff)
      .where(eq(staff.facilityId, facilityId));
    return new FacilityEmployees(
      new Map(rows.map((r) => [employeeKey(r.employeeId), { id: r.id, firstName: r.firstName, lastName: r.lastName }])),
    );
  }

  static readonly none = new FacilityEmployees(new Map());

  get(employeeId: string): ExistingStaff | undefined {
    return this.byKey.get(employeeKey(employeeId));
  }
}

/** Remembers where each key first appeared, to report a repeat with both rows. */
class FirstSeen {
  private readonly rows = new Map<string, number>();
  /** The earlier row of `key`, or undefined (and `rowNumber` remembered) when it is new. */
  repeatOf(key: string, rowNumber: number): number | undefined {
    const earlier = this.rows.get(key);
    if (earlier === undefined) this.rows.set(key, rowNumber);
    return earlier;
  }
  has(key: string): boolean {
    return this.rows.has(key);
  }
  keys(): IterableIterator<string> {
    return this.rows.keys();
  }
}

/** Sets `uploadChange` on the facility's users linked to these employees. */
async function flagUsersOfStaff(tx: Queryable, facilityId: string, staffIds: Iterable<string>): Promise<void> {
  for (const ids of chunks([...staffIds], ID_CHUNK)) {
    await tx
      .update(users)
      .set({ uploadChange: true, updatedAt: new Date() })
      .where(and(eq(users.facilityId, facilityId), inArray(users.staffId, ids), isNull(users.deletedAt)));
  }
}

/** A file row on its way to staff and cost_center_staff. */
type StagedStaff = {
  fields: StaffFields;
  /** Insert or update the employee from the row (else the employee is only joined as they are). */
  writeStaff: boolean;
  /** The cost center the employee joins (or has the FTE there updated), if any. */
  costCenterId: string | undefined;
  fte: number;
};

/** A staff row's own columns in a COPY of staff rows (staffCopyValues gives their values, in this order). */
export const STAFF_COPY_COLUMNS = [
  "employee_id",
  "first_name",
  "middle_name",
  "last_name",
  "email",
  "date_of_hire",
  "assigned_fte",
  "staff_type",
  "contract_end_date",
  "education",
  "requisition_number",
  "notes",
] as const;

/** STAFF_COPY_COLUMNS as a staging table defines them. */
export const STAFF_COPY_DEFINITION = `
  employee_id varchar(40) not null, first_name text not null, middle_name text, last_name text not null,
  email text, date_of_hire date, assigned_fte numeric, staff_type staff_type, contract_end_date date,
  education text, requisition_number text, notes varchar(40)`;

/** A staff row's values for STAFF_COPY_COLUMNS. */
export const staffCopyValues = (f: StaffFields): CopyValue[] => [
  f.employeeId,
  f.firstName,
  f.middleName,
  f.lastName,
  f.email,
  f.dateOfHire,
  f.assignedFte,
  f.staffType,
  f.contractEndDate,
  f.education,
  f.requisitionNumber,
  f.notes,
];

const STAGING_COLUMNS = [...STAFF_COPY_COLUMNS, "write_staff", "cost_center_id", "fte"] as const;

const STAGING_DEFINITION = `${STAFF_COPY_DEFINITION}, write_staff boolean not null, cost_center_id uuid, fte numeric`;

/** A row as its line of the staging table's COPY text, made when the row is added (a short string
 * is all a chunk holds of it until the chunk is written). */
function stagedStaffLine({ fields, writeStaff, costCenterId, fte }: StagedStaff): string {
  return copyLine([...staffCopyValues(fields), writeStaff, costCenterId, fte]);
}

/**
 * Staged staff rows on their way into staff and cost_center_staff. Rows are COPYed into a
 * temporary staging table (COPY is PostgreSQL's cheapest way in: no parameters to bind, no JSON to
 * unpack), then merged by two set-based statements: employees upserted by (facility, Employee ID);
 * then memberships upserted and marked as changed by upload, with the users linked to those
 * employees flagged.
 */
type StaffStaging = {
  create(): Promise<void>;
  /** A chunk of rows as COPY lines (stagedStaffLine). */
  write(lines: readonly string[]): Promise<void>;
  /** Merges what is staged and not merged yet. */
  merge(): Promise<void>;
  /** Drops what is staged (a file with errors). */
  discard(): Promise<void>;
};

/** Rows per chunk when importing in slices: one COPY of them keeps PGlite busy for ~50 ms. */
const SLICED_STAFF_CHUNK_ROWS = 5000;
/**
 * Staging table pages merged per transaction when importing in slices: ~2,600 rows, after which
 * waiting requests run. When PGlite ran on the app's thread, 40 pages put the p95 of a `me` during
 * a 100,000-row import at 227 ms and 20 pages at 129 ms. In its own process (db/pglite/), measured
 * with npm run bench:upload on PGlite (xlsx 100k rows: ratio to its floor, min / median of 3, and the
 * p95 of `me` / `costCenters` asked every 100 ms meanwhile): 20 pages 1.54 / 1.65, 7 / 63 ms; 40
 * pages 1.48 / 1.57, 9 / 64 ms; 80 pages 1.41 / 1.44, 9 / 165 ms. The 100 MB csv at 40 pages:
 * 1.20 / 1.21, 7 / 99 ms.
 */
const MERGE_SLICE_PAGES = 40;

function staffStaging(db: Queryable, context: UploadWriteContext, mode: WriteMode): StaffStaging {
  return mode === "slices" ? stagingInSlices(db, context) : stagingInTransaction(db, context.facilityId);
}

/** The import's transaction: each chunk is COPYed and merged at once; the table goes with the commit. */
function stagingInTransaction(tx: Queryable, facilityId: string): StaffStaging {
  const table = "staff_upload_staging";
  return {
    create: async () => {
      await tx.execute(sql.raw(`create temp table ${table} (${STAGING_DEFINITION}) on commit drop`));
    },
    async write(lines) {
      if (lines.length === 0) return;
      await copyIntoTable(tx, table, STAGING_COLUMNS, lines.join(""));
      await mergeStagedStaff(tx, facilityId, sql.raw(table));
      await tx.execute(sql.raw(`truncate ${table}`));
    },
    merge: async () => {},
    // The rollback drops the table.
    discard: async () => {},
  };
}

/**
 * WriteMode "slices": every chunk is COPYed on its own (no transaction held), and the whole file is
 * merged once it has passed, MERGE_SLICE_PAGES of the staging table at a time (a TID range: no
 * index needed), each slice in a transaction of its own. The table is a temporary one of PGlite's
 * single session, named after the upload, so a retry starts on a clean one.
 */
function stagingInSlices(db: Queryable, context: UploadWriteContext): StaffStaging {
  const table = `staff_upload_staging_${context.uploadId.replace(/[^0-9a-f]/gi, "")}`;
  const drop = async () => {
    await db.execute(sql.raw(`drop table if exists ${table}`));
  };
  return {
    async create() {
      await drop();
      await db.execute(sql.raw(`create temp table ${table} (${STAGING_DEFINITION})`));
    },
    async write(lines) {
      if (lines.length > 0) await copyIntoTable(db, table, STAGING_COLUMNS, lines.join(""));
    },
    async merge() {
      const [size] = rowsOf<{ pages: number }>(
        await db.execute(
          sql.raw(`select (pg_relation_size('${table}') / current_setting('block_size')::int)::int as pages`),
        ),
      );
      const pages = size?.pages ?? 0;
      context.onSaving?.(0);
      for (let first = 0; first < pages; first += MERGE_SLICE_PAGES) {
        const slice = sql.raw(`v.ctid >= '(${first},0)'::tid and v.ctid < '(${first + MERGE_SLICE_PAGES},0)'::tid`);
        await db.transaction((tx) => mergeStagedStaff(tx, context.facilityId, sql.raw(table), slice));
        context.onSaving?.(Math.min(1, (first + MERGE_SLICE_PAGES) / pages));
        // One turn of the event loop first, always: a request that came during the slice is read
        // and counted only then.
        await yieldToEventLoop();
        await context.betweenSlices?.();
      }
      await drop();
    },
    discard: drop,
  };
}

/** Merges the staged rows (those of `slice` only, when given) into staff and cost_center_staff. */
async function mergeStagedStaff(q: Queryable, facilityId: string, staging: SQL, slice?: SQL): Promise<void> {
  const inSlice = slice ? sql` and ${slice}` : sql``;
  await q.execute(sql`
    insert into ${staff} (facility_id, employee_id, first_name, middle_name, last_name, email, date_of_hire,
      assigned_fte, staff_type, contract_end_date, education, requisition_number, notes)
    select ${facilityId}::uuid, v.employee_id, v.first_name, v.middle_name, v.last_name, v.email, v.date_of_hire,
      v.assigned_fte, v.staff_type, v.contract_end_date, v.education, v.requisition_number, v.notes
    from ${staging} v
    where v.write_staff${inSlice}
    on conflict (facility_id, lower(employee_id)) do update set
      first_name = excluded.first_name, middle_name = excluded.middle_name, last_name = excluded.last_name,
      email = excluded.email, date_of_hire = excluded.date_of_hire, assigned_fte = excluded.assigned_fte,
      staff_type = excluded.staff_type, contract_end_date = excluded.contract_end_date,
      education = excluded.education, requisition_number = excluded.requisition_number, notes = excluded.notes,
      updated_at = now()`);
  // The memberships written name the employees whose linked users are flagged: one statement.
  await q.execute(sql`
    with written as (
      insert into ${costCenterStaff} (cost_center_id, staff_id, fte, upload_change)
      select v.cost_center_id, s.id, v.fte, true
      from ${staging} v
      join ${staff} s on s.facility_id = ${facilityId}::uuid and lower(s.employee_id) = lower(v.employee_id)
      where v.cost_center_id is not null${inSlice}
      on conflict (cost_center_id, staff_id) do update set fte = excluded.fte, upload_change = true
      returning staff_id
    )
    update ${users} u set upload_change = true, updated_at = now()
    from written w
    where u.staff_id = w.staff_id and u.facility_id = ${facilityId}::uuid and u.deleted_at is null`);
}

/**
 * Buffers rows and writes them a chunk at a time, with one write in flight while the file is read
 * on (on PostgreSQL the database works while the next chunk is parsed). A failed write is thrown by
 * the next `push` or by `drain`.
 */
export class ChunkPipeline<T> {
  private pending: T[] = [];
  private inflight: Promise<void> = Promise.resolve();
  private failed: { error: unknown } | undefined;
  private chunkSize: number;

  /**
   * Chunks start at `firstSize` rows and double up to `size`: the database starts on a small first
   * chunk instead of waiting for a whole large one to be parsed.
   */
  constructor(
    private readonly write: (rows: T[]) => Promise<void>,
    private readonly size = CHUNK_ROWS,
    firstSize = size,
  ) {
    this.chunkSize = Math.min(firstSize, size);
  }

  async push(row: T): Promise<void> {
    this.pending.push(row);
    if (this.pending.length < this.chunkSize) return;
    await this.settle();
    this.chunkSize = Math.min(this.chunkSize * 2, this.size);
    const rows = this.pending;
    this.pending = [];
    this.inflight = this.write(rows).catch((error: unknown) => {
      this.failed = { error };
    });
  }

  /** Waits for the write in flight, then writes what is left. */
  async drain(): Promise<void> {
    await this.settle();
    const rows = this.pending;
    this.pending = [];
    if (rows.length > 0) await this.write(rows);
  }

  /** Waits for the write in flight, whatever its outcome; nothing more is written. */
  async abandon(): Promise<void> {
    this.pending = [];
    await this.inflight;
  }

  private async settle(): Promise<void> {
    await this.inflight;
    if (this.failed) throw this.failed.error;
  }
}

// ---------------------------------------------------------------------------------------------
// Cost centers
// ---------------------------------------------------------------------------------------------

function costCenterWriter(tx: Queryable, context: UploadWriteContext): RowWriter<"CostCenter"> {
  let existing = new Map<string, string>();
  const seen = new FirstSeen();
  const result: UploadWriteResult = { inserted: 0, updated: 0, removed: 0 };
  const pipeline = new ChunkPipeline<CostCenterUploadRow>(write);

  async function write(rows: CostCenterUploadRow[]) {
    await tx
      .insert(costCenters)
      .values(
        rows.map((r) => ({ facilityId: context.facilityId, code: r.costCenterCode, name: r.name, prnFte: r.prnFte })),
      )
      .onConflictDoUpdate({
        target: [costCenters.facilityId, costCenters.code],
        targetWhere: isNull(costCenters.deletedAt),
        set: {
          name: excluded(costCenters.name),
          prnFte: sql`coalesce(${excluded(costCenters.prnFte)}, ${costCenters.prnFte})`,
          updatedAt: sql`now()`,
        },
      });
    for (const r of rows) {
      if (existing.has(r.costCenterCode)) result.updated++;
      else result.inserted++;
    }
  }

  return {
    async prepare() {
      existing = await activeCostCentersByCode(tx, context.facilityId);
    },
    repeats(row, rowNumber) {
      const earlier = row.costCenterCode ? seen.repeatOf(row.costCenterCode, rowNumber) : undefined;
      if (earlier === undefined) return [];
      return [
        {
          message: `Cost Center Number ${row.costCenterCode} appears more than once (also at row ${earlier})`,
          row: rowNumber,
          column: columnOf("CostCenter", "costCenterCode"),
        },
      ];
    },
    check: () => [],
    async add(row) {
      await pipeline.push(row);
    },
    abandon: () => pipeline.abandon(),
    async finish() {
      await pipeline.drain();
      return result;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Staff of the facility
// ---------------------------------------------------------------------------------------------

function repeatedEmployeeId(
  kind: UploadKind,
  seen: FirstSeen,
  employeeId: string | undefined,
  rowNumber: number,
): UploadError[] {
  const earlier = employeeId ? seen.repeatOf(employeeKey(employeeId), rowNumber) : undefined;
  if (earlier === undefined) return [];
  return [
    {
      message: `Employee ID ${employeeId} appears more than once (also at row ${earlier})`,
      row: rowNumber,
      column: columnOf(kind, "employeeId"),
    },
  ];
}

function unknownCostCenter(kind: UploadKind, code: string, rowNumber: number): UploadError {
  return {
    message: `Cost center number ${code} does not exist in this facility`,
    row: rowNumber,
    column: columnOf(kind, "costCenterCode"),
  };
}

/** A staff kind's rows on their way in: staged a line at a time, written a chunk at a time. */
function stagedStaffWrites(q: Queryable, context: UploadWriteContext, mode: WriteMode) {
  const staging = staffStaging(q, context, mode);
  const pipeline = new ChunkPipeline<string>(
    (lines) => staging.write(lines),
    mode === "slices" ? SLICED_STAFF_CHUNK_ROWS : STAFF_CHUNK_ROWS,
    FIRST_STAFF_CHUNK_ROWS,
  );
  return {
    create: () => staging.create(),
    add: (row: StagedStaff) => pipeline.push(stagedStaffLine(row)),
    async abandon() {
      await pipeline.abandon();
      await staging.discard();
    },
    async finish() {
      await pipeline.drain();
      await staging.merge();
    },
  };
}

function staffWriter(tx: Queryable, context: UploadWriteContext, mode: WriteMode): RowWriter<"Staff"> {
  let costCenterIds = new Map<string, string>();
  let existing = FacilityEmployees.none;
  const seen = new FirstSeen();
  const result: UploadWriteResult = { inserted: 0, updated: 0, removed: 0 };
  const staged = stagedStaffWrites(tx, context, mode);

  return {
    async prepare() {
      costCenterIds = await activeCostCentersByCode(tx, context.facilityId);
      existing = await FacilityEmployees.of(tx, context.facilityId);
      await staged.create();
    },
    repeats: (row, rowNumber) => repeatedEmployeeId("Staff", seen, row.employeeId, rowNumber),
    check(row, rowNumber) {
      if (row.costCenterCode && !costCenterIds.has(row.costCenterCode)) {
        return [unknownCostCenter("Staff", row.costCenterCode, rowNumber)];
      }
      return [];
    },
    async add(row) {
      if (existing.get(row.employeeId)) result.updated++;
      else result.inserted++;
      await staged.add({
        fields: row,
        writeStaff: true,
        costCenterId: row.costCenterCode ? costCenterIds.get(row.costCenterCode) : undefined,
        fte: row.assignedFte,
      });
    },
    abandon: () => staged.abandon(),
    async finish() {
      await staged.finish();
      return result;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Staff of one cost center
// ---------------------------------------------------------------------------------------------

const sameName = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" }) === 0;

function costCenterStaffWriter(
  tx: Queryable,
  context: UploadWriteContext,
  mode: WriteMode,
): RowWriter<"CostCenterStaff"> {
  const costCenterId = context.costCenterId ?? "";
  let existing = FacilityEmployees.none;
  /** Staff ids who are members of the cost center before the upload. */
  let members = new Set<string>();
  const seen = new FirstSeen();
  /** Members before the upload that the file names (new employees cannot be members yet). */
  const inFile = new Set<string>();
  const result: UploadWriteResult = { inserted: 0, updated: 0, removed: 0 };
  const staged = stagedStaffWrites(tx, context, mode);

  return {
    async prepare() {
      const [costCenter] = context.costCenterId
        ? await tx
            .select({ id: costCenters.id })
            .from(costCenters)
            .where(
              and(
                eq(costCenters.id, context.costCenterId),
                eq(costCenters.facilityId, context.facilityId),
                isNull(costCenters.deletedAt),
              ),
            )
        : [];
      if (!costCenter) {
        throw new UploadFileError([{ message: "The cost center of this upload does not exist in this facility." }]);
      }
      existing = await FacilityEmployees.of(tx, context.facilityId);
      const rows = await tx
        .select({ staffId: costCenterStaff.staffId })
        .from(costCenterStaff)
        .where(eq(costCenterStaff.costCenterId, costCenterId));
      members = new Set(rows.map((r) => r.staffId));
      await staged.create();
    },
    repeats: (row, rowNumber) => repeatedEmployeeId("CostCenterStaff", seen, row.employeeId, rowNumber),
    check(row, rowNumber) {
      const errors: UploadError[] = [];
      const known = existing.get(row.employeeId);
      if (
        known &&
        !context.updateStaff &&
        !(sameName(known.firstName, row.firstName) && sameName(known.lastName, row.lastName))
      ) {
        errors.push({
          message: `Employee ID ${row.employeeId} belongs to ${known.firstName} ${known.lastName} in this facility: correct the Employee ID, or upload with 'update staff' to change the employee's details`,
          row: rowNumber,
          column: columnOf("CostCenterStaff", "employeeId"),
        });
      }
      return errors;
    },
    async add(row) {
      const known = existing.get(row.employeeId);
      if (known && members.has(known.id)) result.updated++;
      else result.inserted++;
      if (known) inFile.add(known.id);
      await staged.add({
        fields: row,
        // Employees to write: every new one, and existing ones only when the upload updates staff.
        writeStaff: context.updateStaff || !known,
        costCenterId,
        fte: row.costCenterFte,
      });
    },
    abandon: () => staged.abandon(),
    async finish() {
      await staged.finish();
      if (context.removeStaff) {
        const leaving = [...members].filter((id) => !inFile.has(id));
        for (const ids of chunks(leaving, ID_CHUNK)) {
          await tx
            .delete(costCenterStaff)
            .where(and(eq(costCenterStaff.costCenterId, costCenterId), inArray(costCenterStaff.staffId, ids)));
        }
        result.removed = leaving.length;
        await flagUsersOfStaff(tx, context.facilityId, leaving);
      }
      return result;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Users and their cost center permissions
// ---------------------------------------------------------------------------------------------

type UserLevel = Pick<
  UsersUploadRow,
  "firstName" | "middleName" | "lastName" | "employeeId" | "positionTitle" | "userType" | "executive" | "notes"
>;
const USER_LEVEL_KEYS = [
  "firstName",
  "middleName",
  "lastName",
  "employeeId",
  "positionTitle",
  "userType",
  "executive",
  "notes",
] as const satisfies readonly (keyof UserLevel)[];

type FileUser = UserLevel & {
  rowNumber: number;
  userId: string;
  isNew: boolean;
  hasBlankRow: boolean;
  permissions: number;
};
type Holder = { userId: string; email: string; rowNumber?: number };

function usersWriter(tx: Queryable, context: UploadWriteContext): RowWriter<"Users"> {
  const { facilityId } = context;
  let costCenterIds = new Map<string, string>();
  /** Active users anywhere, by lower-case e-mail (e-mail is unique across facilities). */
  let usersByEmail = new Map<string, { id: string; facilityId: string }>();
  let facilityEmployees = FacilityEmployees.none;
  /** Staff id → the facility user linked to it. */
  let userOfStaff = new Map<string, string>();
  let positionIds = new Map<string, string>();
  /** Cost center id → the user holding the flag before the upload. */
  const dbHolders = { completeWizard: new Map<string, Holder>(), manageStaff: new Map<string, Holder>() };
  const fileHolders = { completeWizard: new Map<string, Holder>(), manageStaff: new Map<string, Holder>() };
  const fileUsers = new Map<string, FileUser>();
  const pairs = new FirstSeen();
  const employeeOwners = new Map<string, string>();
  /** Users already queued for writing, and existing users whose old permissions were cleared. */
  const writtenUsers = new Set<string>();
  const cleared = new Set<string>();

  let pendingUsers: (typeof users.$inferInsert & { id: string })[] = [];
  let pendingPermissions: (typeof costCenterPermissions.$inferInsert)[] = [];
  let pendingPositions: { id: string; facilityId: string; title: string }[] = [];
  const result: UploadWriteResult = { inserted: 0, updated: 0, removed: 0 };

  async function flush() {
    if (pendingPositions.length > 0) {
      await tx.insert(positions).values(pendingPositions);
      pendingPositions = [];
    }
    if (pendingUsers.length > 0) {
      const rows = pendingUsers;
      pendingUsers = [];
      await tx
        .insert(users)
        .values(rows)
        .onConflictDoUpdate({
          target: users.id,
          set: {
            firstName: excluded(users.firstName),
            middleName: excluded(users.middleName),
            lastName: excluded(users.lastName),
            userType: excluded(users.userType),
            positionId: excluded(users.positionId),
            staffId: sql`coalesce(${excluded(users.staffId)}, ${users.staffId})`,
            notes: sql`coalesce(${excluded(users.notes)}, ${users.notes})`,
            uploadChange: true,
            updatedAt: sql`now()`,
          },
        });
      // An existing user's permissions become exactly the file's: clear them once, before the first new one.
      const existingIds = rows.map((r) => r.id).filter((id) => !cleared.has(id) && isExisting(id));
      for (const ids of chunks(existingIds, ID_CHUNK)) {
        await tx.delete(costCenterPermissions).where(inArray(costCenterPermissions.userId, ids));
      }
      for (const id of existingIds) cleared.add(id);
    }
    if (pendingPermissions.length > 0) {
      const rows = pendingPermissions;
      pendingPermissions = [];
      await tx.insert(costCenterPermissions).values(rows);
    }
  }

  const existingUserIds = new Set<string>();
  const isExisting = (id: string) => existingUserIds.has(id);

  function at(key: string, rowNumber: number) {
    return { row: rowNumber, column: columnOf("Users", key) };
  }

  function checkHolder(
    flag: "completeWizard" | "manageStaff",
    label: string,
    row: UsersUploadRow,
    costCenterId: string,
    userId: string | undefined,
    rowNumber: number,
  ): UploadError[] {
    if (!row[flag]) return [];
    const inFile = fileHolders[flag].get(costCenterId);
    if (inFile && inFile.email !== row.email) {
      return [
        {
          message: `Only one user per cost center may ${label}: ${row.costCenterCode} already has ${inFile.email} at row ${inFile.rowNumber}`,
          ...at(flag, rowNumber),
        },
      ];
    }
    fileHolders[flag].set(costCenterId, { userId: userId ?? "", email: row.email, rowNumber });
    const inDb = dbHolders[flag].get(costCenterId);
    if (inDb && inDb.userId !== userId) {
      return [
        {
          message: `Only one user per cost center may ${label}: ${row.costCenterCode} already has ${inDb.email}; take the permission from that user first`,
          ...at(flag, rowNumber),
        },
      ];
    }
    return [];
  }

  return {
    async prepare() {
      costCenterIds = await activeCostCentersByCode(tx, facilityId);
      const activeUsers = await tx
        .select({ id: users.id, email: users.email, facilityId: users.facilityId, staffId: users.staffId })
        .from(users)
        .where(isNull(users.deletedAt));
      usersByEmail = new Map(activeUsers.map((u) => [u.email.toLowerCase(), { id: u.id, facilityId: u.facilityId }]));
      userOfStaff = new Map(
        activeUsers.filter((u) => u.facilityId === facilityId && u.staffId).map((u) => [u.staffId as string, u.id]),
      );
      facilityEmployees = await FacilityEmployees.of(tx, facilityId);
      const facilityPositions = await tx
        .select({ id: positions.id, title: positions.title })
        .from(positions)
        .where(eq(positions.facilityId, facilityId));
      positionIds = new Map(facilityPositions.map((p) => [p.title.toLowerCase(), p.id]));
      const holders = await tx
        .select({
          costCenterId: costCenterPermissions.costCenterId,
          userId: costCenterPermissions.userId,
          email: users.email,
          completeWizard: costCenterPermissions.completeWizard,
          manageStaff: costCenterPermissions.manageStaff,
        })
        .from(costCenterPermissions)
        .innerJoin(users, eq(users.id, costCenterPermissions.userId))
        .innerJoin(costCenters, eq(costCenters.id, costCenterPermissions.costCenterId))
        .where(
          and(
            eq(costCenters.facilityId, facilityId),
            or(eq(costCenterPermissions.completeWizard, true), eq(costCenterPermissions.manageStaff, true)),
          ),
        );
      for (const h of holders) {
        if (h.completeWizard) dbHolders.completeWizard.set(h.costCenterId, { userId: h.userId, email: h.email });
        if (h.manageStaff) dbHolders.manageStaff.set(h.costCenterId, { userId: h.userId, email: h.email });
      }
    },

    check(row, rowNumber) {
      const errors: UploadError[] = [];
      const known = usersByEmail.get(row.email);
      if (known && known.facilityId !== facilityId) {
        return [
          { message: `Email ${row.email} already belongs to a user of another facility`, ...at("email", rowNumber) },
        ];
      }
      if (known?.id === context.userId) {
        return [{ message: "You cannot change your own user by upload", ...at("email", rowNumber) }];
      }
      const first = fileUsers.get(row.email);
      if (first) {
        for (const key of USER_LEVEL_KEYS) {
          if (row[key] !== first[key]) {
            const header = (UPLOAD_COLUMNS.Users as readonly UploadColumn[])[columnOf("Users", key) - 1]?.header;
            errors.push({
              message: `${header} differs from row ${first.rowNumber} of the same user (${row.email})`,
              ...at(key, rowNumber),
            });
          }
        }
        if (!row.costCenterCode || first.hasBlankRow) {
          errors.push({
            message: `${row.email} is on more than one row, so each row needs a Cost Center Number (see row ${first.rowNumber})`,
            ...at("costCenterCode", rowNumber),
          });
        }
      } else {
        fileUsers.set(row.email, {
          ...Object.fromEntries(USER_LEVEL_KEYS.map((k) => [k, row[k]])),
          rowNumber,
          userId: known?.id ?? "",
          isNew: !known,
          hasBlankRow: !row.costCenterCode,
          permissions: 0,
        } as FileUser);
        if (row.employeeId) {
          const staffId = facilityEmployees.get(row.employeeId)?.id;
          const owner = employeeOwners.get(employeeKey(row.employeeId));
          if (!staffId) {
            errors.push({
              message: `Employee ID ${row.employeeId} is not an employee of this facility`,
              ...at("employeeId", rowNumber),
            });
          } else if (owner && owner !== row.email) {
            errors.push({
              message: `Employee ID ${row.employeeId} is already given to ${owner} in this file`,
              ...at("employeeId", rowNumber),
            });
          } else {
            const linkedUser = userOfStaff.get(staffId);
            if (linkedUser && linkedUser !== known?.id) {
              errors.push({
                message: `Employee ID ${row.employeeId} already belongs to another user`,
                ...at("employeeId", rowNumber),
              });
            }
          }
          employeeOwners.set(employeeKey(row.employeeId), row.email);
        }
      }
      if (row.costCenterCode) {
        const costCenterId = costCenterIds.get(row.costCenterCode);
        if (!costCenterId) {
          errors.push(unknownCostCenter("Users", row.costCenterCode, rowNumber));
        } else {
          const earlier = pairs.repeatOf(`${row.email}\u001f${costCenterId}`, rowNumber);
          if (earlier !== undefined) {
            errors.push({
              message: `Cost center ${row.costCenterCode} is listed more than once for ${row.email} (also at row ${earlier})`,
              ...at("costCenterCode", rowNumber),
            });
          } else {
            errors.push(
              ...checkHolder("completeWizard", "Complete Wizard", row, costCenterId, known?.id, rowNumber),
              ...checkHolder("manageStaff", "Manage Staff", row, costCenterId, known?.id, rowNumber),
            );
          }
        }
      }
      return errors;
    },

    async add(row) {
      const fileUser = fileUsers.get(row.email);
      if (!fileUser) throw new Error(`add() before check() for ${row.email}`);
      if (!fileUser.userId) {
        // First row of a new user: choose the id now so the permissions can refer to it.
        fileUser.userId = randomUUID();
      }
      if (!writtenUsers.has(fileUser.userId)) {
        let positionId = positionIds.get(row.positionTitle.toLowerCase());
        if (!positionId) {
          const created = { id: randomUUID(), title: row.positionTitle };
          positionIds.set(row.positionTitle.toLowerCase(), created.id);
          pendingPositions.push({ ...created, facilityId });
          positionId = created.id;
        }
        if (fileUser.isNew) result.inserted++;
        else {
          result.updated++;
          existingUserIds.add(fileUser.userId);
        }
        writtenUsers.add(fileUser.userId);
        pendingUsers.push({
          id: fileUser.userId,
          organizationId: context.organizationId,
          facilityId,
          staffId: row.employeeId ? (facilityEmployees.get(row.employeeId)?.id ?? null) : null,
          positionId,
          email: row.email,
          firstName: row.firstName,
          middleName: row.middleName,
          lastName: row.lastName,
          userType: row.userType,
          notes: row.notes,
          uploadChange: true,
        });
      }
      const costCenterId = row.costCenterCode ? costCenterIds.get(row.costCenterCode) : undefined;
      if (costCenterId) {
        pendingPermissions.push({
          userId: fileUser.userId,
          costCenterId,
          fte: row.executive ? 0 : row.costCenterFte,
          completeWizard: row.completeWizard,
          manageStaff: row.manageStaff,
          readOnly: row.executive || !(row.completeWizard || row.manageStaff),
          executive: row.executive,
          sortOrder: fileUser.permissions,
        });
        fileUser.permissions++;
      }
      if (pendingUsers.length + pendingPermissions.length >= CHUNK_ROWS) await flush();
    },

    async finish() {
      await flush();
      return result;
    },
  };
}
