import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { ModelInputs } from "../../schema/staffing/modelling";
import { createdAt, fteColumn, generatedId, updatedAt } from "./columns";
import { costCenterReference } from "./costCenters";
import { roleReplacementEnum, shiftEnum, staffTypeEnum, stepStatusEnum, wizardStepEnum } from "./enums";
import { jobs } from "./jobs";
import { staffReference } from "./staff";
import { users } from "./users";

/** The staffing plan a wizard builds: one per cost center per budget year. */
export const staffingPlans = pgTable(
  "staffing_plans",
  {
    id: generatedId(),
    costCenterId: costCenterReference(),
    budgetYear: integer("budget_year").notNull(),
    census: numeric("census", { precision: 7, scale: 2, mode: "number" }),
    careTeamTarget: numeric("care_team_target", { precision: 6, scale: 2, mode: "number" }),
    nonProductiveGoalPercentage: numeric("non_productive_goal_percentage", { precision: 5, scale: 2, mode: "number" }),
    targetOvertimePercentage: numeric("target_overtime_percentage", { precision: 5, scale: 2, mode: "number" }),
    productiveFteBudget: numeric("productive_fte_budget", { precision: 8, scale: 3, mode: "number" }),
    totalPaidFteBudget: numeric("total_paid_fte_budget", { precision: 8, scale: 3, mode: "number" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    attestedByUserId: uuid("attested_by_user_id").references(() => users.id),
    attestedAt: timestamp("attested_at", { withTimezone: true }),
    /**
     * What was signed: the plan's inputs, the facility settings it used and its computed figures,
     * stored at attestation. A locked plan shows this, never a recomputation.
     */
    attestedSnapshot: jsonb("attested_snapshot").$type<Record<string, unknown>>(),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    /** A facility setting the plan's figures depend on changed since its steps were completed. */
    settingsChangedAt: timestamp("settings_changed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("staffing_plans_cost_center_year_uq").on(t.costCenterId, t.budgetYear)],
);

/** The plan a row is part of: deleted with it. */
export const planReference = () =>
  uuid("plan_id")
    .notNull()
    .references(() => staffingPlans.id, { onDelete: "cascade" });

export const wizardSteps = pgTable(
  "wizard_steps",
  {
    planId: planReference(),
    step: wizardStepEnum("step").notNull(),
    status: stepStatusEnum("status").notNull().default("Pending"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.step] })],
);

/** A role in a plan: exempt roles carry an FTE, variable roles carry shifts. */
export const unitRoles = pgTable(
  "unit_roles",
  {
    id: generatedId(),
    planId: planReference(),
    jobId: uuid("job_id").references(() => jobs.id),
    name: text("name").notNull(),
    isExempt: boolean("is_exempt").notNull().default(false),
    fte: fteColumn("fte"),
    replacement: roleReplacementEnum("replacement").notNull().default("Variable"),
    /** Unpaid meal break per shift in minutes; null: 30 min on shifts of 8 h or more. */
    unpaidBreakMinutes: integer("unpaid_break_minutes"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("unit_roles_plan_idx").on(t.planId)],
);

export const roleShifts = pgTable(
  "role_shifts",
  {
    id: generatedId(),
    roleId: uuid("role_id")
      .notNull()
      .references(() => unitRoles.id, { onDelete: "cascade" }),
    shift: shiftEnum("shift").notNull(),
    /** 4-digit military time, '0000' to '2400'. */
    startTime: varchar("start_time", { length: 4 }).notNull(),
    durationHours: numeric("duration_hours", { precision: 4, scale: 2, mode: "number" }).notNull(),
    staffPerShift: integer("staff_per_shift").notNull(),
  },
  (t) => [index("role_shifts_role_idx").on(t.roleId)],
);

/** The saved 24-hour distribution of a plan (per role and total), recomputed on every role change. */
export const careSchedules = pgTable("care_schedules", {
  planId: uuid("plan_id")
    .primaryKey()
    .references(() => staffingPlans.id, { onDelete: "cascade" }),
  distribution: jsonb("distribution").$type<{ total: number[]; byRole: Record<string, number[]> }>().notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A staff member filling (part of) a role and shift in a plan. */
export const staffPositions = pgTable(
  "staff_positions",
  {
    id: generatedId(),
    planId: planReference(),
    staffId: staffReference(),
    unitRoleId: uuid("unit_role_id").references(() => unitRoles.id, { onDelete: "set null" }),
    shift: shiftEnum("shift"),
    fte: fteColumn("fte").notNull(),
    startTime: varchar("start_time", { length: 4 }),
    endTime: varchar("end_time", { length: 4 }),
  },
  (t) => [index("staff_positions_plan_idx").on(t.planId), index("staff_positions_staff_idx").on(t.staffId)],
);

/**
 * The FTE held per plan, role, shift and staff type (travellers also per contract end), over the
 * positions that count: staff still in the plan's cost center and not terminated. A cache the
 * dashboards read instead of grouping every position: the database keeps it honest, as triggers
 * (migration 0005) mark a plan stale on any write that could change its sums (its positions; a
 * holder's type, contract end or termination; a holder joining or leaving the cost center), and
 * the next read refigures the stale plans only.
 */
export const heldFteSums = pgTable(
  "held_fte_sums",
  {
    planId: planReference(),
    unitRoleId: uuid("unit_role_id"),
    shift: shiftEnum("shift"),
    staffType: staffTypeEnum("staff_type").notNull(),
    contractEndDate: date("contract_end_date", { mode: "string" }),
    positions: integer("positions").notNull(),
    fte: numeric("fte", { precision: 12, scale: 3, mode: "number" }).notNull(),
  },
  (t) => [index("held_fte_sums_plan_idx").on(t.planId)],
);

/**
 * Plans whose `held_fte_sums` rows are out of date (see there). Triggers append a mark per plan and
 * statement (no key: a writer never waits on another's mark); the next read removes them.
 */
export const heldFteSumsStale = pgTable(
  "held_fte_sums_stale",
  {
    // No reference: a plan deleted with its positions is marked by the same delete.
    planId: uuid("plan_id").notNull(),
  },
  (t) => [index("held_fte_sums_stale_plan_idx").on(t.planId)],
);

/** What stays unfilled after staff are assigned: a requisition to hire. */
export const openPositions = pgTable(
  "open_positions",
  {
    id: generatedId(),
    planId: planReference(),
    unitRoleId: uuid("unit_role_id").references(() => unitRoles.id, { onDelete: "set null" }),
    requisitionNumber: text("requisition_number"),
    fte: fteColumn("fte").notNull(),
    shift: shiftEnum("shift"),
    startTime: varchar("start_time", { length: 4 }),
    endTime: varchar("end_time", { length: 4 }),
    durationHours: numeric("duration_hours", { precision: 4, scale: 2, mode: "number" }),
    isTraveller: boolean("is_traveller").notNull().default(false),
  },
  (t) => [index("open_positions_plan_idx").on(t.planId)],
);

/**
 * A named what-if of a plan (modelling): its unit definition and roles as the manager changed them.
 * Nothing here changes the plan until the manager carries the scenario into the wizard.
 */
export const modellingScenarios = pgTable(
  "modelling_scenarios",
  {
    id: generatedId(),
    planId: planReference(),
    name: varchar("name", { length: 40 }).notNull(),
    inputs: jsonb("inputs").$type<ModelInputs>().notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("modelling_scenarios_plan_name_uq").on(t.planId, sql`lower(${t.name})`)],
);
