import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  HStack,
  IconButton,
  Input,
  Portal,
  Stack,
  Switch,
  Table,
  Text,
} from "@chakra-ui/react";
import { useState } from "react";
import { type Control, useController } from "react-hook-form";
import { type PermissionFlags, toggleFlag, USER_ACCESS_TEXTS } from "../../../../schema/userAccess";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { CheckboxField, FormCountedTextarea } from "../../ui/inputs";

export type CostCenterOption = { id: string; code: string; name: string };

/** One cost center of the user being edited; `fte` is the text in the FTE box. */
export type EditablePermission = PermissionFlags & { costCenterId: string; code: string; name: string; fte: string };

export const emptyFte = (p: EditablePermission) => p.fte.trim() === "" || Number.isNaN(Number(p.fte));
export const fteSum = (list: readonly EditablePermission[]) => list.reduce((sum, p) => sum + (Number(p.fte) || 0), 0);

export function toPermissionInput(list: readonly EditablePermission[], executive: boolean) {
  return list.map((p) => ({
    costCenterId: p.costCenterId,
    fte: executive || emptyFte(p) ? null : Number(p.fte),
    completeWizard: executive ? false : p.completeWizard,
    manageStaff: executive ? false : p.manageStaff,
    readOnly: executive ? true : p.readOnly,
  }));
}

type Props = {
  value: readonly EditablePermission[];
  onChange: (next: EditablePermission[]) => void;
  executive: boolean;
  onExecutiveChange?: (on: boolean) => void;
  /** Software Admin positions: no executive option. */
  allowExecutive: boolean;
  costCenters: readonly CostCenterOption[];
  disabled?: boolean;
  userName: string;
};

/** The cost-center permissions of one user, editable (spec §4 flag interplay and executive rules). */
export function PermissionsEditor({
  value,
  onChange,
  executive,
  onExecutiveChange,
  allowExecutive,
  costCenters,
  disabled,
  userName,
}: Props) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const [removing, setRemoving] = useState<EditablePermission | null>(null);

  function update(costCenterId: string, change: (p: EditablePermission) => EditablePermission) {
    onChange(value.map((p) => (p.costCenterId === costCenterId ? change(p) : p)));
  }

  function handleExecutive(on: boolean) {
    onExecutiveChange?.(on);
    // On: every cost center executive, other flags off, fte 0. Off: back to read-only, no rights.
    onChange(
      value.map((p) => ({
        ...p,
        completeWizard: false,
        manageStaff: false,
        readOnly: true,
        fte: on ? "0" : "",
      })),
    );
  }

  function handleAdd(selected: CostCenterOption[]) {
    onChange([
      ...value,
      ...selected.map((c) => ({
        costCenterId: c.id,
        code: c.code,
        name: c.name,
        fte: executive ? "0" : "",
        completeWizard: false,
        manageStaff: false,
        readOnly: true,
      })),
    ]);
    setPickerOpen(false);
  }

  const available = costCenters.filter((c) => !value.some((p) => p.costCenterId === c.id));

  return (
    <Stack gap="3" data-testid="permissions-editor">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text fontWeight="semibold">Cost center permissions</Text>
        {allowExecutive ? (
          <Switch.Root
            checked={executive}
            disabled={disabled}
            onCheckedChange={(details) => handleExecutive(details.checked)}
            colorPalette="brand"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Executive</Switch.Label>
          </Switch.Root>
        ) : null}
      </HStack>
      <Text textStyle="sm" color="fg.muted">
        {USER_ACCESS_TEXTS.roleRule}
      </Text>
      {value.length === 0 ? (
        <Text color="fg.muted" textStyle="sm" data-testid="permissions-empty">
          {`No permissions found for ${userName}`}
        </Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Assigned Cost Center</Table.ColumnHeader>
                {executive ? null : (
                  <>
                    <Table.ColumnHeader>FTE</Table.ColumnHeader>
                    <Table.ColumnHeader>Complete Wizard</Table.ColumnHeader>
                    <Table.ColumnHeader>Manage Staff</Table.ColumnHeader>
                    <Table.ColumnHeader>Read Only</Table.ColumnHeader>
                  </>
                )}
                <Table.ColumnHeader width="1">
                  <Box srOnly>Remove</Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {value.map((p) => {
                const label = `${p.code} ${p.name}`;
                const flag = (name: keyof PermissionFlags, text: string) => (
                  <Table.Cell>
                    <Checkbox.Root
                      checked={p[name]}
                      disabled={disabled}
                      onCheckedChange={(details) =>
                        update(p.costCenterId, (current) => ({
                          ...current,
                          ...toggleFlag(current, name, details.checked === true),
                        }))
                      }
                      colorPalette="brand"
                    >
                      <Checkbox.HiddenInput aria-label={`${text} for ${label}`} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                );
                return (
                  <Table.Row key={p.costCenterId} data-testid={`permission-row-${p.code}`}>
                    <Table.Cell>{label}</Table.Cell>
                    {executive ? null : (
                      <>
                        <Table.Cell minW="24">
                          <Input
                            size="sm"
                            type="number"
                            step={0.1}
                            min={0}
                            max={1.5}
                            placeholder="1.00"
                            value={p.fte}
                            disabled={disabled}
                            aria-label={`FTE for ${label}`}
                            onChange={(event) => update(p.costCenterId, (c) => ({ ...c, fte: event.target.value }))}
                          />
                        </Table.Cell>
                        {flag("completeWizard", "Complete Wizard")}
                        {flag("manageStaff", "Manage Staff")}
                        {flag("readOnly", "Read Only")}
                      </>
                    )}
                    <Table.Cell>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Remove ${label}`}
                        disabled={disabled}
                        onClick={() => setRemoving(p)}
                      >
                        ✕
                      </IconButton>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <Box>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || available.length === 0}
          onClick={() => setPickerOpen(true)}
        >
          Add cost center
        </Button>
      </Box>
      <CostCenterPicker open={pickerOpen} options={available} onClose={() => setPickerOpen(false)} onSave={handleAdd} />
      <ConfirmDialog
        open={removing !== null}
        title="Delete cost center permission"
        confirmLabel="DELETE"
        cancelLabel="CANCEL"
        destructive
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) onChange(value.filter((p) => p.costCenterId !== removing.costCenterId));
          setRemoving(null);
        }}
        testId="delete-permission-dialog"
      >
        {removing ? `Remove ${removing.code} ${removing.name} from ${userName}'s permissions?` : ""}
      </ConfirmDialog>
    </Stack>
  );
}

/** Spec §2 cost center picker: Select all, SAVE SELECTION disabled with no selection, its label counts. */
function CostCenterPicker({
  open,
  options,
  onClose,
  onSave,
}: {
  open: boolean;
  options: readonly CostCenterOption[];
  onClose: () => void;
  onSave: (selected: CostCenterOption[]) => void;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const allChecked = options.length > 0 && selected.size === options.length;
  const someChecked = selected.size > 0 && !allChecked;

  function close() {
    setSelected(new Set());
    onClose();
  }

  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : close())} placement="center">
      <Portal>
        <Dialog.Backdrop zIndex="popover" />
        <Dialog.Positioner px="4" zIndex="popover">
          <Dialog.Content maxW="md" data-testid="cost-center-picker">
            <Dialog.Header>
              <Dialog.Title>Add cost center</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Stack gap="2">
                <Checkbox.Root
                  checked={allChecked ? true : someChecked ? "indeterminate" : false}
                  onCheckedChange={(d) =>
                    setSelected(d.checked === true ? new Set(options.map((o) => o.id)) : new Set())
                  }
                  colorPalette="brand"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label fontWeight="semibold">Select all</Checkbox.Label>
                </Checkbox.Root>
                <Stack gap="2" maxH="400px" overflowY="auto" ps="2">
                  {options.map((option) => (
                    <CheckboxField
                      key={option.id}
                      label={`${option.code} ${option.name}`}
                      checked={selected.has(option.id)}
                      onCheckedChange={(on) => {
                        const next = new Set(selected);
                        if (on) next.add(option.id);
                        else next.delete(option.id);
                        setSelected(next);
                      }}
                      colorPalette="brand"
                    />
                  ))}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                colorPalette="brand"
                disabled={selected.size === 0}
                onClick={() => {
                  onSave(options.filter((o) => selected.has(o.id)));
                  setSelected(new Set());
                }}
              >
                {selected.size > 0 ? `SAVE SELECTION (${selected.size})` : "SAVE SELECTION"}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** What a user form holds for its cost centers: the editable list and the Executive switch. */
export type PermissionFields = { permissions: EditablePermission[]; executive: boolean };

export type FormPermissionsProps<T extends PermissionFields, TOut> = {
  control: Control<T, unknown, TOut>;
  /** Shown instead of the editor where the user has no cost center permissions (admins). */
  withoutPermissions: string | null;
  costCenters: readonly CostCenterOption[];
  userName: string;
};

/**
 * The add and update panels' cost-center permissions: {@link PermissionsEditor} bound to the form's
 * `permissions` and `executive` fields, or the sentence saying this user has none to edit.
 */
export function FormPermissions<T extends PermissionFields, TOut>({
  control,
  withoutPermissions,
  costCenters,
  userName,
}: FormPermissionsProps<T, TOut>) {
  // Every form passed here has both fields (T extends PermissionFields); the names are typed against them.
  const fields = control as unknown as Control<PermissionFields>;
  const permissions = useController({ control: fields, name: "permissions" });
  const executive = useController({ control: fields, name: "executive" });
  if (withoutPermissions !== null) {
    return (
      <Text color="fg.muted" textStyle="sm">
        {withoutPermissions}
      </Text>
    );
  }
  return (
    <PermissionsEditor
      value={permissions.field.value}
      onChange={permissions.field.onChange}
      executive={executive.field.value}
      onExecutiveChange={executive.field.onChange}
      allowExecutive
      costCenters={costCenters}
      userName={userName}
    />
  );
}

/** The add and update panels' last fields: the user's notes, then {@link FormPermissions}. */
export function FormNotesAndPermissions<T extends PermissionFields & { notes: string }, TOut>(
  props: FormPermissionsProps<T, TOut>,
) {
  // Every form passed here has a notes field (T extends { notes: string }); the name is typed against it.
  const notes = props.control as unknown as Control<{ notes: string }>;
  return (
    <>
      <FormCountedTextarea control={notes} name="notes" label="Notes" placeholder="Add notes here" />
      <FormPermissions {...props} />
    </>
  );
}
