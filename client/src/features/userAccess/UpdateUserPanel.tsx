import { useMutation } from "@apollo/client";
import { Button } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { sameFte, USER_ACCESS_TEXTS, updateUserSchema } from "../../../../schema/userAccess";
import { graphql } from "../../gql";
import { FactList } from "../../ui/FactList";
import { Tip } from "../../ui/Tip";
import { useMutationFailure } from "../../ui/useMutationFailure";
import {
  type CostCenterOption,
  type EditablePermission,
  emptyFte,
  fteSum,
  type PermissionFields,
  toPermissionInput,
} from "./PermissionsEditor";
import { formatFte, PANEL_FAILURE_TEXTS } from "./parts";
import { UserFormPanel } from "./UserFormPanel";

const UpdateUser_Mutation = graphql(`
  mutation UpdateUser_Mutation($id: ID!, $input: UpdateUserAccessInput!) {
    updateUserAccess(id: $id, input: $input) {
      __typename
      ...DomainError_Fields
      ... on MutationUpdateUserAccessSuccess {
        data {
          id
        }
      }
    }
  }
`);

export type PanelUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  userType: "Admin" | "User";
  title?: string | null;
  employeeId?: string | null;
  assignedFte?: number | null;
  fte: number;
  notes?: string | null;
  uploadChange: boolean;
  costCenterPermissions: {
    costCenterId: string;
    code: string;
    name: string;
    fte?: number | null;
    completeWizard: boolean;
    manageStaff: boolean;
    readOnly: boolean;
    executive: boolean;
  }[];
};

type Props = {
  user: PanelUser;
  softwareAdmin: boolean;
  costCenters: readonly CostCenterOption[];
  onClose: () => void;
  onSaved: () => void;
};

function initialPermissions(user: PanelUser): EditablePermission[] {
  return user.costCenterPermissions.map((p) => ({
    costCenterId: p.costCenterId,
    code: p.code,
    name: p.name,
    fte: p.fte === null || p.fte === undefined ? "" : formatFte(p.fte),
    completeWizard: p.completeWizard,
    manageStaff: p.manageStaff,
    readOnly: p.readOnly,
  }));
}

type UpdateUserValues = PermissionFields & { notes: string };

/**
 * The shared rule's notes (at most 40 characters) checks the field; the form's values go on as
 * they are (raw) and become the update's input in `handleSave`, the FTE sums checked there (spec §5).
 */
const updateUserResolver = zodResolver(updateUserSchema.pick({ notes: true }), undefined, { raw: true });

/** Update User (spec §2, §4, §5): permissions and notes; admin-type users only notes. */
export function UpdateUserPanel({ user, softwareAdmin, costCenters, onClose, onSaved }: Props) {
  const [initial] = useState<UpdateUserValues>(() => ({
    permissions: initialPermissions(user),
    executive: user.costCenterPermissions.length > 0 && user.costCenterPermissions.every((p) => p.executive),
    notes: user.notes ?? "",
  }));
  const { control, handleSubmit, formState } = useForm<UpdateUserValues>({
    mode: "all",
    resolver: updateUserResolver as unknown as Resolver<UpdateUserValues>,
    defaultValues: initial,
  });
  const { permissions = [], executive = false } = useWatch({ control }) as Partial<UpdateUserValues>;
  const { failure, setFailure, attempt } = useMutationFailure(PANEL_FAILURE_TEXTS);
  const [save, { loading }] = useMutation(UpdateUser_Mutation);
  const adminOnlyNotes = user.userType === "Admin" || softwareAdmin;
  const name = `${user.firstName} ${user.lastName}`;

  const changed = formState.isDirty;
  const missingFte = !executive && permissions.some(emptyFte);
  // The UPDATE / REVIEWED rule (spec §4).
  const reviewed = user.uploadChange && user.costCenterPermissions.length > 0 && !changed;
  const enabled = reviewed || (changed && !missingFte);
  const target = user.assignedFte ?? null;

  async function handleSave(values: UpdateUserValues) {
    if (
      !values.executive &&
      !adminOnlyNotes &&
      target !== null &&
      values.permissions.length > 0 &&
      !sameFte(fteSum(values.permissions), target)
    ) {
      setFailure(USER_ACCESS_TEXTS.fteMismatchUpdate);
      return;
    }
    const input = {
      executive: adminOnlyNotes ? false : values.executive,
      notes: values.notes || null,
      costCenterPermissions: adminOnlyNotes ? [] : toPermissionInput(values.permissions, values.executive),
    };
    await attempt(async () => (await save({ variables: { id: user.id, input } })).data?.updateUserAccess, onSaved);
  }

  const tip = reviewed ? USER_ACCESS_TEXTS.reviewTooltip : missingFte ? USER_ACCESS_TEXTS.updateTooltip : "";

  return (
    <UserFormPanel
      title={USER_ACCESS_TEXTS.updateTitle}
      subtitle={name}
      dirty={changed}
      onClose={onClose}
      testId="update-user-panel"
      footer={
        <Tip content={tip} show={tip !== ""}>
          <Button
            colorPalette="brand"
            disabled={!enabled}
            loading={loading}
            onClick={() => void handleSubmit(handleSave)()}
          >
            {reviewed ? "REVIEWED" : "UPDATE"}
          </Button>
        </Tip>
      }
      failure={failure}
      failureTestId="update-user-error"
      notesAndPermissions={{
        control,
        withoutPermissions: adminOnlyNotes
          ? "Admin users have no cost center permissions; only notes can change."
          : null,
        costCenters,
        userName: name,
      }}
    >
      <FactList
        size="sm"
        facts={[
          { label: "First Name", value: user.firstName },
          { label: "Last Name", value: user.lastName },
          { label: "Position", value: user.title ?? "" },
          { label: "Employee ID", value: user.employeeId ?? "N/A" },
          { label: "Assigned FTE", value: formatFte(user.fte) },
          { label: "Email", value: user.email },
        ]}
      />
    </UserFormPanel>
  );
}
