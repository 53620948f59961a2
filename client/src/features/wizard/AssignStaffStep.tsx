import { Badge, Button, Card, Heading, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, type ReactNode, useState } from "react";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import { z } from "zod";
import {
  type ContractDateFormValues,
  contractDateFormSchema,
  formatFte,
  overFillsOf,
  overFillWarning,
  typedFteSchema,
} from "../../../../schema/staffing";
import type { Shift } from "../../gql/graphql";
import { EmptyNote } from "../../ui/EmptyNote";
import { FailureLine } from "../../ui/ErrorAlert";
import { FormSelectField, FormTextField, useFormField } from "../../ui/inputs";
import { OverFillAlert } from "../../ui/OverFillAlert";
import { type Column, DataTable, useTable } from "../../ui/table";
import { ConfirmRemove } from "./ConfirmRemove";
import {
  Wizard_ApplyPrnStandardMutation,
  Wizard_AssignStaffPositionMutation,
  Wizard_RemoveStaffPositionMutation,
  Wizard_SetTravellerContractDateMutation,
  Wizard_SplitStaffPositionMutation,
  Wizard_TransferStaffPositionMutation,
} from "./documents";
import { NeedsTable, needKey, needLabel } from "./figures";
import type { PlanData } from "./useWizard";
import { type StepContext, WizardFrame } from "./WizardFrame";

type Staff = PlanData["staff"][number];
type Position = PlanData["staffPositions"][number];

/** Spec §9: staff sort by first name, case-insensitively (the server's order too). */
const STAFF_COLUMNS: readonly Column<Staff, "name" | "type" | "fte" | "assigned" | "positions">[] = [
  { key: "name", label: "Staff member", value: (s) => `${s.firstName} ${s.lastName}` },
  { key: "type", label: "Type", value: (s) => s.staffType },
  { key: "fte", label: "FTE here", numeric: true, value: (s) => s.costCenterFte },
  { key: "assigned", label: "Assigned", numeric: true, value: (s) => s.assignedFte },
  { key: "positions", label: "Positions" },
];
const staffText = (s: Staff) => `${s.firstName} ${s.lastName} ${s.employeeId} ${s.staffType}`;

/** /user/wizard/assignstaff: step 4. */
export function AssignStaffStep() {
  return (
    <WizardFrame
      step="AssignStaff"
      description="Place the cost center's staff in the planned positions. Staff in red are not fully assigned yet."
    >
      {(context) => <AssignBody context={context} />}
    </WizardFrame>
  );
}

function AssignBody({ context }: { context: StepContext }) {
  const { plan } = context;
  const positionsByStaff = new Map<string, Position[]>();
  for (const p of plan.staffPositions) {
    const list = positionsByStaff.get(p.staffId) ?? [];
    list.push(p);
    positionsByStaff.set(p.staffId, list);
  }
  const unassigned = plan.staff.filter((s) => !s.isAssigned).length;
  const table = useTable(plan.staff, {
    columns: STAFF_COLUMNS,
    text: staffText,
    defaultSort: { key: "name", descending: false },
  });
  return (
    <Stack gap="6">
      <OverFillAlert warnings={overFillsOf(plan.needs).map(overFillWarning)} />
      <Card.Root variant="outline" bg="bg.panel">
        <Card.Body gap="3">
          <Heading as="h2" size="md">
            Positions the plan needs
          </Heading>
          <NeedsTable plan={plan} columns={["paidFte", "filledFte", "openFte", "overHireFte"]} testId="needs-table" />
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline" bg="bg.panel">
        <Card.Body gap="3">
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h2" size="md">
              Staff of {context.wizard.costCenterCode} {context.wizard.costCenterName}
            </Heading>
            <Text textStyle="sm" color={unassigned ? "fg.error" : "fg.success"} data-testid="unassigned-count">
              {unassigned
                ? `${unassigned} of ${plan.staff.length} not fully assigned`
                : `All ${plan.staff.length} assigned`}
            </Text>
          </HStack>
          <DataTable
            table={table}
            label={`Staff of ${context.wizard.costCenterCode} ${context.wizard.costCenterName}`}
            filterLabel="Filter staff"
            filterPlaceholder="Name, employee ID or type"
            noun="staff"
            testId="staff-table"
            empty={
              <EmptyNote
                size="sm"
                title="No staff in this cost center"
                description="Staff are added in Manage Staff or by an upload."
              />
            }
            renderRow={(person) => (
              <StaffRow
                key={person.staffId}
                person={person}
                positions={positionsByStaff.get(person.staffId) ?? []}
                context={context}
              />
            )}
          />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function StaffRow({ person, positions, context }: { person: Staff; positions: Position[]; context: StepContext }) {
  const { readOnly, plan, wizard } = context;
  const [assigning, setAssigning] = useState(false);
  const [removing, setRemoving] = useState<Position | null>(null);
  const [splitting, setSplitting] = useState<Position | null>(null);
  const [moving, setMoving] = useState<Position | null>(null);
  const name = `${person.firstName} ${person.lastName}`;
  const positionActions: readonly { action: string; open: (p: Position) => void; colorPalette?: "red" }[] = [
    { action: "Move", open: setMoving },
    { action: "Split", open: setSplitting },
    { action: "Remove", open: setRemoving, colorPalette: "red" },
  ];
  const left = Math.max(0, Math.round((person.costCenterFte - person.assignedFte) * 100) / 100);
  return (
    <Table.Row data-testid="staff-row" data-assigned={person.isAssigned} verticalAlign="top">
      <Table.Cell>
        <Text fontWeight="medium" color={person.isAssigned ? undefined : "fg.error"} data-testid="staff-name">
          {name}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {person.employeeId}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1" align="flex-start">
          {person.staffType !== "Regular" ? (
            <Badge colorPalette={person.staffType === "Traveller" ? "purple" : "blue"}>{person.staffType}</Badge>
          ) : (
            <Text textStyle="sm">Regular</Text>
          )}
          {person.staffType === "Traveller" ? <ContractDate person={person} context={context} /> : null}
          {person.needsPrnStandard ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="blue"
              disabled={readOnly}
              onClick={() =>
                void context.save(Wizard_ApplyPrnStandardMutation, { planId: plan.id, staffId: person.staffId })
              }
            >
              Set to standard ({formatFte(wizard.prnStandard ?? 0)})
            </Button>
          ) : null}
        </Stack>
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {formatFte(person.costCenterFte)}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid="staff-assigned">
        {formatFte(person.assignedFte)}
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1.5">
          {positions.map((p) => (
            <HStack key={p.id} gap="2" wrap="wrap">
              <Text textStyle="sm">
                {p.shift ? `${p.roleName} · ${p.shift} ${p.startTime}-${p.endTime}` : p.roleName} · {formatFte(p.fte)}
              </Text>
              {readOnly
                ? null
                : positionActions.map(({ action, open, colorPalette }) => (
                    <Button
                      key={action}
                      size="2xs"
                      variant="ghost"
                      colorPalette={colorPalette}
                      onClick={() => open(p)}
                      aria-label={`${action} ${name}'s position`}
                    >
                      {action}
                    </Button>
                  ))}
            </HStack>
          ))}
          {moving ? (
            <MoveForm
              position={moving}
              context={context}
              // A save that ends after the person opened another move closes only its own form.
              onDone={() => setMoving((current) => (current === moving ? null : current))}
            />
          ) : null}
          {splitting ? <SplitForm position={splitting} context={context} onDone={() => setSplitting(null)} /> : null}
          {!readOnly && left > 0 && !assigning ? (
            <Button
              size="xs"
              colorPalette="brand"
              alignSelf="flex-start"
              onClick={() => setAssigning(true)}
              aria-label={`Assign ${name}`}
            >
              Assign
            </Button>
          ) : null}
          {assigning ? (
            <AssignForm person={person} left={left} context={context} onDone={() => setAssigning(false)} />
          ) : null}
        </Stack>
        <ConfirmRemove
          row={removing}
          title={`Remove ${name}'s position?`}
          mutation={Wizard_RemoveStaffPositionMutation}
          context={context}
          onClose={() => setRemoving(null)}
        >
          The staff member stays in the cost center and can be assigned again.
        </ConfirmRemove>
      </Table.Cell>
    </Table.Row>
  );
}

/** A traveller's contract end date: react-hook-form over the server's date rule (contractDateFormSchema). */
function ContractDate({ person, context }: { person: Staff; context: StepContext }) {
  const form = useForm<ContractDateFormValues, unknown, ContractDateFormValues>({
    resolver: zodResolver(contractDateFormSchema),
    values: { contractEndDate: person.contractEndDate ?? "" },
  });
  const { field } = useFormField({ control: form.control, name: "contractEndDate" });
  const { isDirty, errors } = form.formState;
  const error = errors.contractEndDate?.message ?? errors.root?.server?.message;
  if (context.readOnly) {
    return <Text textStyle="xs">Contract ends {person.contractEndDate ?? "not set"}</Text>;
  }
  const handleSave = form.handleSubmit(async ({ contractEndDate }) => {
    const result = await context.save(Wizard_SetTravellerContractDateMutation, {
      planId: context.plan.id,
      staffId: person.staffId,
      contractEndDate,
    });
    if (!result.ok) form.setError("root.server", { message: result.message });
  });
  return (
    <form noValidate onSubmit={(event) => void handleSave(event)}>
      <Stack gap="1">
        <HStack gap="1">
          <Input
            type="date"
            size="xs"
            aria-label={`Contract end date of ${person.firstName} ${person.lastName}`}
            ref={field.ref}
            name={field.name}
            value={field.value}
            aria-invalid={error ? true : undefined}
            borderColor={person.needsContractDate || error ? "border.error" : undefined}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
          />
          <Button type="submit" size="xs" variant="outline" disabled={!isDirty}>
            Save
          </Button>
        </HStack>
        <FailureLine textStyle="xs" message={error} />
      </Stack>
    </form>
  );
}

/** A position picked in a list: the need's key, `unitRoleId|shift` (needKey). */
function positionOfKey(key: string) {
  const [unitRoleId, shift] = key.split("|");
  return { unitRoleId: unitRoleId ?? "", shift: shift ? (shift as Shift) : null };
}

const choosePosition = z.string().min(1, "Choose a position.");
const assignRule = z.object({ slot: choosePosition, fte: typedFteSchema });
const splitRule = z.object({ to: z.string().min(1, "Choose who takes part of the position."), fte: typedFteSchema });
const moveRule = z.object({ slot: choosePosition });

/**
 * An inline form of a staff row over `rule` (react-hook-form): Save sends the values through
 * `send`, a refusal shows under the fields, a success closes the form.
 */
function useRowForm<T extends FieldValues, TOut>(
  rule: z.ZodType<TOut, T>,
  defaultValues: DefaultValues<T>,
  send: (values: TOut) => Promise<{ ok: boolean; message?: string }>,
  onDone: () => void,
) {
  const form = useForm<T, unknown, TOut>({ resolver: zodResolver(rule), defaultValues });
  const [failure, setFailure] = useState<string | null>(null);
  const handleSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await send(values);
    if (result.ok) onDone();
    else setFailure(result.message ?? "The change was not saved.");
  });
  /** What the form's RowForm takes from it. */
  const frame = { failure, onSubmit: (event: FormEvent) => void handleSubmit(event), onCancel: onDone };
  return { control: form.control, frame };
}

type RowFormProps = ReturnType<typeof useRowForm>["frame"] & {
  testId: string;
  submitLabel: string;
  saving?: boolean;
  children: ReactNode;
};

/** The frame of a staff row's inline form: its fields, a refusal, Save and Cancel. */
function RowForm({ testId, submitLabel, failure, saving, onSubmit, onCancel, children }: RowFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} data-testid={testId}>
      <Stack gap="2" p="2" borderWidth="1px" borderRadius="l2">
        {children}
        <FailureLine textStyle="xs" message={failure} />
        <HStack gap="2">
          <Button type="submit" size="xs" colorPalette="brand" loading={saving}>
            {submitLabel}
          </Button>
          <Button size="xs" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** The plan's needs as positions to pick, each with what is still unfilled. */
function positionOptions(needs: PlanData["needs"]) {
  return needs.map((n) => ({ value: needKey(n), label: `${needLabel(n)} (unfilled ${formatFte(n.openFte)})` }));
}

function AssignForm({
  person,
  left,
  context,
  onDone,
}: {
  person: Staff;
  left: number;
  context: StepContext;
  onDone: () => void;
}) {
  const { plan } = context;
  const { control, frame } = useRowForm(
    assignRule,
    { slot: "", fte: left.toFixed(2) },
    ({ slot, fte }) =>
      context.save(Wizard_AssignStaffPositionMutation, {
        planId: plan.id,
        input: { staffId: person.staffId, ...positionOfKey(slot), fte },
      }),
    onDone,
  );
  return (
    <RowForm testId="assign-form" submitLabel="Save" saving={context.saving} {...frame}>
      <FormSelectField
        control={control}
        name="slot"
        label="Position"
        placeholder="Choose a position"
        options={positionOptions(plan.needs)}
      />
      <FormTextField
        control={control}
        name="fte"
        label="FTE"
        inputMode="decimal"
        helperText={`Up to ${left.toFixed(2)}`}
      />
    </RowForm>
  );
}

function SplitForm({ position, context, onDone }: { position: Position; context: StepContext; onDone: () => void }) {
  const others = context.plan.staff.filter(
    (s) => s.staffId !== position.staffId && s.costCenterFte - s.assignedFte > 0.0005,
  );
  const { control, frame } = useRowForm(
    splitRule,
    { to: "", fte: "" },
    ({ to, fte }) =>
      context.save(Wizard_SplitStaffPositionMutation, {
        input: { staffPositionId: position.id, toStaffId: to, fte },
      }),
    onDone,
  );
  return (
    <RowForm testId="split-form" submitLabel="Split" {...frame}>
      <FormSelectField
        control={control}
        name="to"
        label="Give part to"
        placeholder="Choose a staff member"
        options={others.map((s) => ({
          value: s.staffId,
          label: `${s.firstName} ${s.lastName} (${formatFte(s.costCenterFte - s.assignedFte)} free)`,
        }))}
      />
      <FormTextField control={control} name="fte" label="FTE to split off" inputMode="decimal" />
    </RowForm>
  );
}

/** A transfer within the cost center: the same FTE on another role and shift. */
function MoveForm({ position, context, onDone }: { position: Position; context: StepContext; onDone: () => void }) {
  const current = `${position.unitRoleId}|${position.shift ?? ""}`;
  const { control, frame } = useRowForm(
    moveRule,
    { slot: "" },
    ({ slot }) =>
      context.save(Wizard_TransferStaffPositionMutation, {
        input: { staffPositionId: position.id, ...positionOfKey(slot) },
      }),
    onDone,
  );
  return (
    <RowForm testId="move-form" submitLabel="Move" {...frame}>
      <FormSelectField
        control={control}
        name="slot"
        label="Move to"
        placeholder="Choose a position"
        options={positionOptions(context.plan.needs.filter((n) => needKey(n) !== current))}
      />
    </RowForm>
  );
}
