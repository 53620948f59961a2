// Step 1 (UnitDefinition): beginning the budget year's plan and saving its unit definition.
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { staffingPlans, wizardSteps } from "../../../db/schema";
import { budgetYearOf } from "../../../schema/calendar";
import { SAMPLE_UNIT_DEFINITION, unitDefinitionSchema, WIZARD_STEPS } from "../../../schema/staffing";
import { auditEntry, recordAudit } from "../audit";
import { DomainError } from "../errors";
import { parseInput } from "../validation";
import type { Viewer } from "../viewer";
import { access, WIZARD_MESSAGES } from "./access";
import { changePlan, planToEdit, viewAfter } from "./edit";
import type { PlanRow, WizardView } from "./view";

/** `POST /api/wizard/{costCenterId}`: begins the budget year's plan with the sample defaults of spec §3. */
export async function startStaffingPlan(db: Database, viewer: Viewer, costCenterId: string): Promise<WizardView> {
  return db.transaction(async (tx) => {
    const granted = await access(tx, viewer, costCenterId, "edit");
    const budgetYear = budgetYearOf(new Date(), granted.budget, granted.timeZone);
    const [existing] = await tx
      .select({ id: staffingPlans.id })
      .from(staffingPlans)
      .where(and(eq(staffingPlans.costCenterId, costCenterId), eq(staffingPlans.budgetYear, budgetYear)));
    if (existing) throw new DomainError("conflict", WIZARD_MESSAGES.planExists);
    const [created] = await tx
      .insert(staffingPlans)
      .values({ costCenterId, budgetYear, ...SAMPLE_UNIT_DEFINITION })
      .returning();
    const plan = created as PlanRow;
    await tx
      .insert(wizardSteps)
      .values(
        WIZARD_STEPS.map(
          (step, index) => ({ planId: plan.id, step, status: index === 0 ? "InProgress" : "Pending" }) as const,
        ),
      );
    await recordAudit(tx, auditEntry(viewer, "staffing_plan.create", plan.id, null, plan));
    return viewAfter(tx, granted);
  });
}

/** `POST /api/staffing`: step 1, the unit definition. */
export async function saveUnitDefinition(db: Database, viewer: Viewer, planId: string, input: unknown) {
  const values = parseInput(unitDefinitionSchema, input);
  return changePlan(db, "UnitDefinition", planToEdit(viewer, planId), async (tx, { plan }) => {
    const [after] = await tx
      .update(staffingPlans)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(staffingPlans.id, planId))
      .returning();
    return auditEntry(viewer, "staffing_plan.unit_definition.update", planId, plan, after);
  });
}
