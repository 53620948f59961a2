import { DomainError } from "../services/errors";
import { updateOwnProfile } from "../services/profile";
import { type CostCenterPermissionRecord, getUser, listFacilityUsers, type UserRecord } from "../services/users";
import { type WizardProgress, wizardProgressByCostCenter } from "../services/wizardProgress";
import { type BuilderTypes, builder, type InputFields } from "./builder";

export const CostCenterPermissionType = builder
  .objectRef<CostCenterPermissionRecord>("CostCenterPermission")
  .implement({
    description: "What a user may do in one cost center.",
    fields: (t) => ({
      costCenterId: t.exposeID("costCenterId"),
      code: t.exposeString("code"),
      name: t.exposeString("name"),
      fte: t.exposeFloat("fte", { nullable: true }),
      completeWizard: t.exposeBoolean("completeWizard"),
      manageStaff: t.exposeBoolean("manageStaff"),
      readOnly: t.exposeBoolean("readOnly"),
      executive: t.exposeBoolean("executive"),
    }),
  });

const WIZARD_PROGRESS = ["NotStarted", "InProgress", "Completed"] as const satisfies readonly WizardProgress[];
const WizardProgressEnum = builder.enumType("WizardProgress", {
  description: "How far the planning wizard of a cost center is, for its latest budget year.",
  values: WIZARD_PROGRESS,
});

// One query for the wizard progress of every cost center in the response (the user landing lists them).
builder.objectField(CostCenterPermissionType, "wizardStatus", (t) =>
  t.loadable({
    type: WizardProgressEnum,
    load: async (costCenterIds: string[], context) => {
      const progress = await wizardProgressByCostCenter(context.db, costCenterIds);
      return costCenterIds.map((id) => progress.get(id) ?? "NotStarted");
    },
    resolve: (permission) => permission.costCenterId,
  }),
);

/** A person's names as every type of people shows them. */
export const personNameFields = <Person extends { firstName: string; middleName: string | null; lastName: string }>(
  t: PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, Person>,
) => ({
  firstName: t.string({ resolve: (person) => person.firstName }),
  middleName: t.string({ nullable: true, resolve: (person) => person.middleName }),
  lastName: t.string({ resolve: (person) => person.lastName }),
});

/** A person's names as the forms that set them take them: the middle name is optional. */
export const personNameInputFields = (t: InputFields) => ({
  firstName: t.string({ required: true }),
  middleName: t.string({ required: false }),
  lastName: t.string({ required: true }),
});

const UserTypeEnum = builder.enumType("UserType", { values: ["Admin", "User"] as const });
export const StaffTypeEnum = builder.enumType("StaffType", { values: ["Regular", "PRN", "Traveller"] as const });

export const UserType = builder.objectRef<UserRecord>("User").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    organizationId: t.exposeID("organizationId"),
    facilityId: t.exposeID("facilityId"),
    ...personNameFields(t),
    email: t.exposeString("email"),
    userType: t.field({ type: UserTypeEnum, resolve: (user) => user.userType }),
    title: t.exposeString("title", { nullable: true, description: "The user's position." }),
    notes: t.exposeString("notes", { nullable: true }),
    uploadChange: t.exposeBoolean("uploadChange"),
    staffId: t.exposeID("staffId", { nullable: true }),
    employeeId: t.exposeString("employeeId", { nullable: true }),
    assignedFte: t.exposeFloat("assignedFte", { nullable: true }),
    staffType: t.field({ type: StaffTypeEnum, nullable: true, resolve: (user) => user.staffType }),
    dateOfHire: t.exposeString("dateOfHire", { nullable: true }),
    costCenterPermissions: t.expose("costCenterPermissions", { type: [CostCenterPermissionType] }),
  }),
});

builder.queryFields((t) => ({
  user: t.field({
    type: UserType,
    description: "A user of your facility. Admins read anyone there; everyone else only themselves.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => getUser(context.db, context.viewer, args.id),
  }),
  facilityUsers: t.field({
    type: [UserType],
    description: "Every active user of a facility, sorted by first name. Admins of that facility only.",
    authScopes: { admin: true },
    args: { facilityId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => listFacilityUsers(context.db, context.viewer, args.facilityId),
  }),
}));

const ProfileInput = builder.inputType("ProfileInput", {
  description: "The signed-in person's own names; letters, digits and spaces only, at most 50 characters.",
  fields: (t) => ({
    ...personNameInputFields(t),
  }),
});

builder.mutationField("updateMyProfile", (t) =>
  t.field({
    type: UserType,
    description: "Changes the signed-in person's names (and those of their staff record). Audited.",
    errors: { types: [DomainError] },
    args: { input: t.arg({ type: ProfileInput, required: true }) },
    resolve: (_root, args, context) => updateOwnProfile(context.db, context.viewer, context.viewer.userId, args.input),
  }),
);
