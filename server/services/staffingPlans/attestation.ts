// Step 6 (ReviewAttestation) and step completion: completing a step, attesting and locking the plan, the budget season reset.
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { staffingPlans, wizardSteps } from "../../../db/schema";
import { budgetSeasonStart, budgetYearOf } from "../../../schema/calendar";
import { WIZARD_STEPS, type WizardStep } from "../../../schema/staffing";
import { auditEntry, recordAudit } from "../audit";
import { DomainError } from "../errors";
import type { Viewer } from "../viewer";
import { access, WIZARD_MESSAGES } from "./access";
import { storeCareSchedule } from "./careSchedule";
import { planForEdit, viewAfter } from "./edit";
import { buildPlan, buildView, type PlanView, type SignedSnapshot, type StepView } from "./view";

/**
 * `PATCH /api/wizard/`: completes a step (the main button). Refused unless every earlier step is
 * Completed and the step is valid (isFormValid); the next step is then InProgress.
 */
export async function completeWizardStep(db: Database, viewer: Viewer, planId: string, step: unknown) {
  if (typeof step !== "string" || !(WIZARD_STEPS as readonly string[]).includes(step) || step === "ReviewAttestation") {
    throw new DomainError(
      "invalid",
      `step must be one of ${WIZARD_STEPS.slice(0, 5).join(", ")}; attest to complete ReviewAttestation`,
    );
  }
  const wizardStep = step as WizardStep;
  return db.transaction(async (tx) => {
    const { granted, plan } = await planForEdit(tx, viewer, planId);
    const current = await buildPlan(tx, granted, plan, null, new Date());
    const index = WIZARD_STEPS.indexOf(wizardStep);
    if (current.steps.slice(0, index).some((s) => s.status !== "Completed")) {
      throw new DomainError("conflict", WIZARD_MESSAGES.earlierSteps);
    }
    const view = current.steps[index] as StepView;
    if (!view.isFormValid) throw new DomainError("invalid", view.problems[0] ?? "The step is not complete.");
    await tx
      .update(wizardSteps)
      .set({ status: "Completed", updatedAt: new Date() })
      .where(and(eq(wizardSteps.planId, planId), eq(wizardSteps.step, wizardStep)));
    const next = WIZARD_STEPS[index + 1];
    if (next) {
      await tx
        .update(wizardSteps)
        .set({ status: "InProgress", updatedAt: new Date() })
        .where(and(eq(wizardSteps.planId, planId), eq(wizardSteps.step, next), eq(wizardSteps.status, "Pending")));
    }
    if (wizardStep === "CreateCareSchedules") await storeCareSchedule(tx, planId);
    // Position control completed again on today's settings: the plan is re-verified.
    if (wizardStep === "FinalizePositionControl" && plan.settingsChangedAt) {
      await tx.update(staffingPlans).set({ settingsChangedAt: null }).where(eq(staffingPlans.id, planId));
    }
    await recordAudit(
      tx,
      auditEntry(
        viewer,
        "wizard_step.complete",
        `${planId}:${wizardStep}`,
        { status: view.status },
        { status: "Completed" },
      ),
    );
    return viewAfter(tx, granted);
  });
}

/** Step 6: the attestation (who, when) completes the wizard and locks it. */
export async function attestStaffingPlan(db: Database, viewer: Viewer, planId: string) {
  return db.transaction(async (tx) => {
    const { granted, plan } = await planForEdit(tx, viewer, planId);
    const current = await buildPlan(tx, granted, plan, null, new Date());
    const review = current.steps[5] as StepView;
    if (!review.isFormValid) throw new DomainError("conflict", review.problems[0] ?? WIZARD_MESSAGES.earlierSteps);
    const now = new Date();
    const [after] = await tx
      .update(staffingPlans)
      .set({ attestedAt: now, attestedByUserId: viewer.userId, lockedAt: now, updatedAt: now })
      .where(eq(staffingPlans.id, planId))
      .returning();
    await tx
      .update(wizardSteps)
      .set({ status: "Completed", updatedAt: now })
      .where(and(eq(wizardSteps.planId, planId), eq(wizardSteps.step, "ReviewAttestation")));
    // Freeze what was signed: inputs, the settings used (hours per FTE, direct-care flags) and every figure.
    const signed = (await buildView(tx, granted, now)).plan as PlanView;
    const snapshot: SignedSnapshot = { plan: { ...signed, needsReverification: false } };
    await tx
      .update(staffingPlans)
      .set({ attestedSnapshot: snapshot, settingsChangedAt: null })
      .where(eq(staffingPlans.id, planId));
    await recordAudit(
      tx,
      auditEntry(viewer, "staffing_plan.attest", planId, plan, {
        ...after,
        totals: current.totals,
        summary: current.summary,
      }),
    );
    return viewAfter(tx, granted);
  });
}

/**
 * `POST /api/wizard/budget-season/{costCenterId}`: a wizard begun before the current budget season
 * is re-verified: unlocked, its begun steps InProgress again, and begun anew today.
 */
export async function budgetSeasonReset(db: Database, viewer: Viewer, costCenterId: string) {
  return db.transaction(async (tx) => {
    const granted = await access(tx, viewer, costCenterId, "editOrAdmin");
    const now = new Date();
    const budgetYear = budgetYearOf(now, granted.budget, granted.timeZone);
    const [plan] = await tx
      .select()
      .from(staffingPlans)
      .where(and(eq(staffingPlans.costCenterId, costCenterId), eq(staffingPlans.budgetYear, budgetYear)));
    if (!plan) throw new DomainError("not_found", WIZARD_MESSAGES.noPlan);
    const seasonStart = budgetSeasonStart(now, granted.budget, granted.timeZone);
    if (!seasonStart || plan.startedAt >= seasonStart)
      throw new DomainError("conflict", WIZARD_MESSAGES.notReverifiable);
    const [after] = await tx
      .update(staffingPlans)
      .set({ startedAt: now, attestedAt: null, attestedByUserId: null, lockedAt: null, updatedAt: now })
      .where(eq(staffingPlans.id, plan.id))
      .returning();
    await tx
      .update(wizardSteps)
      .set({ status: "InProgress", updatedAt: now })
      .where(and(eq(wizardSteps.planId, plan.id), ne(wizardSteps.status, "Pending")));
    await recordAudit(tx, auditEntry(viewer, "staffing_plan.budget_season_reset", plan.id, plan, after));
    return buildView(tx, { ...granted }, now);
  });
}
