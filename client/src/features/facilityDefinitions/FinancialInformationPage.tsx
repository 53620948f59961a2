import { useMutation } from "@apollo/client";
import type { z } from "zod";
import { budgetSettingsSchema, MONTHS } from "../../../../schema/facility";
import { graphql } from "../../gql";
import type { FinancialInformation_FacilityQueryQuery } from "../../gql/graphql";
import { FormNumberStepper, FormSelectField } from "../../ui/inputs";
import { SectionCard } from "../../ui/SectionCard";
import { DefinitionForm, DefinitionPage, FieldPairs, formRule, SectionColumns, useDefinitionForm } from "./formParts";

graphql(`
  fragment FinancialInformation_Settings on FacilitySettings {
    id
    annualHoursPerFte
    averageHourlyRate
    budgetSettings {
      prnStaffValue
      fiscalYearMonthsBegin
      fiscalYearDaysBegin
      budgetSeasonBeginMonth
      budgetSeasonBeginDay
      budgetSeasonEndMonth
      budgetSeasonEndDay
      nextPayPeriodBegin
      nextPayPeriodEnd
    }
  }
`);

const FinancialInformation_FacilityQuery = graphql(`
  query FinancialInformation_FacilityQuery {
    facilitySettings {
      ...FinancialInformation_Settings
    }
  }
`);

const FinancialInformation_UpdateMutation = graphql(`
  mutation FinancialInformation_UpdateMutation($input: FinancialInformationInput!) {
    updateFinancialInformation(input: $input) {
      __typename
      ... on MutationUpdateFinancialInformationSuccess {
        data {
          ...FinancialInformation_Settings
        }
      }
      ...DomainError_Fields
    }
  }
`);

type FormOutput = z.output<typeof budgetSettingsSchema>;
type FormValues = {
  prnStaffValue: number | null;
  fiscalYearMonthsBegin: string;
  fiscalYearDaysBegin: number | null;
  budgetSeasonBeginMonth: string;
  budgetSeasonBeginDay: number | null;
  budgetSeasonEndMonth: string;
  budgetSeasonEndDay: number | null;
  nextPayPeriodBegin: number | null;
  nextPayPeriodEnd: number | null;
  annualHoursPerFte: number | null;
  averageHourlyRate: number | null;
};
/** The shared rule (schema/facility.ts), with empty fields read as missing. */
const formSchema = formRule<FormValues, typeof budgetSettingsSchema>(budgetSettingsSchema);

/** Spec §3: the twelve months, offered by name and stored as 1 to 12. */
const MONTH_OPTIONS = MONTHS.map((month, index) => ({ value: String(index + 1), label: month }));
export const DEFAULT_ANNUAL_HOURS_PER_FTE = 2080;
const DAY_OF_MONTH_HELPER = "Day of the month, 1 to 31.";
type MonthField = "fiscalYearMonthsBegin" | "budgetSeasonBeginMonth" | "budgetSeasonEndMonth";
type DayField =
  | "fiscalYearDaysBegin"
  | "budgetSeasonBeginDay"
  | "budgetSeasonEndDay"
  | "nextPayPeriodBegin"
  | "nextPayPeriodEnd";

type Settings = FinancialInformation_FacilityQueryQuery["facilitySettings"];

function initialValues(settings: Settings): FormValues {
  const budget = settings.budgetSettings;
  const month = (value: number | undefined) => (value ? String(value) : "");
  return {
    prnStaffValue: budget?.prnStaffValue ?? null,
    fiscalYearMonthsBegin: month(budget?.fiscalYearMonthsBegin),
    fiscalYearDaysBegin: budget?.fiscalYearDaysBegin ?? null,
    budgetSeasonBeginMonth: month(budget?.budgetSeasonBeginMonth),
    budgetSeasonBeginDay: budget?.budgetSeasonBeginDay ?? null,
    budgetSeasonEndMonth: month(budget?.budgetSeasonEndMonth),
    budgetSeasonEndDay: budget?.budgetSeasonEndDay ?? null,
    nextPayPeriodBegin: budget?.nextPayPeriodBegin ?? null,
    nextPayPeriodEnd: budget?.nextPayPeriodEnd ?? null,
    annualHoursPerFte: settings.annualHoursPerFte || DEFAULT_ANNUAL_HOURS_PER_FTE,
    averageHourlyRate: settings.averageHourlyRate ?? null,
  };
}

/** /admin/facility-definitions/financial-information: the budget settings (spec §5) and the FTE basis. */
export function FinancialInformationPage() {
  return (
    <DefinitionPage
      title="Basic Financial Information"
      description="The budget calendar and FTE standards every staffing plan of the facility is built on."
      what="the financial information"
      query={FinancialInformation_FacilityQuery}
      form={(settings) => <FinancialInformationForm initial={initialValues(settings)} />}
    />
  );
}

function FinancialInformationForm({ initial }: { initial: FormValues }) {
  const [update, { loading: saving }] = useMutation(FinancialInformation_UpdateMutation);
  // Saving unchanged, valid settings is allowed: it confirms them and completes the onboarding step.
  const { control, currentFailure, handleFormSubmit } = useDefinitionForm({
    schema: formSchema,
    initial,
    saving,
    send: async (input: FormOutput) => (await update({ variables: { input } })).data?.updateFinancialInformation,
  });

  const dayOfMonth = (name: DayField, label: string, helperText?: string) => (
    <FormNumberStepper control={control} name={name} label={label} min={1} max={31} required helperText={helperText} />
  );
  const month = (name: MonthField, label: string) => (
    <FormSelectField
      control={control}
      name={name}
      label={label}
      placeholder="Choose a month"
      options={MONTH_OPTIONS}
      required
    />
  );
  return (
    <DefinitionForm
      label="Basic Financial Information"
      failureTitle="The financial information was not saved"
      failure={currentFailure}
      onSubmit={handleFormSubmit}
    >
      <SectionColumns
        left={
          <>
            <SectionCard
              title="FTE standards"
              description="How many hours an FTE works, and what a PRN staff member counts as."
            >
              <FieldPairs>
                <FormNumberStepper
                  control={control}
                  name="annualHoursPerFte"
                  label="Annual hours per FTE"
                  min={1000}
                  max={3000}
                  step={1}
                  required
                  helperText="2080 is 40 hours a week for 52 weeks."
                />
                <FormNumberStepper
                  control={control}
                  name="prnStaffValue"
                  label="PRN staff value (FTE)"
                  min={0.01}
                  max={1.5}
                  step={0.01}
                  required
                  helperText="The FTE each PRN staff member counts as, from 0.01 to 1.5."
                />
                <FormNumberStepper
                  control={control}
                  name="averageHourlyRate"
                  label="Average hourly rate ($)"
                  min={1}
                  max={1000}
                  step={0.01}
                  helperText="Optional. Modelling prices a plan's paid hours at this rate; leave it empty to show no cost."
                />
              </FieldPairs>
            </SectionCard>
            <SectionCard title="Fiscal year" description="The day the facility's fiscal year begins.">
              <FieldPairs>
                {month("fiscalYearMonthsBegin", "Fiscal year begin month")}
                {dayOfMonth("fiscalYearDaysBegin", "Fiscal year begin day")}
              </FieldPairs>
            </SectionCard>
          </>
        }
        right={
          <>
            <SectionCard
              title="Budget season"
              description="While budget season is open, plans begun before it are sent back for re-verification."
            >
              <FieldPairs>
                {month("budgetSeasonBeginMonth", "Budget season begin month")}
                {dayOfMonth("budgetSeasonBeginDay", "Budget season begin day")}
                {month("budgetSeasonEndMonth", "Budget season end month")}
                {dayOfMonth("budgetSeasonEndDay", "Budget season end day")}
              </FieldPairs>
            </SectionCard>
            <SectionCard title="Pay period" description="The days of the month the next pay period begins and ends.">
              <FieldPairs>
                {dayOfMonth("nextPayPeriodBegin", "Next pay period begin", DAY_OF_MONTH_HELPER)}
                {dayOfMonth("nextPayPeriodEnd", "Next pay period end", DAY_OF_MONTH_HELPER)}
              </FieldPairs>
            </SectionCard>
          </>
        }
      />
    </DefinitionForm>
  );
}
