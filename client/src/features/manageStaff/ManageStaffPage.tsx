import { ApolloError, useMutation, useQuery } from "@apollo/client";
import {
  Alert,
  Badge,
  Button,
  Card,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type ComponentProps, memo, useCallback, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { contractEndWarning, MANAGE_STAFF_FOOTER, nextHireAnniversary } from "../../../../schema/manageStaff";
import { fteEquals, prnNotice, WIZARD_STEP_INFO } from "../../../../schema/staffing";
import { NOTES_MAX_LENGTH } from "../../../../schema/userAccess";
import { writeSession } from "../../auth/session";
import type { StaffMemberInput } from "../../gql/graphql";
import { EmptyNote } from "../../ui/EmptyNote";
import { ExportButtons } from "../../ui/ExportButtons";
import { callFailureText, refusalText } from "../../ui/inputs";
import { Loaded } from "../../ui/Loaded";
import { OverFillAlert } from "../../ui/OverFillAlert";
import { Tip } from "../../ui/Tip";
import {
  headerColumns,
  SortableHeaders,
  type Column as TableColumn,
  TableFilter,
  TableNoMatch,
  usePrinting,
  useTable,
} from "../../ui/table";
import { ChosenCostCenterScreen, useChosenCostCenter } from "../shell/CostCenterChoice";
import { useFacilityToday } from "../shell/facilityToday";
import { useFooter } from "../shell/footer/useFooter";
import { ShellPage } from "../shell/ShellPage";
import {
  type List,
  ManageStaff_ListQuery,
  ManageStaff_UpdateMutation,
  type Member,
  type StaffAction,
  TYPE_LABEL,
} from "./documents";
import { StaffActionDialog, StaffDetailsDialog } from "./StaffDialogs";

type Column =
  | "Name"
  | "EmployeeId"
  | "Type"
  | "Fte"
  | "Positions"
  | "Hire"
  | "Contract"
  | "Education"
  | "Notes"
  | "Actions";
/** What a row shows while and after its last change saves. */
type SaveState = { status: "saving" } | { status: "saved" } | { status: "failed"; message: string; retry: () => void };

/** A save that met a network failure is sent once more after this pause, before the row says it failed. */
const AUTO_RETRY_DELAY_MS = 800;
/** The list's own order: by name (spec §9: staff by first name, case-insensitively). */
const COLUMNS: readonly TableColumn<Member, Column>[] = [
  { key: "Name", label: "Name", value: (m) => `${m.firstName} ${m.lastName}` },
  { key: "EmployeeId", label: "Employee ID", value: (m) => m.employeeId },
  { key: "Type", label: "Type", value: (m) => m.staffType },
  { key: "Fte", label: "FTE here", numeric: true, value: (m) => m.fte },
  { key: "Positions", label: "Positions held" },
  { key: "Hire", label: "Date of hire", value: (m) => m.dateOfHire },
  { key: "Contract", label: "Contract end", value: (m) => m.contractEndDate },
  { key: "Education", label: "Education", value: (m) => m.education ?? null },
  { key: "Notes", label: "Notes" },
];
const EDIT_COLUMNS: readonly TableColumn<Member, Column>[] = [...COLUMNS, { key: "Actions", label: "Actions" }];
/** A row's action buttons, in their order; removing is the one shown as destructive. */
const ROW_ACTIONS: readonly { action: StaffAction; label: string; palette?: string }[] = [
  { action: "edit", label: "Edit" },
  { action: "transfer", label: "Transfer" },
  { action: "terminate", label: "Terminate" },
  { action: "remove", label: "Remove", palette: "red" },
];
/** What the filter searches. */
const memberText = (m: Member) => `${m.firstName} ${m.lastName} ${m.employeeId} ${m.staffType}`;

/** The request never got an answer, or the server failed (5xx): worth sending again. A refusal is not. */
function isNetworkFailure(caught: unknown): boolean {
  if (!(caught instanceof ApolloError) || !caught.networkError) return false;
  const status = "statusCode" in caught.networkError ? caught.networkError.statusCode : undefined;
  return status === undefined || status >= 500;
}

/** One field's saves of one staff member: at most one in flight, and the latest value waiting behind it. */
type SaveQueue = { running: boolean; next: { member: Member; input: StaffMemberInput } | null };

/** /user/manageStaff: the staff of a cost center the user holds a permission on; its Manage Staff holder changes them. */
export function ManageStaffPage() {
  const costCenters = useChosenCostCenter();
  const { costCenterId } = costCenters;
  const list = useQuery(ManageStaff_ListQuery, { variables: { costCenterId }, skip: !costCenterId });

  return (
    <ShellPage
      title="MANAGE STAFF"
      description="The staff of your cost centers: their FTE, positions and details. Changes save as you make them."
      actions={
        list.data ? (
          <ExportButtons
            path={`/api/staff?costCenterId=${list.data.manageStaff.costCenterId}`}
            name={`staff-${list.data.manageStaff.costCenterCode}`}
          />
        ) : null
      }
    >
      <ChosenCostCenterScreen costCenters={costCenters}>
        <Loaded data={list.data?.manageStaff} query={list} what="the staff">
          {(manageStaff) => (
            <StaffBody
              key={manageStaff.costCenterId}
              list={manageStaff}
              refetch={() => list.refetch().then(() => undefined)}
            />
          )}
        </Loaded>
      </ChosenCostCenterScreen>
    </ShellPage>
  );
}

function StaffBody({ list, refetch }: { list: List; refetch: () => Promise<void> }) {
  const columns = list.canEdit ? EDIT_COLUMNS : COLUMNS;
  // Every row at once (no pages): the rows in view are rendered, see useVisibleRows.
  const table = useTable(list.staff, {
    columns,
    text: memberText,
    defaultSort: { key: "Name", descending: false },
    pageSize: null,
  });
  const { state } = table;
  const shown = table.view.rows;
  // Per staff member, per field: a later save of another field never hides a failed one.
  const [saves, setSaves] = useState<Record<string, Record<string, SaveState>>>({});
  const [adding, setAdding] = useState(false);
  const [action, setAction] = useState<{ kind: StaffAction; member: Member } | null>(null);
  const [update] = useMutation(ManageStaff_UpdateMutation);
  const navigate = useNavigate();
  const { costCenterId } = list;
  // The row handlers keep their identity from render to render, so a row renders again only when its
  // own member or save state changes.
  const openAssignStaff = useCallback(() => {
    writeSession("costCenterId", costCenterId);
    void navigate(WIZARD_STEP_INFO.AssignStaff.path);
  }, [costCenterId, navigate]);
  const openAction = useCallback((kind: StaffAction, member: Member) => setAction({ kind, member }), []);

  const unassigned = list.staff.filter((m) => !m.isAssigned).length;
  const visible = useVisibleRows(shown.length);

  // The latest refetch, for the save below (the parent passes a new function on each render).
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  const queues = useRef(new Map<string, SaveQueue>());

  /** One value sent, with one automatic retry of a network failure: null when saved, else why not. */
  const sendOnce = useCallback(
    async (member: Member, input: StaffMemberInput): Promise<string | null> => {
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await update({ variables: { costCenterId, staffId: member.staffId, input } });
          return refusalText(result.data?.updateStaffMember);
        } catch (caught) {
          if (attempt === 1 && isNetworkFailure(caught)) {
            await new Promise((resolve) => setTimeout(resolve, AUTO_RETRY_DELAY_MS));
            continue;
          }
          return callFailureText(caught);
        }
      }
    },
    [update, costCenterId],
  );

  /**
   * Saves one field of a row; the row shows saving, saved, or the failure with a retry. Saves of a
   * staff member's field go one at a time, in the order made: a value committed while another is in
   * flight waits, and only the latest waiting value is sent, so an older value never lands last.
   */
  const save = useCallback(
    function save(member: Member, input: StaffMemberInput) {
      const field = Object.keys(input).join(",");
      const key = `${member.staffId} ${field}`;
      const mark = (state: SaveState) =>
        setSaves((current) => ({ ...current, [member.staffId]: { ...current[member.staffId], [field]: state } }));
      mark({ status: "saving" });
      const queue = queues.current.get(key) ?? { running: false, next: null };
      queues.current.set(key, queue);
      queue.next = { member, input };
      if (queue.running) return;
      queue.running = true;
      void (async () => {
        let last: { member: Member; input: StaffMemberInput; refusal: string | null } | null = null;
        let savedFte = false;
        while (queue.next) {
          const item = queue.next;
          queue.next = null;
          const refusal = await sendOnce(item.member, item.input);
          last = { ...item, refusal };
          if (!refusal && item.input.fte !== undefined) savedFte = true;
        }
        queue.running = false;
        if (!last) return;
        const failed = last;
        mark(
          failed.refusal
            ? { status: "failed", message: failed.refusal, retry: () => save(failed.member, failed.input) }
            : { status: "saved" },
        );
        // An FTE changes the totals and whether they are assigned. (A member's FTE is per cost center,
        // so the cache does not merge members across lists by id: the list is read again.)
        if (savedFte) await refetchRef.current().catch(() => undefined);
      })();
    },
    [sendOnce],
  );

  // A save under way or failed is a change not yet kept: leaving the page asks first.
  const unsaved = Object.values(saves).some((fields) =>
    Object.values(fields).some((state) => state.status !== "saved"),
  );
  useFooter({ hasUnsavedChanges: unsaved });

  return (
    <Stack gap="5">
      {!list.canEdit ? (
        <Alert.Root status="info" variant="subtle" data-testid="read-only-banner">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>You have read-only access to this cost center's staff.</Alert.Title>
            <Alert.Description>Only the cost center's Manage Staff holder can change its staff.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <OverFillAlert warnings={list.overFilledPositions.map((o) => o.warning)} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Summary label="Staff" value={String(list.staff.length)} />
        <Summary label="FTE in this cost center" value={list.staff.reduce((s, m) => s + m.fte, 0).toFixed(2)} />
        <Summary
          label="Not fully assigned"
          value={String(unassigned)}
          help={
            unassigned > 0
              ? "Assign them in the wizard's Assign Staff step, or remove them here."
              : "Everyone is assigned."
          }
        />
      </SimpleGrid>
      <Card.Root variant="outline" bg="bg.panel">
        <Card.Body gap="4">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <TableFilter
              label="Filter staff"
              placeholder="Name, employee ID or type"
              value={state.filter}
              onChange={state.onFilter}
            />
            {list.canEdit ? (
              <Button colorPalette="brand" onClick={() => setAdding(true)}>
                Add staff
              </Button>
            ) : null}
          </HStack>
          <Text textStyle="sm" color="fg.muted" role="status" data-testid="staff-count">
            Showing {shown.length} of {list.staff.length} staff · {MANAGE_STAFF_FOOTER}
          </Text>
          {list.staff.length === 0 ? (
            <EmptyNote title="No staff in this cost center yet" />
          ) : shown.length === 0 ? (
            <TableNoMatch noun="staff" term={table.view.term} />
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="staff-table">
                <Table.Header>
                  <SortableHeaders columns={headerColumns(columns)} sort={state.sort} onSort={state.onSort} />
                </Table.Header>
                <Table.Body ref={visible.bodyRef}>
                  <SpacerRow height={visible.before} columns={columns.length} />
                  {visible.indexes.map((index) => {
                    const member = shown[index] as Member;
                    return (
                      <StaffRow
                        key={member.staffId}
                        index={index}
                        measureRef={visible.measure}
                        member={member}
                        canEdit={list.canEdit}
                        prnStandard={list.prnStandard ?? null}
                        saveState={rowState(saves[member.staffId])}
                        onSave={save}
                        onAssign={openAssignStaff}
                        onAction={openAction}
                      />
                    );
                  })}
                  <SpacerRow height={visible.after} columns={columns.length} />
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Card.Body>
      </Card.Root>
      {adding ? (
        <StaffDetailsDialog
          costCenterId={list.costCenterId}
          onDone={async (added) => {
            setAdding(false);
            if (added) await refetch();
          }}
        />
      ) : null}
      {action?.kind === "edit" ? (
        <StaffDetailsDialog
          costCenterId={list.costCenterId}
          member={action.member}
          onDone={async (changed) => {
            setAction(null);
            if (changed) await refetch();
          }}
        />
      ) : action ? (
        <StaffActionDialog
          costCenterId={list.costCenterId}
          costCenterCode={list.costCenterCode}
          kind={action.kind}
          member={action.member}
          onDone={async (changed) => {
            setAction(null);
            if (changed) await refetch();
          }}
        />
      ) : null}
    </Stack>
  );
}

/** A row's height estimate before it is measured (a row with one position and no badges). */
const ROW_ESTIMATE_PX = 62;

/**
 * The rows of a long list in view, and a few either side, over the window's scroll (the page
 * scrolls, not the table): 2,000 staff render as a few dozen rows, each measured once shown. While
 * the page prints, every row.
 */
function useVisibleRows(count: number) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // Where the table's body starts on the page: what comes above it (alerts) can change its place.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = (bodyRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) >= 1) setScrollMargin(top);
  });
  const printing = usePrinting();
  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => ROW_ESTIMATE_PX, overscan: 8, scrollMargin });
  if (printing) return { bodyRef, indexes: Array.from({ length: count }, (_, i) => i), before: 0, after: 0 };
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    bodyRef,
    indexes: items.map((item) => item.index),
    before: first ? first.start - scrollMargin : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0,
    measure: virtualizer.measureElement,
  };
}

/** The height of the rows not rendered, above or below those in view. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <Table.Row aria-hidden="true">
      <Table.Cell colSpan={columns} p="0" borderBottomWidth="0" style={{ height }} />
    </Table.Row>
  );
}

/** What a row says of its fields' saves: a failure first, then a save under way, then saved. */
function rowState(fields: Record<string, SaveState> | undefined): SaveState | undefined {
  const states = Object.values(fields ?? {});
  return (
    states.find((s) => s.status === "failed") ??
    states.find((s) => s.status === "saving") ??
    states.find((s) => s.status === "saved")
  );
}

function Summary({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Body p="4" gap="1">
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Text textStyle="2xl" fontWeight="semibold">
          {value}
        </Text>
        {help ? (
          <Text textStyle="xs" color="fg.muted">
            {help}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

const StaffRow = memo(function StaffRow({
  index,
  measureRef,
  member,
  canEdit,
  prnStandard,
  saveState,
  onSave,
  onAssign,
  onAction,
}: {
  /** The row's place in the list as shown, and the list's measure of its height. */
  index: number;
  measureRef: ((element: HTMLTableRowElement | null) => void) | undefined;
  member: Member;
  canEdit: boolean;
  /** The PRN FTE standard (HR guidelines) a PRN's FTE here must equal. */
  prnStandard: number | null;
  saveState: SaveState | undefined;
  onSave: (member: Member, input: StaffMemberInput) => void;
  /** Opens the wizard's Assign Staff step of this cost center. */
  onAssign: () => void;
  onAction: (kind: StaffAction, member: Member) => void;
}) {
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <Table.Row data-testid="staff-row" data-index={index} ref={measureRef}>
      <Table.Cell>
        <Stack gap="0.5">
          <Text fontWeight="medium">{name}</Text>
          {member.isAssigned ? null : (
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="orange" variant="subtle">
                Not fully assigned
              </Badge>
              <Button
                size="2xs"
                variant="outline"
                className="no-print"
                onClick={onAssign}
                aria-label={`Assign ${name}`}
              >
                Assign
              </Button>
            </HStack>
          )}
          {member.staffType === "PRN" && prnStandard !== null && !fteEquals(member.fte, prnStandard) ? (
            <Text textStyle="xs" color="fg.error" data-testid="prn-notice">
              {prnNotice(prnStandard)}
            </Text>
          ) : null}
          <SaveStatus state={saveState} />
        </Stack>
      </Table.Cell>
      <Table.Cell>{member.employeeId}</Table.Cell>
      <Table.Cell>{TYPE_LABEL[member.staffType]}</Table.Cell>
      <Table.Cell textAlign="end">
        <EditableText
          editable={canEdit}
          label={`FTE of ${name}`}
          value={member.fte.toFixed(2)}
          width="5.5rem"
          inputMode="decimal"
          onCommit={(value) => onSave(member, { fte: Number(value) })}
        />
      </Table.Cell>
      <Table.Cell>
        {member.positions.length === 0 ? (
          <Text color="fg.muted">None</Text>
        ) : (
          member.positions.map((p) => (
            <Text key={p.id} textStyle="sm">
              {p.jobName ?? p.roleName ?? "Removed role"} · {p.shift ?? "No shift"} · {p.fte.toFixed(2)}
            </Text>
          ))
        )}
        <OverFilledBadge warnings={member.overFilledPositions.map((o) => o.warning)} />
      </Table.Cell>
      <Table.Cell>
        <HireDate dateOfHire={member.dateOfHire} />
      </Table.Cell>
      <Table.Cell>
        <ContractEnd date={member.contractEndDate} isTraveller={member.staffType === "Traveller"} />
      </Table.Cell>
      <Table.Cell>
        <EditableText
          editable={canEdit}
          label={`Education of ${name}`}
          value={member.education ?? ""}
          width="8rem"
          onCommit={(value) => onSave(member, { education: value || null })}
        />
      </Table.Cell>
      <Table.Cell>
        <EditableText
          editable={canEdit}
          label={`Notes on ${name}`}
          value={member.notes ?? ""}
          width="12rem"
          maxLength={NOTES_MAX_LENGTH}
          onCommit={(value) => onSave(member, { notes: value || null })}
        />
      </Table.Cell>
      {canEdit ? (
        <Table.Cell>
          <HStack gap="1" className="no-print">
            {ROW_ACTIONS.map(({ action, label, palette }) => (
              <Button
                key={action}
                size="xs"
                variant="outline"
                colorPalette={palette}
                onClick={() => onAction(action, member)}
                aria-label={`${label} ${name}`}
              >
                {label}
              </Button>
            ))}
          </HStack>
        </Table.Cell>
      ) : null}
    </Table.Row>
  );
});

/** A staff member holds a position in an over-filled role and shift: the badge says so, its tooltip and hidden text say which. */
function OverFilledBadge({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  const detail = warnings.join("; ");
  return (
    <Tip content={detail}>
      <Badge colorPalette="orange" variant="subtle" mt="1" data-testid="over-filled-badge">
        Over-filled<VisuallyHidden>: {detail}</VisuallyHidden>
      </Badge>
    </Tip>
  );
}

/** The date of hire and the next anniversary (rolls to next year once this year's has passed). */
function HireDate({ dateOfHire }: { dateOfHire: string | null }) {
  const today = useFacilityToday();
  if (!dateOfHire) return null;
  const next = nextHireAnniversary(dateOfHire, today);
  return (
    <Stack gap="0">
      <Text>{dateOfHire}</Text>
      <Text textStyle="xs" color="fg.muted">
        {next.years} year{next.years === 1 ? "" : "s"} on {next.date}
      </Text>
    </Stack>
  );
}

/** A traveller's contract end, with a warning in words 60 days ahead (urgent from 30). */
function ContractEnd({ date, isTraveller }: { date: string | null; isTraveller: boolean }) {
  const today = useFacilityToday();
  if (!date) return isTraveller ? <Text color="fg.muted">Not set</Text> : null;
  const warning = isTraveller ? contractEndWarning(date, today) : null;
  return (
    <Stack gap="0.5">
      <Text>{date}</Text>
      {warning ? (
        <Badge
          alignSelf="flex-start"
          variant="subtle"
          colorPalette={warning.level === "soon" ? "yellow" : "red"}
          data-testid="contract-warning"
        >
          {warning.text}
        </Badge>
      ) : null}
    </Stack>
  );
}

/** A field of a row: an input that saves in place for those who may edit it, else just its text. */
function EditableText({ editable, ...input }: { editable: boolean } & ComponentProps<typeof InlineInput>) {
  return editable ? <InlineInput {...input} /> : input.value;
}

/** An input that saves when it loses focus (or on Enter) if its text changed. */
function InlineInput({
  label,
  value,
  onCommit,
  ...props
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  width: string;
  inputMode?: "decimal";
  maxLength?: number;
}) {
  const [text, setText] = useState(value);
  // What was last sent: leaving the field after Enter must not send it twice.
  const [sent, setSent] = useState(value);
  const commit = () => {
    const next = text.trim();
    if (next === sent) return;
    setSent(next);
    onCommit(next);
  };
  return (
    <Input
      size="sm"
      aria-label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit();
      }}
      {...props}
    />
  );
}

function SaveStatus({ state }: { state: SaveState | undefined }) {
  if (!state) return null;
  if (state.status === "saving") {
    return (
      <Text textStyle="xs" color="fg.muted" data-testid="save-state">
        Saving…
      </Text>
    );
  }
  if (state.status === "saved") {
    return (
      <Text textStyle="xs" color="fg.muted" data-testid="save-state">
        Saved
      </Text>
    );
  }
  return (
    <HStack gap="2" data-testid="save-state" role="alert">
      <Text textStyle="xs" color="fg.error">
        Not saved: {state.message}
      </Text>
      <Button size="2xs" variant="outline" onClick={state.retry}>
        Retry
      </Button>
    </HStack>
  );
}
