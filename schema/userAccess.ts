import { z } from "zod";
import { optionalNameLike, requiredNameLike } from "./text";

/** Spec §2, §4, §5, §8: the texts of /admin/user-accessibility, word for word. */
export const USER_ACCESS_TEXTS = {
  heading: "USER ACCESSIBILITY",
  subtitle: "Assign or update access and permissions for users",
  summaryHeading: "ASSIGN USERS",
  totalMembers: "Total User Members",
  assignedMembers: "User Members Assigned",
  toBeAssignedMembers: "User Members to be Assigned",
  addOutsideTitle: "ADD NEW USER OUTSIDE YOUR ORGANIZATION",
  addWithinTitle: "ADD NEW USER WITHIN YOUR ORGANIZATION",
  updateTitle: "Update User",
  moveTitle: "MOVE STAFF",
  moveSubtitle: "(change position within the same cost center)",
  fteMismatchAdd: "Total FTE must be equal to user's staff FTE.",
  fteMismatchUpdate: "FTE sums do not match",
  missingFteTooltip: "Add User FTEs for all assigned cost centers.",
  updateTooltip: "Add User FTEs for all newly assigned cost centers.",
  reviewTooltip: "Review this User's Permissions to ensure they are correct.",
  cancelAdd: "This action cannot be undone. Are you sure you want to cancel without adding the user?",
  noStaff: "No Assigned Staff Found.",
  roleRule:
    "Only one person per cost center may complete the Wizard, and only one may manage staff. Several may be Read Only. Executives have Read Only by default for all areas they oversee.",
  genericError: "An error occurred",
} as const;

export const noPermissionsText = (name: string) => `No permissions found for ${name}`;
export const resendFailedText = (email: string) => `Failed to resend invitation to ${email}. Please try again.`;

/** Spec §9: an invitation link is valid this long. */
export const INVITE_VALID_HOURS = 48;
export const NOTES_MAX_LENGTH = 40;
export const FTE_MAX = 1.5;

/** Spec §6: a position whose title contains 'Software Admin' holds admins without cost centers. */
export function isSoftwareAdminTitle(title: string | null | undefined): boolean {
  return !!title && title.includes("Software Admin");
}

/** Spec §9 termination reasons and how they are stored (spec §4 staff transfer reasons). */
export const TERMINATION_REASONS = [
  { value: "VoluntaryTermination", label: "Termination - Voluntary" },
  { value: "InvoluntaryTermination", label: "Termination - Involuntary" },
] as const;
export type TerminationReason = (typeof TERMINATION_REASONS)[number]["value"];

/** FTE sums are compared to 3 decimals (spec §9). */
export function sameFte(a: number, b: number): boolean {
  return Math.round(a * 1000) === Math.round(b * 1000);
}

export type PermissionFlags = { completeWizard: boolean; manageStaff: boolean; readOnly: boolean };

/**
 * Spec §4 flag interplay, for one change of one flag: turning completeWizard or manageStaff on turns
 * readOnly off, turning both off turns readOnly on; turning readOnly off sets both on, turning it on
 * clears both.
 */
export function toggleFlag(flags: PermissionFlags, flag: keyof PermissionFlags, on: boolean): PermissionFlags {
  if (flag === "readOnly")
    return on
      ? { completeWizard: false, manageStaff: false, readOnly: true }
      : { completeWizard: true, manageStaff: true, readOnly: false };
  const next = { ...flags, [flag]: on };
  return { ...next, readOnly: !next.completeWizard && !next.manageStaff };
}

/** The stored flags the interplay implies: readOnly exactly when neither right is held. */
export function normalizeFlags(flags: PermissionFlags): PermissionFlags {
  return { ...flags, readOnly: !flags.completeWizard && !flags.manageStaff };
}

/** An FTE of 0 to 1.5 with at most 2 decimals (spec §5). */
export const fteNumber = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be between 0 and ${FTE_MAX}`)
    .max(FTE_MAX, `${label} must be between 0 and ${FTE_MAX}`)
    .refine(
      (value) => Number.isInteger(Math.round(value * 1000)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      {
        message: `${label} may have at most 2 decimals`,
      },
    );

export const permissionInputSchema = z.object({
  costCenterId: z.string({ error: "Cost center is required" }).uuid("Cost center is not valid"),
  fte: fteNumber("Cost center FTE").nullish(),
  completeWizard: z.boolean().default(false),
  manageStaff: z.boolean().default(false),
  readOnly: z.boolean().default(true),
});
export type PermissionInput = z.output<typeof permissionInputSchema>;

const permissionList = z
  .array(permissionInputSchema)
  .default([])
  .refine((list) => new Set(list.map((p) => p.costCenterId)).size === list.length, {
    message: "Each cost center may be assigned once",
  });

/** Notes: at most 40 characters (spec §5); empty is none. */
export const notesText = z
  .string()
  .trim()
  .max(NOTES_MAX_LENGTH, `Notes must be at most ${NOTES_MAX_LENGTH} characters`)
  .nullish()
  .transform((value) => (value ? value : null));

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .email("Email must be a valid email address")
  .max(254, "Email must be at most 254 characters");

/** Dates arrive as MM/DD/YYYY (the form) or YYYY-MM-DD (the API) and are stored as YYYY-MM-DD. */
export function parseFormDate(value: string): string | null {
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const [year, month, day] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null;
  return `${year}-${month}-${day}`;
}

/** A required date as MM/DD/YYYY (the form) or YYYY-MM-DD (the API), stored as YYYY-MM-DD. */
export const formDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .transform((value, ctx) => {
      const parsed = parseFormDate(value);
      if (!parsed) {
        ctx.addIssue({ code: "custom", message: `${label} must be a date as MM/DD/YYYY` });
        return z.NEVER;
      }
      return parsed;
    });

/** An optional date, as `formDate` takes it; empty is none. */
export const optionalFormDate = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const parsed = parseFormDate(value);
      if (!parsed) {
        ctx.addIssue({ code: "custom", message: `${label} must be a date as MM/DD/YYYY` });
        return z.NEVER;
      }
      return parsed;
    });

/** An employee ID: letters, digits, hyphens and spaces, at most 40 characters. */
export const employeeIdText = z
  .string({ error: "Employee ID is required" })
  .trim()
  .min(1, "Employee ID is required")
  .max(40, "Employee ID must be at most 40 characters")
  .regex(/^[A-Za-z0-9 -]+$/, "Employee ID may contain letters, digits, hyphens and spaces");

export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** Spec §3/§5 add user, outside the organisation: creates the staff member and the user. */
export const addUserOutsideSchema = z
  .object({
    positionId: z.string({ error: "Position is required" }).uuid("Position is not valid"),
    empId: employeeIdText,
    dateOfHire: formDate("Date of Hire"),
    assignedFte: fteNumber("Assigned FTE"),
    isTraveller: z.boolean().default(false),
    prn: z.boolean().default(false),
    contractDate: optionalFormDate("Contract End Date"),
    firstName: requiredNameLike("First name"),
    middleName: optionalNameLike("Middle name"),
    lastName: requiredNameLike("Last name"),
    education: optionalText("Education", 60),
    requisitionNumber: optionalText("Requisition Number", 40),
    executive: z.boolean().default(false),
    email,
    notes: notesText,
    costCenterPermissions: permissionList,
  })
  .superRefine((value, ctx) => {
    if (value.isTraveller && value.prn) {
      ctx.addIssue({ code: "custom", path: ["prn"], message: "A user cannot be both PRN and a traveller" });
    }
    if (value.isTraveller && !value.contractDate) {
      ctx.addIssue({
        code: "custom",
        path: ["contractDate"],
        message: "Contract End Date is required for a traveller",
      });
    }
    if (!value.prn && !(value.assignedFte > 0)) {
      ctx.addIssue({ code: "custom", path: ["assignedFte"], message: "Assigned FTE must be greater than 0" });
    }
  });
export type AddUserOutsideInput = z.output<typeof addUserOutsideSchema>;

/** Spec §3/§5 add user, within the organisation: a user for an existing staff member. */
export const addUserWithinSchema = z.object({
  positionId: z.string({ error: "Position is required" }).uuid("Position is not valid"),
  staffId: z.string({ error: "Select Staff is required" }).uuid("Select a staff member"),
  assignedFte: fteNumber("Assigned FTE").nullish(),
  executive: z.boolean().default(false),
  email,
  notes: notesText,
  costCenterPermissions: permissionList,
});
export type AddUserWithinInput = z.output<typeof addUserWithinSchema>;

/** Spec §5 update user: permissions and notes (admin-type users: notes only). */
export const updateUserSchema = z.object({
  executive: z.boolean().default(false),
  notes: notesText,
  // Required: an update states the whole list, so a missing list never silently removes every right.
  costCenterPermissions: z
    .array(permissionInputSchema, { error: "costCenterPermissions is required (the user's whole list)" })
    .refine((list) => new Set(list.map((p) => p.costCenterId)).size === list.length, {
      message: "Each cost center may be assigned once",
    }),
});
export type UpdateUserInput = z.output<typeof updateUserSchema>;

export const moveStaffSchema = z.object({
  targetPositionId: z.string({ error: "Move requires a target position" }).uuid("Move requires a target position"),
  userIds: z.array(z.string().uuid("User is not valid")).min(1, "Pick at least one user to move"),
});
export type MoveStaffInput = z.output<typeof moveStaffSchema>;

export const deleteUserSchema = z
  .object({
    mode: z.enum(["user", "userAndStaff"], { error: "Choose 'Delete as User' or 'Delete as User AND Staff'" }),
    keepInCostCenterId: z.string().uuid("Cost center is not valid").nullish(),
    reason: z
      .enum(["VoluntaryTermination", "InvoluntaryTermination"], {
        error: "Reason must be 'Termination - Voluntary' or 'Termination - Involuntary'",
      })
      .nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.mode === "user" && !value.keepInCostCenterId) {
      ctx.addIssue({
        code: "custom",
        path: ["keepInCostCenterId"],
        message: "'Delete as User' requires a cost center",
      });
    }
    if (value.mode === "userAndStaff" && !value.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Deleting as staff requires a reason" });
    }
  });
export type DeleteUserInput = z.output<typeof deleteUserSchema>;

/** The embedded provider's accept-invite form. */
export const PASSWORD_MIN_LENGTH = 12;
export function passwordProblem(password: string, confirm: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > 128) return "The password must be at most 128 characters.";
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return "The password must contain letters and digits.";
  if (password !== confirm) return "The passwords do not match.";
  return null;
}
