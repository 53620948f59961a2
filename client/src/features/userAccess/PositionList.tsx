import {
  Badge,
  Box,
  Card,
  Checkbox,
  Collapsible,
  Flex,
  HStack,
  IconButton,
  Menu,
  Portal,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { type ReactNode, useMemo, useState } from "react";
import { noPermissionsText, USER_ACCESS_TEXTS } from "../../../../schema/userAccess";
import {
  type Column,
  filterRows,
  filterTerm,
  headerColumns,
  PlainHeaders,
  pageOf,
  type Sort,
  SortableHeaders,
  sortRows,
  TableFilter,
  TableNoMatch,
  TablePager,
  useTableState,
} from "../../ui/table";
import { ChevronDownIcon } from "../shell/icons";
import { formatFte } from "./parts";
import type { AccessPosition, AccessUser } from "./UserAccessibilityPage";

const FLAGS = [
  ["completeWizard", "Complete Wizard"],
  ["manageStaff", "Manage Staff"],
  ["readOnly", "Read Only"],
  ["executive", "Executive"],
] as const;

type Props = {
  positions: readonly AccessPosition[];
  /** The list's actions (print, expand and close all), on the filter's line. */
  toolbar?: ReactNode;
  viewerId: string;
  expanded: ReadonlySet<string>;
  onToggle: (positionId: string) => void;
  onAdd: (kind: "outside" | "within", position: AccessPosition) => void;
  onMove: (position: AccessPosition) => void;
  onUpdate: (user: AccessUser, position: AccessPosition) => void;
  onResend: (user: AccessUser) => void;
  onDelete: (user: AccessUser) => void;
};

/** The words that mark a user row beside its colour. */
export const USER_ROW_STATES = { unassigned: "No permissions", review: "Changed by upload" } as const;

type UserKey = "expand" | "name" | "notes" | "employeeId" | "fte" | "actions";
/** Spec §9: staff sort by first name, case-insensitively (the server's order too). */
const USER_COLUMNS: readonly Column<AccessUser, UserKey>[] = [
  { key: "expand", label: "", headerProps: { w: "8" } },
  { key: "name", label: "Assigned Staff", value: (u) => `${u.firstName} ${u.lastName}`, headerProps: { w: "34%" } },
  { key: "notes", label: "Notes", value: (u) => u.notes || null, headerProps: { w: "26%" } },
  { key: "employeeId", label: "Employee ID", value: (u) => u.employeeId ?? null, headerProps: { w: "20%" } },
  { key: "fte", label: "FTE", value: (u) => u.fte ?? null, headerProps: { w: "10%" } },
  { key: "actions", label: "", headerProps: { w: "10" } },
];
const USER_HEADERS = headerColumns(USER_COLUMNS);
const userText = (u: AccessUser) => `${u.firstName} ${u.lastName} ${u.email} ${u.employeeId ?? ""} ${u.notes ?? ""}`;

/**
 * The collapsible list of positions (spec §2): Position, Description, then each position's staff.
 * One filter and one sort for the users of every position; while a filter is typed, the positions
 * holding a match stand open and the others are left out.
 */
export function PositionList({ positions, viewerId, expanded, onToggle, toolbar, ...actions }: Props) {
  const state = useTableState<UserKey>({ defaultSort: { key: "name", descending: false }, pageSize: null });
  const filtering = filterTerm(state.filter) !== "";
  const shown = useMemo(
    () =>
      positions
        .map((position) => ({
          position,
          users: sortRows(filterRows(position.users, userText, state.filter), USER_COLUMNS, state.sort),
        }))
        .filter((entry) => !filtering || entry.users.length > 0),
    [positions, state.filter, state.sort, filtering],
  );
  const everyUser = useMemo(() => positions.flatMap((position) => position.users), [positions]);
  const matched = shown.flatMap((entry) => entry.users);
  const view = {
    ...pageOf(matched, 0, null),
    matched,
    total: everyUser.length,
    term: filtering ? state.filter.trim() : "",
  };
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" data-print-hide>
        <TableFilter
          label="Filter users"
          placeholder="Name, e-mail, employee ID or notes"
          value={state.filter}
          onChange={state.onFilter}
          orientation="horizontal"
          maxW="md"
        />
        {toolbar}
      </Flex>
      <Card.Root variant="outline" overflow="hidden">
        <HStack px="4" py="3" bg="bg.muted" fontWeight="semibold" textStyle="sm" gap="4">
          <Box w="8" />
          <Text flex="1">Position</Text>
          <Text flex="2" hideBelow="md">
            Description
          </Text>
          <Box w="10" />
        </HStack>
        {positions.length === 0 ? (
          <Text color="fg.muted" px="4" py="6" textAlign="center" borderTopWidth="1px">
            No positions yet.
          </Text>
        ) : null}
        {filtering && matched.length === 0 ? (
          <Box p="4" borderTopWidth="1px">
            <TableNoMatch noun="users" term={view.term} />
          </Box>
        ) : null}
        {shown.map(({ position, users }) => (
          <PositionRow
            key={position.id}
            position={position}
            users={users}
            sort={state.sort}
            onSort={state.onSort}
            viewerId={viewerId}
            open={filtering || expanded.has(position.id)}
            onToggle={() => onToggle(position.id)}
            {...actions}
          />
        ))}
      </Card.Root>
      <TablePager view={view} noun="users" onPage={state.onPage} />
    </Stack>
  );
}

function PositionRow({
  position,
  users,
  sort,
  onSort,
  viewerId,
  open,
  onToggle,
  onAdd,
  onMove,
  onUpdate,
  onResend,
  onDelete,
}: Omit<Props, "positions" | "expanded" | "onToggle" | "toolbar"> & {
  position: AccessPosition;
  /** The position's users as the filter and sort leave them. */
  users: readonly AccessUser[];
  sort: Sort<UserKey>;
  onSort: (sort: Sort<UserKey>) => void;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <Collapsible.Root
      open={open}
      onOpenChange={onToggle}
      borderTopWidth="1px"
      data-testid={`position-${position.title}`}
    >
      <HStack px="4" py="3" gap="4" _hover={{ bg: "bg.subtle" }}>
        <Collapsible.Trigger asChild>
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={`${open ? "Collapse" : "Expand"} ${position.title}`}
            aria-expanded={open}
          >
            <ChevronDownIcon transform={open ? "rotate(180deg)" : undefined} transition="transform 0.15s" />
          </IconButton>
        </Collapsible.Trigger>
        <HStack flex="1" gap="2" wrap="wrap">
          <Text fontWeight="semibold">{position.title}</Text>
          {position.statuses.map((status) => (
            <Badge key={status} colorPalette={status === "UNASSIGNED" ? "red" : "yellow"} variant="solid" size="sm">
              {status}
            </Badge>
          ))}
        </HStack>
        <Text flex="2" color="fg.muted" textStyle="sm" hideBelow="md">
          {position.description}
        </Text>
        <Menu.Root positioning={{ placement: "bottom-end" }}>
          <Menu.Trigger asChild>
            <IconButton size="sm" variant="ghost" aria-label={`Actions for ${position.title}`} data-print-hide>
              ⋮
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content maxH="250px">
                {position.users.length > 0 ? (
                  <Menu.Item value="move" onSelect={() => onMove(position)}>
                    Move Staff
                  </Menu.Item>
                ) : null}
                <Menu.Root positioning={{ placement: "left-start", gutter: 2 }}>
                  <Menu.TriggerItem>Add New User</Menu.TriggerItem>
                  <Portal>
                    <Menu.Positioner>
                      <Menu.Content>
                        <Menu.Item value="outside" onSelect={() => onAdd("outside", position)}>
                          Outside your organization
                        </Menu.Item>
                        <Menu.Item value="within" onSelect={() => onAdd("within", position)}>
                          Within your organization
                        </Menu.Item>
                      </Menu.Content>
                    </Menu.Positioner>
                  </Portal>
                </Menu.Root>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </HStack>
      <Collapsible.Content>
        <Box px={{ base: "2", md: "6" }} pb="4">
          {position.users.length === 0 ? (
            <Text color="fg.muted" py="3" textAlign="center">
              {USER_ACCESS_TEXTS.noStaff}
            </Text>
          ) : (
            <Box overflowX="auto">
              <Table.Root size="sm" variant="line" tableLayout="fixed" minW="lg">
                <Table.Header>
                  <SortableHeaders columns={USER_HEADERS} sort={sort} onSort={onSort} />
                </Table.Header>
                <Table.Body>
                  {users.map((user) => (
                    <UserRows
                      key={user.id}
                      user={user}
                      position={position}
                      self={user.id === viewerId}
                      onUpdate={onUpdate}
                      onResend={onResend}
                      onDelete={onDelete}
                    />
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function UserRows({
  user,
  position,
  self,
  onUpdate,
  onResend,
  onDelete,
}: {
  user: AccessUser;
  position: AccessPosition;
  self: boolean;
  onUpdate: Props["onUpdate"];
  onResend: Props["onResend"];
  onDelete: Props["onDelete"];
}) {
  const [open, setOpen] = useState(false);
  const name = `${user.firstName} ${user.lastName}`;
  const unassigned = user.userType === "User" && !position.isSoftwareAdmin && user.costCenterPermissions.length === 0;
  const bg = unassigned ? "red.subtle" : user.uploadChange ? "yellow.subtle" : undefined;
  const state = unassigned ? "unassigned" : user.uploadChange ? "review" : "ok";
  const executive = user.costCenterPermissions.length > 0 && user.costCenterPermissions.every((p) => p.executive);
  return (
    <>
      <Table.Row bg={bg} data-testid={`user-row-${user.email}`} data-state-kind={state}>
        <Table.Cell>
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`${open ? "Collapse" : "Expand"} ${name}`}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            <ChevronDownIcon transform={open ? "rotate(180deg)" : undefined} />
          </IconButton>
        </Table.Cell>
        <Table.Cell fontWeight="medium">
          {name}
          {/* The row's colour says it too, but never alone (WCAG 1.4.1, and on paper). */}
          {state === "ok" ? null : (
            <Badge ms="2" size="sm" variant="outline" colorPalette={state === "unassigned" ? "red" : "yellow"}>
              {state === "unassigned" ? USER_ROW_STATES.unassigned : USER_ROW_STATES.review}
            </Badge>
          )}
        </Table.Cell>
        <Table.Cell>{user.notes ?? ""}</Table.Cell>
        <Table.Cell>{user.employeeId ?? "N/A"}</Table.Cell>
        <Table.Cell>{formatFte(user.fte)}</Table.Cell>
        <Table.Cell>
          <Menu.Root positioning={{ placement: "bottom-end" }}>
            <Menu.Trigger asChild>
              <IconButton size="xs" variant="ghost" aria-label={`Actions for ${name}`} data-print-hide>
                ⋮
              </IconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  <Menu.Item value="update" onSelect={() => onUpdate(user, position)}>
                    Update User
                  </Menu.Item>
                  {self ? null : (
                    <>
                      <Menu.Item value="resend" onSelect={() => onResend(user)}>
                        Resend Invite
                      </Menu.Item>
                      <Menu.Item value="delete" color="fg.error" onSelect={() => onDelete(user)}>
                        Delete
                      </Menu.Item>
                    </>
                  )}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </Table.Cell>
      </Table.Row>
      {open ? (
        <Table.Row bg={bg}>
          <Table.Cell />
          <Table.Cell colSpan={5}>
            {user.costCenterPermissions.length === 0 ? (
              <Text color="fg.muted" py="2">
                {noPermissionsText(name)}
              </Text>
            ) : (
              <Stack gap="1" py="2">
                <Table.Root size="sm" variant="outline" data-testid={`permissions-${user.email}`}>
                  <Table.Header>
                    <PlainHeaders
                      columns={[
                        "Assigned Cost Center",
                        "FTE",
                        "Complete Wizard",
                        "Manage Staff",
                        "Read Only",
                        "Executive",
                      ]}
                    />
                  </Table.Header>
                  <Table.Body>
                    {user.costCenterPermissions.map((p) => (
                      <Table.Row key={p.costCenterId}>
                        <Table.Cell>{`${p.code} ${p.name}`}</Table.Cell>
                        <Table.Cell>{executive ? "" : formatFte(p.fte)}</Table.Cell>
                        {FLAGS.map(([flag, label]) => (
                          <Table.Cell key={flag}>
                            <Checkbox.Root checked={p[flag]} disabled>
                              <Checkbox.HiddenInput aria-label={`${label} for ${p.code} ${p.name}`} />
                              <Checkbox.Control />
                            </Checkbox.Root>
                          </Table.Cell>
                        ))}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Stack>
            )}
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
  );
}
