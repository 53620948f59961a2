import { z } from "zod";
import { isMilitaryTime } from "../time";
import { SHIFT_NAMES } from "./math";

/** Spec §4: the wizard's steps in order, with the route and title of each. */
export const WIZARD_STEPS = [
  "UnitDefinition",
  "DefineRoles",
  "CreateCareSchedules",
  "AssignStaff",
  "FinalizePositionControl",
  "ReviewAttestation",
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export type StepStatus = "Pending" | "InProgress" | "Completed";

export const WIZARD_STEP_INFO: Record<WizardStep, { path: string; title: string }> = {
  UnitDefinition: { path: "/user/wizard/unitdef", title: "UNIT DEFINITION" },
  DefineRoles: { path: "/user/wizard/defineRoles", title: "DEFINE ROLES" },
  CreateCareSchedules: { path: "/user/wizard/careschedule", title: "CREATE CARE SCHEDULES" },
  AssignStaff: { path: "/user/wizard/assignstaff", title: "ASSIGN STAFF" },
  FinalizePositionControl: { path: "/user/wizard/positioncontrol", title: "FINALIZE POSITION CONTROL" },
  ReviewAttestation: { path: "/user/wizard/review", title: "REVIEW AND ATTEST" },
};

/** Spec §4: each step's list of the later steps that follow it. */
export function laterSteps(step: WizardStep): readonly WizardStep[] {
  return WIZARD_STEPS.slice(WIZARD_STEPS.indexOf(step) + 1);
}

/** Spec §2 footer notices (wizard context), word for word. */
export const WIZARD_NOTICES = {
  travellerContractDates: "All travellers need contract end dates to proceed.",
  prnStandard: "All PRN FTE must be set to the facility standard",
  assignOrRemove: "All staff must be assigned a position or removed",
  transfer:
    "Fill requested positions using transfer within the cost center; unassigned staff shown in red must be assigned.",
  manageStaff: "Unassigned staff in a cost center should be addressed in Manage Staff.",
  budgetSeason: "A wizard begun before budget season must be re-verified.",
  settingsChanged:
    "A facility setting this plan's figures use has changed (hours per FTE or a job's direct-care flag): the plan needs re-verification.",
} as const;

/** 'All PRN FTE must be set to the facility standard' with the value when it is known (spec §2). */
export function prnNotice(standard: number | null | undefined): string {
  return typeof standard === "number"
    ? `${WIZARD_NOTICES.prnStandard} (${standard.toFixed(2)}).`
    : `${WIZARD_NOTICES.prnStandard}.`;
}

/** Spec §3 sample model defaults. */
export const SAMPLE_UNIT_DEFINITION = {
  census: 22,
  careTeamTarget: 9.6,
  nonProductiveGoalPercentage: 10,
  targetOvertimePercentage: 0,
} as const;

/** Spec §5 and §9 limits. */
export const LIMITS = {
  fteMin: 0,
  fteMax: 1.5,
  exemptFteMin: 0.01,
  staffPerShiftMin: 1,
  staffPerShiftMax: 24,
  militaryTimeMax: 2400,
  durationMin: 1,
  durationMax: 24,
  /** Spec §5 default decimal bounds 1 to 1000. */
  censusMin: 1,
  censusMax: 1000,
  careTeamMin: 1,
  careTeamMax: 1000,
  percentMin: 0,
  nonProductiveMax: 50,
  overtimeMax: 25,
  unpaidBreakMinutesMax: 120,
  budgetFteMin: 0,
  budgetFteMax: 10000,
  requisitionMaxLength: 12,
} as const;

export const STAFFING_MESSAGES = {
  exemptFte: "Exempt role FTE must be 0.01 to 1.5.",
  staffPerShift: "Staff per shift must be from 1 to 24.",
  militaryTime: "Start time must be 4-digit military time, at most 2400, zero-padded, no decimals.",
  duration: "Duration must be from 1 to 24 hours, in quarter hours.",
  fte: "FTE must be a number from 0 to 1.5 with at most 2 decimals.",
  positiveFte: "FTE must be more than 0.",
  shiftsRequired: "A variable role needs at least one shift.",
  shiftTwice: "Each shift (Days, Evenings, Nights) may appear once per role.",
  roleName: "Role is required.",
  paidBelowProductive: "The total paid FTE budget cannot be less than the productive FTE budget.",
  requisition: "Requisition number may contain only letters, digits, hyphens and spaces, at most 12 characters.",
  contractDate: "Contract end date must be a date (YYYY-MM-DD).",
  unpaidBreak: "Unpaid break must be a whole number of minutes from 0 to 120.",
  unpaidBreakTooLong: "The unpaid break must be shorter than each of the role's shifts.",
} as const;

/** A decimal with at most `places` decimals between min and max; 'label must be from min to max'. */
export function boundedDecimal(label: string, min: number, max: number, places = 2) {
  const range = `${label} must be from ${min} to ${max}`;
  return z
    .number({
      // Missing is 'is required'; text such as '15%' is 'must be a number'.
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a number`,
    })
    .refine(Number.isFinite, `${label} must be a number`)
    .min(min, range)
    .max(max, range)
    .refine(
      (value) => Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6,
      `${label} may have at most ${places} decimals`,
    );
}

const optionalBudget = (label: string) => boundedDecimal(label, LIMITS.budgetFteMin, LIMITS.budgetFteMax, 2).nullable();

/** Step 1, unit definition. */
export const unitDefinitionSchema = z
  .object({
    census: boundedDecimal("Average daily census", LIMITS.censusMin, LIMITS.censusMax),
    careTeamTarget: boundedDecimal("Care team hours per patient day", LIMITS.careTeamMin, LIMITS.careTeamMax),
    nonProductiveGoalPercentage: boundedDecimal("Non-productive goal %", LIMITS.percentMin, LIMITS.nonProductiveMax),
    targetOvertimePercentage: boundedDecimal("Target overtime %", LIMITS.percentMin, LIMITS.overtimeMax),
    productiveFteBudget: optionalBudget("Productive FTE budget"),
    totalPaidFteBudget: optionalBudget("Total paid FTE budget"),
  })
  .superRefine((value, ctx) => {
    if (
      value.productiveFteBudget !== null &&
      value.totalPaidFteBudget !== null &&
      value.totalPaidFteBudget < value.productiveFteBudget
    ) {
      ctx.addIssue({ code: "custom", path: ["totalPaidFteBudget"], message: STAFFING_MESSAGES.paidBelowProductive });
    }
  });
export type UnitDefinitionInput = z.output<typeof unitDefinitionSchema>;
/** Step 1's figures while they are being entered: any of them may be missing yet. */
export type UnitDefinitionDraft = { [Field in keyof UnitDefinitionInput]: UnitDefinitionInput[Field] | null };

const militaryStart = z
  .string({ error: STAFFING_MESSAGES.militaryTime })
  .refine(isMilitaryTime, STAFFING_MESSAGES.militaryTime);

export const shiftSchema = z.object({
  shift: z.enum(SHIFT_NAMES as unknown as ["Days", "Evenings", "Nights"], {
    error: "Shift must be Days, Evenings or Nights.",
  }),
  startTime: militaryStart,
  durationHours: z
    .number({ error: STAFFING_MESSAGES.duration })
    .min(LIMITS.durationMin, STAFFING_MESSAGES.duration)
    .max(LIMITS.durationMax, STAFFING_MESSAGES.duration)
    .refine((value) => Number.isInteger(value * 4), STAFFING_MESSAGES.duration),
  staffPerShift: z
    .number({ error: STAFFING_MESSAGES.staffPerShift })
    .int(STAFFING_MESSAGES.staffPerShift)
    .min(LIMITS.staffPerShiftMin, STAFFING_MESSAGES.staffPerShift)
    .max(LIMITS.staffPerShiftMax, STAFFING_MESSAGES.staffPerShift),
});
export type ShiftRuleInput = z.output<typeof shiftSchema>;

/** A shift's own fields, from anything that carries them with more (a stored shift, a shift view). */
export function shiftOf({ shift, startTime, durationHours, staffPerShift }: ShiftRuleInput): ShiftRuleInput {
  return { shift, startTime, durationHours, staffPerShift };
}

export type RoleReplacement = "Fixed" | "FixedWithReplacement" | "Variable";

/** Step 2: one role. Exempt roles carry an FTE (0.01 to 1.5); variable roles carry shifts. */
export const roleSchema = z
  .object({
    jobId: z.string().uuid("Choose a role from the facility's jobs.").nullable().optional(),
    name: z.string({ error: STAFFING_MESSAGES.roleName }).trim().min(1, STAFFING_MESSAGES.roleName).max(80),
    isExempt: z.boolean({ error: "Say whether the role is exempt." }),
    fte: z.number({ error: STAFFING_MESSAGES.exemptFte }).nullable().optional(),
    replacement: z.enum(["Fixed", "FixedWithReplacement", "Variable"]).optional(),
    /** null or missing: the default break (30 min on shifts of 8 h or more). */
    unpaidBreakMinutes: z
      .number({ error: STAFFING_MESSAGES.unpaidBreak })
      .int(STAFFING_MESSAGES.unpaidBreak)
      .min(0, STAFFING_MESSAGES.unpaidBreak)
      .max(LIMITS.unpaidBreakMinutesMax, STAFFING_MESSAGES.unpaidBreak)
      .nullable()
      .optional(),
    shifts: z.array(shiftSchema).max(3).default([]),
  })
  .superRefine((role, ctx) => {
    if (role.isExempt) {
      const fte = role.fte;
      if (typeof fte !== "number" || !Number.isFinite(fte) || fte < LIMITS.exemptFteMin || fte > LIMITS.fteMax) {
        ctx.addIssue({ code: "custom", path: ["fte"], message: STAFFING_MESSAGES.exemptFte });
      } else if (Math.abs(Math.round(fte * 100) - fte * 100) > 1e-6) {
        ctx.addIssue({ code: "custom", path: ["fte"], message: STAFFING_MESSAGES.fte });
      }
    } else {
      if (role.shifts.length === 0) {
        ctx.addIssue({ code: "custom", path: ["shifts"], message: STAFFING_MESSAGES.shiftsRequired });
      }
      const seen = new Set<string>();
      role.shifts.forEach((shift, index) => {
        if (seen.has(shift.shift)) {
          ctx.addIssue({ code: "custom", path: ["shifts", index, "shift"], message: STAFFING_MESSAGES.shiftTwice });
        }
        seen.add(shift.shift);
      });
      const breakMinutes = role.unpaidBreakMinutes;
      if (typeof breakMinutes === "number" && role.shifts.some((shift) => breakMinutes >= shift.durationHours * 60)) {
        ctx.addIssue({ code: "custom", path: ["unpaidBreakMinutes"], message: STAFFING_MESSAGES.unpaidBreakTooLong });
      }
    }
  })
  .transform((role) => ({
    jobId: role.jobId ?? null,
    name: role.name,
    isExempt: role.isExempt,
    fte: role.isExempt ? (role.fte as number) : null,
    replacement: (role.isExempt
      ? role.replacement === "Variable"
        ? "Fixed"
        : (role.replacement ?? "Fixed")
      : "Variable") as RoleReplacement,
    unpaidBreakMinutes: role.isExempt ? null : (role.unpaidBreakMinutes ?? null),
    shifts: role.isExempt ? [] : role.shifts,
  }));
export type RoleRuleInput = z.output<typeof roleSchema>;

/** What step 2 keeps of a role beside its shifts. */
export type RoleSettings = Omit<RoleRuleInput, "shifts">;

/** A role's settings alone, from anything that carries them with more (a stored role, a role view, a model's role). */
export function roleSettingsOf(role: RoleSettings): RoleSettings {
  return {
    jobId: role.jobId,
    name: role.name,
    isExempt: role.isExempt,
    fte: role.fte,
    replacement: role.replacement,
    unpaidBreakMinutes: role.unpaidBreakMinutes,
  };
}

/** A fractional FTE (spec §5): 0 to 1.5, at most 2 decimals. */
export const fteSchema = z
  .number({ error: STAFFING_MESSAGES.fte })
  .refine(Number.isFinite, STAFFING_MESSAGES.fte)
  .min(LIMITS.fteMin, STAFFING_MESSAGES.fte)
  .max(LIMITS.fteMax, STAFFING_MESSAGES.fte)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, STAFFING_MESSAGES.fte);

export const positiveFteSchema = fteSchema.refine((value) => value > 0, STAFFING_MESSAGES.positiveFte);

/** A positive FTE as typed into a text field ("0.5", ".25"): anything but a plain decimal is not an FTE. */
export const typedFteSchema = z
  .string()
  .transform((text) => (/^\d*\.?\d+$/.test(text.trim()) ? Number(text) : Number.NaN))
  .pipe(positiveFteSchema);

/** Step 4: a staff member placed in a role (and shift for variable roles). */
export const staffPositionSchema = z.object({
  staffId: z.string().uuid("Choose a staff member."),
  unitRoleId: z.string().uuid("Choose a role."),
  shift: z.enum(["Days", "Evenings", "Nights"]).nullable().optional(),
  fte: positiveFteSchema,
});

/** Step 4: split part of a staff position's FTE off to another staff member. */
export const splitStaffPositionSchema = z.object({
  staffPositionId: z.string().uuid("Choose a staff position."),
  toStaffId: z.string().uuid("Choose a staff member."),
  fte: positiveFteSchema,
});

/** Step 4/5: moves a staff position to another role (and shift) of the plan: a transfer within the cost center. */
export const transferStaffPositionSchema = z.object({
  staffPositionId: z.string().uuid("Choose a staff position."),
  unitRoleId: z.string().uuid("Choose a role."),
  shift: z.enum(["Days", "Evenings", "Nights"]).nullable().optional(),
});

export const contractDateSchema = z.object({
  staffId: z.string().uuid("Choose a staff member."),
  contractEndDate: z
    .string({ error: STAFFING_MESSAGES.contractDate })
    // Text that is not YYYY-MM-DD at all is said once, not again by the calendar check.
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: STAFFING_MESSAGES.contractDate, abort: true })
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      STAFFING_MESSAGES.contractDate,
    ),
});

/** Step 5: an open position as the manager edits it. */
export const openPositionSchema = z
  .object({
    unitRoleId: z.string().uuid("Choose a role."),
    requisitionNumber: z
      .string()
      .trim()
      .max(LIMITS.requisitionMaxLength, STAFFING_MESSAGES.requisition)
      .regex(/^[A-Za-z0-9\- ]*$/, STAFFING_MESSAGES.requisition)
      .nullish()
      .transform((value) => (value ? value : null)),
    fte: positiveFteSchema,
    shift: z.enum(["Days", "Evenings", "Nights"]).nullable().optional(),
    startTime: militaryStart.nullable().optional(),
    endTime: z
      .string()
      .refine(isMilitaryTime, "End time must be 4-digit military time, at most 2400, zero-padded, no decimals.")
      .nullable()
      .optional(),
    isTraveller: z.boolean().default(false),
  })
  .transform((value) => ({
    ...value,
    shift: value.shift ?? null,
    startTime: value.startTime ?? null,
    endTime: value.endTime ?? null,
  }));
export type OpenPositionRuleInput = z.output<typeof openPositionSchema>;
