import { z } from "zod";
import { militaryTime } from "./time";

/** Spec §3 constants: the facility time zones offered, with their UTC offsets. */
export const TIME_ZONES = [
  { zone: "US/Hawaii", utc: "GMT-10" },
  { zone: "US/Alaska", utc: "GMT-9" },
  { zone: "US/Pacific", utc: "GMT-8" },
  { zone: "US/Arizona", utc: "GMT-7" },
  { zone: "US/Mountain", utc: "GMT-7" },
  { zone: "US/Central", utc: "GMT-6" },
  { zone: "US/Eastern", utc: "GMT-5" },
  { zone: "US/East-Indiana", utc: "GMT-5" },
] as const;

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const requiredText = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The system-relationship form (spec §2, §5): all four fields required. */
export const systemRelationshipsSchema = z.object({
  facilityName: requiredText("Full name of the facility"),
  facilityOwner: requiredText("Owner"),
  systemName: requiredText("System"),
  divisionName: requiredText("Region or division"),
});
export type SystemRelationshipsInput = z.output<typeof systemRelationshipsSchema>;

/** Decimal text as a person types it: digits, an optional sign and decimal point. */
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A number, or text that is exactly one ('7', '0.25'): the month selects hand their values over as
 * text, and the spec's REST body sends PRNStaffValue as text. Anything else (true, '1e3', '7 days')
 * is 'must be a number'; missing, null, blank or NaN (an emptied number field) is 'is required'.
 * `rules` adds the field's own range rules to the number.
 */
const numberOrNumericText = (label: string, rules: (number: z.ZodNumber) => z.ZodType<number> = (n) => n) =>
  z.preprocess(
    (value) => {
      if (typeof value === "number" && Number.isNaN(value)) return undefined;
      if (typeof value !== "string") return value;
      const text = value.trim();
      if (text === "") return undefined;
      return DECIMAL_TEXT.test(text) ? Number(text) : value;
    },
    rules(
      z.number({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a number`,
      }),
    ),
  );

const wholeNumber = (label: string, min: number, max: number) =>
  numberOrNumericText(label, (n) =>
    n
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

/** Spec §5/§9: an FTE has at most 2 decimals (the column, numeric(5,3), would keep a third). */
const FTE_DECIMALS = 2;

/** Basic financial information (spec §5 budget settings) plus the FTE basis. */
export const budgetSettingsSchema = z
  .object({
    prnStaffValue: numberOrNumericText("PRN staff value", (n) =>
      n
        .min(0.01, "PRN staff value must be at least 0.01")
        .max(1.5, "PRN staff value must be at most 1.5")
        .refine(
          (value) => Math.abs(Math.round(value * 10 ** FTE_DECIMALS) - value * 10 ** FTE_DECIMALS) < 1e-6,
          `PRN staff value may have at most ${FTE_DECIMALS} decimals`,
        ),
    ),
    fiscalYearMonthsBegin: wholeNumber("Fiscal year begin month", 1, 12),
    fiscalYearDaysBegin: wholeNumber("Fiscal year begin day", 1, 31),
    budgetSeasonBeginMonth: wholeNumber("Budget season begin month", 1, 12),
    budgetSeasonBeginDay: wholeNumber("Budget season begin day", 1, 31),
    budgetSeasonEndMonth: wholeNumber("Budget season end month", 1, 12),
    budgetSeasonEndDay: wholeNumber("Budget season end day", 1, 31),
    nextPayPeriodBegin: wholeNumber("Next pay period begin", 1, 31),
    nextPayPeriodEnd: wholeNumber("Next pay period end", 1, 31),
    annualHoursPerFte: wholeNumber("Annual hours per FTE", 1000, 3000).default(2080),
    /** Optional: blank or missing is "not set" (modelling then shows no cost). */
    averageHourlyRate: z.preprocess(
      (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
      numberOrNumericText("Average hourly rate", (n) =>
        n
          .min(1, "Average hourly rate must be at least 1")
          .max(1000, "Average hourly rate must be at most 1000")
          .refine(
            (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
            "Average hourly rate may have at most 2 decimals",
          ),
      ).nullable(),
    ),
  })
  .superRefine((value, context) => {
    for (const [monthKey, dayKey, label] of [
      ["fiscalYearMonthsBegin", "fiscalYearDaysBegin", "Fiscal year begin day"],
      ["budgetSeasonBeginMonth", "budgetSeasonBeginDay", "Budget season begin day"],
      ["budgetSeasonEndMonth", "budgetSeasonEndDay", "Budget season end day"],
    ] as const) {
      const daysInMonth = new Date(Date.UTC(2025, value[monthKey], 0)).getUTCDate();
      if (value[dayKey] > daysInMonth) {
        context.addIssue({
          code: "custom",
          path: [dayKey],
          message: `${label} must be at most ${daysInMonth} in ${MONTHS[value[monthKey] - 1]}`,
        });
      }
    }
  });
export type BudgetSettingsInput = z.output<typeof budgetSettingsSchema>;

const optionalMilitaryTime = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(militaryTime(label).nullable());

/** HR guidelines (spec §5 shift settings), the facility time zone and its education list. */
export const hrGuidelinesSchema = z.object({
  dayShiftStart: militaryTime("Day shift start"),
  dayShiftEnd: militaryTime("Day shift end"),
  eveningShiftStart: militaryTime("Evening shift start"),
  eveningShiftEnd: militaryTime("Evening shift end"),
  nightShiftStart: militaryTime("Night shift start"),
  nightShiftEnd: militaryTime("Night shift end"),
  otherShiftStart: optionalMilitaryTime("Other shift start"),
  otherShiftEnd: optionalMilitaryTime("Other shift end"),
  startDay: wholeNumber("Start day", 1, 7),
  endDay: wholeNumber("End day", 1, 7),
  dropdownStartTime: militaryTime("Dropdown start time"),
  dropdownEndTime: militaryTime("Dropdown end time"),
  emailContact: z
    .string({ error: "Contact e-mail is required" })
    .trim()
    .min(1, "Contact e-mail is required")
    .pipe(z.email("Contact e-mail must be a valid e-mail address")),
  timeZone: z.enum(
    TIME_ZONES.map((zone) => zone.zone) as [string, ...string[]],
    "Time zone must be one of the listed US time zones",
  ),
  education: z
    .array(requiredText("Education", 60))
    .max(50, "At most 50 education levels")
    .refine(
      (list) => new Set(list.map((name) => name.toLowerCase())).size === list.length,
      "Education levels must be unique",
    ),
});
export type HrGuidelinesInput = z.output<typeof hrGuidelinesSchema>;
