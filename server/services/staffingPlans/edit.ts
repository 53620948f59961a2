// Shared by every step that changes a plan: the plan for its editor, one change in its transaction, marking later steps changed, and the view after.
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Queryable, Transaction } from "../../../db/client";
import {
  type openPositions,
  staffingPlans,
  type staffPositions,
  type unitRoles,
  wizardSteps,
} from "../../../db/schema";
import { budgetYearOf } from "../../../schema/calendar";
import { laterSteps, type WizardStep } from "../../../schema/staffing";
import { allInOrder } from "../allInOrder";
import { type AuditEntry, recordAudit } from "../audit";
import { DomainError, notFound, requireUuid } from "../errors";
import type { Viewer } from "../viewer";
import { type Access, accessRow, costCenterOfPlan, grantAccess, WIZARD_MESSAGES } from "./access";
import {
  assemblePlan,
  buildView,
  loadPlanInputs,
  type PlanInputs,
  type PlanRow,
  selectPlansWithAttester,
  type WizardView,
  wizardOf,
} from "./view";

export type EditContext = { granted: Access; plan: PlanRow; attestedByName: string | null };

/** The plan behind an id, for its cost center's wizard holder, refused while locked. */
export async function planForEdit(db: Queryable, viewer: Viewer, planId: string): Promise<EditContext> {
  requireUuid(planId, "staffing plan");
  return planForEditWhere(db, viewer, planId);
}

/**
 * planForEdit for a plan given by its id or by an SQL expression that finds it: the plan and its
 * cost center's access are read together (one round trip on PostgreSQL).
 */
async function planForEditWhere(db: Queryable, viewer: Viewer, planId: string | SQL): Promise<EditContext> {
  const [[found], accessFound] = await Promise.all([
    selectPlansWithAttester(db).where(eq(staffingPlans.id, planId)).limit(1),
    accessRow(db, viewer, costCenterOfPlan(planId)),
  ]);
  if (!found) throw notFound("Staffing plan");
  const { plan, attestedByName } = found;
  const granted = grantAccess(viewer, accessFound, "edit");
  if (plan.lockedAt) throw new DomainError("conflict", WIZARD_MESSAGES.locked);
  return { granted, plan, attestedByName };
}

/** How a change finds, in its transaction, the plan for its editor (and the row it changes, if any). */
export type FindForEdit<C extends EditContext> = (db: Queryable) => Promise<C>;

/** The plan behind an id, found in the change's transaction (planForEdit). */
export function planToEdit(viewer: Viewer, planId: string): FindForEdit<EditContext> {
  return (db) => planForEdit(db, viewer, planId);
}

/** The tables of a plan's parts a change can name by id. */
type PlanPartTable = typeof unitRoles | typeof staffPositions | typeof openPositions;

/** The plan of the part `id` of `table`, as SQL (a subquery). */
export const planOfPart = (table: PlanPartTable, id: string) =>
  sql`(select ${table.planId} from ${table} where ${table.id} = ${id})`;

/** The part `id` of `table`; none: `what` was not found. */
export async function partById<Table extends PlanPartTable>(
  db: Queryable,
  table: Table,
  id: string,
  what: string,
): Promise<Table["$inferSelect"]> {
  const partTable = table as PlanPartTable;
  const [found] = await db.select().from(partTable).where(eq(partTable.id, id));
  if (!found) throw notFound(what);
  return found as Table["$inferSelect"];
}

/**
 * A part of a plan (a role, a staff or an open position) by its id in `table`, with the plan for
 * its editor, all read together: none: `what` was not found; `named` names the part for the change.
 */
export function partToEdit<Table extends PlanPartTable, Named extends object>(
  viewer: Viewer,
  what: string,
  table: Table,
  id: string,
  named: (part: Table["$inferSelect"]) => Named,
): FindForEdit<EditContext & Named> {
  return async (db) => {
    requireUuid(id, what.toLowerCase());
    // A missing part is refused as itself, not as the missing plan its subquery then finds.
    const [part, context] = await allInOrder([
      partById(db, table, id, what),
      planForEditWhere(db, viewer, planOfPart(table, id)),
    ] as const);
    return { ...context, ...named(part) };
  };
}

/**
 * What a change answers: its audit entry, and, when the change read the plan's stored inputs and
 * knows them as they are after it, those inputs: the wizard is then assembled from them instead of
 * reading them again (the steps' statuses are brought up to date by changePlan).
 */
export type PlanChange = AuditEntry | { audit: AuditEntry; inputsAfter: PlanInputs };

/**
 * One change of a plan on its wizard's `step`, in one transaction: `find` gives the plan for its
 * editor, `change` makes the change and answers its audit entry; then the step is marked changed
 * (markChanged), the entry recorded and the wizard answered as it is after the change, read in the
 * same round trip as those two writes.
 */
export async function changePlan<C extends EditContext>(
  db: Database,
  step: WizardStep,
  find: FindForEdit<C>,
  change: (tx: Transaction, context: C) => Promise<PlanChange>,
): Promise<WizardView> {
  return db.transaction(async (tx) => {
    const context = await find(tx);
    const outcome = await change(tx, context);
    const { audit, inputsAfter } = "audit" in outcome ? outcome : { audit: outcome, inputsAfter: null };
    const now = new Date();
    const { granted, plan } = context;
    // The wizard shows the budget year's plan; a change of another year's plan is answered by reading it.
    const shown = plan.budgetYear === budgetYearOf(now, granted.budget, granted.timeZone);
    // The marks, the audit record and the reads of the view after the change, sent together (one
    // round trip on PostgreSQL). The reads may run before the marks: the steps' statuses are taken
    // from what markChanged answers and the plan's time stamp is `now`, so their order is moot.
    const [marked, , [after], loaded] = await Promise.all([
      markChanged(tx, plan.id, step, now),
      recordAudit(tx, audit),
      shown ? selectPlansWithAttester(tx).where(eq(staffingPlans.id, plan.id)) : [],
      shown && !inputsAfter ? loadPlanInputs(tx, [plan], granted.costCenter.facilityId) : null,
    ]);
    const inputs = inputsAfter ?? loaded?.get(plan.id);
    if (!after || !inputs) return viewAfter(tx, granted);
    const statusOf = new Map(marked.map((m) => [m.step, m.status]));
    const steps = inputs.steps.map((s) => ({ ...s, status: statusOf.get(s.step) ?? s.status }));
    const view = assemblePlan(granted, { ...after.plan, updatedAt: now }, after.attestedByName, now, {
      ...inputs,
      steps,
    });
    return wizardOf(granted, plan.budgetYear, view.annualHoursPerFte, view);
  });
}

/**
 * A change on `step`: the step is InProgress again, and so is every later step that had been
 * begun (isWizardUpdated); later steps never visited stay Pending. Answers the steps it changed.
 */
export async function markChanged(db: Queryable, planId: string, step: WizardStep, at = new Date()) {
  const later = laterSteps(step);
  const [marked] = await Promise.all([
    db
      .update(wizardSteps)
      .set({ status: "InProgress", updatedAt: at })
      .where(
        and(
          eq(wizardSteps.planId, planId),
          sql`(${wizardSteps.step} = ${step} or (${inArray(wizardSteps.step, [...later])} and ${wizardSteps.status} <> 'Pending'))`,
        ),
      )
      .returning({ step: wizardSteps.step, status: wizardSteps.status }),
    db.update(staffingPlans).set({ updatedAt: at }).where(eq(staffingPlans.id, planId)),
  ]);
  return marked;
}

export async function viewAfter(db: Queryable, granted: Access): Promise<WizardView> {
  return buildView(db, granted, new Date());
}
