// Reads beside the wizard's steps: the what-if model, the plan of a cost center, and the facility's educations, jobs and shifts.
import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { educationLevels, facilityShiftSettings, jobs } from "../../../db/schema";
import { DomainError, notFound } from "../errors";
import type { Viewer } from "../viewer";
import { access, WIZARD_MESSAGES } from "./access";
import { getWizard } from "./view";

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
