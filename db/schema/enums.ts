import { pgEnum } from "drizzle-orm/pg-core";
import { WIZARD_STEPS } from "../../schema/staffing/rules";

export const userTypeEnum = pgEnum("user_type", ["Admin", "User"]);
export const staffTypeEnum = pgEnum("staff_type", ["Regular", "PRN", "Traveller"]);
export const adminTaskNameEnum = pgEnum("admin_task_name", [
  "DefineSystemRelations",
  "AddBasicFinancialInformation",
  "ProvideBasicHrGuidelines",
  "JobCategorization",
  "AddCostCenters",
  "UploadData",
  "AddUserAccessibility",
]);
export const taskStateEnum = pgEnum("task_state", ["Completed", "Pending"]);
/** The wizard's steps, in their order (schema/staffing/rules.ts, which the client shares). */
export const wizardStepEnum = pgEnum("wizard_step", WIZARD_STEPS);
export const stepStatusEnum = pgEnum("step_status", ["Pending", "InProgress", "Completed"]);
export const shiftEnum = pgEnum("shift", ["Days", "Evenings", "Nights"]);
export const roleReplacementEnum = pgEnum("role_replacement", ["Fixed", "FixedWithReplacement", "Variable"]);
export const uploadKindEnum = pgEnum("upload_kind", ["CostCenter", "Staff", "Users", "CostCenterStaff"]);
export const uploadStatusEnum = pgEnum("upload_status", ["Pending", "Processing", "Error", "Success"]);
export const terminationTypeEnum = pgEnum("termination_type", [
  "TransferWithinOrg",
  "VoluntaryTermination",
  "InvoluntaryTermination",
]);
