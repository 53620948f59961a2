import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import {
  educationLevels,
  facilities,
  facilityBudgetSettings,
  facilityFteBasis,
  facilityShiftSettings,
} from "../../db/schema";
import { budgetYearOf } from "../../schema/calendar";
import { budgetSettingsSchema, hrGuidelinesSchema, systemRelationshipsSchema } from "../../schema/facility";
import { setAdminTaskState } from "./adminTasks";
import { auditEntry, recordAudit } from "./audit";
import type { AuditAction } from "./auditLabels";
import { requireAdmin } from "./authorization";
import { forbidden } from "./errors";
import { markOpenPlansForReverification } from "./planReverification";
import { parseInput } from "./validation";
import type { Viewer } from "./viewer";

/** Everything the facility-definition screens show and edit, for the admin's facility. */
export async function getFacilitySettings(db: Queryable, viewer: Viewer) {
  requireAdmin(viewer);
  const [facility] = await db.select().from(facilities).where(eq(facilities.id, viewer.facilityId));
  const [budget] = await db
    .select()
    .from(facilityBudgetSettings)
    .where(eq(facilityBudgetSettings.facilityId, viewer.facilityId));
  const [shifts] = await db
    .select()
    .from(facilityShiftSettings)
    .where(eq(facilityShiftSettings.facilityId, viewer.facilityId));
  const education = await db
    .select({ name: educationLevels.name })
    .from(educationLevels)
    .where(eq(educationLevels.facilityId, viewer.facilityId))
    .orderBy(asc(educationLevels.name));
  if (!facility) throw forbidden();
  return {
    id: facility.id,
    organizationId: facility.organizationId,
    facilityName: facility.name,
    facilityOwner: facility.owner,
    systemName: facility.systemName,
    divisionName: facility.divisionName,
    timeZone: facility.timeZone,
    annualHoursPerFte: facility.annualHoursPerFte,
    averageHourlyRate: facility.averageHourlyRate,
    budgetSettings: budget ?? null,
    shiftSettings: shifts ?? null,
    education: education.map((row) => row.name),
  };
}
export type FacilitySettings = Awaited<ReturnType<typeof getFacilitySettings>>;

/** Spec §4: saving the system relationships marks DefineSystemRelations Completed. */
export async function defineSystemRelationships(db: Queryable, viewer: Viewer, input: unknown) {
  const { organizationId } = (input ?? {}) as { organizationId?: unknown };
  requireAdmin(viewer);
  if (organizationId !== undefined && organizationId !== viewer.organizationId) throw forbidden();
  const values = parseInput(systemRelationshipsSchema, input);
  return db.transaction(async (tx) => {
    const before = await getFacilitySettings(tx, viewer);
    await tx
      .update(facilities)
      .set({
        name: values.facilityName,
        owner: values.facilityOwner,
        systemName: values.systemName,
        divisionName: values.divisionName,
        updatedAt: new Date(),
      })
      .where(eq(facilities.id, viewer.facilityId));
    await setAdminTaskState(tx, viewer, "DefineSystemRelations", "Completed");
    const after = await getFacilitySettings(tx, viewer);
    await audit(tx, viewer, "facility.system_relations.update", before, after);
    return after;
  });
}

/**
 * The hours per FTE a plan of `budgetYear` uses: the facility's setting effective for that budget
 * year (the latest change made in that year or before), else its current one.
 */
export async function annualHoursPerFteFor(db: Queryable, facilityId: string, budgetYear: number): Promise<number> {
  // One statement on the wizard's read path: the dated row, else the facility's current value.
  const effective = db
    .select({ hours: facilityFteBasis.annualHoursPerFte })
    .from(facilityFteBasis)
    .where(and(eq(facilityFteBasis.facilityId, facilityId), lte(facilityFteBasis.budgetYear, budgetYear)))
    .orderBy(desc(facilityFteBasis.budgetYear))
    .limit(1);
  const [facility] = await db
    .select({ hours: sql<number>`coalesce((${effective}), ${facilities.annualHoursPerFte})::float8` })
    .from(facilities)
    .where(eq(facilities.id, facilityId));
  return facility?.hours ?? 2080;
}

/**
 * Basic Financial Information: the budget settings and the FTE basis. A new hours per FTE takes
 * effect from the current budget year: earlier years keep the value they had, signed plans keep
 * what was signed, and open plans of this year on are marked for re-verification.
 */
export async function updateFinancialInformation(db: Queryable, viewer: Viewer, input: unknown) {
  requireAdmin(viewer);
  const { annualHoursPerFte, averageHourlyRate, ...budget } = parseInput(budgetSettingsSchema, input);
  return db.transaction(async (tx) => {
    const before = await getFacilitySettings(tx, viewer);
    await tx
      .update(facilities)
      .set({ annualHoursPerFte, averageHourlyRate, updatedAt: new Date() })
      .where(eq(facilities.id, viewer.facilityId));
    await tx
      .insert(facilityBudgetSettings)
      .values({ facilityId: viewer.facilityId, ...budget })
      .onConflictDoUpdate({ target: facilityBudgetSettings.facilityId, set: { ...budget, updatedAt: new Date() } });
    if (before.annualHoursPerFte !== annualHoursPerFte) {
      const budgetYear = budgetYearOf(new Date(), budget, viewer.facilityTimeZone);
      // The years before keep the value in force until now.
      await tx
        .insert(facilityFteBasis)
        .values({
          facilityId: viewer.facilityId,
          budgetYear: budgetYear - 1,
          annualHoursPerFte: before.annualHoursPerFte,
        })
        .onConflictDoNothing();
      await tx
        .insert(facilityFteBasis)
        .values({ facilityId: viewer.facilityId, budgetYear, annualHoursPerFte })
        .onConflictDoUpdate({
          target: [facilityFteBasis.facilityId, facilityFteBasis.budgetYear],
          set: { annualHoursPerFte, updatedAt: new Date() },
        });
      await markOpenPlansForReverification(tx, viewer.facilityId, { budgetYearFrom: budgetYear });
    }
    await setAdminTaskState(tx, viewer, "AddBasicFinancialInformation", "Completed");
    const after = await getFacilitySettings(tx, viewer);
    await audit(tx, viewer, "facility.financial_information.update", before, after);
    return after;
  });
}

/** HR guidelines: shift settings, time zone and the education list (replaced as a whole). */
export async function updateHrGuidelines(db: Queryable, viewer: Viewer, input: unknown) {
  requireAdmin(viewer);
  const { timeZone, education, ...shifts } = parseInput(hrGuidelinesSchema, input);
  return db.transaction(async (tx) => {
    const before = await getFacilitySettings(tx, viewer);
    await tx.update(facilities).set({ timeZone, updatedAt: new Date() }).where(eq(facilities.id, viewer.facilityId));
    await tx
      .insert(facilityShiftSettings)
      .values({ facilityId: viewer.facilityId, ...shifts })
      .onConflictDoUpdate({ target: facilityShiftSettings.facilityId, set: { ...shifts, updatedAt: new Date() } });
    await tx.delete(educationLevels).where(eq(educationLevels.facilityId, viewer.facilityId));
    if (education.length > 0) {
      await tx.insert(educationLevels).values(education.map((name) => ({ facilityId: viewer.facilityId, name })));
    }
    await setAdminTaskState(tx, viewer, "ProvideBasicHrGuidelines", "Completed");
    const after = await getFacilitySettings(tx, viewer);
    await audit(tx, viewer, "facility.hr_guidelines.update", before, after);
    return after;
  });
}

function audit(db: Queryable, viewer: Viewer, action: AuditAction, before: FacilitySettings, after: FacilitySettings) {
  return recordAudit(db, auditEntry(viewer, action, viewer.facilityId, before, after));
}
