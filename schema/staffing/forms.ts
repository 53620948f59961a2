import { z } from "zod";
import { SHIFT_NAMES, type ShiftName } from "./math";
import { contractDateSchema, roleSchema, unitDefinitionSchema } from "./rules";

/**
 * The wizard's forms over the rules of rules.ts. A form holds its fields as typed (text); the form's
 * schema reads them into the rule's input and the rule judges them, so the browser and the server
 * apply the same rule, and the rule's messages land on the fields they are about.
 */

/**
 * A number typed into a text field, as a rule's input: blank is missing (the rule says '… is
 * required'); a plain decimal is its number; anything else stays text, so the rule says it is not a
 * number ('15%', '1e3', 'half an hour').
 */
export function typedNumber(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return /^-?\d*\.?\d+$/.test(trimmed) ? Number(trimmed) : text;
}

type Path = readonly PropertyKey[];

/**
 * A form's schema over a shared rule: `fields` are the form's values, `toInput` reads them into the
 * rule's input, `rule` judges that, and `fieldOf` says which form field a rule message is about
 * (where the rule's shape differs from the form's). The output is the rule's output.
 */
export function formOverRule<TFields extends z.ZodType, TRule extends z.ZodType>(
  fields: TFields,
  toInput: (values: z.output<TFields>) => unknown,
  rule: TRule,
  fieldOf: (path: Path, values: z.output<TFields>) => Path = (path) => path,
) {
  return fields.transform((values, context): z.output<TRule> => {
    const result = rule.safeParse(toInput(values));
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({ code: "custom", message: issue.message, path: [...fieldOf(issue.path, values)] });
    }
    return z.NEVER;
  });
}

// Step 1, unit definition.

export const UNIT_DEFINITION_FIELDS = [
  "census",
  "careTeamTarget",
  "nonProductiveGoalPercentage",
  "targetOvertimePercentage",
  "productiveFteBudget",
  "totalPaidFteBudget",
] as const;
export type UnitDefinitionField = (typeof UNIT_DEFINITION_FIELDS)[number];
export type UnitDefinitionFormValues = Record<UnitDefinitionField, string>;

/** The saved unit definition as the form shows it: each figure as text, a missing one blank. */
export function unitDefinitionFormValues(
  saved: Partial<Record<UnitDefinitionField, number | null | undefined>>,
): UnitDefinitionFormValues {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
  return Object.fromEntries(
    UNIT_DEFINITION_FIELDS.map((field) => [field, text(saved[field])]),
  ) as UnitDefinitionFormValues;
}

/** Step 1's form: the four figures are required; a blank finance budget is none (null). */
export const unitDefinitionFormSchema = formOverRule(
  z.object(
    Object.fromEntries(UNIT_DEFINITION_FIELDS.map((field) => [field, z.string()])) as Record<
      UnitDefinitionField,
      z.ZodString
    >,
  ),
  (values) => ({
    census: typedNumber(values.census),
    careTeamTarget: typedNumber(values.careTeamTarget),
    nonProductiveGoalPercentage: typedNumber(values.nonProductiveGoalPercentage),
    targetOvertimePercentage: typedNumber(values.targetOvertimePercentage),
    productiveFteBudget: typedNumber(values.productiveFteBudget) ?? null,
    totalPaidFteBudget: typedNumber(values.totalPaidFteBudget) ?? null,
  }),
  unitDefinitionSchema,
);

// Step 2, a role.

const roleShiftFormSchema = z.object({
  include: z.boolean(),
  startTime: z.string(),
  durationHours: z.string(),
  staffPerShift: z.string(),
});
export type RoleShiftFormValues = z.output<typeof roleShiftFormSchema>;

const roleFields = z.object({
  jobId: z.string(),
  isExempt: z.boolean(),
  fte: z.string(),
  replacement: z.enum(["Fixed", "FixedWithReplacement"]),
  /** Minutes; blank is the default (30 min on shifts of 8 hours or more). */
  unpaidBreakMinutes: z.string(),
  shifts: z.object({ Days: roleShiftFormSchema, Evenings: roleShiftFormSchema, Nights: roleShiftFormSchema }),
});
export type RoleFormValues = z.output<typeof roleFields>;

/** Where a new shift of each kind starts and how long it lasts, until the manager says otherwise. */
export const ROLE_SHIFT_DEFAULTS: Record<ShiftName, { startTime: string; durationHours: string }> = {
  Days: { startTime: "0700", durationHours: "12.5" },
  Evenings: { startTime: "1500", durationHours: "8" },
  Nights: { startTime: "1900", durationHours: "12.5" },
};

type SavedRole = {
  jobId?: string | null;
  isExempt: boolean;
  fte?: number | null;
  replacement: string;
  unpaidBreakMinutes?: number | null;
  shifts: readonly { shift: ShiftName; startTime: string; durationHours: number; staffPerShift: number }[];
};

/** The role editor's values: a new role's (no role given) or a saved role's, each shift not in it at its defaults. */
export function roleFormValues(role?: SavedRole): RoleFormValues {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
  const shifts = Object.fromEntries(
    SHIFT_NAMES.map((name) => {
      const saved = role?.shifts.find((s) => s.shift === name);
      return [
        name,
        saved
          ? {
              include: true,
              startTime: saved.startTime,
              durationHours: String(saved.durationHours),
              staffPerShift: String(saved.staffPerShift),
            }
          : { include: false, ...ROLE_SHIFT_DEFAULTS[name], staffPerShift: "" },
      ];
    }),
  ) as RoleFormValues["shifts"];
  return {
    jobId: role?.jobId ?? "",
    isExempt: role?.isExempt ?? false,
    fte: text(role?.fte),
    replacement: role?.replacement === "FixedWithReplacement" ? "FixedWithReplacement" : "Fixed",
    unpaidBreakMinutes: text(role?.unpaidBreakMinutes),
    shifts,
  };
}

const includedShifts = (values: RoleFormValues) => SHIFT_NAMES.filter((name) => values.shifts[name].include);

/**
 * Step 2's role editor over roleSchema. The role is named after the job chosen (`jobs`); an exempt
 * role sends its FTE, a variable one its ticked shifts. The rule's messages about the name land on
 * the job's select, and those about the n-th ticked shift on that shift's fields.
 */
export function roleFormSchema(jobs: readonly { id: string; name: string }[]) {
  return formOverRule(
    roleFields,
    (values) => ({
      jobId: values.jobId || null,
      name: jobs.find((job) => job.id === values.jobId)?.name ?? "",
      isExempt: values.isExempt,
      fte: values.isExempt ? (typedNumber(values.fte) ?? null) : null,
      replacement: values.isExempt ? values.replacement : "Variable",
      unpaidBreakMinutes: values.isExempt ? null : (typedNumber(values.unpaidBreakMinutes) ?? null),
      shifts: (values.isExempt ? [] : includedShifts(values)).map((shift) => ({
        shift,
        startTime: values.shifts[shift].startTime.trim(),
        durationHours: typedNumber(values.shifts[shift].durationHours),
        staffPerShift: typedNumber(values.shifts[shift].staffPerShift),
      })),
    }),
    roleSchema,
    (path, values) => {
      const [field, index, ...rest] = path;
      if (field === "name") return ["jobId"];
      if (field === "shifts" && typeof index === "number") {
        return ["shifts", includedShifts(values)[index] ?? index, ...rest];
      }
      return path;
    },
  );
}

// Step 4, a traveller's contract end date.

/** The contract end date form of a traveller on step 4: the date as the date input gives it (YYYY-MM-DD). */
export const contractDateFormSchema = contractDateSchema.pick({ contractEndDate: true });
export type ContractDateFormValues = z.input<typeof contractDateFormSchema>;
