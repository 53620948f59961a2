import { TRANSFER_TYPES } from "../../schema/manageStaff";
import {
  addStaffMember,
  listManagedStaff,
  type ManagedPosition,
  type ManagedStaff,
  type ManagedStaffMember,
  type OverFilledPosition,
  removeStaffMember,
  type StaffTransferResult,
  transferStaffMember,
  transferTargets,
  updateStaffMember,
} from "../services/manageStaff";
import { builder, userMutation } from "./builder";
import { ofCostCenter } from "./costCenter";
import { personNameFields, StaffTypeEnum } from "./user";
import { ShiftEnum } from "./wizard";

const ManagedPositionType = builder.objectRef<ManagedPosition>("ManagedStaffPosition").implement({
  description: "A staff position the staff member holds in the cost center's plan for the current budget year.",
  fields: (t) => ({
    id: t.exposeID("id"),
    roleName: t.exposeString("roleName", { nullable: true, description: "Null: the role was removed from the plan." }),
    jobName: t.exposeString("jobName", { nullable: true }),
    shift: t.field({ type: ShiftEnum, nullable: true, resolve: (p) => p.shift }),
    fte: t.exposeFloat("fte", { description: "FTE, up to 3 decimals." }),
  }),
});

const OverFilledPositionType = builder.objectRef<OverFilledPosition>("OverFilledPosition").implement({
  description:
    "A position of the cost center's plan (role, and shift for variable roles) holding more FTE than the plan needs: a warning, never a refusal.",
  fields: (t) => ({
    unitRoleId: t.exposeID("unitRoleId"),
    roleName: t.exposeString("roleName"),
    shift: t.field({
      type: ShiftEnum,
      nullable: true,
      description: "Null for exempt roles.",
      resolve: (o) => o.shift,
    }),
    assignedFte: t.exposeFloat("assignedFte", {
      description: "Hired, traveller (prorated) and requested FTE of the position, unrounded.",
    }),
    neededFte: t.exposeFloat("neededFte", { description: "The position's paid FTE need, unrounded." }),
    overFte: t.exposeFloat("overFte", {
      description: "Assigned above the need: the position's over-hire, rounded to 2 decimals.",
    }),
    warning: t.exposeString("warning", {
      description: "In words: 'RN, Days: 6.50 FTE assigned against 5.00 needed (1.50 over)'.",
    }),
  }),
});

const ManagedStaffMemberType = builder.objectRef<ManagedStaffMember>("ManagedStaffMember").implement({
  description: "A staff member of the cost center, as Manage Staff lists them.",
  fields: (t) => ({
    staffId: t.exposeID("staffId"),
    employeeId: t.exposeString("employeeId"),
    ...personNameFields(t),
    email: t.exposeString("email", { nullable: true }),
    staffType: t.field({ type: StaffTypeEnum, resolve: (m) => m.staffType }),
    fte: t.exposeFloat("fte", { description: "The FTE they work in this cost center." }),
    dateOfHire: t.exposeString("dateOfHire", { nullable: true, description: "YYYY-MM-DD." }),
    contractEndDate: t.exposeString("contractEndDate", { nullable: true, description: "A traveller's, YYYY-MM-DD." }),
    education: t.exposeString("education", { nullable: true }),
    notes: t.exposeString("notes", { nullable: true }),
    positions: t.field({ type: [ManagedPositionType], resolve: (m) => m.positions }),
    positionsFte: t.exposeFloat("positionsFte", { description: "Σ FTE of their positions here (3 decimals)." }),
    isAssigned: t.exposeBoolean("isAssigned", { description: "Their positions add up to their FTE here." }),
    overFilledPositions: t.field({
      type: [OverFilledPositionType],
      description: "The plan's over-filled positions (role and shift) they hold a position in.",
      resolve: (m) => m.overFilledPositions,
    }),
  }),
});

const ManagedStaffType = builder.objectRef<ManagedStaff>("ManagedStaff").implement({
  description: "A cost center's staff for Manage Staff.",
  fields: (t) => ({
    costCenterId: t.id({ resolve: (list) => list.costCenter.id }),
    costCenterCode: t.string({ resolve: (list) => list.costCenter.code }),
    costCenterName: t.string({ resolve: (list) => list.costCenter.name }),
    canEdit: t.exposeBoolean("canEdit", { description: "You hold Manage Staff here; everyone else reads." }),
    budgetYear: t.exposeInt("budgetYear"),
    prnStandard: t.exposeFloat("prnStandard", { nullable: true, description: "The facility's PRN standard FTE." }),
    staff: t.field({
      type: [ManagedStaffMemberType],
      description: "By first name, then last name, case-insensitive; staff whose employment ended are left out.",
      resolve: (list) => list.staff,
    }),
    overFilledPositions: t.field({
      type: [OverFilledPositionType],
      description:
        "The budget year's plan's positions holding more FTE than they need (as its Assign Staff step warns), in the plan's order.",
      resolve: (list) => list.overFilledPositions,
    }),
  }),
});

const StaffMemberInput = builder.inputType("StaffMemberInput", {
  description:
    "A staff member's details. Adding needs employeeId, firstName, lastName, staffType, dateOfHire and fte (and contractEndDate for a traveller); an update changes only the fields given (null clears an optional one).",
  fields: (t) => ({
    employeeId: t.string(),
    firstName: t.string(),
    middleName: t.string(),
    lastName: t.string(),
    email: t.string(),
    staffType: t.field({ type: StaffTypeEnum }),
    dateOfHire: t.string({ description: "MM/DD/YYYY or YYYY-MM-DD." }),
    contractEndDate: t.string({ description: "MM/DD/YYYY or YYYY-MM-DD." }),
    education: t.string(),
    notes: t.string({ description: "At most 40 characters." }),
    fte: t.float({ description: "The FTE they work in this cost center, 0 to 1.5, at most 2 decimals." }),
  }),
});

const StaffTransferTypeEnum = builder.enumType("StaffTransferType", {
  description: "Spec §4 staff transfer reasons.",
  values: TRANSFER_TYPES,
});

const StaffTransferType = builder.objectRef<StaffTransferResult>("StaffTransfer").implement({
  description: "A transfer within the organisation, or the end of an employment.",
  fields: (t) => ({
    staffId: t.exposeID("staffId"),
    transferType: t.field({ type: StaffTransferTypeEnum, resolve: (r) => r.transferType }),
    toCostCenterId: t.id({
      nullable: true,
      resolve: (r) => (r.transferType === "TransferWithinOrg" ? r.toCostCenter.id : null),
    }),
    toCostCenterCode: t.string({
      nullable: true,
      resolve: (r) => (r.transferType === "TransferWithinOrg" ? r.toCostCenter.code : null),
    }),
    terminationDate: t.string({
      nullable: true,
      resolve: (r) => (r.transferType === "TransferWithinOrg" ? null : r.terminationDate),
    }),
  }),
});

const RemovedStaffMemberType = builder.objectRef<{ staffId: string }>("RemovedStaffMember").implement({
  fields: (t) => ({ staffId: t.exposeID("staffId") }),
});

/** GraphQL passes a field left out as undefined and a null as null: an update tells them apart. */
const given = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));

builder.queryField("manageStaff", (t) =>
  t.field({
    type: ManagedStaffType,
    description: "A cost center's staff for Manage Staff. User accounts with a permission on the cost center.",
    authScopes: { user: true },
    ...ofCostCenter(t, listManagedStaff),
  }),
);

type TransferTarget = Awaited<ReturnType<typeof transferTargets>>[number];
const TransferTargetType = builder.objectRef<TransferTarget>("StaffTransferTarget").implement({
  fields: (t) => ({
    costCenterId: t.exposeID("costCenterId"),
    code: t.exposeString("code"),
    name: t.exposeString("name"),
  }),
});

builder.queryField("staffTransferTargets", (t) =>
  t.field({
    type: [TransferTargetType],
    description:
      "The cost centers a staff member of this one may be transferred to within the organisation (TransferWithinOrg): the facility's other active cost centers, by number. Its Manage Staff holder only.",
    authScopes: { user: true },
    ...ofCostCenter(t, transferTargets),
  }),
);

builder.mutationFields((t) => ({
  addStaffMember: t.field({
    type: ManagedStaffMemberType,
    description:
      "Adds a new staff member of the facility to the cost center. Its Manage Staff holder only; audited; the open plan's Assign Staff step is begun again.",
    ...userMutation,
    args: { costCenterId: t.arg.id({ required: true }), input: t.arg({ type: StaffMemberInput, required: true }) },
    resolve: (_root, args, context) => addStaffMember(context.db, context.viewer, args.costCenterId, given(args.input)),
  }),
  updateStaffMember: t.field({
    type: ManagedStaffMemberType,
    description:
      "Changes the fields given of a staff member of the cost center. Its Manage Staff holder only; audited.",
    ...userMutation,
    args: {
      costCenterId: t.arg.id({ required: true }),
      staffId: t.arg.id({ required: true }),
      input: t.arg({ type: StaffMemberInput, required: true }),
    },
    resolve: (_root, args, context) =>
      updateStaffMember(context.db, context.viewer, args.costCenterId, args.staffId, given(args.input)),
  }),
  removeStaffMember: t.field({
    type: RemovedStaffMemberType,
    description:
      "Takes a staff member out of the cost center with their positions in its open plans. Its Manage Staff holder only; audited.",
    ...userMutation,
    args: { costCenterId: t.arg.id({ required: true }), staffId: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => removeStaffMember(context.db, context.viewer, args.costCenterId, args.staffId),
  }),
  transferStaffMember: t.field({
    type: StaffTransferType,
    description:
      "TransferWithinOrg moves the staff member (same FTE) to toCostCenterId; a termination ends the employment on terminationDate (not in the future), out of every cost center. Positions leave the open plans in the same transaction. Its Manage Staff holder only; audited.",
    ...userMutation,
    args: {
      costCenterId: t.arg.id({ required: true }),
      staffId: t.arg.id({ required: true }),
      transferType: t.arg({ type: StaffTransferTypeEnum, required: true }),
      toCostCenterId: t.arg.id(),
      terminationDate: t.arg.string({ description: "MM/DD/YYYY or YYYY-MM-DD." }),
    },
    resolve: (_root, { costCenterId, staffId, ...transfer }, context) =>
      transferStaffMember(context.db, context.viewer, costCenterId, staffId, given(transfer)),
  }),
}));
