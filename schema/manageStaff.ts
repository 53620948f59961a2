import { z } from "zod";
import { addYears, daysBetween } from "./calendar";
import { optionalNameLike, requiredNameLike } from "./text";
import {
  employeeIdText,
  formDate,
  fteNumber,
  notesText,
  optionalFormDate,
  optionalText,
  TERMINATION_REASONS,
} from "./userAccess";

/** Spec §2: the footer of /user/manageStaff. */
export const MANAGE_STAFF_FOOTER = "All changes are saved automatically.";

/** Spec §3: a staff member's type. */
export const STAFF_TYPES = ["Regular", "PRN", "Traveller"] as const;
export type StaffType = (typeof STAFF_TYPES)[number];

/** Spec §4 staff transfer reasons: a transfer within the organisation, or a termination. */
export const TRANSFER_TYPES = ["TransferWithinOrg", ...TERMINATION_REASONS.map((r) => r.value)] as const;

export const MANAGE_STAFF_MESSAGES = {
  refused: "Only the cost center's Manage Staff holder can change its staff.",
  notInCostCenter: "This staff member is not in this cost center.",
  terminated: "This staff member's employment has ended.",
  sameCostCenter: "Choose another cost center to transfer to.",
  alreadyThere: (code: string) => `This staff member is already in cost center ${code}.`,
  employeeIdTaken: (employeeId: string) => `Employee ID ${employeeId} already exists`,
  futureTermination: "Termination date cannot be in the future",
  terminationBeforeHire: "Termination date cannot be before the date of hire",
  travellerContract: "Contract End Date is required for a traveller",
} as const;

const email = z
  .string()
  .trim()
  .max(254, "Email must be at most 254 characters")
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, "Email must be a valid email address");

const staffFields = {
  employeeId: employeeIdText,
  firstName: requiredNameLike("First name"),
  middleName: optionalNameLike("Middle name"),
  lastName: requiredNameLike("Last name"),
  email,
  staffType: z.enum(STAFF_TYPES, { error: "Type must be Regular, PRN or Traveller" }),
  dateOfHire: formDate("Date of Hire"),
  contractEndDate: optionalFormDate("Contract End Date"),
  education: optionalText("Education", 60),
  notes: notesText,
  /** The FTE the staff member works in this cost center. */
  fte: fteNumber("Assigned FTE"),
};

/** Add a staff member to a cost center (Manage Staff). */
export const addStaffMemberSchema = z.object(staffFields).superRefine((value, ctx) => {
  if (value.staffType === "Traveller" && !value.contractEndDate) {
    ctx.addIssue({ code: "custom", path: ["contractEndDate"], message: MANAGE_STAFF_MESSAGES.travellerContract });
  }
});
export type AddStaffMemberInput = z.output<typeof addStaffMemberSchema>;

/** Change some of a staff member's details (inline edits send one field at a time). */
export const updateStaffMemberSchema = z
  .object(staffFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, "Change at least one field");
export type UpdateStaffMemberInput = z.output<typeof updateStaffMemberSchema>;

/** Spec §4: transfer within the organisation to another cost center, or end the employment. */
export const transferStaffMemberSchema = z.discriminatedUnion(
  "transferType",
  [
    z.object({
      transferType: z.literal("TransferWithinOrg"),
      toCostCenterId: z.string({ error: "Choose the cost center to transfer to" }).uuid("Cost center is not valid"),
    }),
    z.object({
      transferType: z.enum(["VoluntaryTermination", "InvoluntaryTermination"]),
      terminationDate: formDate("Termination date"),
    }),
  ],
  { error: "transferType must be TransferWithinOrg, VoluntaryTermination or InvoluntaryTermination" },
);
export type TransferStaffMemberInput = z.output<typeof transferStaffMemberSchema>;

/**
 * The next date-of-hire anniversary on or after `today` (both YYYY-MM-DD) and the years it marks:
 * this year's until it has passed, then next year's. A 29 February hire has its anniversary on
 * 28 February in other years.
 */
export function nextHireAnniversary(dateOfHire: string, today: string): { date: string; years: number } {
  let years = Math.max(Number(today.slice(0, 4)) - Number(dateOfHire.slice(0, 4)), 1);
  if (addYears(dateOfHire, years) < today) years++;
  return { date: addYears(dateOfHire, years), years };
}

/** Spec-free but expected: a traveller's contract end is flagged 60 days ahead, urgently 30. */
export const CONTRACT_END_WARNING_DAYS = 60;
export const CONTRACT_END_URGENT_DAYS = 30;

/** Days from `today` until a contract ends (negative once it has ended). */
export const daysUntil = (date: string, today: string): number => daysBetween(today, date);

/** The warning a traveller's contract end calls for today, in words, or null. */
export function contractEndWarning(
  contractEndDate: string | null,
  today: string,
): { level: "ended" | "urgent" | "soon"; text: string } | null {
  if (!contractEndDate) return null;
  const days = daysUntil(contractEndDate, today);
  if (days < 0) return { level: "ended", text: "Contract ended" };
  if (days <= CONTRACT_END_URGENT_DAYS)
    return { level: "urgent", text: `Contract ends in ${days} day${days === 1 ? "" : "s"}` };
  if (days <= CONTRACT_END_WARNING_DAYS) return { level: "soon", text: `Contract ends in ${days} days` };
  return null;
}
