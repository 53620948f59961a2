import { asc, desc, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { staffingPlans } from "../../db/schema";

/** How far a cost center's planning wizard is, for its latest budget year. */
export type WizardProgress = "NotStarted" | "InProgress" | "Completed";

/**
 * The wizard progress of many cost centers in one query: the plan of the latest budget year
 * decides; no plan is NotStarted, an attested plan Completed, any other plan InProgress.
 */
export async function wizardProgressByCostCenter(
  db: Queryable,
  costCenterIds: readonly string[],
): Promise<Map<string, WizardProgress>> {
  const result = new Map<string, WizardProgress>(costCenterIds.map((id) => [id, "NotStarted"]));
  if (costCenterIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([staffingPlans.costCenterId], {
      costCenterId: staffingPlans.costCenterId,
      attestedAt: staffingPlans.attestedAt,
    })
    .from(staffingPlans)
    .where(inArray(staffingPlans.costCenterId, [...new Set(costCenterIds)]))
    .orderBy(asc(staffingPlans.costCenterId), desc(staffingPlans.budgetYear));
  for (const row of rows) result.set(row.costCenterId, row.attestedAt ? "Completed" : "InProgress");
  return result;
}
