import {
  Badge,
  Box,
  Card,
  Checkbox,
  Collapsible,
  HStack,
  IconButton,
  Menu,
  Portal,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useState } from "react";
import { noPermissionsText, USER_ACCESS_TEXTS } from "../../../../schema/userAccess";
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

/** The collapsible list of positions (spec §2): Position, Description, then each position's staff. */
export function PositionList({ positions, viewerId, expanded, onToggle, ...actions }: Props) {
  return (
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
      {positions.map((position) => (
        <PositionRow
          key={position.id}
          position={position}
          viewerId={viewerId}
          open={expanded.has(position.id)}
          onToggle={() => onToggle(position.id)}
          {...actions}
        />
      ))}
    </Card.Root>
  );
}

function PositionRow({
  position,
  viewerId,
  open,
  onToggle,
  onAdd,
  onMove,
  onUpdate,
  onResend,
  onDelete,
}: Omit<Props, "positions" | "expanded" | "onToggle"> & {
  position: AccessPosition;
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
                  <Table.Row>
                    <Table.ColumnHeader w="8" />
                    <Table.ColumnHeader w="34%">Assigned Staff</Table.ColumnHeader>
                    <Table.ColumnHeader w="26%">Notes</Table.ColumnHeader>
                    <Table.ColumnHeader w="20%">Employee ID</Table.ColumnHeader>
                    <Table.ColumnHeader w="10%">FTE</Table.ColumnHeader>
                    <Table.ColumnHeader w="10" />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {position.users.map((user) => (
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
                    <Table.Row>
                      <Table.ColumnHeader>Assigned Cost Center</Table.ColumnHeader>
                      <Table.ColumnHeader>FTE</Table.ColumnHeader>
                      <Table.ColumnHeader>Complete Wizard</Table.ColumnHeader>
                      <Table.ColumnHeader>Manage Staff</Table.ColumnHeader>
                      <Table.ColumnHeader>Read Only</Table.ColumnHeader>
                      <Table.ColumnHeader>Executive</Table.ColumnHeader>
                    </Table.Row>
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
