import { useMutation, useQuery } from "@apollo/client";
import { Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { addStaffMemberSchema, STAFF_TYPES, transferStaffMemberSchema } from "../../../../schema/manageStaff";
import { NOTES_MAX_LENGTH, TERMINATION_REASONS } from "../../../../schema/userAccess";
import type { StaffMemberInput, StaffTransferType } from "../../gql/graphql";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { ErrorAlert } from "../../ui/ErrorAlert";
import { callFailureText, FormSelectField, FormTextField, refusalText } from "../../ui/inputs";
import {
  ManageStaff_AddMutation,
  ManageStaff_RemoveMutation,
  ManageStaff_TransferMutation,
  ManageStaff_TransferTargetsQuery,
  ManageStaff_UpdateMutation,
  type Member,
  type StaffAction,
  TYPE_LABEL,
} from "./documents";

/** A staff member's details as typed: every field is text (dates as MM/DD/YYYY). */
type DetailsValues = Record<keyof StaffMemberInput, string>;

const EMPTY_NEW: DetailsValues = {
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
function detailsOf(member: Member): DetailsValues {
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

/** What is sent: the fields as typed, empty optional ones as null (the server reads the dates itself). */
function inputOf(values: DetailsValues, withEmail: boolean): StaffMemberInput {
  return {
    employeeId: values.employeeId,
    firstName: values.firstName,
    middleName: values.middleName || null,
    lastName: values.lastName,
    ...(withEmail ? { email: values.email || null } : {}),
    staffType: values.staffType as StaffMemberInput["staffType"],
    dateOfHire: values.dateOfHire,
    contractEndDate: values.contractEndDate || null,
    education: values.education || null,
    notes: values.notes || null,
    fte: values.fte.trim() === "" ? null : Number(values.fte),
  };
}

/** The shared rule (schema/manageStaff.ts, the server's too) over the fields as typed; its messages land on them. */
const detailsRule = z.preprocess((raw) => {
  const input = inputOf(raw as DetailsValues, true);
  return { ...input, fte: input.fte ?? undefined };
}, addStaffMemberSchema) as unknown as z.ZodType<unknown, DetailsValues>;

/** Adds a staff member to the cost center, or (with `member`) changes every detail of one at once. */
export function StaffDetailsDialog({
  costCenterId,
  member,
  onDone,
}: {
  costCenterId: string;
  member?: Member;
  onDone: (changed: boolean) => void;
}) {
  const { control, handleSubmit, getValues } = useForm<DetailsValues, unknown, unknown>({
    mode: "all",
    resolver: zodResolver(detailsRule),
    defaultValues: member ? detailsOf(member) : EMPTY_NEW,
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [add, adding] = useMutation(ManageStaff_AddMutation);
  const [update, updating] = useMutation(ManageStaff_UpdateMutation);
  const send = async () => {
    const input = inputOf(getValues(), !member);
    try {
      const problem = member
        ? refusalText(
            (await update({ variables: { costCenterId, staffId: member.staffId, input } })).data?.updateStaffMember,
          )
        : refusalText((await add({ variables: { costCenterId, input } })).data?.addStaffMember);
      if (problem) setRefusal(problem);
      else onDone(true);
    } catch (caught) {
      setRefusal(callFailureText(caught));
    }
  };
  return (
    <ConfirmDialog
      open
      title={member ? `Edit ${member.firstName} ${member.lastName}` : "Add staff"}
      confirmLabel={member ? "SAVE" : "ADD"}
      onConfirm={() => void handleSubmit(send)()}
      onCancel={() => onDone(false)}
      loading={adding.loading || updating.loading}
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
        <FormTextField control={control} name="employeeId" label="Employee ID" required />
        <FormTextField control={control} name="firstName" label="First name" required />
        <FormTextField control={control} name="middleName" label="Middle name" />
        <FormTextField control={control} name="lastName" label="Last name" required />
        {member ? null : <FormTextField control={control} name="email" label="Email" type="email" />}
        <FormSelectField
          control={control}
          name="staffType"
          label="Type"
          options={STAFF_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }))}
        />
        <FormTextField control={control} name="dateOfHire" label="Date of hire" required placeholder="MM/DD/YYYY" />
        <FormTextField
          control={control}
          name="contractEndDate"
          label="Contract end date"
          placeholder="MM/DD/YYYY"
          helperText="Required for a traveller."
        />
        <FormTextField control={control} name="fte" label="FTE in this cost center" required inputMode="decimal" />
        <FormTextField control={control} name="education" label="Education" />
        <FormTextField control={control} name="notes" label="Notes" maxLength={NOTES_MAX_LENGTH} />
      </Stack>
    </ConfirmDialog>
  );
}

type ActionValues = { transferType: StaffTransferType; toCostCenterId: string; terminationDate: string };

/** The shared transfer rule over the fields as typed: an unchosen cost center reads as missing. */
const actionRule = z.preprocess((raw) => {
  const values = raw as ActionValues;
  return { ...values, toCostCenterId: values.toCostCenterId || undefined };
}, transferStaffMemberSchema) as unknown as z.ZodType<unknown, ActionValues>;

const ACTION_TEXT = {
  remove: {
    title: (name: string) => `Remove ${name}?`,
    detail: (name: string, code: string) =>
      `${name} leaves cost center ${code} with their positions in its open staffing plan. This cannot be undone.`,
    confirm: "REMOVE",
  },
  transfer: {
    title: (name: string) => `Transfer ${name}`,
    detail: (name: string, code: string) =>
      `${name} moves with their FTE; their positions in ${code}'s open plan are taken away.`,
    confirm: "TRANSFER",
  },
  terminate: {
    title: (name: string) => `Terminate ${name}`,
    detail: (name: string) =>
      `${name}'s employment ends on the date given; they leave every cost center. This cannot be undone.`,
    confirm: "TERMINATE",
  },
} as const;

/** Remove a staff member from the cost center, transfer them to another, or end their employment. */
export function StaffActionDialog({
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
  const { control, handleSubmit, getValues } = useForm<ActionValues, unknown, unknown>({
    mode: "all",
    // Removing asks for nothing.
    resolver: kind === "remove" ? undefined : zodResolver(actionRule),
    defaultValues: {
      transferType: kind === "transfer" ? "TransferWithinOrg" : "VoluntaryTermination",
      toCostCenterId: "",
      terminationDate: "",
    },
  });
  const [toCostCenterId, terminationDate] = useWatch({ control, name: ["toCostCenterId", "terminationDate"] });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [remove, removing] = useMutation(ManageStaff_RemoveMutation);
  const [transfer, transferring] = useMutation(ManageStaff_TransferMutation);
  const targets = useQuery(ManageStaff_TransferTargetsQuery, {
    variables: { costCenterId },
    skip: kind !== "transfer",
  });
  const name = `${member.firstName} ${member.lastName}`;
  // Sent as typed once the rule passed (the server reads the date itself).
  const run = async () => {
    const values = getValues();
    const staff = { costCenterId, staffId: member.staffId };
    try {
      const answer =
        kind === "remove"
          ? (await remove({ variables: staff })).data?.removeStaffMember
          : (
              await transfer({
                variables: {
                  ...staff,
                  transferType: values.transferType,
                  ...(kind === "transfer"
                    ? { toCostCenterId: values.toCostCenterId }
                    : { terminationDate: values.terminationDate }),
                },
              })
            ).data?.transferStaffMember;
      const problem = refusalText(answer);
      if (problem) setRefusal(problem);
      else onDone(true);
    } catch (caught) {
      setRefusal(callFailureText(caught));
    }
  };
  const text = ACTION_TEXT[kind];
  return (
    <ConfirmDialog
      open
      title={text.title(name)}
      confirmLabel={text.confirm}
      destructive={kind !== "transfer"}
      onConfirm={() => void handleSubmit(run)()}
      onCancel={() => onDone(false)}
      loading={removing.loading || transferring.loading}
      confirmDisabled={(kind === "transfer" && !toCostCenterId) || (kind === "terminate" && !terminationDate.trim())}
      testId="staff-action-dialog"
    >
      <Stack gap="3">
        <Text color="fg.muted">{text.detail(name, costCenterCode)}</Text>
        {refusal ? <ErrorAlert title="Nothing was changed" message={refusal} /> : null}
        {kind === "transfer" ? (
          <FormSelectField
            control={control}
            name="toCostCenterId"
            label="Transfer to"
            disabled={targets.loading}
            helperText={
              targets.error
                ? `The cost centers could not be loaded: ${targets.error.message}`
                : "Any active cost center of the facility."
            }
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
            <FormSelectField
              control={control}
              name="transferType"
              label="Reason"
              options={TERMINATION_REASONS.map((r) => ({ value: r.value, label: r.label }))}
            />
            <FormTextField
              control={control}
              name="terminationDate"
              label="Termination date"
              required
              placeholder="MM/DD/YYYY"
            />
          </>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
