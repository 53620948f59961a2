import { Badge, Button, Card, EmptyState, Heading, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import {
  contractDateSchema,
  formatFte,
  overFillsOf,
  overFillWarning,
  positiveFteSchema,
} from "../../../../schema/staffing";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { SelectField, TextField } from "../../ui/inputs";
import { OverFillAlert } from "../../ui/OverFillAlert";
import { type Column, DataTable, useTable } from "../../ui/table";
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
              <EmptyState.Root size="sm">
                <EmptyState.Content>
                  <EmptyState.Title>No staff in this cost center</EmptyState.Title>
                  <EmptyState.Description>Staff are added in Manage Staff or by an upload.</EmptyState.Description>
                </EmptyState.Content>
              </EmptyState.Root>
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
              {!readOnly ? (
                <>
                  <Button
                    size="2xs"
                    variant="ghost"
                    onClick={() => setMoving(p)}
                    aria-label={`Move ${name}'s position`}
                  >
                    Move
                  </Button>
                  <Button
                    size="2xs"
                    variant="ghost"
                    onClick={() => setSplitting(p)}
                    aria-label={`Split ${name}'s position`}
                  >
                    Split
                  </Button>
                  <Button
                    size="2xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => setRemoving(p)}
                    aria-label={`Remove ${name}'s position`}
                  >
                    Remove
                  </Button>
                </>
              ) : null}
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
        <ConfirmDialog
          open={removing !== null}
          title={`Remove ${name}'s position?`}
          destructive
          confirmLabel="REMOVE"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const p = removing;
            setRemoving(null);
            if (p) void context.save(Wizard_RemoveStaffPositionMutation, { id: p.id });
          }}
        >
          The staff member stays in the cost center and can be assigned again.
        </ConfirmDialog>
      </Table.Cell>
    </Table.Row>
  );
}

function ContractDate({ person, context }: { person: Staff; context: StepContext }) {
  const [value, setValue] = useState(person.contractEndDate ?? "");
  const [error, setError] = useState<string | null>(null);
  if (context.readOnly) {
    return <Text textStyle="xs">Contract ends {person.contractEndDate ?? "not set"}</Text>;
  }
  async function handleSave() {
    const parsed = contractDateSchema.safeParse({ staffId: person.staffId, contractEndDate: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Invalid date");
      return;
    }
    const result = await context.save(Wizard_SetTravellerContractDateMutation, {
      planId: context.plan.id,
      staffId: person.staffId,
      contractEndDate: value,
    });
    setError(result.ok ? null : result.message);
  }
  return (
    <Stack gap="1">
      <HStack gap="1">
        <Input
          type="date"
          size="xs"
          aria-label={`Contract end date of ${person.firstName} ${person.lastName}`}
          value={value}
          borderColor={person.needsContractDate ? "border.error" : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button
          size="xs"
          variant="outline"
          onClick={() => void handleSave()}
          disabled={value === (person.contractEndDate ?? "")}
        >
          Save
        </Button>
      </HStack>
      {error ? (
        <Text textStyle="xs" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
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
  const [slot, setSlot] = useState("");
  const [fte, setFte] = useState(left.toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const fteCheck = positiveFteSchema.safeParse(/^\d*\.?\d+$/.test(fte.trim()) ? Number(fte) : fte);
  async function handleSave() {
    if (!slot) return setError("Choose a position.");
    if (!fteCheck.success) return setError(fteCheck.error.issues[0]?.message ?? "Invalid FTE");
    const [unitRoleId, shift] = slot.split("|");
    const result = await context.save(Wizard_AssignStaffPositionMutation, {
      planId: plan.id,
      input: {
        staffId: person.staffId,
        unitRoleId: unitRoleId ?? "",
        shift: shift ? (shift as "Days" | "Evenings" | "Nights") : null,
        fte: fteCheck.data,
      },
    });
    if (result.ok) onDone();
    else setError(result.message);
  }
  return (
    <Stack gap="2" p="2" borderWidth="1px" borderRadius="l2" data-testid="assign-form">
      <SelectField
        label="Position"
        placeholder="Choose a position"
        value={slot}
        onChange={setSlot}
        options={plan.needs.map((n) => ({
          value: needKey(n),
          label: `${needLabel(n)} (unfilled ${formatFte(n.openFte)})`,
        }))}
      />
      <TextField
        label="FTE"
        value={fte}
        onChange={setFte}
        inputMode="decimal"
        helperText={`Up to ${left.toFixed(2)}`}
      />
      {error ? (
        <Text textStyle="xs" color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
      <HStack gap="2">
        <Button size="xs" colorPalette="brand" onClick={() => void handleSave()} loading={context.saving}>
          Save
        </Button>
        <Button size="xs" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

function SplitForm({ position, context, onDone }: { position: Position; context: StepContext; onDone: () => void }) {
  const others = context.plan.staff.filter(
    (s) => s.staffId !== position.staffId && s.costCenterFte - s.assignedFte > 0.0005,
  );
  const [to, setTo] = useState("");
  const [fte, setFte] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function handleSave() {
    if (!to) return setError("Choose who takes part of the position.");
    const check = positiveFteSchema.safeParse(/^\d*\.?\d+$/.test(fte.trim()) ? Number(fte) : fte);
    if (!check.success) return setError(check.error.issues[0]?.message ?? "Invalid FTE");
    const result = await context.save(Wizard_SplitStaffPositionMutation, {
      input: { staffPositionId: position.id, toStaffId: to, fte: check.data },
    });
    if (result.ok) onDone();
    else setError(result.message);
  }
  return (
    <Stack gap="2" p="2" borderWidth="1px" borderRadius="l2" data-testid="split-form">
      <SelectField
        label="Give part to"
        placeholder="Choose a staff member"
        value={to}
        onChange={setTo}
        options={others.map((s) => ({
          value: s.staffId,
          label: `${s.firstName} ${s.lastName} (${formatFte(s.costCenterFte - s.assignedFte)} free)`,
        }))}
      />
      <TextField label="FTE to split off" value={fte} onChange={setFte} inputMode="decimal" />
      {error ? (
        <Text textStyle="xs" color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
      <HStack gap="2">
        <Button size="xs" colorPalette="brand" onClick={() => void handleSave()}>
          Split
        </Button>
        <Button size="xs" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

/** A transfer within the cost center: the same FTE on another role and shift. */
function MoveForm({ position, context, onDone }: { position: Position; context: StepContext; onDone: () => void }) {
  const [slot, setSlot] = useState("");
  const [error, setError] = useState<string | null>(null);
  const current = `${position.unitRoleId}|${position.shift ?? ""}`;
  async function handleSave() {
    if (!slot) return setError("Choose a position.");
    const [unitRoleId, shift] = slot.split("|");
    const result = await context.save(Wizard_TransferStaffPositionMutation, {
      input: {
        staffPositionId: position.id,
        unitRoleId: unitRoleId ?? "",
        shift: shift ? (shift as "Days" | "Evenings" | "Nights") : null,
      },
    });
    if (result.ok) onDone();
    else setError(result.message);
  }
  return (
    <Stack gap="2" p="2" borderWidth="1px" borderRadius="l2" data-testid="move-form">
      <SelectField
        label="Move to"
        placeholder="Choose a position"
        value={slot}
        onChange={setSlot}
        options={context.plan.needs
          .filter((n) => needKey(n) !== current)
          .map((n) => ({ value: needKey(n), label: `${needLabel(n)} (unfilled ${formatFte(n.openFte)})` }))}
      />
      {error ? (
        <Text textStyle="xs" color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
      <HStack gap="2">
        <Button size="xs" colorPalette="brand" onClick={() => void handleSave()}>
          Move
        </Button>
        <Button size="xs" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}
