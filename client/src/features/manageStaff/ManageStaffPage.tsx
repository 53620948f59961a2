import { ApolloError, useMutation, useQuery } from "@apollo/client";
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  contractEndWarning,
  MANAGE_STAFF_FOOTER,
  nextHireAnniversary,
  STAFF_TYPES,
} from "../../../../schema/manageStaff";
import { fteEquals, prnNotice, WIZARD_STEP_INFO } from "../../../../schema/staffing";
import { NOTES_MAX_LENGTH, TERMINATION_REASONS } from "../../../../schema/userAccess";
import { writeSession } from "../../auth/session";
import { graphql } from "../../gql";
import type { ManageStaff_ListQueryQuery, StaffMemberInput, StaffTransferType, StaffType } from "../../gql/graphql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { ExportButtons } from "../../ui/ExportButtons";
import { SelectField, TextField } from "../../ui/inputs";
import { LoadingState } from "../../ui/LoadingState";
import { LoadProblem } from "../../ui/LoadProblem";
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
import { CostCenterSwitcher, useChosenCostCenter } from "../shell/CostCenterChoice";
import { useFacilityToday } from "../shell/facilityToday";
import { useFooter } from "../shell/footer/useFooter";
import { ShellPage } from "../shell/ShellPage";

const ManageStaff_ListQuery = graphql(`
  query ManageStaff_ListQuery($costCenterId: ID!) {
    manageStaff(costCenterId: $costCenterId) {
      costCenterId
      costCenterCode
      costCenterName
      canEdit
      budgetYear
      prnStandard
      staff {
        ...ManageStaff_Member
      }
      overFilledPositions {
        warning
      }
    }
  }
`);

graphql(`
  fragment ManageStaff_Member on ManagedStaffMember {
    staffId
    employeeId
    firstName
    middleName
    lastName
    staffType
    fte
    dateOfHire
    contractEndDate
    education
    notes
    positionsFte
    isAssigned
    positions {
      id
      roleName
      jobName
      shift
      fte
    }
    overFilledPositions {
      warning
    }
  }
`);

const ManageStaff_AddMutation = graphql(`
  mutation ManageStaff_AddMutation($costCenterId: ID!, $input: StaffMemberInput!) {
    addStaffMember(costCenterId: $costCenterId, input: $input) {
      __typename
      ... on MutationAddStaffMemberSuccess {
        data {
          ...ManageStaff_Member
        }
      }
      ... on DomainError {
        ...DomainError_Fields
      }
    }
  }
`);

const ManageStaff_UpdateMutation = graphql(`
  mutation ManageStaff_UpdateMutation($costCenterId: ID!, $staffId: ID!, $input: StaffMemberInput!) {
    updateStaffMember(costCenterId: $costCenterId, staffId: $staffId, input: $input) {
      __typename
      ... on MutationUpdateStaffMemberSuccess {
        data {
          ...ManageStaff_Member
        }
      }
      ... on DomainError {
        ...DomainError_Fields
      }
    }
  }
`);

const ManageStaff_RemoveMutation = graphql(`
  mutation ManageStaff_RemoveMutation($costCenterId: ID!, $staffId: ID!) {
    removeStaffMember(costCenterId: $costCenterId, staffId: $staffId) {
      __typename
      ... on DomainError {
        ...DomainError_Fields
      }
    }
  }
`);

const ManageStaff_TransferMutation = graphql(`
  mutation ManageStaff_TransferMutation(
    $costCenterId: ID!
    $staffId: ID!
    $transferType: StaffTransferType!
    $toCostCenterId: ID
    $terminationDate: String
  ) {
    transferStaffMember(
      costCenterId: $costCenterId
      staffId: $staffId
      transferType: $transferType
      toCostCenterId: $toCostCenterId
      terminationDate: $terminationDate
    ) {
      __typename
      ... on DomainError {
        ...DomainError_Fields
      }
    }
  }
`);

type List = ManageStaff_ListQueryQuery["manageStaff"];
type Member = List["staff"][number];
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
type StaffAction = "edit" | "remove" | "transfer" | "terminate";
/** What a row shows while and after its last change saves. */
type SaveState = { status: "saving" } | { status: "saved" } | { status: "failed"; message: string; retry: () => void };

const NO_ANSWER = "The server did not answer. Check your connection and try again.";
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

/** The answer of a mutation: null when it succeeded, else the refusal's words. */
function refusalOf(result: { __typename: string; message?: string } | undefined): string | null {
  if (!result) return NO_ANSWER;
  return result.__typename === "DomainError" ? (result.message ?? NO_ANSWER) : null;
}

/** /user/manageStaff: the staff of a cost center the user holds a permission on; its Manage Staff holder changes them. */
export function ManageStaffPage() {
  const costCenters = useChosenCostCenter();
  const { options, costCenterId } = costCenters;
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
      <Stack gap="6">
        <CostCenterSwitcher
          options={options}
          value={costCenterId}
          onChange={costCenters.choose}
          disabled={costCenters.loading}
        />
        {costCenters.error ? (
          <ErrorAlert title="We could not load your cost centers" message={costCenters.error.message} />
        ) : !costCenters.loading && options.length === 0 ? (
          <EmptyState.Root>
            <EmptyState.Content>
              <EmptyState.Title>No cost centers to show</EmptyState.Title>
              <EmptyState.Description>
                Ask an administrator for access to the cost centers you manage.
              </EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : list.error ? (
          <LoadProblem
            what="the staff"
            message={list.error.message}
            onRetry={() => void list.refetch().catch(() => undefined)}
          />
        ) : !list.data ? (
          <LoadingState label="Loading the staff…" />
        ) : (
          <StaffBody
            key={list.data.manageStaff.costCenterId}
            list={list.data.manageStaff}
            refetch={() => list.refetch().then(() => undefined)}
          />
        )}
      </Stack>
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
          return refusalOf(result.data?.updateStaffMember);
        } catch (caught) {
          if (attempt === 1 && isNetworkFailure(caught)) {
            await new Promise((resolve) => setTimeout(resolve, AUTO_RETRY_DELAY_MS));
            continue;
          }
          return caught instanceof Error ? caught.message : NO_ANSWER;
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
            <EmptyState.Root>
              <EmptyState.Content>
                <EmptyState.Title>No staff in this cost center yet</EmptyState.Title>
              </EmptyState.Content>
            </EmptyState.Root>
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

const TYPE_LABEL: Record<StaffType, string> = { Regular: "Regular", PRN: "PRN", Traveller: "Traveller" };

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
        {canEdit ? (
          <InlineInput
            label={`FTE of ${name}`}
            value={member.fte.toFixed(2)}
            width="5.5rem"
            inputMode="decimal"
            onCommit={(value) => onSave(member, { fte: Number(value) })}
          />
        ) : (
          member.fte.toFixed(2)
        )}
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
        {canEdit ? (
          <InlineInput
            label={`Education of ${name}`}
            value={member.education ?? ""}
            width="8rem"
            onCommit={(value) => onSave(member, { education: value || null })}
          />
        ) : (
          (member.education ?? "")
        )}
      </Table.Cell>
      <Table.Cell>
        {canEdit ? (
          <InlineInput
            label={`Notes on ${name}`}
            value={member.notes ?? ""}
            width="12rem"
            maxLength={NOTES_MAX_LENGTH}
            onCommit={(value) => onSave(member, { notes: value || null })}
          />
        ) : (
          (member.notes ?? "")
        )}
      </Table.Cell>
      {canEdit ? (
        <Table.Cell>
          <HStack gap="1" className="no-print">
            <Button size="xs" variant="outline" onClick={() => onAction("edit", member)} aria-label={`Edit ${name}`}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="outline"
              onClick={() => onAction("transfer", member)}
              aria-label={`Transfer ${name}`}
            >
              Transfer
            </Button>
            <Button
              size="xs"
              variant="outline"
              onClick={() => onAction("terminate", member)}
              aria-label={`Terminate ${name}`}
            >
              Terminate
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => onAction("remove", member)}
              aria-label={`Remove ${name}`}
            >
              Remove
            </Button>
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

const EMPTY_NEW: Record<keyof StaffMemberInput, string> = {
  employeeId: "",
  firstName: "",
  middleName: "",
  lastName: "",
  email: "",
  staffType: "Regular",
  dateOfHire: "",
  contractEndDate: "",
  education: "",
  notes: "",
  fte: "",
};

/** MM/DD/YYYY, as the form takes dates, of a stored YYYY-MM-DD. */
const typedDate = (iso: string | null | undefined) =>
  iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "";

/** The form's values of a staff member being edited (e-mail belongs to their user account, not here). */
function formOf(member: Member): Record<keyof StaffMemberInput, string> {
  return {
    employeeId: member.employeeId,
    firstName: member.firstName,
    middleName: member.middleName ?? "",
    lastName: member.lastName,
    email: "",
    staffType: member.staffType,
    dateOfHire: typedDate(member.dateOfHire),
    contractEndDate: typedDate(member.contractEndDate),
    education: member.education ?? "",
    notes: member.notes ?? "",
    fte: String(member.fte),
  };
}

/** Adds a staff member to the cost center, or (with `member`) changes every detail of one at once. */
function StaffDetailsDialog({
  costCenterId,
  member,
  onDone,
}: {
  costCenterId: string;
  member?: Member;
  onDone: (changed: boolean) => void;
}) {
  const [form, setForm] = useState(() => (member ? formOf(member) : EMPTY_NEW));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [add, adding] = useMutation(ManageStaff_AddMutation);
  const [update, updating] = useMutation(ManageStaff_UpdateMutation);
  const loading = adding.loading || updating.loading;
  const set = (key: keyof StaffMemberInput) => (value: string) => setForm((current) => ({ ...current, [key]: value }));
  const submit = async () => {
    const input: StaffMemberInput = {
      employeeId: form.employeeId,
      firstName: form.firstName,
      middleName: form.middleName || null,
      lastName: form.lastName,
      ...(member ? {} : { email: form.email || null }),
      staffType: form.staffType as StaffType,
      dateOfHire: form.dateOfHire,
      contractEndDate: form.contractEndDate || null,
      education: form.education || null,
      notes: form.notes || null,
      fte: form.fte.trim() === "" ? null : Number(form.fte),
    };
    try {
      const problem = member
        ? refusalOf(
            (await update({ variables: { costCenterId, staffId: member.staffId, input } })).data?.updateStaffMember,
          )
        : refusalOf((await add({ variables: { costCenterId, input } })).data?.addStaffMember);
      if (problem) setRefusal(problem);
      else onDone(true);
    } catch (caught) {
      setRefusal(caught instanceof Error ? caught.message : NO_ANSWER);
    }
  };
  return (
    <ConfirmDialog
      open
      title={member ? `Edit ${member.firstName} ${member.lastName}` : "Add staff"}
      confirmLabel={member ? "SAVE" : "ADD"}
      onConfirm={() => void submit()}
      onCancel={() => onDone(false)}
      loading={loading}
      loadingText={member ? "SAVING…" : "ADDING…"}
      testId={member ? "edit-staff-dialog" : "add-staff-dialog"}
    >
      <Stack gap="3">
        {refusal ? (
          <ErrorAlert
            title={member ? "The changes were not saved" : "The staff member was not added"}
            message={refusal}
          />
        ) : null}
        <TextField label="Employee ID" required value={form.employeeId} onChange={set("employeeId")} />
        <TextField label="First name" required value={form.firstName} onChange={set("firstName")} />
        <TextField label="Middle name" value={form.middleName} onChange={set("middleName")} />
        <TextField label="Last name" required value={form.lastName} onChange={set("lastName")} />
        {member ? null : <TextField label="Email" type="email" value={form.email} onChange={set("email")} />}
        <SelectField
          label="Type"
          value={form.staffType}
          onChange={set("staffType")}
          options={STAFF_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }))}
        />
        <TextField
          label="Date of hire"
          required
          placeholder="MM/DD/YYYY"
          value={form.dateOfHire}
          onChange={set("dateOfHire")}
        />
        <TextField
          label="Contract end date"
          placeholder="MM/DD/YYYY"
          helperText="Required for a traveller."
          value={form.contractEndDate}
          onChange={set("contractEndDate")}
        />
        <TextField
          label="FTE in this cost center"
          required
          inputMode="decimal"
          value={form.fte}
          onChange={set("fte")}
        />
        <TextField label="Education" value={form.education} onChange={set("education")} />
        <TextField label="Notes" maxLength={NOTES_MAX_LENGTH} value={form.notes} onChange={set("notes")} />
      </Stack>
    </ConfirmDialog>
  );
}

const ManageStaff_TransferTargetsQuery = graphql(`
  query ManageStaff_TransferTargetsQuery($costCenterId: ID!) {
    staffTransferTargets(costCenterId: $costCenterId) {
      costCenterId
      code
      name
    }
  }
`);

function StaffActionDialog({
  costCenterId,
  costCenterCode,
  kind,
  member,
  onDone,
}: {
  costCenterId: string;
  costCenterCode: string;
  kind: Exclude<StaffAction, "edit">;
  member: Member;
  onDone: (changed: boolean) => void;
}) {
  const [target, setTarget] = useState("");
  const [reason, setReason] = useState<StaffTransferType>("VoluntaryTermination");
  const [date, setDate] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [remove, removing] = useMutation(ManageStaff_RemoveMutation);
  const [transfer, transferring] = useMutation(ManageStaff_TransferMutation);
  const targets = useQuery(ManageStaff_TransferTargetsQuery, {
    variables: { costCenterId },
    skip: kind !== "transfer",
  });
  const name = `${member.firstName} ${member.lastName}`;
  const run = async () => {
    try {
      const answer =
        kind === "remove"
          ? (await remove({ variables: { costCenterId, staffId: member.staffId } })).data?.removeStaffMember
          : (
              await transfer({
                variables: {
                  costCenterId,
                  staffId: member.staffId,
                  transferType: kind === "transfer" ? "TransferWithinOrg" : reason,
                  ...(kind === "transfer" ? { toCostCenterId: target } : { terminationDate: date }),
                },
              })
            ).data?.transferStaffMember;
      const problem = refusalOf(answer);
      if (problem) setRefusal(problem);
      else onDone(true);
    } catch (caught) {
      setRefusal(caught instanceof Error ? caught.message : NO_ANSWER);
    }
  };
  const text = {
    remove: {
      title: `Remove ${name}?`,
      detail: `${name} leaves cost center ${costCenterCode} with their positions in its open staffing plan. This cannot be undone.`,
      confirm: "REMOVE",
    },
    transfer: {
      title: `Transfer ${name}`,
      detail: `${name} moves with their FTE; their positions in ${costCenterCode}'s open plan are taken away.`,
      confirm: "TRANSFER",
    },
    terminate: {
      title: `Terminate ${name}`,
      detail: `${name}'s employment ends on the date given; they leave every cost center. This cannot be undone.`,
      confirm: "TERMINATE",
    },
  }[kind];
  return (
    <ConfirmDialog
      open
      title={text.title}
      confirmLabel={text.confirm}
      destructive={kind !== "transfer"}
      onConfirm={() => void run()}
      onCancel={() => onDone(false)}
      loading={removing.loading || transferring.loading}
      confirmDisabled={(kind === "transfer" && !target) || (kind === "terminate" && !date.trim())}
      testId="staff-action-dialog"
    >
      <Stack gap="3">
        <Text color="fg.muted">{text.detail}</Text>
        {refusal ? <ErrorAlert title="Nothing was changed" message={refusal} /> : null}
        {kind === "transfer" ? (
          <SelectField
            label="Transfer to"
            value={target}
            onChange={setTarget}
            disabled={targets.loading}
            error={targets.error ? `The cost centers could not be loaded: ${targets.error.message}` : undefined}
            helperText="Any active cost center of the facility."
            options={[
              { value: "", label: targets.loading ? "Loading the cost centers…" : "Choose a cost center" },
              ...(targets.data?.staffTransferTargets ?? []).map((c) => ({
                value: c.costCenterId,
                label: `${c.code} ${c.name}`,
              })),
            ]}
          />
        ) : null}
        {kind === "terminate" ? (
          <>
            <SelectField
              label="Reason"
              value={reason}
              onChange={(value) => setReason(value as StaffTransferType)}
              options={TERMINATION_REASONS.map((r) => ({ value: r.value, label: r.label }))}
            />
            <TextField label="Termination date" required placeholder="MM/DD/YYYY" value={date} onChange={setDate} />
          </>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
