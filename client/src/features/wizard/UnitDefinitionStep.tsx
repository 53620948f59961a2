import { Card, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { unitDefinitionSchema } from "../../../../schema/staffing";
import { TextField } from "../../ui/inputs";
import { Wizard_SaveUnitDefinitionMutation } from "./documents";
import { PlanFigures } from "./figures";
import type { PlanData } from "./useWizard";
import { type StepContext, WizardFrame } from "./WizardFrame";

const FIELDS = [
  { name: "census", label: "Average daily census", help: "Patients a day on average, 1 to 1000.", required: true },
  {
    name: "careTeamTarget",
    label: "Care team hours per patient day (HPPD)",
    help: "The target, 1 to 1000.",
    required: true,
  },
  {
    name: "nonProductiveGoalPercentage",
    label: "Non-productive goal %",
    help: "Vacation, sick and education time as a percentage of paid time, 0 to 50: enter 15 for 15 %.",
    required: true,
  },
  {
    name: "targetOvertimePercentage",
    label: "Target overtime %",
    help: "0 to 25, of non-exempt productive FTE; shown as its own FTE bucket.",
    required: true,
  },
  {
    name: "productiveFteBudget",
    label: "Productive FTE budget (finance)",
    help: "Optional, 0 to 10000.",
    required: false,
  },
  {
    name: "totalPaidFteBudget",
    label: "Total paid FTE budget (finance)",
    help: "Optional, at least the productive budget.",
    required: false,
  },
] as const;
type FieldName = (typeof FIELDS)[number]["name"];
type Values = Record<FieldName, string>;

const toText = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
function valuesOf(plan: PlanData): Values {
  return {
    census: toText(plan.census),
    careTeamTarget: toText(plan.careTeamTarget),
    nonProductiveGoalPercentage: toText(plan.nonProductiveGoalPercentage),
    targetOvertimePercentage: toText(plan.targetOvertimePercentage),
    productiveFteBudget: toText(plan.productiveFteBudget),
    totalPaidFteBudget: toText(plan.totalPaidFteBudget),
  };
}
/** Text to the rule's input: blank optional budgets are null; anything unreadable stays text so the rule names it. */
function inputOf(values: Values) {
  const num = (text: string) =>
    text.trim() === "" ? undefined : /^-?\d*\.?\d+$/.test(text.trim()) ? Number(text) : text;
  return {
    census: num(values.census),
    careTeamTarget: num(values.careTeamTarget),
    nonProductiveGoalPercentage: num(values.nonProductiveGoalPercentage),
    targetOvertimePercentage: num(values.targetOvertimePercentage),
    productiveFteBudget: num(values.productiveFteBudget) ?? null,
    totalPaidFteBudget: num(values.totalPaidFteBudget) ?? null,
  };
}

/** /user/wizard/unitdef: step 1. */
export function UnitDefinitionStep() {
  const save = useRef<() => Promise<boolean>>(async () => true);
  const [state, setState] = useState({ valid: true, dirty: false });
  return (
    <WizardFrame
      step="UnitDefinition"
      description="The unit's census, its care-hour target, and finance's FTE budget."
      hasUnsavedChanges={state.dirty}
      main={() => ({ enabled: state.valid, beforeComplete: () => save.current() })}
    >
      {(context) => <UnitDefinitionForm key={context.plan.id} context={context} saveRef={save} onState={setState} />}
    </WizardFrame>
  );
}

type FormProps = {
  context: StepContext;
  saveRef: { current: () => Promise<boolean> };
  onState: (state: { valid: boolean; dirty: boolean }) => void;
};

function UnitDefinitionForm({ context, saveRef, onState }: FormProps) {
  const { plan, readOnly } = context;
  const [values, setValues] = useState<Values>(() => valuesOf(plan));
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const saved = useMemo(() => valuesOf(plan), [plan]);
  const parsed = unitDefinitionSchema.safeParse(inputOf(values));
  const errors: Partial<Record<FieldName, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FieldName;
      errors[field] ??= issue.message;
    }
  }
  const dirty = FIELDS.some((f) => values[f.name] !== saved[f.name]);

  async function persist(): Promise<boolean> {
    if (!dirty) return true;
    if (!parsed.success) {
      setTouched(Object.fromEntries(FIELDS.map((f) => [f.name, true])));
      return false;
    }
    const result = await context.save(Wizard_SaveUnitDefinitionMutation, { planId: plan.id, input: parsed.data });
    if (!result.ok) setServerErrors(result.fieldErrors);
    else setServerErrors({});
    return result.ok;
  }
  saveRef.current = persist;

  const valid = parsed.success;
  useEffect(() => onState({ valid, dirty }), [valid, dirty, onState]);

  return (
    <Stack gap="6">
      <Card.Root variant="outline" bg="bg.panel">
        <Card.Body gap="5">
          <Stack gap="1">
            <Heading as="h2" size="md">
              Unit definition
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              Each field is saved when you leave it. Care hours needed a day are census × HPPD.
            </Text>
          </Stack>
          <Grid
            templateColumns={{ base: "1fr", md: "repeat(2, minmax(0, 1fr))", xl: "repeat(3, minmax(0, 1fr))" }}
            gap="5"
          >
            {FIELDS.map((field) => (
              <TextField
                key={field.name}
                label={field.label}
                name={field.name}
                inputMode="decimal"
                value={values[field.name]}
                required={field.required}
                disabled={readOnly}
                helperText={field.help}
                error={
                  touched[field.name] || values[field.name] !== saved[field.name]
                    ? (errors[field.name] ?? serverErrors[field.name])
                    : undefined
                }
                onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
                onBlur={() => {
                  setTouched((t) => ({ ...t, [field.name]: true }));
                  if (!readOnly && parsed.success) void persist();
                }}
              />
            ))}
          </Grid>
        </Card.Body>
      </Card.Root>
      <PlanFigures plan={plan} />
    </Stack>
  );
}
