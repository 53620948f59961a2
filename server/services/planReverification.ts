import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { costCenters, staffingPlans, unitRoles, wizardSteps } from "../../db/schema";

/**
 * A facility setting that a plan's figures depend on changed (hours per FTE, a job's direct-care
 * flag or category). Signed (locked) plans keep what was signed; every open plan that had completed
 * a step is marked for re-verification ('needs re-verification') and its completed steps are
 * InProgress again, so no step stays Completed on figures that have since moved.
 * `budgetYearFrom`: only plans of that budget year or later; `jobIds`: only plans with a role of
 * one of those jobs. Answers the ids of the plans marked.
 */
export async function markOpenPlansForReverification(
  db: Queryable,
  facilityId: string,
  scope: { budgetYearFrom?: number; jobIds?: readonly string[] } = {},
): Promise<string[]> {
  if (scope.jobIds && scope.jobIds.length === 0) return [];
  const marked = await db
    .update(staffingPlans)
    .set({ settingsChangedAt: new Date() })
    .where(
      and(
        isNull(staffingPlans.lockedAt),
        inArray(
          staffingPlans.costCenterId,
          db.select({ id: costCenters.id }).from(costCenters).where(eq(costCenters.facilityId, facilityId)),
        ),
        scope.budgetYearFrom === undefined ? undefined : sql`${staffingPlans.budgetYear} >= ${scope.budgetYearFrom}`,
        sql`exists (select 1 from ${wizardSteps} where ${wizardSteps.planId} = ${staffingPlans.id} and ${wizardSteps.status} = 'Completed')`,
        scope.jobIds
          ? inArray(
              staffingPlans.id,
              db
                .select({ planId: unitRoles.planId })
                .from(unitRoles)
                .where(inArray(unitRoles.jobId, [...scope.jobIds])),
            )
          : undefined,
      ),
    )
    .returning({ id: staffingPlans.id });
  const ids = marked.map((plan) => plan.id);
  if (ids.length > 0) {
    await db
      .update(wizardSteps)
      .set({ status: "InProgress", updatedAt: new Date() })
      .where(and(inArray(wizardSteps.planId, ids), eq(wizardSteps.status, "Completed")));
  }
  return ids;
}
