import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { jobCategories, jobs } from "../../db/schema";
import {
  createJobSchema,
  JOB_CATEGORY_NONE,
  type JobCategoryAssignment,
  jobCategoryAssignmentSchema,
  jobCategoryAssignmentsSchema,
  jobDirectCareAssignmentSchema,
} from "../../schema/jobs";
import { setAdminTaskState } from "./adminTasks";
import { type AuditEntry, auditEntry, recordAudits } from "./audit";
import type { AuditAction } from "./auditLabels";
import { requireAdmin } from "./authorization";
import { getCostCenter } from "./costCenters";
import { DomainError, forbidden } from "./errors";
import { markOpenPlansForReverification } from "./planReverification";
import { parseInput } from "./validation";
import type { Viewer } from "./viewer";

export type JobRecord = {
  id: string;
  facilityId: string;
  name: string;
  /** 0 ('None') until an admin categorises the job. */
  categoryId: number;
  categoryName: string;
  isExempt: boolean;
  /** Counts toward HPPD. Set from the category's default whenever the category changes. */
  isDirectCare: boolean;
};
export type JobCategoryRecord = { id: number; name: string };

/** At most this many jobs in one `PATCH /api/job/category` (3 parameters each, far below postgres' limit). */
export const MAX_ASSIGNMENTS = 1000;

const columns = {
  id: jobs.id,
  facilityId: jobs.facilityId,
  name: jobs.name,
  categoryId: jobs.categoryId,
  categoryName: jobCategories.name,
  isExempt: jobs.isExempt,
  isDirectCare: jobs.isDirectCare,
};

function selectJobs(db: Queryable) {
  return db.select(columns).from(jobs).innerJoin(jobCategories, eq(jobCategories.id, jobs.categoryId));
}

/** A facility's jobs with their categories, unchecked: for figures already scoped to the viewer. */
export function jobsOfFacility(db: Queryable, facilityId: string): Promise<JobRecord[]> {
  return selectJobs(db).where(eq(jobs.facilityId, facilityId));
}

/** The facility's jobs, by name (case-insensitive). Admins of that facility only. */
export async function listJobs(db: Queryable, viewer: Viewer, facilityId = viewer.facilityId): Promise<JobRecord[]> {
  requireAdmin(viewer, facilityId);
  return selectJobs(db).where(eq(jobs.facilityId, facilityId)).orderBy(sql`lower(${jobs.name})`, asc(jobs.name));
}

/** `GET /api/job?unitId=`: the jobs of the facility the cost center `unitId` belongs to. */
export async function listJobsOfUnit(db: Queryable, viewer: Viewer, unitId: string | undefined) {
  requireAdmin(viewer);
  if (!unitId) throw new DomainError("invalid", "unitId is required", { unitId: "unitId is required" });
  const costCenter = await getCostCenter(db, viewer, unitId);
  return listJobs(db, viewer, costCenter.facilityId);
}

/** The categories a job may be given: every one but 0 'None', by id. */
export async function listJobCategories(
  db: Queryable,
  viewer: Viewer,
  facilityId = viewer.facilityId,
): Promise<JobCategoryRecord[]> {
  requireAdmin(viewer, facilityId);
  return db
    .select({ id: jobCategories.id, name: jobCategories.name })
    .from(jobCategories)
    .where(ne(jobCategories.id, JOB_CATEGORY_NONE))
    .orderBy(asc(jobCategories.id));
}

/** Where a field error points: `categoryId` for one job, `2.categoryId` for the third of a list. */
type FieldOf = (index: number, field: string) => string;
const singleField: FieldOf = (_index, field) => field;
const listField: FieldOf = (index, field) => `${index}.${field}`;

async function assertCategoriesExist(db: Queryable, list: readonly { categoryId: number }[], fieldOf: FieldOf) {
  const wanted = [...new Set(list.map((entry) => entry.categoryId))];
  const found = await db
    .select({ id: jobCategories.id })
    .from(jobCategories)
    .where(and(inArray(jobCategories.id, wanted), ne(jobCategories.id, JOB_CATEGORY_NONE)));
  const known = new Set(found.map((row) => row.id));
  const index = list.findIndex((entry) => !known.has(entry.categoryId));
  const missing = list[index];
  if (missing) {
    const message = `Job category ${missing.categoryId} does not exist`;
    throw new DomainError("invalid", message, { [fieldOf(index, "categoryId")]: message });
  }
}

/**
 * Spec §3/§4: JobCategorization is Completed once every job of the facility has a category other
 * than 0 'None', and Pending while any job has none. Call it inside the change's transaction.
 */
async function syncJobCategorizationTask(db: Queryable, viewer: Viewer) {
  const [row] = await db
    .select({ uncategorised: count() })
    .from(jobs)
    .where(and(eq(jobs.facilityId, viewer.facilityId), eq(jobs.categoryId, JOB_CATEGORY_NONE)));
  await setAdminTaskState(db, viewer, "JobCategorization", row?.uncategorised ? "Pending" : "Completed");
}

/**
 * Gives jobs of the admin's facility their categories, all or nothing, audited per job that
 * changes. `organizationId`, when sent, must be the admin's own. Answers the jobs as they now are,
 * in the order asked.
 */
export async function setJobCategories(
  db: Queryable,
  viewer: Viewer,
  input: unknown,
  organizationId?: string,
): Promise<JobRecord[]> {
  requireAdmin(viewer);
  if (organizationId !== undefined && organizationId !== viewer.organizationId) throw forbidden();
  if (Array.isArray(input) && input.length > MAX_ASSIGNMENTS) {
    throw new DomainError("invalid", `Send at most ${MAX_ASSIGNMENTS} jobs at a time`);
  }
  return applyAssignments(db, viewer, parseInput(jobCategoryAssignmentsSchema, input), listField);
}

async function applyAssignments(
  db: Queryable,
  viewer: Viewer,
  list: readonly JobCategoryAssignment[],
  fieldOf: FieldOf,
): Promise<JobRecord[]> {
  return db.transaction(async (tx) => {
    await assertCategoriesExist(tx, list, fieldOf);
    const ids = list.map((entry) => entry.jobId);
    const before = await selectJobs(tx).where(and(inArray(jobs.id, ids), eq(jobs.facilityId, viewer.facilityId)));
    const byId = new Map(before.map((job) => [job.id.toLowerCase(), job]));
    const unknown = list.find((entry) => !byId.has(entry.jobId.toLowerCase()));
    if (unknown) throw new DomainError("not_found", `Job ${unknown.jobId} was not found`);

    const changes = list.filter((entry) => byId.get(entry.jobId.toLowerCase())?.categoryId !== entry.categoryId);
    if (changes.length > 0) {
      const newCategory = categoryCase(changes);
      await tx
        .update(jobs)
        .set({
          categoryId: newCategory,
          isDirectCare: sql`(select ${jobCategories.isDirectCare} from ${jobCategories} where ${jobCategories.id} = ${newCategory})`,
        })
        .where(
          inArray(
            jobs.id,
            changes.map((entry) => entry.jobId),
          ),
        );
    }
    const after = await selectJobs(tx).where(inArray(jobs.id, ids));
    const afterById = new Map(after.map((job) => [job.id.toLowerCase(), job]));
    // Only a change of the direct-care flag moves a plan's figures (HPPD).
    const flagChanged = after.filter((job) => byId.get(job.id.toLowerCase())?.isDirectCare !== job.isDirectCare);
    await markOpenPlansForReverification(tx, viewer.facilityId, { jobIds: flagChanged.map((job) => job.id) });
    await recordAudits(
      tx,
      changes.map((entry): AuditEntry => {
        const key = entry.jobId.toLowerCase();
        return jobAudit(viewer, "job.category.update", byId.get(key) ?? null, afterById.get(key) ?? null);
      }),
    );
    await syncJobCategorizationTask(tx, viewer);
    return list.map((entry) => afterById.get(entry.jobId.toLowerCase()) as JobRecord);
  });
}

/** One statement for the whole list: `case id when … then … end`. */
function categoryCase(changes: readonly JobCategoryAssignment[]) {
  const whens = changes.map((entry) => sql`when ${entry.jobId}::uuid then ${entry.categoryId}::integer`);
  return sql`case ${jobs.id} ${sql.join(whens, sql` `)} end`;
}

/** The GraphQL `setJobCategory`: one job. */
export async function setJobCategory(
  db: Queryable,
  viewer: Viewer,
  jobId: string,
  categoryId: number,
): Promise<JobRecord> {
  requireAdmin(viewer);
  const assignment = parseInput(jobCategoryAssignmentSchema, { jobId, categoryId });
  const [job] = await applyAssignments(db, viewer, [assignment], singleField);
  return job as JobRecord;
}

/** Adds a job to the admin's facility with its category; names are unique regardless of case. */
export async function createJob(db: Queryable, viewer: Viewer, input: unknown): Promise<JobRecord> {
  requireAdmin(viewer);
  const { name, categoryId } = parseInput(createJobSchema, input);
  return db.transaction(async (tx) => {
    await assertCategoriesExist(tx, [{ categoryId }], singleField);
    const [taken] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.facilityId, viewer.facilityId), sql`lower(${jobs.name}) = lower(${name})`))
      .limit(1);
    if (taken) {
      const message = `A job named ${name} already exists in this facility.`;
      throw new DomainError("conflict", message, { name: message });
    }
    const [category] = await tx
      .select({ isDirectCare: jobCategories.isDirectCare })
      .from(jobCategories)
      .where(eq(jobCategories.id, categoryId));
    const [created] = await tx
      .insert(jobs)
      .values({ facilityId: viewer.facilityId, name, categoryId, isDirectCare: category?.isDirectCare ?? true })
      .returning({ id: jobs.id });
    const [record] = await selectJobs(tx).where(eq(jobs.id, (created as { id: string }).id));
    await recordAudits(tx, [jobAudit(viewer, "job.create", null, record ?? null)]);
    await syncJobCategorizationTask(tx, viewer);
    return record as JobRecord;
  });
}

/**
 * Whether a job's hours count toward HPPD (the unit secretary's do not). Audited; open plans with a
 * role of the job are marked for re-verification; signed plans keep what was signed.
 */
export async function setJobDirectCare(
  db: Queryable,
  viewer: Viewer,
  jobId: string,
  isDirectCare: unknown,
): Promise<JobRecord> {
  requireAdmin(viewer);
  const { jobId: id, isDirectCare: flag } = parseInput(jobDirectCareAssignmentSchema, { jobId, isDirectCare });
  return db.transaction(async (tx) => {
    const [before] = await selectJobs(tx).where(and(eq(jobs.id, id), eq(jobs.facilityId, viewer.facilityId)));
    if (!before) throw new DomainError("not_found", `Job ${id} was not found`);
    if (before.isDirectCare === flag) return before;
    await tx.update(jobs).set({ isDirectCare: flag }).where(eq(jobs.id, id));
    const [after] = await selectJobs(tx).where(eq(jobs.id, id));
    await recordAudits(tx, [jobAudit(viewer, "job.direct_care.update", before, after ?? null)]);
    await markOpenPlansForReverification(tx, viewer.facilityId, { jobIds: [id] });
    return after as JobRecord;
  });
}

/** A job's change: the record is the job's id, taken from whichever side has it. */
function jobAudit(viewer: Viewer, action: AuditAction, before: JobRecord | null, after: JobRecord | null): AuditEntry {
  return auditEntry(viewer, action, (after ?? before)?.id ?? "", before, after);
}
