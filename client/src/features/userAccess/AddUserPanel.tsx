import { useMutation, useQuery } from "@apollo/client";
import { Box, Button, Field, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { type Control, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { addUserOutsideSchema, addUserWithinSchema, sameFte, USER_ACCESS_TEXTS } from "../../../../schema/userAccess";
import { graphql } from "../../gql";
import {
  CheckboxField,
  FormTextField,
  SelectField,
  type SelectOption,
  TextField,
  useBoundInput,
  useSchemaValidity,
} from "../../ui/inputs";
import { Tip } from "../../ui/Tip";
import { useMutationFailure } from "../../ui/useMutationFailure";
import { type CostCenterOption, emptyFte, fteSum, type PermissionFields, toPermissionInput } from "./PermissionsEditor";
import { formatFte, PANEL_FAILURE_TEXTS } from "./parts";
import { UserFormPanel } from "./UserFormPanel";

const AddUser_OutsideMutation = graphql(`
  mutation AddUser_OutsideMutation($input: AddUserOutsideInput!) {
    addUserOutsideOrganization(input: $input) {
      __typename
      ...DomainError_Fields
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
      ...DomainError_Fields
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

/** Both add forms' fields as typed (the within form uses staffId, assignedFte, email and notes). */
type AddUserValues = PermissionFields & {
  empId: string;
  dateOfHire: string;
  assignedFte: string;
  prn: boolean;
  isTraveller: boolean;
  contractDate: string;
  firstName: string;
  middleName: string;
  lastName: string;
  education: string;
  requisitionNumber: string;
  email: string;
  notes: string;
  staffId: string;
};

const EMPTY: AddUserValues = {
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
  staffId: "",
  executive: false,
  permissions: [],
};

/** The outside form's text fields before and after Assigned FTE, in the order they show. */
type TextFieldSpec = {
  name: "empId" | "dateOfHire" | "firstName" | "middleName" | "lastName" | "email" | "education" | "requisitionNumber";
  label: string;
  required?: boolean;
  placeholder?: string;
  type?: string;
};
const OPTIONAL = "Optional";
const OUTSIDE_FIELDS_BEFORE_FTE: readonly TextFieldSpec[] = [
  { name: "empId", label: "Employee ID", required: true, placeholder: "123456-RN" },
  { name: "dateOfHire", label: "Date of Hire", required: true, placeholder: "MM/DD/YYYY" },
  { name: "firstName", label: "First Name", required: true },
  { name: "middleName", label: "Middle Name" },
  { name: "lastName", label: "Last Name", required: true },
  { name: "email", label: "Email", required: true, type: "email" },
];
const OUTSIDE_FIELDS_AFTER_FTE: readonly TextFieldSpec[] = [
  { name: "education", label: "Education" },
  { name: "requisitionNumber", label: "Requisition Number" },
];

/** The Assigned FTE the outside form stands for: the facility's PRN FTE under PRN, else what was typed. */
function outsideFteText(values: Pick<AddUserValues, "prn" | "assignedFte">, prnFte: number | null): string {
  return values.prn && prnFte !== null ? String(prnFte) : values.assignedFte;
}

/**
 * The shared rule of each add form (schema/userAccess.ts, the server applies the same) over the
 * fields as typed: the cost center permissions are checked apart (their rule texts show by the
 * ADD USER button), so the rule sees none. Its messages land on the fields of the same names.
 */
function addUserRule(
  mode: Props["mode"],
  positionId: string,
  prnFte: number | null,
): z.ZodType<unknown, AddUserValues> {
  // The preprocess step takes anything; the form only ever hands it AddUserValues.
  return z.preprocess(
    (raw) => {
      const values = raw as AddUserValues;
      if (mode === "within") {
        return {
          positionId,
          staffId: values.staffId,
          assignedFte: null,
          executive: values.executive,
          email: values.email,
          notes: values.notes,
          costCenterPermissions: [],
        };
      }
      const fteText = outsideFteText(values, prnFte);
      return {
        ...values,
        positionId,
        assignedFte: values.assignedFte === "" && !values.prn ? Number.NaN : Number(fteText),
        contractDate: values.contractDate || null,
        costCenterPermissions: [],
      };
    },
    mode === "within" ? addUserWithinSchema : addUserOutsideSchema,
  ) as unknown as z.ZodType<unknown, AddUserValues>;
}

/** ADD NEW USER OUTSIDE / WITHIN YOUR ORGANIZATION (spec §2, §3, §4, §5). */
export function AddUserPanel({ mode, position, costCenters, prnFte, onClose, onAdded }: Props) {
  const rule = useMemo(() => addUserRule(mode, position.id, prnFte), [mode, position.id, prnFte]);
  // Errors show from the first ADD USER on, then follow the fields as they change (as the panel always did).
  const { control, handleSubmit, setValue, formState } = useForm<AddUserValues>({
    mode: "onSubmit",
    reValidateMode: "onChange",
    resolver: zodResolver(rule, undefined, { raw: true }),
    defaultValues: EMPTY,
  });
  const form = useWatch({ control }) as AddUserValues;
  const rulePasses = useSchemaValidity(control, rule);
  const [staffSearch, setStaffSearch] = useState("");
  const { failure, setFailure, attempt } = useMutationFailure(PANEL_FAILURE_TEXTS);
  const [addOutside, outsideState] = useMutation(AddUser_OutsideMutation);
  const [addWithin, withinState] = useMutation(AddUser_WithinMutation);
  const candidates = useQuery(AddUser_StaffCandidatesQuery, {
    variables: { search: staffSearch },
    skip: mode !== "within",
  });
  const staffList = candidates.data?.staffCandidates ?? [];
  const chosen = staffList.find((s) => s.id === form.staffId) ?? null;
  const { permissions, executive } = form;
  const attempted = formState.isSubmitted;

  const softwareAdmin = position.isSoftwareAdmin;
  const assignedFteText = mode === "outside" ? outsideFteText(form, prnFte) : form.assignedFte;
  const assignedFte = Number(assignedFteText);

  const missingFte = !executive && permissions.some(emptyFte);
  const needsCostCenter = !softwareAdmin && !executive && permissions.length === 0;
  const fteMismatch =
    !softwareAdmin && !executive && permissions.length > 0 && !missingFte && !sameFte(fteSum(permissions), assignedFte);
  const formInvalid = !rulePasses || (mode === "within" && !chosen);
  const blocked = formInvalid || missingFte || needsCostCenter || fteMismatch;
  const loading = outsideState.loading || withinState.loading;

  async function handleAdd(values: AddUserValues) {
    if (blocked) return;
    // What a user added from outside and one chosen from the staff both give.
    const user = {
      positionId: position.id,
      executive: values.executive,
      email: values.email,
      notes: values.notes || null,
      costCenterPermissions: toPermissionInput(values.permissions, values.executive),
    };
    await attempt(
      async () =>
        mode === "outside"
          ? (
              await addOutside({
                variables: {
                  input: {
                    ...user,
                    empId: values.empId,
                    dateOfHire: values.dateOfHire,
                    assignedFte,
                    prn: values.prn,
                    isTraveller: values.isTraveller,
                    contractDate: values.contractDate || null,
                    firstName: values.firstName,
                    middleName: values.middleName || null,
                    lastName: values.lastName,
                    education: values.education || null,
                    requisitionNumber: values.requisitionNumber || null,
                  },
                },
              })
            ).data?.addUserOutsideOrganization
          : (
              await addWithin({
                variables: {
                  input: { ...user, staffId: values.staffId, assignedFte: softwareAdmin ? null : assignedFte },
                },
              })
            ).data?.addUserWithinOrganization,
      (added) => onAdded(added.data.email),
    );
  }

  function handleAddClick() {
    setFailure(null);
    void handleSubmit(handleAdd)();
  }

  /** Choosing a staff member fills in their FTE (else 1.00) and, when empty, their e-mail. */
  function handleChooseStaff(id: string) {
    const member = staffList.find((s) => s.id === id);
    const options = { shouldDirty: true, shouldValidate: attempted };
    setValue("assignedFte", member && member.assignedFte > 0 ? formatFte(member.assignedFte) : "1.00", options);
    if (!form.email && member?.email) setValue("email", member.email, options);
  }

  /** PRN and Is Traveller exclude each other (spec §4). */
  function handleFlag(flag: "prn" | "isTraveller", on: boolean) {
    const options = { shouldDirty: true, shouldValidate: attempted };
    setValue(flag, on, options);
    if (on) setValue(flag === "prn" ? "isTraveller" : "prn", false, options);
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
    <UserFormPanel
      title={mode === "outside" ? USER_ACCESS_TEXTS.addOutsideTitle : USER_ACCESS_TEXTS.addWithinTitle}
      subtitle={`Position: ${position.title}`}
      dirty={formState.isDirty}
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
            <Button colorPalette="brand" onClick={handleAddClick} loading={loading} disabled={attempted && blocked}>
              ADD USER
            </Button>
          </Tip>
        </Stack>
      }
      failure={failure}
      failureTestId="add-user-error"
      notesAndPermissions={{
        control,
        withoutPermissions: softwareAdmin
          ? "Software Admin positions have no cost center permissions and no executive option."
          : null,
        costCenters,
        userName,
      }}
    >
      {mode === "outside" ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {OUTSIDE_FIELDS_BEFORE_FTE.map((field) => (
            <FormTextField
              key={field.name}
              control={control}
              {...field}
              helperText={field.required ? undefined : OPTIONAL}
            />
          ))}
          {form.prn ? (
            <TextField
              label="Assigned FTE"
              required
              type="number"
              step={0.1}
              placeholder="1.00"
              value={assignedFteText}
              onChange={() => undefined}
              disabled
              helperText="The facility's PRN FTE"
            />
          ) : (
            <FormTextField
              control={control}
              name="assignedFte"
              label="Assigned FTE"
              required
              type="number"
              step={0.1}
              min={0}
              max={1.5}
              placeholder="1.00"
            />
          )}
          {OUTSIDE_FIELDS_AFTER_FTE.map((field) => (
            <FormTextField key={field.name} control={control} {...field} helperText={OPTIONAL} />
          ))}
          <Stack gap="3" justify="center">
            <CheckboxField
              label="PRN"
              checked={form.prn}
              onCheckedChange={(on) => handleFlag("prn", on)}
              colorPalette="brand"
            />
            <CheckboxField
              label="Is Traveller"
              checked={form.isTraveller}
              onCheckedChange={(on) => handleFlag("isTraveller", on)}
              colorPalette="brand"
            />
          </Stack>
          {form.isTraveller ? (
            <FormTextField
              control={control}
              name="contractDate"
              label="Contract End Date"
              required
              placeholder="MM/DD/YYYY"
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
            <SelectStaff
              control={control}
              options={staffList.map((s) => ({
                value: s.id,
                label: `${s.firstName} ${s.lastName} (${s.employeeId})`,
              }))}
              onChoose={handleChooseStaff}
            />
            <Field.Root readOnly>
              <Field.Label>Staff Name</Field.Label>
              <Input readOnly value={chosen ? `${chosen.firstName} ${chosen.lastName}` : ""} aria-label="Staff Name" />
            </Field.Root>
            <FormTextField
              control={control}
              name="assignedFte"
              label="Assigned FTE"
              required={!softwareAdmin}
              type="number"
              step={0.1}
              min={0}
              max={1.5}
              placeholder="1.00"
            />
            <FormTextField control={control} name="email" label="Email" required type="email" />
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
    </UserFormPanel>
  );
}

type SelectStaffProps = {
  control: Control<AddUserValues>;
  options: readonly SelectOption[];
  onChoose: (id: string) => void;
};

/** Select Staff: the form's staffId, on the shared SelectField; a choice also fills in FTE and e-mail. */
function SelectStaff({ control, options, onChoose }: SelectStaffProps) {
  const staff = useBoundInput({ control, name: "staffId" });
  return (
    <SelectField
      {...staff.inputProps}
      label="Select Staff"
      required
      placeholder="Select Staff"
      options={options}
      value={(staff.value as string | undefined) ?? ""}
      onChange={(id) => {
        staff.onChange(id);
        onChoose(id);
      }}
      data-testid="select-staff"
    />
  );
}
