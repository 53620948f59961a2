import {
  type EmployeeCostCenter,
  type EmployeeDetails,
  type EmployeeSearchResult,
  type EmployeeStaffPosition,
  getEmployeeDetails,
  searchEmployees,
} from "../services/employees";
import { builder } from "./builder";
import { personNameFields, StaffTypeEnum } from "./user";

const EmployeeSearchResultType = builder.objectRef<EmployeeSearchResult>("EmployeeSearchResult").implement({
  description: "One match of the employee search dropdown.",
  fields: (t) => ({
    id: t.exposeID("id"),
    ...personNameFields(t),
    employeeId: t.exposeString("employeeId"),
    staffType: t.field({ type: StaffTypeEnum, resolve: (employee) => employee.staffType }),
  }),
});

const EmployeeStaffPositionType = builder.objectRef<EmployeeStaffPosition>("EmployeeStaffPosition").implement({
  fields: (t) => ({
    jobName: t.exposeString("jobName"),
    shiftName: t.exposeString("shiftName", { nullable: true }),
    staffPositionFullTimeEquivalence: t.exposeFloat("staffPositionFullTimeEquivalence"),
  }),
});

const EmployeeCostCenterType = builder.objectRef<EmployeeCostCenter>("EmployeeCostCenter").implement({
  description: "A cost center the employee belongs to, its manager (who manages staff there) and positions.",
  fields: (t) => ({
    costCenterId: t.exposeID("costCenterId"),
    costCenterName: t.exposeString("costCenterName"),
    internalCode: t.exposeString("internalCode"),
    costCenterFullTimeEquivalence: t.exposeFloat("costCenterFullTimeEquivalence"),
    managerFirstName: t.exposeString("managerFirstName", { nullable: true }),
    managerLastName: t.exposeString("managerLastName", { nullable: true }),
    managerEmail: t.exposeString("managerEmail", { nullable: true }),
    staffPositions: t.expose("staffPositions", { type: [EmployeeStaffPositionType] }),
  }),
});

const EmployeeDetailsType = builder.objectRef<EmployeeDetails>("EmployeeDetails").implement({
  description: "The read-only Employee Details card.",
  fields: (t) => ({
    id: t.exposeID("id"),
    ...personNameFields(t),
    internalId: t.exposeString("internalId", { nullable: true, description: "The employee id." }),
    facilityName: t.exposeString("facilityName"),
    staffType: t.field({ type: StaffTypeEnum, resolve: (employee) => employee.staffType }),
    education: t.exposeString("education", { nullable: true }),
    userEmail: t.exposeString("userEmail", { nullable: true }),
    totalFullTimeEquivalence: t.exposeFloat("totalFullTimeEquivalence"),
    dateOfHire: t.exposeString("dateOfHire", { nullable: true }),
    contractDate: t.exposeString("contractDate", { nullable: true }),
    terminationDate: t.exposeString("terminationDate", { nullable: true }),
    terminationType: t.exposeString("terminationType", { nullable: true }),
    requisitionNumber: t.exposeString("requisitionNumber", { nullable: true }),
    costCenters: t.expose("costCenters", {
      type: [EmployeeCostCenterType],
      description:
        "Admins see all of the employee's cost centers; exec and user accounts only those they hold a permission on.",
    }),
  }),
});

builder.queryFields((t) => ({
  employeeSearch: t.field({
    type: [EmployeeSearchResultType],
    description:
      "Current staff of your facility whose name or employee id contains the term (at least 2 characters), " +
      "at most 25, sorted by first name. Exec and user accounts see the staff of their cost centers and unassigned staff.",
    args: { facilityId: t.arg.id({ required: true }), term: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      await context.limits.search.take(context.viewer.userId, "Too many searches");
      return searchEmployees(context.db, context.viewer, args.facilityId, args.term);
    },
  }),
  employee: t.field({
    type: EmployeeDetailsType,
    description: "One employee the employee search may show you.",
    args: { facilityId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => getEmployeeDetails(context.db, context.viewer, args.facilityId, args.id),
  }),
}));
