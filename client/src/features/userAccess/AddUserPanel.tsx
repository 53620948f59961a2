import { useMutation, useQuery } from "@apollo/client";
import { Alert, Box, Button, Checkbox, Field, Input, NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { addUserOutsideSchema, sameFte, USER_ACCESS_TEXTS } from "../../../../schema/userAccess";
import { graphql } from "../../gql";
import { CountedTextarea, TextField } from "../../ui/inputs";
import { Tip } from "../../ui/Tip";
import {
  type CostCenterOption,
  type EditablePermission,
  emptyFte,
  fteSum,
  PermissionsEditor,
  toPermissionInput,
} from "./PermissionsEditor";
import { failureText, formatFte } from "./parts";
import { SidePanel } from "./SidePanel";

const AddUser_OutsideMutation = graphql(`
  mutation AddUser_OutsideMutation($input: AddUserOutsideInput!) {
    addUserOutsideOrganization(input: $input) {
      __typename
      ... on DomainError {
        ...DomainError_Fields
      }
      ... on MutationAddUserOutsideOrganizationSuccess {
        data {
          id
          email
        }
      }
    }
  }
`);

const AddUser_WithinMutation = graphql(`
  mutation AddUser_WithinMutation($input: AddUserWithinInput!) {
    addUserWithinOrganization(input: $input) {
      __typename
      ... on DomainError {
        ...DomainError_Fields
      }
      ... on MutationAddUserWithinOrganizationSuccess {
        data {
          id
          email
        }
      }
    }
  }
`);

const AddUser_StaffCandidatesQuery = graphql(`
  query AddUser_StaffCandidatesQuery($search: String) {
    staffCandidates(search: $search) {
      id
      employeeId
      firstName
      lastName
      email
      assignedFte
      costCenters {
        costCenterId
        code
        name
        fte
      }
    }
  }
`);

export type PanelPosition = { id: string; title: string; isSoftwareAdmin: boolean };

type Props = {
  mode: "outside" | "within";
  position: PanelPosition;
  costCenters: readonly CostCenterOption[];
  prnFte: number | null;
  onClose: () => void;
  onAdded: (email: string) => void;
};

const EMPTY_OUTSIDE = {
  empId: "",
  dateOfHire: "",
  assignedFte: "",
  prn: false,
  isTraveller: false,
  contractDate: "",
  firstName: "",
  middleName: "",
  lastName: "",
  education: "",
  requisitionNumber: "",
  email: "",
  notes: "",
};

/** ADD NEW USER OUTSIDE / WITHIN YOUR ORGANIZATION (spec §2, §3, §4, §5). */
export function AddUserPanel({ mode, position, costCenters, prnFte, onClose, onAdded }: Props) {
  const [form, setForm] = useState(EMPTY_OUTSIDE);
  const [executive, setExecutive] = useState(false);
  const [permissions, setPermissions] = useState<EditablePermission[]>([]);
  const [staffSearch, setStaffSearch] = useState("");
  const [staffId, setStaffId] = useState("");
  const [within, setWithin] = useState({ assignedFte: "", email: "", notes: "" });
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [addOutside, outsideState] = useMutation(AddUser_OutsideMutation);
  const [addWithin, withinState] = useMutation(AddUser_WithinMutation);
  const candidates = useQuery(AddUser_StaffCandidatesQuery, {
    variables: { search: staffSearch },
    skip: mode !== "within",
  });
  const staffList = candidates.data?.staffCandidates ?? [];
  const chosen = staffList.find((s) => s.id === staffId) ?? null;

  const softwareAdmin = position.isSoftwareAdmin;
  const set = (field: keyof typeof EMPTY_OUTSIDE) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const dirty =
    mode === "outside"
      ? JSON.stringify(form) !== JSON.stringify(EMPTY_OUTSIDE) || permissions.length > 0 || executive
      : staffId !== "" || within.email !== "" || within.notes !== "" || permissions.length > 0 || executive;

  const assignedFteText =
    mode === "outside" ? (form.prn && prnFte !== null ? String(prnFte) : form.assignedFte) : within.assignedFte;
  const assignedFte = Number(assignedFteText);

  // The shared rules (the server applies the same ones).
  const outsideErrors = useMemo(() => {
    if (mode !== "outside") return {} as Record<string, string>;
    const result = addUserOutsideSchema.safeParse({
      positionId: position.id,
      ...form,
      assignedFte: form.assignedFte === "" && !form.prn ? Number.NaN : assignedFte,
      middleName: form.middleName,
      contractDate: form.contractDate || null,
      executive,
      costCenterPermissions: [],
    });
    const errors: Record<string, string> = {};
    if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return errors;
  }, [mode, form, executive, position.id, assignedFte]);

  const missingFte = !executive && permissions.some(emptyFte);
  const needsCostCenter = !softwareAdmin && !executive && permissions.length === 0;
  const fteMismatch =
    !softwareAdmin && !executive && permissions.length > 0 && !missingFte && !sameFte(fteSum(permissions), assignedFte);
  const withinInvalid = mode === "within" && (!chosen || within.email.trim() === "");
  const formInvalid = mode === "outside" ? Object.keys(outsideErrors).length > 0 : withinInvalid;
  const blocked = formInvalid || missingFte || needsCostCenter || fteMismatch;
  const loading = outsideState.loading || withinState.loading;
  const shown = (field: string) => (attempted ? outsideErrors[field] : undefined);

  async function handleSubmit() {
    setAttempted(true);
    setFailure(null);
    if (blocked) return;
    const costCenterPermissions = toPermissionInput(permissions, executive);
    try {
      if (mode === "outside") {
        const { data } = await addOutside({
          variables: {
            input: {
              positionId: position.id,
              empId: form.empId,
              dateOfHire: form.dateOfHire,
              assignedFte,
              prn: form.prn,
              isTraveller: form.isTraveller,
              contractDate: form.contractDate || null,
              firstName: form.firstName,
              middleName: form.middleName || null,
              lastName: form.lastName,
              education: form.education || null,
              requisitionNumber: form.requisitionNumber || null,
              executive,
              email: form.email,
              notes: form.notes || null,
              costCenterPermissions,
            },
          },
        });
        const result = data?.addUserOutsideOrganization;
        if (result?.__typename === "MutationAddUserOutsideOrganizationSuccess") onAdded(result.data.email);
        else setFailure(result && "message" in result ? result.message : USER_ACCESS_TEXTS.genericError);
      } else {
        const { data } = await addWithin({
          variables: {
            input: {
              positionId: position.id,
              staffId,
              assignedFte: softwareAdmin ? null : assignedFte,
              executive,
              email: within.email,
              notes: within.notes || null,
              costCenterPermissions,
            },
          },
        });
        const result = data?.addUserWithinOrganization;
        if (result?.__typename === "MutationAddUserWithinOrganizationSuccess") onAdded(result.data.email);
        else setFailure(result && "message" in result ? result.message : USER_ACCESS_TEXTS.genericError);
      }
    } catch (error) {
      setFailure(failureText(error));
    }
  }

  function chooseStaff(id: string) {
    setStaffId(id);
    const member = staffList.find((s) => s.id === id);
    setWithin((w) => ({
      ...w,
      assignedFte: member && member.assignedFte > 0 ? formatFte(member.assignedFte) : "1.00",
      email: w.email || member?.email || "",
    }));
  }

  const tooltip = missingFte
    ? USER_ACCESS_TEXTS.missingFteTooltip
    : fteMismatch
      ? USER_ACCESS_TEXTS.fteMismatchAdd
      : needsCostCenter
        ? "Assign at least one cost center to this user"
        : "";

  const userName =
    mode === "outside"
      ? `${form.firstName} ${form.lastName}`.trim() || "this user"
      : chosen
        ? `${chosen.firstName} ${chosen.lastName}`
        : "this user";

  return (
    <SidePanel
      open
      title={mode === "outside" ? USER_ACCESS_TEXTS.addOutsideTitle : USER_ACCESS_TEXTS.addWithinTitle}
      subtitle={`Position: ${position.title}`}
      dirty={dirty}
      discardMessage={mode === "outside" ? USER_ACCESS_TEXTS.cancelAdd : undefined}
      onClose={onClose}
      testId={mode === "outside" ? "add-outside-panel" : "add-within-panel"}
      footer={
        <Stack direction="row" gap="3" align="center">
          {attempted && tooltip ? (
            <Text color="fg.error" textStyle="sm" data-testid="add-user-rule">
              {tooltip}
            </Text>
          ) : null}
          <Tip content={tooltip} show={tooltip !== ""}>
            <Button
              colorPalette="brand"
              onClick={() => void handleSubmit()}
              loading={loading}
              disabled={attempted && blocked}
            >
              ADD USER
            </Button>
          </Tip>
        </Stack>
      }
    >
      <Stack gap="5">
        {failure ? (
          <Alert.Root status="error" role="alert" data-testid="add-user-error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        ) : null}
        {mode === "outside" ? (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              label="Employee ID"
              required
              placeholder="123456-RN"
              value={form.empId}
              onChange={set("empId")}
              error={shown("empId")}
            />
            <TextField
              label="Date of Hire"
              required
              placeholder="MM/DD/YYYY"
              value={form.dateOfHire}
              onChange={set("dateOfHire")}
              error={shown("dateOfHire")}
            />
            <TextField
              label="First Name"
              required
              value={form.firstName}
              onChange={set("firstName")}
              error={shown("firstName")}
            />
            <TextField
              label="Middle Name"
              helperText="Optional"
              value={form.middleName}
              onChange={set("middleName")}
              error={shown("middleName")}
            />
            <TextField
              label="Last Name"
              required
              value={form.lastName}
              onChange={set("lastName")}
              error={shown("lastName")}
            />
            <TextField
              label="Email"
              required
              type="email"
              value={form.email}
              onChange={set("email")}
              error={shown("email")}
            />
            <TextField
              label="Assigned FTE"
              required
              type="number"
              step={0.1}
              min={0}
              max={1.5}
              placeholder="1.00"
              value={assignedFteText}
              disabled={form.prn}
              onChange={set("assignedFte")}
              error={shown("assignedFte")}
              helperText={form.prn ? "The facility's PRN FTE" : undefined}
            />
            <TextField
              label="Education"
              helperText="Optional"
              value={form.education}
              onChange={set("education")}
              error={shown("education")}
            />
            <TextField
              label="Requisition Number"
              helperText="Optional"
              value={form.requisitionNumber}
              onChange={set("requisitionNumber")}
              error={shown("requisitionNumber")}
            />
            <Stack gap="3" justify="center">
              <Flag
                label="PRN"
                checked={form.prn}
                onChange={(on) => setForm((f) => ({ ...f, prn: on, isTraveller: on ? false : f.isTraveller }))}
              />
              <Flag
                label="Is Traveller"
                checked={form.isTraveller}
                onChange={(on) => setForm((f) => ({ ...f, isTraveller: on, prn: on ? false : f.prn }))}
              />
            </Stack>
            {form.isTraveller ? (
              <TextField
                label="Contract End Date"
                required
                placeholder="MM/DD/YYYY"
                value={form.contractDate}
                onChange={set("contractDate")}
                error={shown("contractDate")}
              />
            ) : null}
          </SimpleGrid>
        ) : (
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                label="Search staff"
                placeholder="Name or employee ID"
                value={staffSearch}
                onChange={setStaffSearch}
              />
              <Field.Root required invalid={attempted && !chosen}>
                <Field.Label>
                  Select Staff
                  <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={staffId}
                    onChange={(event) => chooseStaff(event.target.value)}
                    data-testid="select-staff"
                  >
                    <option value="">Select Staff</option>
                    {staffList.map((s) => (
                      <option key={s.id} value={s.id}>{`${s.firstName} ${s.lastName} (${s.employeeId})`}</option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {attempted && !chosen ? <Field.ErrorText>Select a staff member</Field.ErrorText> : null}
              </Field.Root>
              <Field.Root readOnly>
                <Field.Label>Staff Name</Field.Label>
                <Input
                  readOnly
                  value={chosen ? `${chosen.firstName} ${chosen.lastName}` : ""}
                  aria-label="Staff Name"
                />
              </Field.Root>
              <TextField
                label="Assigned FTE"
                required={!softwareAdmin}
                type="number"
                step={0.1}
                min={0}
                max={1.5}
                placeholder="1.00"
                value={within.assignedFte}
                onChange={(value) => setWithin((w) => ({ ...w, assignedFte: value }))}
              />
              <TextField
                label="Email"
                required
                type="email"
                value={within.email}
                onChange={(value) => setWithin((w) => ({ ...w, email: value }))}
                error={attempted && within.email.trim() === "" ? "Email is required" : undefined}
              />
            </SimpleGrid>
            {chosen && chosen.costCenters.length > 0 && !softwareAdmin ? (
              <Box
                role="note"
                borderWidth="1px"
                borderColor="border.error"
                bg="bg.error"
                color="fg.error"
                p="3"
                borderRadius="l2"
                data-testid="within-warning"
              >
                {`${chosen.firstName} ${chosen.lastName} currently holds ${chosen.costCenters
                  .map((c) => `${formatFte(c.fte)} FTE in ${c.code} ${c.name}`)
                  .join(", ")}. Give them permissions over ${
                  chosen.costCenters.length === 1 ? "that cost center" : "those cost centers"
                } for the FTE to remain.`}
              </Box>
            ) : null}
          </Stack>
        )}
        <CountedTextarea
          label="Notes"
          placeholder="Add notes here"
          value={mode === "outside" ? form.notes : within.notes}
          onChange={(value) => (mode === "outside" ? set("notes")(value) : setWithin((w) => ({ ...w, notes: value })))}
        />
        {softwareAdmin ? (
          <Text color="fg.muted" textStyle="sm">
            Software Admin positions have no cost center permissions and no executive option.
          </Text>
        ) : (
          <PermissionsEditor
            value={permissions}
            onChange={setPermissions}
            executive={executive}
            onExecutiveChange={setExecutive}
            allowExecutive
            costCenters={costCenters}
            userName={userName}
          />
        )}
      </Stack>
    </SidePanel>
  );
}

function Flag({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(d) => onChange(d.checked === true)} colorPalette="brand">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
