// Reads beside the wizard's steps: the what-if model, the plan of a cost center, and the facility's educations, jobs and shifts.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { educationLevels, facilityShiftSettings, jobs } from "../../../db/schema";
import { planSummary, positionNeeds, type RoleInput, roleSchema, unitDefinitionSchema } from "../../../schema/staffing";
import { DomainError, notFound } from "../errors";
import { annualHoursPerFteFor } from "../facility";
import { parseInput } from "../validation";
import type { Viewer } from "../viewer";
import { access, budgetYearOf, WIZARD_MESSAGES } from "./access";
import { getWizard } from "./view";

/**
 * `POST /api/staffing/model`: the same math on unsaved inputs (a what-if), nothing saved, with the
 * facility's hours per FTE for the current budget year and each role's job's direct-care flag.
 */
export async function modelStaffing(db: Queryable, viewer: Viewer, costCenterId: string, input: unknown) {
  const granted = await access(db, viewer, costCenterId, "read");
  const body = (input ?? {}) as { roles?: unknown };
  const unit = parseInput(unitDefinitionSchema, input);
  if (!Array.isArray(body.roles))
    throw new DomainError("invalid", "roles must be a list", { roles: "roles must be a list" });
  const parsedRoles = body.roles.map((role, index) => {
    const parsed = roleSchema.safeParse(role);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issue?.message ?? "The role is invalid";
      throw new DomainError("invalid", message, { [`roles.${index}.${issue?.path.join(".") ?? ""}`]: message });
    }
    return parsed.data;
  });
  const jobIds = parsedRoles.flatMap((role) => (role.jobId ? [role.jobId] : []));
  const directCare = new Map(
    jobIds.length === 0
      ? []
      : (
          await db
            .select({ id: jobs.id, isDirectCare: jobs.isDirectCare })
            .from(jobs)
            .where(and(eq(jobs.facilityId, granted.costCenter.facilityId), inArray(jobs.id, jobIds)))
        ).map((job) => [job.id, job.isDirectCare]),
  );
  const roles: RoleInput[] = parsedRoles.map((role, index) => ({
    key: String(index),
    ...role,
    replacement: role.replacement as RoleInput["replacement"],
    isDirectCare: role.jobId ? (directCare.get(role.jobId) ?? true) : true,
  }));
  const annualHoursPerFte = await annualHoursPerFteFor(
    db,
    granted.costCenter.facilityId,
    budgetYearOf(new Date(), granted.budget),
  );
  return {
    summary: planSummary(unit, roles, annualHoursPerFte),
    needs: positionNeeds(roles, unit.nonProductiveGoalPercentage, annualHoursPerFte),
  };
}

/** The plan id of a cost center's budget year (REST calls that name the cost center), for a reader. */
export async function planIdOf(db: Queryable, viewer: Viewer, costCenterId: string): Promise<string> {
  const view = await getWizard(db, viewer, costCenterId);
  if (!view.plan) throw new DomainError("not_found", WIZARD_MESSAGES.noPlan);
  return view.plan.id;
}

/** `GET /api/education?unitId=`: the education names of the cost center's facility. */
export async function listEducationOfUnit(db: Queryable, viewer: Viewer, costCenterId: string | undefined) {
  if (!costCenterId) throw new DomainError("invalid", "unitId is required", { unitId: "unitId is required" });
  const granted = await access(db, viewer, costCenterId, viewer.accountType === "admin" ? "admin" : "read");
  const rows = await db
    .select({ name: educationLevels.name })
    .from(educationLevels)
    .where(eq(educationLevels.facilityId, granted.costCenter.facilityId))
    .orderBy(asc(educationLevels.name));
  return rows.map((r) => r.name);
}

/** The facility's jobs a role may be made from (step 2's role list), for readers of the cost center. */
export async function listRoleJobs(db: Queryable, viewer: Viewer, costCenterId: string) {
  const granted = await access(db, viewer, costCenterId, viewer.accountType === "admin" ? "admin" : "read");
  return db
    .select({ id: jobs.id, name: jobs.name, isExempt: jobs.isExempt })
    .from(jobs)
    .where(eq(jobs.facilityId, granted.costCenter.facilityId))
    .orderBy(sql`lower(${jobs.name})`);
}

/** The cost center's wizard whose plan must be `planId` (REST calls naming both unitId and staffingId). */
export async function planOfUnit(db: Queryable, viewer: Viewer, unitId: string | undefined, planId?: string) {
  if (!unitId) throw new DomainError("invalid", "unitId is required", { unitId: "unitId is required" });
  const view = await getWizard(db, viewer, unitId);
  if (!view.plan) throw new DomainError("not_found", WIZARD_MESSAGES.noPlan);
  if (planId !== undefined && view.plan.id !== planId) throw notFound("Staffing plan");
  return { view, plan: view.plan };
}

/** `GET /api/shift?unitId=`: the shifts a role may have, with the facility's usual hours (HR guidelines). */
export async function listShiftsOfUnit(db: Queryable, viewer: Viewer, unitId: string | undefined) {
  if (!unitId) throw new DomainError("invalid", "unitId is required", { unitId: "unitId is required" });
  const granted = await access(db, viewer, unitId, "read");
  const [settings] = await db
    .select()
    .from(facilityShiftSettings)
    .where(eq(facilityShiftSettings.facilityId, granted.costCenter.facilityId));
  return [
    { name: "Days", startTime: settings?.dayShiftStart ?? null, endTime: settings?.dayShiftEnd ?? null },
    { name: "Evenings", startTime: settings?.eveningShiftStart ?? null, endTime: settings?.eveningShiftEnd ?? null },
    { name: "Nights", startTime: settings?.nightShiftStart ?? null, endTime: settings?.nightShiftEnd ?? null },
  ];
}
