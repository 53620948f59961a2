// What audit records mean to an administrator: one label per action and a line of details, shared
// by a cost center's history and the facility's audit log.
import { ONBOARDING_TASK_TITLES } from "../../schema/onboarding";
import { WIZARD_STEP_INFO, WIZARD_STEPS, type WizardStep } from "../../schema/staffing/rules";

/**
 * What each action the server records means to an administrator. Audit entries take their action
 * from these keys (AuditAction), so a new action cannot be recorded without its label.
 */
export const ACTION_LABELS = {
  "cost_center.create": "Cost center added",
  "cost_center.update": "Number or name changed",
  "cost_center.deactivate": "Cost center deactivated",
  "cost_center.reactivate": "Cost center reactivated",
  "staffing_plan.create": "Plan begun",
  "staffing_plan.unit_definition.update": "Unit definition saved",
  "staffing_plan.attest": "Plan attested",
  "staffing_plan.unlock": "Wizard unlocked",
  "staffing_plan.reset": "Plan reset",
  "staffing_plan.budget_season_reset": "Sent back for re-verification (budget season)",
  "unit_role.create": "Role added",
  "unit_role.update": "Role changed",
  "unit_role.delete": "Role removed",
  "care_schedule.save": "Care schedule saved",
  "staff_position.create": "Staff assigned",
  "staff_position.update": "Staff assignment changed",
  "staff_position.delete": "Staff unassigned",
  "staff_position.split": "Staff assignment split",
  "staff_position.transfer": "Staff assignment transferred",
  "open_position.calculate": "Open positions calculated",
  "open_position.create": "Open position added",
  "open_position.update": "Open position changed",
  "open_position.delete": "Open position removed",
  "modelling_scenario.create": "Modelling scenario saved",
  "modelling_scenario.update": "Modelling scenario changed",
  "modelling_scenario.delete": "Modelling scenario deleted",
  "modelling_scenario.carry": "Modelling scenario carried into the wizard",
  "wizard_step.complete": "Wizard step completed",
  "staff.create": "Staff member added",
  "staff.update": "Staff member changed",
  "staff.remove": "Staff member removed from the cost center",
  "staff.transfer": "Staff member transferred",
  "staff.terminate": "Staff member terminated",
  "staff.contract_end_date.update": "Contract end date changed",
  "staff.prn_standard.apply": "PRN FTE standard applied",
  "user.create.within": "User added (within the organisation)",
  "user.create.outside": "User added (outside the organisation)",
  "user.permissions.update": "User's access changed",
  "user.profile.update": "Profile changed",
  "user.move": "User moved to another position",
  "user.delete": "User deleted",
  "user.delete.with_staff": "User and staff member deleted",
  "user.invite.resend": "Invitation sent again",
  "user.invite.accept": "Invitation accepted",
  "facility.system_relations.update": "System relationships saved",
  "facility.financial_information.update": "Financial information saved",
  "facility.hr_guidelines.update": "HR guidelines saved",
  "job.create": "Job added",
  "job.category.update": "Job category changed",
  "job.direct_care.update": "Job's direct care changed",
  "admin_task.update": "Onboarding step updated",
  "upload.request": "Upload begun",
  "upload.renew": "Upload's storage access renewed",
  "upload.import": "File imported",
  "contact_message.create": "Message sent to support",
  "sign_in.success": "Signed in",
  "sign_in.failure": "Sign-in failed",
  "sign_in.lock": "Sign-in locked",
  "authorization.denied": "Access denied",
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof ACTION_LABELS;

/** What kind of record an audit record is about, in words; anything else reads from its name. */
const RECORD_KINDS: Record<string, string> = {
  cost_center: "Cost center",
  user: "User",
  staff: "Staff member",
  staff_position: "Staff assignment",
  staffing_plan: "Staffing plan",
  care_schedule: "Care schedule",
  wizard_step: "Wizard step",
  unit_role: "Role",
  open_position: "Open position",
  modelling_scenario: "Modelling scenario",
  facility: "Facility",
  job: "Job",
  admin_task: "Onboarding task",
  upload: "Upload",
  contact_message: "Contact message",
  sign_in_account: "Sign-in with an unknown email",
  graphql: "GraphQL request",
  rest: "REST request",
  websocket: "Live connection",
};

/** 'cost_center' → 'Cost center'. */
export function recordKind(entityType: string): string {
  return wordsFor(RECORD_KINDS, entityType) ?? fromName(entityType);
}

/** The words `labels` gives `key`, if any: its own keys only (an action named 'constructor' has none). */
const wordsFor = (labels: Readonly<Record<string, string>>, key: string): string | undefined =>
  Object.hasOwn(labels, key) ? labels[key] : undefined;

/** 'unit_role.update' → 'Unit role update', for an action without a label (one no longer recorded). */
const fromName = (action: string) => {
  const words = action.replaceAll(".", " ").replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export type Recorded = Record<string, unknown> | null;
const text = (record: Recorded, key: string) => {
  const value = record?.[key];
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
};

/** An audit record as the details read it. */
export type AuditRecord = { action: string; entityId: string; before: Recorded; after: Recorded };

/**
 * A line on what happened, where the record says it plainly: a number and name, a role's or
 * scenario's name, the email of a sign-in, what a refusal refused, which wizard step was completed,
 * which onboarding step changed to what.
 */
export function auditDetails({ action, entityId, before, after }: AuditRecord): string | null {
  if (action === "sign_in.success" || action === "sign_in.failure") return text(after, "email");
  if (action === "sign_in.lock") {
    return `${text(after, "email") ?? ""} from ${text(after, "address") ?? "an unknown address"}, ${text(after, "failures") ?? "?"} failures`;
  }
  if (action === "authorization.denied") return `${text(after, "what") ?? ""} (${text(after, "code") ?? ""})`;
  if (action === "wizard_step.complete") return wizardStepInWords(entityId);
  if (action === "admin_task.update") {
    const task = text(after, "taskName");
    return task ? `${wordsFor(ONBOARDING_TASK_TITLES, task) ?? task}: ${text(after, "taskState") ?? ""}` : null;
  }
  if (action.startsWith("cost_center.")) {
    const was = before && text(before, "code") ? `${text(before, "code")} ${text(before, "name") ?? ""}`.trim() : null;
    const now = after && text(after, "code") ? `${text(after, "code")} ${text(after, "name") ?? ""}`.trim() : null;
    if (was && now && was !== now) return `${was} → ${now}`;
    return now ?? was;
  }
  if (action.startsWith("staffing_plan.")) {
    const year = text(after, "budgetYear") ?? text(before, "budgetYear");
    return year ? `Budget year ${year}` : null;
  }
  return text(after, "name") ?? text(before, "name");
}

/** A wizard step's record ('<plan id>:DefineRoles') in words: 'Step 2 of 6: DEFINE ROLES'. */
function wizardStepInWords(entityId: string): string | null {
  const step = entityId.slice(entityId.indexOf(":") + 1) as WizardStep;
  const index = WIZARD_STEPS.indexOf(step);
  return index < 0 ? null : `Step ${index + 1} of ${WIZARD_STEPS.length}: ${WIZARD_STEP_INFO[step].title}`;
}

/** What an action reads as. */
export function auditLabel(action: string): string {
  return wordsFor(ACTION_LABELS, action) ?? fromName(action);
}
