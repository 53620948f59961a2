import { integer, numeric, pgTable, primaryKey, text, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, fteColumn, generatedId, updatedAt } from "./columns";
import { adminTaskNameEnum, taskStateEnum } from "./enums";

export const organizations = pgTable("organizations", {
  id: generatedId(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

/** A facility (hospital). Its system relationships, time zone and FTE basis live here. */
export const facilities = pgTable("facilities", {
  id: generatedId(),
  organizationId: uuid("organization_id")
    .notNull()
    .references(() => organizations.id),
  name: text("name").notNull(),
  owner: text("owner"),
  systemName: text("system_name"),
  divisionName: text("division_name"),
  timeZone: text("time_zone").notNull().default("US/Eastern"),
  /** Hours one FTE works in a year (40 × 52 = 2080 by default). */
  annualHoursPerFte: numeric("annual_hours_per_fte", { precision: 7, scale: 2, mode: "number" })
    .notNull()
    .default(2080),
  /** Finance's average hourly rate of the facility's staff (modelling prices hours with it); null: not set. */
  averageHourlyRate: numeric("average_hourly_rate", { precision: 8, scale: 2, mode: "number" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The facility a row belongs to. */
export const facilityReference = () =>
  uuid("facility_id")
    .notNull()
    .references(() => facilities.id);

/**
 * The facility's hours per FTE, effective-dated per budget year: a plan of budget year Y uses the
 * row with the latest budget year ≤ Y (facilities.annual_hours_per_fte when there is none).
 */
export const facilityFteBasis = pgTable(
  "facility_fte_basis",
  {
    facilityId: facilityReference(),
    budgetYear: integer("budget_year").notNull(),
    annualHoursPerFte: numeric("annual_hours_per_fte", { precision: 7, scale: 2, mode: "number" }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.budgetYear] })],
);

/** Spec §5 budget settings, one row per facility. */
export const facilityBudgetSettings = pgTable("facility_budget_settings", {
  facilityId: uuid("facility_id")
    .primaryKey()
    .references(() => facilities.id),
  prnStaffValue: fteColumn("prn_staff_value").notNull(),
  fiscalYearMonthsBegin: integer("fiscal_year_months_begin").notNull(),
  fiscalYearDaysBegin: integer("fiscal_year_days_begin").notNull(),
  budgetSeasonBeginMonth: integer("budget_season_begin_month").notNull(),
  budgetSeasonBeginDay: integer("budget_season_begin_day").notNull(),
  budgetSeasonEndMonth: integer("budget_season_end_month").notNull(),
  budgetSeasonEndDay: integer("budget_season_end_day").notNull(),
  nextPayPeriodBegin: integer("next_pay_period_begin").notNull(),
  nextPayPeriodEnd: integer("next_pay_period_end").notNull(),
  updatedAt: updatedAt(),
});

/** Spec §5 shift settings (HR guidelines), one row per facility. Times are 4-digit military. */
export const facilityShiftSettings = pgTable("facility_shift_settings", {
  facilityId: uuid("facility_id")
    .primaryKey()
    .references(() => facilities.id),
  dayShiftStart: varchar("day_shift_start", { length: 4 }).notNull(),
  dayShiftEnd: varchar("day_shift_end", { length: 4 }).notNull(),
  eveningShiftStart: varchar("evening_shift_start", { length: 4 }).notNull(),
  eveningShiftEnd: varchar("evening_shift_end", { length: 4 }).notNull(),
  nightShiftStart: varchar("night_shift_start", { length: 4 }).notNull(),
  nightShiftEnd: varchar("night_shift_end", { length: 4 }).notNull(),
  otherShiftStart: varchar("other_shift_start", { length: 4 }),
  otherShiftEnd: varchar("other_shift_end", { length: 4 }),
  startDay: integer("start_day").notNull(),
  endDay: integer("end_day").notNull(),
  dropdownStartTime: varchar("dropdown_start_time", { length: 4 }).notNull(),
  dropdownEndTime: varchar("dropdown_end_time", { length: 4 }).notNull(),
  emailContact: text("email_contact").notNull(),
  updatedAt: updatedAt(),
});

export const adminTasks = pgTable(
  "admin_tasks",
  {
    facilityId: facilityReference(),
    taskName: adminTaskNameEnum("task_name").notNull(),
    taskState: taskStateEnum("task_state").notNull().default("Pending"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.taskName] })],
);
