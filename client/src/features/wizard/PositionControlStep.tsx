import { Box, Button, Card, Grid, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { formatFte, openPositionSchema, SHIFT_NAMES, type ShiftName } from "../../../../schema/staffing";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyNote } from "../../ui/EmptyNote";
import { FailureLine } from "../../ui/ErrorAlert";
import { CheckboxField, SelectField, TextField } from "../../ui/inputs";
import { ConfirmRemove } from "./ConfirmRemove";
import {
  Wizard_CalculateOpenPositionsMutation,
  Wizard_CreateOpenPositionMutation,
  Wizard_DeleteOpenPositionMutation,
  Wizard_UpdateOpenPositionMutation,
} from "./documents";
import { NeedsTable, TotalsTable } from "./figures";
import type { PlanData } from "./useWizard";
import { type RowEditingBodyProps, RowEditingFrame, type StepContext } from "./WizardFrame";

type Open = PlanData["openPositions"][number];

/** /user/wizard/positioncontrol: step 5. */
export function PositionControlStep() {
  return (
    <RowEditingFrame
      step="FinalizePositionControl"
      description="Open positions for what stays unfilled, and the position-control totals."
      Body={PositionControlBody}
    />
  );
}

function PositionControlBody({ context, onEditing }: RowEditingBodyProps) {
  const { plan, readOnly } = context;
  const [confirmRecalc, setConfirmRecalc] = useState(false);
  const [removing, setRemoving] = useState<Open | null>(null);
  const [adding, setAdding] = useState(false);
  const calculate = () => void context.save(Wizard_CalculateOpenPositionsMutation, { planId: plan.id });
  return (
    <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="6" alignItems="start">
      <Card.Root variant="outline" bg="bg.panel">
        <Card.Body gap="4">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Stack gap="1">
              <Heading as="h2" size="md">
                Open positions
              </Heading>
              <Text textStyle="sm" color="fg.muted">
                Calculated from each position's paid FTE less what staff and travellers hold: one requisition per whole
                FTE, the rest rounded up.
              </Text>
            </Stack>
            {!readOnly ? (
              <HStack gap="2">
                <Button
                  colorPalette="brand"
                  onClick={() => (plan.openPositions.length ? setConfirmRecalc(true) : calculate())}
                  loading={context.saving}
                >
                  Calculate open positions
                </Button>
                <Button variant="outline" onClick={() => setAdding(true)} disabled={adding}>
                  Add open position
                </Button>
              </HStack>
            ) : null}
          </HStack>
          {adding ? (
            <OpenEditor
              context={context}
              onDone={() => {
                setAdding(false);
                onEditing(false);
              }}
              onDirty={() => onEditing(true)}
            />
          ) : null}
          {plan.openPositions.length === 0 ? (
            <EmptyNote
              size="sm"
              title="No open positions"
              description="Calculate them from what stays unfilled after staff are assigned."
            />
          ) : (
            <Stack gap="3" data-testid="open-positions">
              {plan.openPositions.map((open) => (
                <OpenRow
                  key={open.id}
                  open={open}
                  context={context}
                  onRemove={() => setRemoving(open)}
                  onEditing={onEditing}
                />
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline" bg="bg.panel">
        <Card.Body gap="4">
          <NeedsTable
            plan={plan}
            columns={["paidFte", "hiredFte", "travellerFte", "requestedFte", "gapFte", "overHireFte"]}
            testId="position-control-needs"
          />
          <TotalsTable plan={plan} />
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={confirmRecalc}
        title="Calculate the open positions again?"
        destructive
        confirmLabel="CALCULATE"
        onCancel={() => setConfirmRecalc(false)}
        onConfirm={() => {
          setConfirmRecalc(false);
          calculate();
        }}
      >
        The open positions are replaced by a fresh calculation; requisition numbers and edits are lost.
      </ConfirmDialog>
      <ConfirmRemove
        row={removing}
        title="Remove this open position?"
        mutation={Wizard_DeleteOpenPositionMutation}
        context={context}
        onClose={() => setRemoving(null)}
      >
        Its FTE is no longer requested, so the gap grows by it.
      </ConfirmRemove>
    </Grid>
  );
}

function OpenRow({
  open,
  context,
  onRemove,
  onEditing,
}: {
  open: Open;
  context: StepContext;
  onRemove: () => void;
  onEditing: (editing: boolean) => void;
}) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <OpenEditor
        context={context}
        open={open}
        onDirty={() => onEditing(true)}
        onDone={() => {
          setEditing(false);
          onEditing(false);
        }}
      />
    );
  }
  return (
    <HStack
      justify="space-between"
      borderWidth="1px"
      borderRadius="l2"
      px="3"
      py="2"
      gap="3"
      wrap="wrap"
      data-testid="open-position"
    >
      <Stack gap="0">
        <Text fontWeight="medium">
          {open.roleName}
          {open.shift ? ` · ${open.shift} ${open.startTime ?? ""}-${open.endTime ?? ""}` : ""}
        </Text>
        <Text textStyle="sm" color="fg.muted">
          {formatFte(open.fte)} FTE ·{" "}
          {open.requisitionNumber ? `Req. ${open.requisitionNumber}` : "No requisition number"}
          {open.isTraveller ? " · Traveller" : ""}
        </Text>
      </Stack>
      {!context.readOnly ? (
        <HStack gap="2">
          <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={onRemove}>
            Remove
          </Button>
        </HStack>
      ) : null}
    </HStack>
  );
}

type Draft = {
  unitRoleId: string;
  requisitionNumber: string;
  fte: string;
  shift: string;
  startTime: string;
  endTime: string;
  isTraveller: boolean;
};

function OpenEditor({
  context,
  open,
  onDone,
  onDirty,
}: {
  context: StepContext;
  open?: Open;
  onDone: () => void;
  onDirty: () => void;
}) {
  const { plan } = context;
  const [draft, setDraftState] = useState<Draft>({
    unitRoleId: open?.unitRoleId ?? "",
    requisitionNumber: open?.requisitionNumber ?? "",
    fte: open ? String(open.fte) : "1",
    shift: open?.shift ?? "",
    startTime: open?.startTime ?? "",
    endTime: open?.endTime ?? "",
    isTraveller: open?.isTraveller ?? false,
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const setDraft = (patch: Partial<Draft>) => {
    setDraftState((d) => ({ ...d, ...patch }));
    onDirty();
  };
  const input = {
    unitRoleId: draft.unitRoleId,
    requisitionNumber: draft.requisitionNumber,
    fte: /^\d*\.?\d+$/.test(draft.fte.trim()) ? Number(draft.fte) : draft.fte,
    shift: draft.shift || null,
    startTime: draft.startTime || null,
    endTime: draft.endTime || null,
    isTraveller: draft.isTraveller,
  };
  const parsed = openPositionSchema.safeParse(input);
  const errors = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      if (!errors.has(key)) errors.set(key, issue.message);
    }
  }
  const show = (key: string) => (submitted ? errors.get(key) : undefined);
  /** A time in 4-digit military time. */
  const time = (key: "startTime" | "endTime", label: string, placeholder: string) => (
    <TextField
      label={label}
      value={draft[key]}
      placeholder={placeholder}
      maxLength={4}
      onChange={(value) => setDraft({ [key]: value })}
      error={show(key)}
    />
  );

  async function handleSave() {
    setSubmitted(true);
    if (!parsed.success) return;
    const values = {
      ...parsed.data,
      shift: parsed.data.shift as ShiftName | null,
    };
    const result = open
      ? await context.save(Wizard_UpdateOpenPositionMutation, { id: open.id, input: values })
      : await context.save(Wizard_CreateOpenPositionMutation, { planId: plan.id, input: values });
    if (result.ok) onDone();
    else setServerError(result.message);
  }

  return (
    <Box borderWidth="1px" borderRadius="l2" p="3" bg="bg.subtle" data-testid="open-editor">
      <Grid templateColumns={{ base: "1fr", md: "repeat(3, minmax(0, 1fr))" }} gap="3">
        <SelectField
          label="Role"
          placeholder="Choose a role"
          value={draft.unitRoleId}
          onChange={(unitRoleId) => setDraft({ unitRoleId })}
          options={plan.roles.map((r) => ({ value: r.id, label: r.name }))}
          error={show("unitRoleId")}
        />
        <TextField
          label="Requisition number"
          value={draft.requisitionNumber}
          onChange={(requisitionNumber) => setDraft({ requisitionNumber })}
          maxLength={20}
          error={show("requisitionNumber")}
          helperText="Letters, digits, hyphens, spaces; at most 12."
        />
        <TextField
          label="FTE"
          value={draft.fte}
          inputMode="decimal"
          onChange={(fte) => setDraft({ fte })}
          error={show("fte")}
        />
        <SelectField
          label="Shift"
          placeholder="No shift (exempt)"
          value={draft.shift}
          onChange={(shift) => setDraft({ shift })}
          options={SHIFT_NAMES.map((s) => ({ value: s, label: s }))}
        />
        {time("startTime", "Start time", "0700")}
        {time("endTime", "End time", "1930")}
      </Grid>
      <CheckboxField
        mt="3"
        label="Fill with a traveller"
        checked={draft.isTraveller}
        onCheckedChange={(isTraveller) => setDraft({ isTraveller })}
      />
      <FailureLine mt="2" message={serverError} />
      <HStack gap="2" mt="3">
        <Button size="sm" colorPalette="brand" onClick={() => void handleSave()} loading={context.saving}>
          Save open position
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </HStack>
    </Box>
  );
}
