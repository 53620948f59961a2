// Shared by every step that changes a plan: the plan for its editor, audit entries, marking later steps changed, and the view after.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client";
import { staffingPlans, wizardSteps } from "../../../db/schema";
import { laterSteps, type WizardStep } from "../../../schema/staffing";
import { DomainError, notFound, requireUuid } from "../errors";
import type { Viewer } from "../viewer";
import { type Access, access, WIZARD_MESSAGES } from "./access";
import { buildView, type PlanRow, type WizardView } from "./view";

export type EditContext = { granted: Access; plan: PlanRow };

/** The plan behind an id, for its cost center's wizard holder, refused while locked. */
export async function planForEdit(db: Queryable, viewer: Viewer, planId: string): Promise<EditContext> {
  requireUuid(planId, "staffing plan");
  const [plan] = await db.select().from(staffingPlans).where(eq(staffingPlans.id, planId)).limit(1);
  if (!plan) throw notFound("Staffing plan");
  const granted = await access(db, viewer, plan.costCenterId, "edit");
  if (plan.lockedAt) throw new DomainError("conflict", WIZARD_MESSAGES.locked);
  return { granted, plan };
}

/**
 * A change on `step`: the step is InProgress again, and so is every later step that had been
 * begun (isWizardUpdated); later steps never visited stay Pending.
 */
export async function markChanged(db: Queryable, planId: string, step: WizardStep) {
  const later = laterSteps(step);
  await db
    .update(wizardSteps)
    .set({ status: "InProgress", updatedAt: new Date() })
    .where(
      and(
        eq(wizardSteps.planId, planId),
        sql`(${wizardSteps.step} = ${step} or (${inArray(wizardSteps.step, [...later])} and ${wizardSteps.status} <> 'Pending'))`,
      ),
    );
  await db.update(staffingPlans).set({ updatedAt: new Date() }).where(eq(staffingPlans.id, planId));
}

export async function viewAfter(db: Queryable, granted: Access): Promise<WizardView> {
  return buildView(db, granted, new Date());
}
