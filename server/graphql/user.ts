import { type CostCenterPermissionRecord, getUser, listFacilityUsers, type UserRecord } from "../services/users";
import { builder } from "./builder";

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

const UserTypeEnum = builder.enumType("UserType", { values: ["Admin", "User"] as const });
const StaffTypeEnum = builder.enumType("StaffType", { values: ["Regular", "PRN", "Traveller"] as const });

export const UserType = builder.objectRef<UserRecord>("User").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    organizationId: t.exposeID("organizationId"),
    facilityId: t.exposeID("facilityId"),
    firstName: t.exposeString("firstName"),
    middleName: t.exposeString("middleName", { nullable: true }),
    lastName: t.exposeString("lastName"),
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
