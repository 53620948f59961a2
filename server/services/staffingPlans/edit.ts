// Shared by every step that changes a plan: the plan for its editor, one change in its transaction, marking later steps changed, and the view after.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Queryable, Transaction } from "../../../db/client";
import { staffingPlans, wizardSteps } from "../../../db/schema";
import { laterSteps, type WizardStep } from "../../../schema/staffing";
import { type AuditEntry, recordAudit } from "../audit";
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

/** How a change finds, in its transaction, the plan for its editor (and the row it changes, if any). */
export type FindForEdit<C extends EditContext> = (db: Queryable) => Promise<C>;

/** The plan behind an id, found in the change's transaction (planForEdit). */
export function planToEdit(viewer: Viewer, planId: string): FindForEdit<EditContext> {
  return (db) => planForEdit(db, viewer, planId);
}

/**
 * One change of a plan on its wizard's `step`, in one transaction: `find` gives the plan for its
 * editor, `change` makes the change and answers its audit entry; then the step is marked changed
 * (markChanged), the entry recorded and the wizard answered as it is after the change.
 */
export async function changePlan<C extends EditContext>(
  db: Database,
  step: WizardStep,
  find: FindForEdit<C>,
  change: (tx: Transaction, context: C) => Promise<AuditEntry>,
): Promise<WizardView> {
  return db.transaction(async (tx) => {
    const context = await find(tx);
    const entry = await change(tx, context);
    await markChanged(tx, context.plan.id, step);
    await recordAudit(tx, entry);
    return viewAfter(tx, context.granted);
  });
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
