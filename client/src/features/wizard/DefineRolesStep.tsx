import { Badge, Box, Button, Card, Grid, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { type Control, useForm, useWatch } from "react-hook-form";
import {
  formatFte,
  type RoleFormValues,
  type RoleRuleInput,
  roleFormSchema,
  roleFormValues,
  SHIFT_NAMES,
  type ShiftName,
  shiftEndTime,
  shiftPaidHours,
} from "../../../../schema/staffing";
import { isMilitaryTime } from "../../../../schema/time";
import { EmptyNote } from "../../ui/EmptyNote";
import { FailureLine } from "../../ui/ErrorAlert";
import { FormCheckbox, FormSelectField, FormTextField, useRecheckAllOnChange } from "../../ui/inputs";
import { ConfirmRemove } from "./ConfirmRemove";
import {
  Wizard_CreateUnitRoleMutation,
  Wizard_DeleteUnitRoleMutation,
  Wizard_UpdateUnitRoleMutation,
} from "./documents";
import { PlanFigures } from "./figures";
import type { PlanData, WizardData } from "./useWizard";
import { type RowEditingBodyProps, RowEditingFrame, type StepContext } from "./WizardFrame";

type Role = PlanData["roles"][number];
/** The role being edited: a saved one, or a new one. */
type Editing = { role: Role | null };

/** /user/wizard/defineRoles: step 2. */
export function DefineRolesStep() {
  return (
    <RowEditingFrame
      step="DefineRoles"
      description="Exempt roles carry an FTE; variable roles carry Days, Evenings and Nights shifts."
      Body={RolesBody}
    />
  );
}

function RolesBody({ context, onEditing }: RowEditingBodyProps) {
  const { plan, wizard, readOnly } = context;
  const [editing, setEditingState] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<Role | null>(null);
  const setEditing = (next: Editing | null) => {
    setEditingState(next);
    onEditing(next !== null);
  };

  return (
    <Stack gap="6">
      <Card.Root variant="outline" bg="bg.panel">
        <Card.Body gap="4">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Stack gap="1">
              <Heading as="h2" size="md">
                Roles
              </Heading>
              <Text textStyle="sm" color="fg.muted">
                A role is complete when it has its role, start time and staff per shift (or, exempt, its FTE).
              </Text>
            </Stack>
            {!readOnly && !editing ? (
              <Button colorPalette="brand" onClick={() => setEditing({ role: null })}>
                Add role
              </Button>
            ) : null}
          </HStack>
          {plan.roles.length === 0 && !editing ? (
            <EmptyNote
              size="sm"
              title="No roles yet"
              description="Add the roles of the unit: for example a Nurse Manager at 0.5 FTE, Registered Nurses on 12-hour shifts 0700-1930 and 1900-0730, and assistants on 8-hour shifts."
            />
          ) : (
            <Box overflowX="auto">
              <Table.Root size="sm" data-testid="roles-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Role</Table.ColumnHeader>
                    <Table.ColumnHeader>Type</Table.ColumnHeader>
                    <Table.ColumnHeader>FTE or shifts</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader srOnly>Actions</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {plan.roles.map((role) => (
                    <Table.Row key={role.id} data-testid="role-row">
                      <Table.Cell fontWeight="medium">{role.name}</Table.Cell>
                      <Table.Cell>
                        {role.isExempt
                          ? role.replacement === "FixedWithReplacement"
                            ? "Exempt (fixed with replacement)"
                            : "Exempt (fixed)"
                          : "Variable"}
                      </Table.Cell>
                      <Table.Cell>
                        {role.isExempt ? (
                          `${formatFte(role.fte ?? 0)} FTE`
                        ) : (
                          <Stack gap="0">
                            {role.shifts.map((s) => (
                              <Text key={s.id} textStyle="sm" fontVariantNumeric="tabular-nums">
                                {s.shift} {s.startTime}-{s.endTime} · {s.durationHours} h ({s.paidHours} paid) ·{" "}
                                {s.staffPerShift} staff
                              </Text>
                            ))}
                          </Stack>
                        )}
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={role.isComplete ? "green" : "red"}>
                          {role.isComplete ? "Complete" : "Incomplete"}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        {!readOnly ? (
                          <HStack gap="2" justify="flex-end">
                            <Button
                              size="xs"
                              variant="outline"
                              onClick={() => setEditing({ role })}
                              aria-label={`Edit ${role.name}`}
                            >
                              Edit
                            </Button>
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="red"
                              onClick={() => setRemoving(role)}
                              aria-label={`Remove ${role.name}`}
                            >
                              Remove
                            </Button>
                          </HStack>
                        ) : null}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
          {editing ? (
            <RoleEditor
              key={editing.role?.id ?? "new"}
              role={editing.role}
              context={context}
              jobs={wizard.jobs}
              onDone={() => setEditing(null)}
            />
          ) : null}
        </Card.Body>
      </Card.Root>
      <PlanFigures plan={plan} />
      <ConfirmRemove
        row={removing}
        title={`Remove ${removing?.name ?? "the role"}?`}
        mutation={Wizard_DeleteUnitRoleMutation}
        context={context}
        onClose={() => setRemoving(null)}
      >
        The role, its shifts and the staff and open positions on it leave the plan. The later steps go back to In
        progress.
      </ConfirmRemove>
    </Stack>
  );
}

type EditorProps = {
  /** The saved role to change, or null for a new one. */
  role: Role | null;
  context: StepContext;
  jobs: WizardData["jobs"];
  onDone: () => void;
};

const THREE_COLUMNS = { base: "1fr", md: "repeat(3, minmax(0, 1fr))" };

/** Adds or changes a role: react-hook-form over the server's role rule (roleFormSchema); messages show from the first save on. */
function RoleEditor({ role, context, jobs, onDone }: EditorProps) {
  const schema = useMemo(() => roleFormSchema(jobs), [jobs]);
  const form = useForm<RoleFormValues, unknown, RoleRuleInput>({
    resolver: zodResolver(schema),
    defaultValues: roleFormValues(role ?? undefined),
  });
  const { control } = form;
  useRecheckAllOnChange(form, "submit");
  const values = useWatch({ control }) as RoleFormValues;
  const shiftsError = form.formState.errors.shifts?.message;
  const [serverError, setServerError] = useState<string | null>(null);

  const handleSave = form.handleSubmit(async (input) => {
    const result = role
      ? await context.save(Wizard_UpdateUnitRoleMutation, { id: role.id, input })
      : await context.save(Wizard_CreateUnitRoleMutation, { planId: context.plan.id, input });
    if (result.ok) onDone();
    else setServerError(result.message);
  });

  function handleJobChange(jobId: string) {
    const job = jobs.find((j) => j.id === jobId);
    if (job) form.setValue("isExempt", job.isExempt);
  }

  return (
    <Card.Root variant="subtle" data-testid="role-editor" asChild>
      <form noValidate aria-label={role ? "Edit role" : "Add role"} onSubmit={(event) => void handleSave(event)}>
        <Card.Body gap="4">
          <Heading as="h3" size="sm">
            {role ? "Edit role" : "Add role"}
          </Heading>
          <Grid templateColumns={THREE_COLUMNS} gap="4" alignItems="start">
            <FormSelectField
              control={control}
              name="jobId"
              label="Role"
              placeholder="Choose a role"
              required
              options={jobs.map((j) => ({ value: j.id, label: j.name }))}
              onValueChange={handleJobChange}
            />
            <FormCheckbox control={control} name="isExempt" label="Exempt role (fixed FTE, no shifts)" mt="8" />
          </Grid>
          {values.isExempt ? (
            <Grid templateColumns={THREE_COLUMNS} gap="4">
              <FormTextField
                control={control}
                name="fte"
                label="FTE"
                inputMode="decimal"
                placeholder="1.00"
                required
                helperText="0.01 to 1.5"
              />
              <FormSelectField
                control={control}
                name="replacement"
                label="Replacement"
                options={[
                  { value: "Fixed", label: "Fixed (not replaced)" },
                  { value: "FixedWithReplacement", label: "Fixed with replacement" },
                ]}
              />
            </Grid>
          ) : (
            <Stack gap="3">
              <Grid templateColumns={THREE_COLUMNS} gap="4">
                <FormTextField
                  control={control}
                  name="unpaidBreakMinutes"
                  label="Unpaid break per shift (minutes)"
                  inputMode="numeric"
                  placeholder="Default"
                  helperText="Empty: 30 minutes on shifts of 8 hours or more, none on shorter ones. FTE counts paid hours."
                />
              </Grid>
              <FailureLine message={shiftsError} />
              {SHIFT_NAMES.map((shift) => (
                <ShiftFields key={shift} shift={shift} control={control} values={values} />
              ))}
            </Stack>
          )}
          <FailureLine message={serverError} />
          <HStack gap="3">
            <Button type="submit" colorPalette="brand" loading={context.saving}>
              Save role
            </Button>
            <Button variant="outline" onClick={onDone}>
              Cancel
            </Button>
          </HStack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

type ShiftFieldsProps = {
  shift: ShiftName;
  control: Control<RoleFormValues, unknown, RoleRuleInput>;
  values: RoleFormValues;
};

/** One shift of a variable role: ticked to include it, its start, length and staff, and where it ends. */
function ShiftFields({ shift, control, values }: ShiftFieldsProps) {
  const s = values.shifts[shift];
  const breakMinutes = /^\d+$/.test(values.unpaidBreakMinutes.trim()) ? Number(values.unpaidBreakMinutes) : null;
  const end =
    s.include && isMilitaryTime(s.startTime) && Number(s.durationHours) > 0
      ? shiftEndTime(s.startTime, Number(s.durationHours))
      : null;
  const paid = end !== null ? shiftPaidHours({ durationHours: Number(s.durationHours) }, breakMinutes) : null;
  return (
    <Grid
      templateColumns={{ base: "1fr", md: "10rem repeat(3, minmax(0, 1fr)) 6rem" }}
      gap="3"
      alignItems="start"
      data-testid={`shift-${shift}`}
    >
      <FormCheckbox control={control} name={`shifts.${shift}.include`} label={shift} mt="8" />
      <FormTextField
        control={control}
        name={`shifts.${shift}.startTime`}
        label={`${shift} start time`}
        placeholder="0700"
        inputMode="numeric"
        maxLength={4}
        disabled={!s.include}
      />
      <FormTextField
        control={control}
        name={`shifts.${shift}.durationHours`}
        label={`${shift} duration (hours)`}
        inputMode="decimal"
        disabled={!s.include}
      />
      <FormTextField
        control={control}
        name={`shifts.${shift}.staffPerShift`}
        label={`${shift} staff per shift`}
        inputMode="numeric"
        disabled={!s.include}
        helperText="1 to 24"
      />
      <Text mt="8" textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
        {end ? `ends ${end} · ${paid} paid h` : ""}
      </Text>
    </Grid>
  );
}
