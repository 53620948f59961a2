// The model as the manager edits it: numbers may be empty while typed; `checkModelInputs` (schema/)
// turns a draft into inputs or names what is wrong.
import {
  type ModelInputs,
  type Replacement,
  type ShiftName,
  shiftOf,
  type UnitDefinitionDraft,
} from "../../../../schema/staffing";
import type { Modelling_QueryQuery } from "../../gql/graphql";

export type DraftShift = {
  shift: ShiftName;
  startTime: string;
  durationHours: number | null;
  staffPerShift: number | null;
};
export type DraftRole = {
  unitRoleId: string | null;
  jobId: string | null;
  name: string;
  isExempt: boolean;
  fte: number | null;
  replacement: Replacement;
  unpaidBreakMinutes: number | null;
  shifts: DraftShift[];
};
export type Draft = UnitDefinitionDraft & { roles: DraftRole[] };

type QueryInputs = NonNullable<Modelling_QueryQuery["modelling"]["plan"]>["inputs"];

/** Inputs as the server keeps them (the saved plan, a scenario) → a draft. */
export function draftOf(inputs: QueryInputs | ModelInputs): Draft {
  return {
    census: inputs.census,
    careTeamTarget: inputs.careTeamTarget,
    nonProductiveGoalPercentage: inputs.nonProductiveGoalPercentage,
    targetOvertimePercentage: inputs.targetOvertimePercentage,
    productiveFteBudget: inputs.productiveFteBudget ?? null,
    totalPaidFteBudget: inputs.totalPaidFteBudget ?? null,
    roles: inputs.roles.map(
      (role): DraftRole => ({
        unitRoleId: role.unitRoleId ?? null,
        jobId: role.jobId ?? null,
        name: role.name,
        isExempt: role.isExempt,
        fte: role.fte ?? null,
        replacement: role.replacement,
        unpaidBreakMinutes: role.unpaidBreakMinutes ?? null,
        shifts: role.shifts.map(shiftOf),
      }),
    ),
  };
}

export const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** How each figure is shown: FTE and HPPD with 2 decimals, hours a day with 1, a year's hours and dollars whole. */
export const FORMATS = {
  fte: (value: number) => value.toFixed(2),
  hoursADay: (value: number) => value.toFixed(1),
  hoursAYear: (value: number) => whole.format(value),
  dollars: (value: number) => money.format(value),
} as const;
export type FormatName = keyof typeof FORMATS;

/**
 * The change from the baseline to the model in words, as shown (both rounded first, so the change
 * is the difference of the two figures on screen): '+1.56', '−1.00', or 'No change'.
 */
export function changeText(baseline: number, model: number, format: FormatName): string {
  const shown = (value: number) => Number(FORMATS[format](value).replace(/[^0-9.-]/g, ""));
  const difference = shown(model) - shown(baseline);
  if (Math.abs(difference) < 1e-9) return "No change";
  const text = FORMATS[format](Math.abs(difference));
  return `${difference > 0 ? "+" : "−"}${text}`;
}
