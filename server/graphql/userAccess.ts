import { listOutbox, type OutboxMessageRecord } from "../services/invitations";
import {
  type AccessCounts,
  type AccessPositionRecord,
  addUserOutside,
  addUserWithin,
  deleteUserAccess,
  finishUserAccessibility,
  getUserAccessibility,
  listStaffCandidates,
  moveStaff,
  resendInvite,
  type StaffCandidate,
  type UserAccessibilityRecord,
  updateUserAccess,
  userFte,
} from "../services/userAccess";
import { TaskStateEnum } from "./adminTask";
import { adminMutation, builder } from "./builder";
import { personNameFields, personNameInputFields, UserType } from "./user";

const PositionStatusEnum = builder.enumType("PositionStatus", {
  description: "UNASSIGNED: a person of type User has no cost-center permissions. REVIEW: an upload changed someone.",
  values: ["UNASSIGNED", "REVIEW"] as const,
});

builder.objectField(UserType, "fte", (t) =>
  t.float({
    description: "The FTE shown in the access list: the staff member's assigned FTE, else the sum over cost centers.",
    resolve: (user) => userFte(user),
  }),
);

const AccessPositionType = builder.objectRef<AccessPositionRecord>("AccessPosition").implement({
  description: "A position (job title) of the user access list with its users.",
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    description: t.exposeString("description"),
    isSoftwareAdmin: t.exposeBoolean("isSoftwareAdmin", {
      description: "Title contains 'Software Admin': no cost centers and no executive option.",
    }),
    statuses: t.field({ type: [PositionStatusEnum], resolve: (p) => p.statuses }),
    users: t.expose("users", { type: [UserType] }),
  }),
});

const AccessCountsType = builder.objectRef<AccessCounts>("UserAccessCounts").implement({
  description: "The ASSIGN USERS summary: users who need cost centers, and how many have them.",
  fields: (t) => ({
    total: t.exposeInt("total", { description: "Total User Members" }),
    assigned: t.exposeInt("assigned", { description: "User Members Assigned" }),
    toBeAssigned: t.exposeInt("toBeAssigned", { description: "User Members to be Assigned" }),
  }),
});

const UserAccessibilityType = builder.objectRef<UserAccessibilityRecord>("UserAccessibility").implement({
  fields: (t) => ({
    positions: t.expose("positions", { type: [AccessPositionType] }),
    counts: t.expose("counts", { type: AccessCountsType }),
  }),
});

const StaffCandidateCostCenter = builder
  .objectRef<StaffCandidate["costCenters"][number]>("StaffCandidateCostCenter")
  .implement({
    fields: (t) => ({
      costCenterId: t.exposeID("costCenterId"),
      code: t.exposeString("code"),
      name: t.exposeString("name"),
      fte: t.exposeFloat("fte"),
    }),
  });

const StaffCandidateType = builder.objectRef<StaffCandidate>("StaffCandidate").implement({
  description: "A staff member who is not a user yet (Select Staff of the within-organisation form).",
  fields: (t) => ({
    id: t.exposeID("id"),
    employeeId: t.exposeString("employeeId"),
    ...personNameFields(t),
    email: t.exposeString("email", { nullable: true }),
    assignedFte: t.exposeFloat("assignedFte"),
    costCenters: t.expose("costCenters", { type: [StaffCandidateCostCenter] }),
  }),
});

const OutboxMessageType = builder.objectRef<OutboxMessageRecord>("OutboxMessage").implement({
  description: "An e-mail the embedded identity mode kept instead of sending (development only).",
  fields: (t) => ({
    id: t.exposeID("id"),
    toAddress: t.exposeString("toAddress"),
    subject: t.exposeString("subject"),
    body: t.exposeString("body"),
    createdAt: t.string({ resolve: (m) => m.createdAt.toISOString() }),
  }),
});

builder.queryFields((t) => ({
  userAccessibility: t.field({
    type: UserAccessibilityType,
    description: "Positions with their users and permissions, the status badges and the three counts. Admins only.",
    authScopes: { admin: true },
    resolve: (_root, _args, context) => getUserAccessibility(context.db, context.viewer),
  }),
  staffCandidates: t.field({
    type: [StaffCandidateType],
    description: "Active staff who are not users yet, matching a name or employee id. Admins only.",
    authScopes: { admin: true },
    args: { search: t.arg.string({ required: false }) },
    resolve: (_root, args, context) => listStaffCandidates(context.db, context.viewer, args.search ?? ""),
  }),
  outboxMessages: t.field({
    type: [OutboxMessageType],
    description: "Development only (embedded identity): invitations kept instead of sent, newest first. Admins only.",
    authScopes: { admin: true },
    resolve: (_root, _args, context) => listOutbox(context.db, context.viewer, context.identity),
  }),
  identityMode: t.string({
    description: "'embedded' (invitations land in the outbox) or 'b2c' (Azure AD B2C through Microsoft Graph).",
    authScopes: { admin: true },
    resolve: (_root, _args, context) => context.identity.kind,
  }),
}));

const PermissionInput = builder.inputType("CostCenterPermissionInput", {
  fields: (t) => ({
    costCenterId: t.id({ required: true }),
    fte: t.float({ required: false }),
    completeWizard: t.boolean({ required: true }),
    manageStaff: t.boolean({ required: true }),
    readOnly: t.boolean({ required: true }),
  }),
});

const AddUserOutsideInput = builder.inputType("AddUserOutsideInput", {
  description: "Spec §3 add-user form, outside the organisation. Dates as MM/DD/YYYY or YYYY-MM-DD.",
  fields: (t) => ({
    positionId: t.id({ required: true }),
    empId: t.string({ required: true }),
    dateOfHire: t.string({ required: true }),
    assignedFte: t.float({ required: true }),
    isTraveller: t.boolean({ required: true }),
    prn: t.boolean({ required: true }),
    contractDate: t.string({ required: false }),
    ...personNameInputFields(t),
    education: t.string({ required: false }),
    requisitionNumber: t.string({ required: false }),
    executive: t.boolean({ required: true }),
    email: t.string({ required: true }),
    notes: t.string({ required: false }),
    costCenterPermissions: t.field({ type: [PermissionInput], required: true }),
  }),
});

const AddUserWithinInput = builder.inputType("AddUserWithinInput", {
  description: "Spec §3 add-user form, within the organisation (selectStaff is the staff member's id).",
  fields: (t) => ({
    positionId: t.id({ required: true }),
    staffId: t.id({ required: true }),
    assignedFte: t.float({ required: false }),
    executive: t.boolean({ required: true }),
    email: t.string({ required: true }),
    notes: t.string({ required: false }),
    costCenterPermissions: t.field({ type: [PermissionInput], required: true }),
  }),
});

const UpdateUserAccessInput = builder.inputType("UpdateUserAccessInput", {
  fields: (t) => ({
    executive: t.boolean({ required: true }),
    notes: t.string({ required: false }),
    costCenterPermissions: t.field({ type: [PermissionInput], required: true }),
  }),
});

const DeleteUserModeEnum = builder.enumType("DeleteUserMode", { values: ["user", "userAndStaff"] as const });
const TerminationReasonEnum = builder.enumType("TerminationReason", {
  values: ["VoluntaryTermination", "InvoluntaryTermination"] as const,
});

const DeleteUserInput = builder.inputType("DeleteUserInput", {
  fields: (t) => ({
    mode: t.field({ type: DeleteUserModeEnum, required: true }),
    keepInCostCenterId: t.id({
      required: false,
      description: "'Delete as User': the cost center the staff member stays in.",
    }),
    reason: t.field({ type: TerminationReasonEnum, required: false, description: "'Delete as User AND Staff'." }),
  }),
});

const InvitedUser = builder.objectRef<{ id: string; email: string }>("InvitedUser").implement({
  fields: (t) => ({ id: t.exposeID("id"), email: t.exposeString("email") }),
});

builder.mutationFields((t) => ({
  addUserOutsideOrganization: t.field({
    type: UserType,
    description: "Creates the staff member and the user, and sends a 48-hour invitation. Audited. Admins only.",
    ...adminMutation,
    args: { input: t.arg({ type: AddUserOutsideInput, required: true }) },
    resolve: (_root, args, context) => addUserOutside(context.db, context.viewer, context.identity, args.input),
  }),
  addUserWithinOrganization: t.field({
    type: UserType,
    description: "Makes an existing staff member a user and sends a 48-hour invitation. Audited. Admins only.",
    ...adminMutation,
    args: { input: t.arg({ type: AddUserWithinInput, required: true }) },
    resolve: (_root, args, context) => addUserWithin(context.db, context.viewer, context.identity, args.input),
  }),
  updateUserAccess: t.field({
    type: UserType,
    description: "Cost-center permissions and notes (admin users: notes only). Audited before and after. Admins only.",
    ...adminMutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateUserAccessInput, required: true }) },
    resolve: (_root, args, context) => updateUserAccess(context.db, context.viewer, args.id, args.input),
  }),
  moveStaff: t.field({
    type: [UserType],
    description: "Moves users to another position. Audited. Admins only.",
    ...adminMutation,
    args: { targetPositionId: t.arg.id({ required: true }), userIds: t.arg.idList({ required: true }) },
    resolve: (_root, args, context) => moveStaff(context.db, context.viewer, args),
  }),
  deleteUser: t.field({
    type: InvitedUser,
    description:
      "Delete as user (staff stays in one cost center) or as user and staff (with a reason). Never yourself.",
    ...adminMutation,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: DeleteUserInput, required: true }) },
    resolve: (_root, args, context) => deleteUserAccess(context.db, context.viewer, args.id, args.input),
  }),
  resendInvite: t.field({
    type: InvitedUser,
    description: "Sends a fresh 48-hour invitation. Never to yourself. Admins only.",
    ...adminMutation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => resendInvite(context.db, context.viewer, context.identity, args.id),
  }),
  finishUserAccessibility: t.field({
    type: TaskStateEnum,
    description:
      "Leaving the screen: AddUserAccessibility becomes Completed when every non-Software-Admin user has cost centers.",
    ...adminMutation,
    resolve: (_root, _args, context) => finishUserAccessibility(context.db, context.viewer),
  }),
}));
