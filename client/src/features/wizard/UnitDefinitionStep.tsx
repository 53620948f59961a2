import { Card, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import {
  UNIT_DEFINITION_FIELDS,
  type UnitDefinitionField,
  type UnitDefinitionFormValues,
  type UnitDefinitionInput,
  unitDefinitionFormSchema,
  unitDefinitionFormValues,
} from "../../../../schema/staffing";
import { applyServerFieldErrors, FormTextField, useRecheckAllOnChange, useSchemaValidity } from "../../ui/inputs";
import { Wizard_SaveUnitDefinitionMutation } from "./documents";
import { PlanFigures } from "./figures";
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
] as const satisfies readonly { name: UnitDefinitionField; label: string; help: string; required: boolean }[];

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
  const saved = useMemo(() => unitDefinitionFormValues(plan), [plan]);
  const form = useForm<UnitDefinitionFormValues, unknown, UnitDefinitionInput>({
    mode: "all",
    resolver: zodResolver(unitDefinitionFormSchema),
    defaultValues: saved,
  });
  const { isDirty: dirty } = form.formState;
  const valid = useSchemaValidity(form.control, unitDefinitionFormSchema);
  useRecheckAllOnChange(form, "change");
  // What the server holds is what the fields are compared with (dirty); what is typed stays typed.
  useEffect(() => form.reset(saved, { keepValues: true, keepTouched: true, keepErrors: true }), [form, saved]);

  async function send(input: UnitDefinitionInput): Promise<boolean> {
    const result = await context.save(Wizard_SaveUnitDefinitionMutation, { planId: plan.id, input });
    if (result.ok) {
      // The server's refusals are answered; what is typed now is checked again (not cleared: a field
      // typed wrong while this save was on its way keeps its message).
      void form.trigger();
    } else {
      const fieldErrors = Object.entries(result.fieldErrors).map(([field, message]) => ({ field, message }));
      applyServerFieldErrors(form.setError, fieldErrors, UNIT_DEFINITION_FIELDS);
    }
    return result.ok;
  }

  /** Saves what changed; a value the rule refuses shows its message on every field that has one. */
  async function persist(): Promise<boolean> {
    if (!form.formState.isDirty) return true;
    let ok = false;
    await form.handleSubmit(async (input) => {
      ok = await send(input);
    })();
    return ok;
  }
  saveRef.current = persist;

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
              <FormTextField
                key={field.name}
                control={form.control}
                name={field.name}
                label={field.label}
                inputMode="decimal"
                required={field.required}
                disabled={readOnly}
                helperText={field.help}
                onBlur={() => {
                  if (!readOnly && valid) void persist();
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
