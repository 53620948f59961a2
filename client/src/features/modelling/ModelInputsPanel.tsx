import { Badge, Button, Grid, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { type Dispatch, memo, type SetStateAction, useState } from "react";
import { LIMITS, roleSchema, SHIFT_NAMES, type ShiftName } from "../../../../schema/staffing";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { FailureLine } from "../../ui/ErrorAlert";
import { NumberStepper, SelectField, TextField } from "../../ui/inputs";
import { PlainHeaders } from "../../ui/table";
import type { Draft, DraftRole, DraftShift } from "./draft";
import { ModellingCard } from "./ModellingCard";

type Job = { id: string; name: string; isDirectCare: boolean };
type UnitField = "census" | "careTeamTarget" | "nonProductiveGoalPercentage" | "targetOvertimePercentage";

const UNIT_FIELDS: readonly { key: UnitField; label: string; min: number; max: number; step: number }[] = [
  { key: "census", label: "Average daily census", min: LIMITS.censusMin, max: LIMITS.censusMax, step: 1 },
  { key: "careTeamTarget", label: "HPPD target", min: LIMITS.careTeamMin, max: LIMITS.careTeamMax, step: 0.1 },
  {
    key: "nonProductiveGoalPercentage",
    label: "Non-productive %",
    min: LIMITS.percentMin,
    max: LIMITS.nonProductiveMax,
    step: 1,
  },
  { key: "targetOvertimePercentage", label: "Overtime %", min: LIMITS.percentMin, max: LIMITS.overtimeMax, step: 1 },
];

/** What the manager changes: the unit definition and each role's staff per shift and shift length (or FTE), and new roles. */
export function ModelInputsPanel({
  draft,
  problems,
  jobs,
  onChange,
}: {
  draft: Draft;
  /** Problems by path ('census', 'roles.0.shifts.1.staffPerShift'), in the wizard's words. */
  problems: Record<string, string>;
  jobs: readonly Job[];
  /** The draft's state setter: every change is an update of the latest draft. */
  onChange: Dispatch<SetStateAction<Draft>>;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="6">
      <ModellingCard title="Unit">
        <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="4">
          {UNIT_FIELDS.map((field) => (
            <UnitInput
              key={field.key}
              field={field}
              value={draft[field.key]}
              error={problems[field.key]}
              onChange={onChange}
            />
          ))}
        </Grid>
      </ModellingCard>

      <ModellingCard
        title="Roles"
        action={
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            Add role
          </Button>
        }
      >
        <Stack gap="5">
          {draft.roles.length === 0 ? (
            <Text color="fg.muted">The plan has no roles yet. Add one to model it.</Text>
          ) : null}
          {draft.roles.map((role, index) => (
            <RoleInputs
              key={role.unitRoleId ?? `new-${index}`}
              role={role}
              index={index}
              last={index === draft.roles.length - 1}
              problems={problemsOfRole(problems, index)}
              onChange={onChange}
            />
          ))}
        </Stack>
      </ModellingCard>
      {adding ? (
        <AddRoleDialog
          jobs={jobs}
          onCancel={() => setAdding(false)}
          onAdd={(role) => {
            onChange((d) => ({ ...d, roles: [...d.roles, role] }));
            setAdding(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** One unit figure's input, memoised like the roles' (a keystroke re-renders only the field typed in). */
const UnitInput = memo(function UnitInput({
  field,
  value,
  error,
  onChange,
}: {
  field: (typeof UNIT_FIELDS)[number];
  value: number | null;
  error: string | undefined;
  onChange: Dispatch<SetStateAction<Draft>>;
}) {
  return (
    <NumberStepper
      label={field.label}
      value={value}
      min={field.min}
      max={field.max}
      step={field.step}
      error={error}
      onValueChange={(next) => onChange((d) => ({ ...d, [field.key]: next }))}
    />
  );
});

/** A role's own problems, keyed by what follows 'roles.{index}.' ('fte', 'shifts.0.staffPerShift'). */
function problemsOfRole(problems: Record<string, string>, index: number): Record<string, string> {
  const prefix = `roles.${index}.`;
  const own: Record<string, string> = {};
  for (const [path, message] of Object.entries(problems))
    if (path.startsWith(prefix)) own[path.slice(prefix.length)] = message;
  return own;
}

type RoleInputsProps = {
  role: DraftRole;
  index: number;
  last: boolean;
  problems: Record<string, string>;
  onChange: Dispatch<SetStateAction<Draft>>;
};

/**
 * One role's inputs. Memoised: a keystroke elsewhere (the census, another role) leaves the other
 * roles' inputs alone, so a 40-role plan recomputes within a frame.
 */
const RoleInputs = memo(
  function RoleInputs({ role, index, last, problems, onChange }: RoleInputsProps) {
    const change = (next: (role: DraftRole) => DraftRole) =>
      onChange((d) => ({ ...d, roles: d.roles.map((r, i) => (i === index ? next(r) : r)) }));
    const setShift = (shiftIndex: number, update: Partial<DraftShift>) =>
      change((r) => ({ ...r, shifts: r.shifts.map((s, i) => (i === shiftIndex ? { ...s, ...update } : s)) }));
    return (
      <Stack gap="2" data-testid="model-role-inputs" borderBottomWidth={last ? "0" : "1px"} pb="4">
        <HStack justify="space-between">
          <Heading as="h3" size="sm">
            {role.name}{" "}
            {role.unitRoleId === null ? (
              <Badge colorPalette="blue" variant="subtle">
                New
              </Badge>
            ) : null}
          </Heading>
          {role.unitRoleId === null ? (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={`Remove the new role ${role.name}`}
              onClick={() => onChange((d) => ({ ...d, roles: d.roles.filter((_, i) => i !== index) }))}
            >
              Remove
            </Button>
          ) : null}
        </HStack>
        {role.isExempt ? (
          <NumberStepper
            label={`${role.name} FTE`}
            value={role.fte}
            min={LIMITS.exemptFteMin}
            max={LIMITS.fteMax}
            step={0.1}
            error={problems.fte}
            onValueChange={(fte) => change((r) => ({ ...r, fte }))}
          />
        ) : (
          <Table.Root size="sm" variant="line">
            <Table.Header>
              <PlainHeaders columns={["Shift", "Staff per shift", "Shift length (hours)"]} />
            </Table.Header>
            <Table.Body>
              {role.shifts.map((shift, shiftIndex) => (
                <Table.Row key={shift.shift}>
                  <Table.Cell as="th" scope="row">
                    {shift.shift}
                    <Text textStyle="xs" color="fg.muted">
                      from {shift.startTime}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <NumberStepper
                      label={`${role.name} ${shift.shift} staff per shift`}
                      hideLabel
                      value={shift.staffPerShift}
                      min={LIMITS.staffPerShiftMin}
                      max={LIMITS.staffPerShiftMax}
                      error={problems[`shifts.${shiftIndex}.staffPerShift`]}
                      onValueChange={(staffPerShift) => setShift(shiftIndex, { staffPerShift })}
                    />
                  </Table.Cell>
                  <Table.Cell>
                    <NumberStepper
                      label={`${role.name} ${shift.shift} shift length`}
                      hideLabel
                      value={shift.durationHours}
                      min={LIMITS.durationMin}
                      max={LIMITS.durationMax}
                      step={0.25}
                      error={problems[`shifts.${shiftIndex}.durationHours`]}
                      onValueChange={(durationHours) => setShift(shiftIndex, { durationHours })}
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Stack>
    );
  },
  (before, after) =>
    before.role === after.role &&
    before.index === after.index &&
    before.last === after.last &&
    before.onChange === after.onChange &&
    JSON.stringify(before.problems) === JSON.stringify(after.problems),
);

/** A new role for the model: exempt with an FTE, or variable with one shift (more shifts are added in the wizard). */
function AddRoleDialog({
  jobs,
  onAdd,
  onCancel,
}: {
  jobs: readonly Job[];
  onAdd: (role: DraftRole) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState("");
  const [jobId, setJobId] = useState("");
  const [kind, setKind] = useState<"variable" | "exempt">("variable");
  const [fte, setFte] = useState<number | null>(1);
  const [shift, setShift] = useState<ShiftName>("Days");
  const [startTime, setStartTime] = useState("0700");
  const [durationHours, setDurationHours] = useState<number | null>(12);
  const [staffPerShift, setStaffPerShift] = useState<number | null>(1);
  const [problem, setProblem] = useState<string | null>(null);

  const role: DraftRole = {
    unitRoleId: null,
    jobId: jobId || null,
    name: name.trim(),
    isExempt: kind === "exempt",
    fte: kind === "exempt" ? fte : null,
    replacement: kind === "exempt" ? "Fixed" : "Variable",
    unpaidBreakMinutes: null,
    shifts: kind === "exempt" ? [] : [{ shift, startTime, durationHours, staffPerShift }],
  };
  function add() {
    const checked = roleSchema.safeParse(role);
    if (checked.success) onAdd(role);
    else setProblem(checked.error.issues[0]?.message ?? "The role is invalid");
  }

  return (
    <ConfirmDialog
      open
      title="Add a role to the model"
      confirmLabel="ADD ROLE"
      onConfirm={add}
      onCancel={onCancel}
      testId="add-model-role-dialog"
    >
      <Stack gap="4">
        <TextField label="Role name" value={name} onChange={setName} required maxLength={80} />
        <SelectField
          label="Job"
          value={jobId}
          onChange={(id) => {
            setJobId(id);
            const job = jobs.find((j) => j.id === id);
            if (job && name.trim() === "") setName(job.name);
          }}
          placeholder="No job (counts as direct care)"
          options={jobs.map((job) => ({
            value: job.id,
            label: job.isDirectCare ? job.name : `${job.name} (not direct care)`,
          }))}
        />
        <SelectField
          label="Kind"
          value={kind}
          onChange={(value) => setKind(value === "exempt" ? "exempt" : "variable")}
          options={[
            { value: "variable", label: "Variable: staff per shift" },
            { value: "exempt", label: "Exempt: a fixed FTE" },
          ]}
        />
        {kind === "exempt" ? (
          <NumberStepper
            label="FTE"
            value={fte}
            min={LIMITS.exemptFteMin}
            max={LIMITS.fteMax}
            step={0.1}
            onValueChange={setFte}
          />
        ) : (
          <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="3">
            <SelectField
              label="Shift"
              value={shift}
              onChange={(value) => setShift(value as ShiftName)}
              options={SHIFT_NAMES.map((s) => ({ value: s, label: s }))}
            />
            <TextField label="Start time" value={startTime} onChange={setStartTime} maxLength={4} inputMode="numeric" />
            <NumberStepper
              label="Shift length (hours)"
              value={durationHours}
              min={LIMITS.durationMin}
              max={LIMITS.durationMax}
              step={0.25}
              onValueChange={setDurationHours}
            />
            <NumberStepper
              label="Staff per shift"
              value={staffPerShift}
              min={LIMITS.staffPerShiftMin}
              max={LIMITS.staffPerShiftMax}
              onValueChange={setStaffPerShift}
            />
          </Grid>
        )}
        <FailureLine message={problem} />
      </Stack>
    </ConfirmDialog>
  );
}
