import { useMutation } from "@apollo/client";
import { Box, Button, Field, Flex, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { type KeyboardEvent, useState } from "react";
import { type Control, useController } from "react-hook-form";
import type { z } from "zod";
import { hrGuidelinesSchema, TIME_ZONES, WEEKDAYS } from "../../../../schema/facility";
import { graphql } from "../../gql";
import type { HrGuidelines_FacilityQueryQuery } from "../../gql/graphql";
import { FailureLine } from "../../ui/ErrorAlert";
import { FormSelectField, FormTextField, visibleFieldError } from "../../ui/inputs";
import { SectionCard } from "../../ui/SectionCard";
import { AppShell_ViewerQuery } from "../shell/viewerQuery";
import { DefinitionForm, DefinitionPage, FieldPairs, formRule, SectionColumns, useDefinitionForm } from "./formParts";

graphql(`
  fragment HrGuidelines_Settings on FacilitySettings {
    id
    timeZone
    education
    shiftSettings {
      dayShiftStart
      dayShiftEnd
      eveningShiftStart
      eveningShiftEnd
      nightShiftStart
      nightShiftEnd
      otherShiftStart
      otherShiftEnd
      startDay
      endDay
      dropdownStartTime
      dropdownEndTime
      emailContact
    }
  }
`);

const HrGuidelines_FacilityQuery = graphql(`
  query HrGuidelines_FacilityQuery {
    facilitySettings {
      ...HrGuidelines_Settings
    }
  }
`);

const HrGuidelines_UpdateMutation = graphql(`
  mutation HrGuidelines_UpdateMutation($input: HrGuidelinesInput!) {
    updateHrGuidelines(input: $input) {
      __typename
      ... on MutationUpdateHrGuidelinesSuccess {
        data {
          ...HrGuidelines_Settings
        }
      }
      ...DomainError_Fields
    }
  }
`);

type FormOutput = z.output<typeof hrGuidelinesSchema>;
type FormValues = {
  dayShiftStart: string;
  dayShiftEnd: string;
  eveningShiftStart: string;
  eveningShiftEnd: string;
  nightShiftStart: string;
  nightShiftEnd: string;
  otherShiftStart: string;
  otherShiftEnd: string;
  startDay: string;
  endDay: string;
  dropdownStartTime: string;
  dropdownEndTime: string;
  emailContact: string;
  timeZone: string;
  education: string[];
};
/** The shared rule (schema/facility.ts), with empty fields read as missing. */
const formSchema = formRule<FormValues, typeof hrGuidelinesSchema>(hrGuidelinesSchema);

type TimeField = Exclude<keyof FormValues, "startDay" | "endDay" | "emailContact" | "timeZone" | "education">;
const SHIFTS: readonly { label: string; start: TimeField; end: TimeField; optional?: boolean }[] = [
  { label: "Day shift", start: "dayShiftStart", end: "dayShiftEnd" },
  { label: "Evening shift", start: "eveningShiftStart", end: "eveningShiftEnd" },
  { label: "Night shift", start: "nightShiftStart", end: "nightShiftEnd" },
  { label: "Other shift", start: "otherShiftStart", end: "otherShiftEnd", optional: true },
];

/** Spec §3: weekdays Monday to Sunday, stored as 1 to 7. */
const WEEKDAY_OPTIONS = WEEKDAYS.map((day, index) => ({ value: String(index + 1), label: day }));
const TIME_ZONE_OPTIONS = TIME_ZONES.map(({ zone, utc }) => ({ value: zone, label: `${zone} (${utc})` }));
const EDUCATION_RULE = hrGuidelinesSchema.shape.education.element;
const EDUCATION_MAX = 50;
const MILITARY_TIME_HELPER = "4-digit military time, e.g. 0700";
type TimeOptions = { required?: boolean; helperText?: string };
/** The other shift is optional and says so; the others are required. */
const shiftTime = (shift: (typeof SHIFTS)[number]): TimeOptions =>
  shift.optional ? { required: false, helperText: "Optional" } : {};

type Settings = HrGuidelines_FacilityQueryQuery["facilitySettings"];

function initialValues(settings: Settings): FormValues {
  const shifts = settings.shiftSettings;
  return {
    dayShiftStart: shifts?.dayShiftStart ?? "",
    dayShiftEnd: shifts?.dayShiftEnd ?? "",
    eveningShiftStart: shifts?.eveningShiftStart ?? "",
    eveningShiftEnd: shifts?.eveningShiftEnd ?? "",
    nightShiftStart: shifts?.nightShiftStart ?? "",
    nightShiftEnd: shifts?.nightShiftEnd ?? "",
    otherShiftStart: shifts?.otherShiftStart ?? "",
    otherShiftEnd: shifts?.otherShiftEnd ?? "",
    startDay: shifts ? String(shifts.startDay) : "",
    endDay: shifts ? String(shifts.endDay) : "",
    dropdownStartTime: shifts?.dropdownStartTime ?? "",
    dropdownEndTime: shifts?.dropdownEndTime ?? "",
    emailContact: shifts?.emailContact ?? "",
    timeZone: settings.timeZone,
    education: [...settings.education],
  };
}

/** /admin/facility-definitions/hr-guidelines: shift settings (spec §5), time zone and education list. */
export function HrGuidelinesPage() {
  return (
    <DefinitionPage
      title="Basic HR Guidelines"
      description="The facility's shift times, work week, time zone and education levels, used throughout the planning wizard."
      what="the HR guidelines"
      query={HrGuidelines_FacilityQuery}
      form={(settings) => <HrGuidelinesForm initial={initialValues(settings)} />}
    />
  );
}

function HrGuidelinesForm({ initial }: { initial: FormValues }) {
  const [update, { loading: saving }] = useMutation(HrGuidelines_UpdateMutation, {
    // The viewer carries the facility's time zone, which every date on screen is read in.
    refetchQueries: [AppShell_ViewerQuery],
  });
  // Saving unchanged, valid guidelines is allowed: it confirms them and completes the onboarding step.
  const { control, currentFailure, handleFormSubmit } = useDefinitionForm({
    schema: formSchema,
    initial,
    saving,
    send: async (input: FormOutput) => (await update({ variables: { input } })).data?.updateHrGuidelines,
  });

  /** A time in 4-digit military time (0700). */
  const time = (name: TimeField, label: string, { required = true, helperText }: TimeOptions = {}) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required={required}
      helperText={helperText}
      inputMode="numeric"
      maxLength={4}
      placeholder="HHMM"
      autoComplete="off"
    />
  );
  const weekday = (name: "startDay" | "endDay", label: string) => (
    <FormSelectField
      control={control}
      name={name}
      label={label}
      placeholder="Choose a day"
      options={WEEKDAY_OPTIONS}
      required
    />
  );
  return (
    <DefinitionForm
      label="Basic HR Guidelines"
      failureTitle="The HR guidelines were not saved"
      failure={currentFailure}
      onSubmit={handleFormSubmit}
    >
      <SectionColumns
        left={
          <>
            <SectionCard
              title="Shift settings"
              description="Start and end of each shift in 4-digit military time (0000 to 2400). The other shift is optional."
            >
              <Stack gap="5">
                {SHIFTS.map((shift) => (
                  <FieldPairs key={shift.start}>
                    {time(shift.start, `${shift.label} start`, shiftTime(shift))}
                    {time(shift.end, `${shift.label} end`, shiftTime(shift))}
                  </FieldPairs>
                ))}
              </Stack>
            </SectionCard>
            <SectionCard
              title="Time choices"
              description="The first and last time offered in the wizard's time dropdowns, in 4-digit military time."
            >
              <FieldPairs>
                {time("dropdownStartTime", "Dropdown start time", { helperText: MILITARY_TIME_HELPER })}
                {time("dropdownEndTime", "Dropdown end time", { helperText: MILITARY_TIME_HELPER })}
              </FieldPairs>
            </SectionCard>
          </>
        }
        right={
          <>
            <SectionCard title="Schedule week" description="The days a schedule week starts and ends on.">
              <FieldPairs>
                {weekday("startDay", "Start day")}
                {weekday("endDay", "End day")}
              </FieldPairs>
            </SectionCard>
            <SectionCard title="Contact and time zone">
              <FieldPairs>
                <FormTextField
                  control={control}
                  name="emailContact"
                  label="Contact e-mail"
                  type="email"
                  required
                  autoComplete="email"
                  helperText="Who staff and managers write to about HR questions."
                />
                <FormSelectField
                  control={control}
                  name="timeZone"
                  label="Time zone"
                  placeholder="Choose a time zone"
                  options={TIME_ZONE_OPTIONS}
                  required
                />
              </FieldPairs>
            </SectionCard>
            <SectionCard
              title="Education"
              description="The education levels staff records can show (for example BSN). Remove one to stop offering it."
            >
              <EducationList control={control} />
            </SectionCard>
          </>
        }
      />
    </DefinitionForm>
  );
}

/** The education list: add names (Enter or Add) and remove them; names are unique regardless of case. */
function EducationList({ control }: { control: Control<FormValues, unknown, FormOutput> }) {
  const { field, fieldState, formState } = useController({ control, name: "education" });
  const list: string[] = field.value;
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string | null>(null);
  const listError = visibleFieldError(fieldState, formState.isSubmitted);

  function handleAdd() {
    const parsed = EDUCATION_RULE.safeParse(draft);
    if (!parsed.success) {
      setDraftError(parsed.error.issues[0]?.message ?? "This name is not valid");
      return;
    }
    const name = parsed.data;
    if (list.some((existing) => existing.toLowerCase() === name.toLowerCase())) {
      setDraftError(`${name} is already in the list`);
      return;
    }
    field.onChange([...list, name]);
    setDraft("");
    setDraftError(null);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (draft.trim()) handleAdd();
  }

  return (
    <Stack gap="4">
      {list.length === 0 ? (
        <Text color="fg.muted" textStyle="sm" data-testid="education-empty">
          No education levels yet. Add the first one below.
        </Text>
      ) : (
        <Flex as="ul" wrap="wrap" gap="2" listStyleType="none" aria-label="Education levels">
          {list.map((name) => (
            <HStack
              as="li"
              key={name}
              gap="1"
              ps="3"
              pe="1"
              py="1"
              borderRadius="full"
              borderWidth="1px"
              bg="brand.subtle"
              borderColor="brand.muted"
              data-testid="education-item"
            >
              <Text textStyle="sm" fontWeight="medium" data-testid="education-name">
                {name}
              </Text>
              <IconButton
                aria-label={`Remove ${name}`}
                size="2xs"
                variant="ghost"
                borderRadius="full"
                onClick={() => field.onChange(list.filter((existing) => existing !== name))}
              >
                <Box as="span" aria-hidden="true" fontSize="md" lineHeight="1">
                  ×
                </Box>
              </IconButton>
            </HStack>
          ))}
        </Flex>
      )}
      <FailureLine message={listError} />
      <Field.Root invalid={Boolean(draftError)} disabled={list.length >= EDUCATION_MAX} maxW="md">
        <Field.Label>Add an education level</Field.Label>
        <HStack gap="2" width="full">
          <Input
            value={draft}
            placeholder="e.g. BSN"
            autoComplete="off"
            onChange={(event) => {
              setDraft(event.target.value);
              setDraftError(null);
            }}
            onKeyDown={handleKeyDown}
            onBlur={field.onBlur}
          />
          <Button
            variant="outline"
            colorPalette="brand"
            onClick={handleAdd}
            disabled={!draft.trim() || list.length >= EDUCATION_MAX}
          >
            Add
          </Button>
        </HStack>
        {draftError ? (
          <Field.ErrorText>{draftError}</Field.ErrorText>
        ) : (
          <Field.HelperText>
            {list.length >= EDUCATION_MAX ? `At most ${EDUCATION_MAX} education levels.` : "Press Enter or Add."}
          </Field.HelperText>
        )}
      </Field.Root>
    </Stack>
  );
}
