// The planning wizard's service, one module per step; callers import it from here.
/**
 * The planning wizard (spec §4, DESIGN.md §3): one staffing plan per cost center per budget year.
 * Only the cost center's Complete Wizard holder changes it; Read Only, Manage Staff and Executive
 * holders read it; anyone else gets nothing. Every change is audited and sends the later steps
 * back to InProgress.
 *
 * - access.ts: who may read or change a cost center's plan; the budget year and budget season.
 * - view.ts: the wizard as the screens see it (every step's status, problems and totals).
 * - edit.ts: what every change shares (changePlan): the plan for its editor, audit, later steps back to InProgress.
 * - unitDefinition.ts (step 1), roles.ts (step 2), careSchedule.ts (step 3), assignStaff.ts (step 4),
 *   openPositions.ts (step 5, position control), attestation.ts (step completion and step 6).
 * - modelling.ts: what-ifs on the plan (the model, named scenarios, carrying one into the wizard).
 * - lookups.ts: the lists the steps choose from.
 */

export { type Access, budgetColumns, WIZARD_MESSAGES } from "./access";
export {
  applyPrnStandard,
  assignStaffPosition,
  getStaffPosition,
  removeStaffPosition,
  setTravellerContractDate,
  splitStaffPosition,
  transferStaffPosition,
  updateStaffPositionFte,
} from "./assignStaff";
export { attestStaffingPlan, budgetSeasonReset, completeWizardStep } from "./attestation";
export { getCareSchedule, saveCareSchedule } from "./careSchedule";
export {
  listEducationOfUnit,
  listRoleJobs,
  listShiftsOfUnit,
  planIdOf,
  planOfUnit,
} from "./lookups";
export {
  carryScenarioIntoWizard,
  deleteScenario,
  getModelling,
  type Modelling,
  type ModellingJob,
  type ModellingScenario,
  modelStaffing,
  saveScenario,
} from "./modelling";
export { calculateOpenPositions, createOpenPosition, deleteOpenPosition, updateOpenPosition } from "./openPositions";
export { createRole, deleteRole, saveRoleShift, updateRole } from "./roles";
export { saveUnitDefinition, startStaffingPlan } from "./unitDefinition";
export {
  buildView,
  getWizard,
  type NeedView,
  type OpenPositionView,
  type PlanStaffView,
  type PlanView,
  planViews,
  type RoleView,
  type StaffPositionView,
  type StepView,
  selectPlansWithAttester,
  type WizardView,
} from "./view";
