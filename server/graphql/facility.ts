import type { InputObjectRef } from "@pothos/core";
import type { Database } from "../../db/client";
import {
  defineSystemRelationships,
  type FacilitySettings,
  getFacilitySettings,
  updateFinancialInformation,
  updateHrGuidelines,
} from "../services/facility";
import type { Viewer } from "../services/viewer";
import { adminMutation, type BuilderTypes, builder } from "./builder";

type BudgetSettings = NonNullable<FacilitySettings["budgetSettings"]>;
type ShiftSettings = NonNullable<FacilitySettings["shiftSettings"]>;

const BudgetSettingsType = builder.objectRef<BudgetSettings>("BudgetSettings").implement({
  description: "Spec §5 budget settings: months are 1-12, days 1-31.",
  fields: (t) => ({
    prnStaffValue: t.exposeFloat("prnStaffValue", { description: "The facility's PRN FTE standard." }),
    fiscalYearMonthsBegin: t.exposeInt("fiscalYearMonthsBegin"),
    fiscalYearDaysBegin: t.exposeInt("fiscalYearDaysBegin"),
    budgetSeasonBeginMonth: t.exposeInt("budgetSeasonBeginMonth"),
    budgetSeasonBeginDay: t.exposeInt("budgetSeasonBeginDay"),
    budgetSeasonEndMonth: t.exposeInt("budgetSeasonEndMonth"),
    budgetSeasonEndDay: t.exposeInt("budgetSeasonEndDay"),
    nextPayPeriodBegin: t.exposeInt("nextPayPeriodBegin"),
    nextPayPeriodEnd: t.exposeInt("nextPayPeriodEnd"),
  }),
});

const ShiftSettingsType = builder.objectRef<ShiftSettings>("ShiftSettings").implement({
  description: "Spec §5 shift settings: times are 4-digit military time; days 1 (Monday) to 7 (Sunday).",
  fields: (t) => ({
    dayShiftStart: t.exposeString("dayShiftStart"),
    dayShiftEnd: t.exposeString("dayShiftEnd"),
    eveningShiftStart: t.exposeString("eveningShiftStart"),
    eveningShiftEnd: t.exposeString("eveningShiftEnd"),
    nightShiftStart: t.exposeString("nightShiftStart"),
    nightShiftEnd: t.exposeString("nightShiftEnd"),
    otherShiftStart: t.exposeString("otherShiftStart", { nullable: true }),
    otherShiftEnd: t.exposeString("otherShiftEnd", { nullable: true }),
    startDay: t.exposeInt("startDay"),
    endDay: t.exposeInt("endDay"),
    dropdownStartTime: t.exposeString("dropdownStartTime"),
    dropdownEndTime: t.exposeString("dropdownEndTime"),
    emailContact: t.exposeString("emailContact"),
  }),
});

const FacilitySettingsType = builder.objectRef<FacilitySettings>("FacilitySettings").implement({
  description: "The facility definitions an admin sets up during onboarding.",
  fields: (t) => ({
    id: t.exposeID("id"),
    organizationId: t.exposeID("organizationId"),
    facilityName: t.exposeString("facilityName"),
    facilityOwner: t.exposeString("facilityOwner", { nullable: true }),
    systemName: t.exposeString("systemName", { nullable: true }),
    divisionName: t.exposeString("divisionName", { nullable: true }),
    timeZone: t.exposeString("timeZone"),
    annualHoursPerFte: t.exposeFloat("annualHoursPerFte"),
    averageHourlyRate: t.exposeFloat("averageHourlyRate", {
      nullable: true,
      description:
        "Finance's average hourly rate of the facility's staff; modelling prices hours with it. null: not set.",
    }),
    budgetSettings: t.field({ type: BudgetSettingsType, nullable: true, resolve: (f) => f.budgetSettings }),
    shiftSettings: t.field({ type: ShiftSettingsType, nullable: true, resolve: (f) => f.shiftSettings }),
    education: t.exposeStringList("education"),
  }),
});

const SystemRelationshipsInput = builder.inputType("SystemRelationshipsInput", {
  fields: (t) => ({
    facilityName: t.string({ required: true }),
    facilityOwner: t.string({ required: true }),
    systemName: t.string({ required: true }),
    divisionName: t.string({ required: true, description: "N/A when the facility has none." }),
  }),
});

const FinancialInformationInput = builder.inputType("FinancialInformationInput", {
  fields: (t) => ({
    prnStaffValue: t.float({ required: true }),
    fiscalYearMonthsBegin: t.int({ required: true }),
    fiscalYearDaysBegin: t.int({ required: true }),
    budgetSeasonBeginMonth: t.int({ required: true }),
    budgetSeasonBeginDay: t.int({ required: true }),
    budgetSeasonEndMonth: t.int({ required: true }),
    budgetSeasonEndDay: t.int({ required: true }),
    nextPayPeriodBegin: t.int({ required: true }),
    nextPayPeriodEnd: t.int({ required: true }),
    annualHoursPerFte: t.int({ required: false, description: "Default 2080 (40 × 52)." }),
    averageHourlyRate: t.float({ required: false, description: "Optional; omit or send null when not known." }),
  }),
});

const HrGuidelinesInput = builder.inputType("HrGuidelinesInput", {
  fields: (t) => ({
    dayShiftStart: t.string({ required: true }),
    dayShiftEnd: t.string({ required: true }),
    eveningShiftStart: t.string({ required: true }),
    eveningShiftEnd: t.string({ required: true }),
    nightShiftStart: t.string({ required: true }),
    nightShiftEnd: t.string({ required: true }),
    otherShiftStart: t.string({ required: false }),
    otherShiftEnd: t.string({ required: false }),
    startDay: t.int({ required: true }),
    endDay: t.int({ required: true }),
    dropdownStartTime: t.string({ required: true }),
    dropdownEndTime: t.string({ required: true }),
    emailContact: t.string({ required: true }),
    timeZone: t.string({ required: true }),
    education: t.stringList({ required: true }),
  }),
});

builder.queryField("facilitySettings", (t) =>
  t.field({
    type: FacilitySettingsType,
    authScopes: { admin: true },
    resolve: (_root, _args, context) => getFacilitySettings(context.db, context.viewer),
  }),
);

builder.mutationFields((t) => {
  /** A section of the onboarding definitions: the admin saves its form, and reads the settings back. */
  const section = (
    type: InputObjectRef<BuilderTypes, object>,
    save: (db: Database, viewer: Viewer, input: unknown) => Promise<FacilitySettings>,
  ) =>
    t.field({
      type: FacilitySettingsType,
      ...adminMutation,
      args: { input: t.arg({ type, required: true }) },
      resolve: (_root, args, context) => save(context.db, context.viewer, args.input),
    });

  return {
    defineSystemRelationships: section(SystemRelationshipsInput, defineSystemRelationships),
    updateFinancialInformation: section(FinancialInformationInput, updateFinancialInformation),
    updateHrGuidelines: section(HrGuidelinesInput, updateHrGuidelines),
  };
});
