import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  EmptyState,
  Grid,
  Heading,
  HStack,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useState } from "react";
import {
  formatFte,
  roleSchema,
  SHIFT_NAMES,
  type ShiftName,
  shiftEndTime,
  shiftPaidHours,
} from "../../../../schema/staffing";
import { isMilitaryTime } from "../../../../schema/time";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { SelectField, TextField } from "../../ui/inputs";
import {
  Wizard_CreateUnitRoleMutation,
  Wizard_DeleteUnitRoleMutation,
  Wizard_UpdateUnitRoleMutation,
} from "./documents";
import { PlanFigures } from "./figures";
import type { PlanData, WizardData } from "./useWizard";
import { type StepContext, WizardFrame } from "./WizardFrame";

type Role = PlanData["roles"][number];
type ShiftDraft = { include: boolean; startTime: string; durationHours: string; staffPerShift: string };
type Draft = {
  id: string | null;
  jobId: string;
  isExempt: boolean;
  fte: string;
  replacement: "Fixed" | "FixedWithReplacement";
  /** Minutes; empty means the default (30 min on shifts of 8 hours or more). */
  unpaidBreakMinutes: string;
  shifts: Record<ShiftName, ShiftDraft>;
};

const SHIFT_DEFAULTS: Record<ShiftName, { startTime: string; durationHours: string }> = {
  Days: { startTime: "0700", durationHours: "12.5" },
  Evenings: { startTime: "1500", durationHours: "8" },
  Nights: { startTime: "1900", durationHours: "12.5" },
};

function emptyDraft(): Draft {
  return {
    id: null,
    jobId: "",
    isExempt: false,
    fte: "",
    replacement: "Fixed",
    unpaidBreakMinutes: "",
    shifts: Object.fromEntries(
      SHIFT_NAMES.map((s) => [s, { include: false, ...SHIFT_DEFAULTS[s], staffPerShift: "" }]),
    ) as Record<ShiftName, ShiftDraft>,
  };
}

function draftOf(role: Role): Draft {
  const draft = emptyDraft();
  draft.id = role.id;
  draft.jobId = role.jobId ?? "";
  draft.isExempt = role.isExempt;
  draft.fte = role.fte === null || role.fte === undefined ? "" : String(role.fte);
  draft.replacement = role.replacement === "FixedWithReplacement" ? "FixedWithReplacement" : "Fixed";
  draft.unpaidBreakMinutes = role.unpaidBreakMinutes === null ? "" : String(role.unpaidBreakMinutes);
  for (const s of role.shifts) {
    draft.shifts[s.shift] = {
      include: true,
      startTime: s.startTime,
      durationHours: String(s.durationHours),
      staffPerShift: String(s.staffPerShift),
    };
  }
  return draft;
}

const num = (text: string) => (text.trim() === "" ? undefined : /^\d*\.?\d+$/.test(text.trim()) ? Number(text) : text);

function inputOf(draft: Draft, jobs: WizardData["jobs"]) {
  const job = jobs.find((j) => j.id === draft.jobId);
  return {
    jobId: draft.jobId || null,
    name: job?.name ?? "",
    isExempt: draft.isExempt,
    fte: draft.isExempt ? (num(draft.fte) ?? null) : null,
    replacement: draft.isExempt ? draft.replacement : "Variable",
    unpaidBreakMinutes: draft.isExempt ? null : (num(draft.unpaidBreakMinutes) ?? null),
    shifts: draft.isExempt
      ? []
      : SHIFT_NAMES.filter((s) => draft.shifts[s].include).map((s) => ({
          shift: s,
          startTime: draft.shifts[s].startTime.trim(),
          durationHours: num(draft.shifts[s].durationHours),
          staffPerShift: num(draft.shifts[s].staffPerShift),
        })),
  };
}

/** /user/wizard/defineRoles: step 2. */
export function DefineRolesStep() {
  const [editing, setEditing] = useState(false);
  return (
    <WizardFrame
      step="DefineRoles"
      description="Exempt roles carry an FTE; variable roles carry Days, Evenings and Nights shifts."
      hasUnsavedChanges={editing}
      main={() => ({ enabled: !editing })}
    >
      {(context) => <RolesBody context={context} onEditing={setEditing} />}
    </WizardFrame>
  );
}

function RolesBody({ context, onEditing }: { context: StepContext; onEditing: (editing: boolean) => void }) {
  const { plan, wizard, readOnly } = context;
  const [draft, setDraftState] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<Role | null>(null);
  const setDraft = (next: Draft | null) => {
    setDraftState(next);
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
            {!readOnly && !draft ? (
              <Button colorPalette="brand" onClick={() => setDraft(emptyDraft())}>
                Add role
              </Button>
            ) : null}
          </HStack>
          {plan.roles.length === 0 && !draft ? (
            <EmptyState.Root size="sm">
              <EmptyState.Content>
                <EmptyState.Title>No roles yet</EmptyState.Title>
                <EmptyState.Description>
                  Add the roles of the unit: for example a Nurse Manager at 0.5 FTE, Registered Nurses on 12-hour shifts
                  0700-1930 and 1900-0730, and assistants on 8-hour shifts.
                </EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
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
                              onClick={() => setDraft(draftOf(role))}
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
          {draft ? (
            <RoleEditor
              key={draft.id ?? "new"}
              initial={draft}
              context={context}
              jobs={wizard.jobs}
              onDone={() => setDraft(null)}
            />
          ) : null}
        </Card.Body>
      </Card.Root>
      <PlanFigures plan={plan} />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? "the role"}?`}
        destructive
        confirmLabel="REMOVE"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const role = removing;
          setRemoving(null);
          if (role) void context.save(Wizard_DeleteUnitRoleMutation, { id: role.id });
        }}
      >
        The role, its shifts and the staff and open positions on it leave the plan. The later steps go back to In
        progress.
      </ConfirmDialog>
    </Stack>
  );
}

type EditorProps = {
  initial: Draft;
  context: StepContext;
  jobs: WizardData["jobs"];
  onDone: () => void;
};

function RoleEditor({ initial, context, jobs, onDone }: EditorProps) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const parsed = roleSchema.safeParse(inputOf(draft, jobs));
  const errors = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      if (!errors.has(path)) errors.set(path, issue.message);
    }
  }
  const includedIndex = (shift: ShiftName) => SHIFT_NAMES.filter((s) => draft.shifts[s].include).indexOf(shift);
  const shiftError = (shift: ShiftName, field: string) => {
    const i = includedIndex(shift);
    return i < 0 ? undefined : errors.get(`shifts.${i}.${field}`);
  };
  const show = (message: string | undefined) => (submitted ? message : undefined);
  const setShift = (shift: ShiftName, patch: Partial<ShiftDraft>) =>
    setDraft((d) => ({ ...d, shifts: { ...d.shifts, [shift]: { ...d.shifts[shift], ...patch } } }));

  async function handleSave() {
    setSubmitted(true);
    if (!parsed.success) return;
    const input = {
      ...parsed.data,
      jobId: parsed.data.jobId,
      replacement: parsed.data.replacement as "Fixed" | "FixedWithReplacement" | "Variable",
    };
    const result = draft.id
      ? await context.save(Wizard_UpdateUnitRoleMutation, { id: draft.id, input })
      : await context.save(Wizard_CreateUnitRoleMutation, { planId: context.plan.id, input });
    if (result.ok) onDone();
    else setServerError(result.message);
  }

  return (
    <Card.Root variant="subtle" data-testid="role-editor">
      <Card.Body gap="4">
        <Heading as="h3" size="sm">
          {draft.id ? "Edit role" : "Add role"}
        </Heading>
        <Grid templateColumns={{ base: "1fr", md: "repeat(3, minmax(0, 1fr))" }} gap="4" alignItems="start">
          <SelectField
            label="Role"
            placeholder="Choose a role"
            value={draft.jobId}
            required
            options={jobs.map((j) => ({ value: j.id, label: j.name }))}
            error={show(errors.get("name") ?? errors.get("jobId"))}
            onChange={(jobId) => {
              const job = jobs.find((j) => j.id === jobId);
              setDraft((d) => ({ ...d, jobId, isExempt: job ? job.isExempt : d.isExempt }));
            }}
          />
          <Checkbox.Root
            checked={draft.isExempt}
            onCheckedChange={(e) => setDraft((d) => ({ ...d, isExempt: e.checked === true }))}
            mt="8"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Exempt role (fixed FTE, no shifts)</Checkbox.Label>
          </Checkbox.Root>
        </Grid>
        {draft.isExempt ? (
          <Grid templateColumns={{ base: "1fr", md: "repeat(3, minmax(0, 1fr))" }} gap="4">
            <TextField
              label="FTE"
              inputMode="decimal"
              placeholder="1.00"
              required
              value={draft.fte}
              helperText="0.01 to 1.5"
              error={show(errors.get("fte"))}
              onChange={(fte) => setDraft((d) => ({ ...d, fte }))}
            />
            <SelectField
              label="Replacement"
              value={draft.replacement}
              options={[
                { value: "Fixed", label: "Fixed (not replaced)" },
                { value: "FixedWithReplacement", label: "Fixed with replacement" },
              ]}
              onChange={(value) => setDraft((d) => ({ ...d, replacement: value as Draft["replacement"] }))}
            />
          </Grid>
        ) : (
          <Stack gap="3">
            <Grid templateColumns={{ base: "1fr", md: "repeat(3, minmax(0, 1fr))" }} gap="4">
              <TextField
                label="Unpaid break per shift (minutes)"
                inputMode="numeric"
                placeholder="Default"
                value={draft.unpaidBreakMinutes}
                helperText="Empty: 30 minutes on shifts of 8 hours or more, none on shorter ones. FTE counts paid hours."
                error={show(errors.get("unpaidBreakMinutes"))}
                onChange={(unpaidBreakMinutes) => setDraft((d) => ({ ...d, unpaidBreakMinutes }))}
              />
            </Grid>
            {errors.get("shifts") && submitted ? (
              <Text color="fg.error" textStyle="sm" role="alert">
                {errors.get("shifts")}
              </Text>
            ) : null}
            {SHIFT_NAMES.map((shift) => {
              const s = draft.shifts[shift];
              const breakMinutes = /^\d+$/.test(draft.unpaidBreakMinutes.trim())
                ? Number(draft.unpaidBreakMinutes)
                : null;
              const end =
                s.include && isMilitaryTime(s.startTime) && Number(s.durationHours) > 0
                  ? shiftEndTime(s.startTime, Number(s.durationHours))
                  : null;
              const paid =
                end !== null ? shiftPaidHours({ durationHours: Number(s.durationHours) }, breakMinutes) : null;
              return (
                <Grid
                  key={shift}
                  templateColumns={{ base: "1fr", md: "10rem repeat(3, minmax(0, 1fr)) 6rem" }}
                  gap="3"
                  alignItems="start"
                  data-testid={`shift-${shift}`}
                >
                  <Checkbox.Root
                    checked={s.include}
                    onCheckedChange={(e) => setShift(shift, { include: e.checked === true })}
                    mt="8"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{shift}</Checkbox.Label>
                  </Checkbox.Root>
                  <TextField
                    label={`${shift} start time`}
                    placeholder="0700"
                    inputMode="numeric"
                    maxLength={4}
                    disabled={!s.include}
                    value={s.startTime}
                    error={show(shiftError(shift, "startTime"))}
                    onChange={(startTime) => setShift(shift, { startTime })}
                  />
                  <TextField
                    label={`${shift} duration (hours)`}
                    inputMode="decimal"
                    disabled={!s.include}
                    value={s.durationHours}
                    error={show(shiftError(shift, "durationHours"))}
                    onChange={(durationHours) => setShift(shift, { durationHours })}
                  />
                  <TextField
                    label={`${shift} staff per shift`}
                    inputMode="numeric"
                    disabled={!s.include}
                    value={s.staffPerShift}
                    helperText="1 to 24"
                    error={show(shiftError(shift, "staffPerShift"))}
                    onChange={(staffPerShift) => setShift(shift, { staffPerShift })}
                  />
                  <Text mt="8" textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
                    {end ? `ends ${end} · ${paid} paid h` : ""}
                  </Text>
                </Grid>
              );
            })}
          </Stack>
        )}
        {serverError ? (
          <Text color="fg.error" textStyle="sm" role="alert">
            {serverError}
          </Text>
        ) : null}
        <HStack gap="3">
          <Button colorPalette="brand" onClick={() => void handleSave()} loading={context.saving}>
            Save role
          </Button>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
