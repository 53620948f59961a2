// The user dashboard (issue #13, `/user/dashboard`, spec §7 `GET /dashboard`): the figures of the
// cost centers a user holds permissions on, with what to do next in each.
import type { Queryable } from "../../db/client";
import { daysBetween, facilityDate } from "../../schema/calendar";
import { formatFte, WIZARD_STEPS, type WizardStep } from "../../schema/staffing";
import { type CostCenterFigures, dashboardOf, type FacilityDashboard, plansInScope } from "./dashboards";
import { forbidden } from "./errors";
import type { PlanView } from "./staffingPlans";
import type { Viewer } from "./viewer";

/** A traveller's contract ending within this many days is a notice. */
export const CONTRACT_END_NOTICE_DAYS = 60;

export type UserDashboardCostCenter = CostCenterFigures & {
  completeWizard: boolean;
  manageStaff: boolean;
  readOnly: boolean;
  /** The wizard's steps not completed yet, in order (all six before the plan is begun, none once attested). */
  stepsLeft: WizardStep[];
  /** The step to open next (null: the plan is attested, or not begun and the viewer cannot begin it). */
  nextStep: WizardStep | null;
  /** What to do next, in words. */
  todo: string;
  /** What needs attention: the wizard's notices, the gap, travellers' contracts ending, staff not fully assigned. */
  notices: string[];
};

export type UserDashboard = Omit<FacilityDashboard, "costCenters"> & { costCenters: UserDashboardCostCenter[] };

const STEP_NAMES: Record<WizardStep, string> = {
  UnitDefinition: "Unit definition",
  DefineRoles: "Define roles",
  CreateCareSchedules: "Create care schedules",
  AssignStaff: "Assign staff",
  FinalizePositionControl: "Finalize position control",
  ReviewAttestation: "Review and attest",
};
const stepWords = (step: WizardStep) => `step ${WIZARD_STEPS.indexOf(step) + 1} of 6, ${STEP_NAMES[step]}`;

/**
 * `userDashboard`, `GET /api/dashboard`: users only (executives have the facility dashboard, and
 * administrators no figures). Queries: those of `plansInScope`, the same for 1 cost center or 50.
 */
export async function userDashboard(db: Queryable, viewer: Viewer, now = new Date()): Promise<UserDashboard> {
  if (viewer.accountType !== "user") throw forbidden();
  const plans = await plansInScope(db, viewer, now);
  const dashboard = dashboardOf(plans);
  const permissionOf = new Map(plans.scope.map((c) => [c.id, c]));
  return {
    ...dashboard,
    costCenters: dashboard.costCenters.map((row) => {
      const permission = permissionOf.get(row.costCenterId);
      const plan = plans.viewOf.get(row.costCenterId) ?? null;
      const canEdit = permission?.completeWizard ?? false;
      return {
        ...row,
        completeWizard: canEdit,
        manageStaff: permission?.manageStaff ?? false,
        readOnly: permission?.readOnly ?? false,
        ...whatNext(row, plan, canEdit),
        notices: noticesOf(row, plan, viewer.facilityTimeZone, now),
      };
    }),
  };
}

function whatNext(
  row: CostCenterFigures,
  plan: PlanView | null,
  canEdit: boolean,
): Pick<UserDashboardCostCenter, "stepsLeft" | "nextStep" | "todo"> {
  if (!plan) {
    return {
      stepsLeft: [...WIZARD_STEPS],
      nextStep: canEdit ? "UnitDefinition" : null,
      todo: canEdit
        ? `Begin the staffing plan for budget year ${row.budgetYear}: ${stepWords("UnitDefinition")}.`
        : `The staffing plan for budget year ${row.budgetYear} has not been begun.`,
    };
  }
  if (row.status === "Attested") {
    return { stepsLeft: [], nextStep: null, todo: "The plan is attested and locked: nothing to do." };
  }
  const done = new Set(plan.steps.filter((s) => s.status === "Completed").map((s) => s.step));
  const stepsLeft = WIZARD_STEPS.filter((step) => !done.has(step));
  const next = stepsLeft[0] ?? "ReviewAttestation";
  if (row.status === "NeedsReverification") {
    return {
      stepsLeft,
      nextStep: next,
      todo: `A facility setting the plan uses changed: re-verify it, from ${stepWords(next)}.`,
    };
  }
  if (next === "ReviewAttestation") {
    return {
      stepsLeft,
      nextStep: next,
      todo: canEdit ? "Review and attest the plan: step 6 of 6." : "The plan waits for review and attestation.",
    };
  }
  return {
    stepsLeft,
    nextStep: next,
    todo: canEdit
      ? `Continue the plan with ${stepWords(next)}.`
      : `The plan is in progress: ${stepWords(next)} is next.`,
  };
}

function noticesOf(row: CostCenterFigures, plan: PlanView | null, timeZone: string, now: Date): string[] {
  if (!plan) return [];
  const notices = [...new Set(plan.notices.map((n) => n.message))];
  if (row.figures.gapFte > 0) {
    notices.push(`${formatFte(row.figures.gapFte)} FTE of the need is neither filled nor requested.`);
  }
  const today = facilityDate(timeZone, now);
  for (const person of plan.staff) {
    const end = person.contractEndDate;
    if (person.staffType !== "Traveller" || !end) continue;
    const days = daysBetween(today, end);
    if (days > CONTRACT_END_NOTICE_DAYS) continue;
    const name = `${person.firstName} ${person.lastName}`;
    if (days < 0) {
      notices.push(`The traveller contract of ${name} ended on ${end}.`);
    } else {
      notices.push(`The traveller contract of ${name} ends on ${end}, in ${days} day${days === 1 ? "" : "s"}.`);
    }
  }
  const unassigned = plan.staff.filter((person) => !person.isAssigned).length;
  if (unassigned > 0) {
    notices.push(
      `${unassigned} staff member${unassigned === 1 ? " is" : "s are"} not yet assigned all of their FTE in the plan.`,
    );
  }
  return notices;
}
