CREATE TYPE "public"."admin_task_name" AS ENUM('DefineSystemRelations', 'AddBasicFinancialInformation', 'ProvideBasicHrGuidelines', 'JobCategorization', 'AddCostCenters', 'UploadData', 'AddUserAccessibility');--> statement-breakpoint
CREATE TYPE "public"."role_replacement" AS ENUM('Fixed', 'FixedWithReplacement', 'Variable');--> statement-breakpoint
CREATE TYPE "public"."shift" AS ENUM('Days', 'Evenings', 'Nights');--> statement-breakpoint
CREATE TYPE "public"."staff_type" AS ENUM('Regular', 'PRN', 'Traveller');--> statement-breakpoint
CREATE TYPE "public"."step_status" AS ENUM('Pending', 'InProgress', 'Completed');--> statement-breakpoint
CREATE TYPE "public"."task_state" AS ENUM('Completed', 'Pending');--> statement-breakpoint
CREATE TYPE "public"."termination_type" AS ENUM('TransferWithinOrg', 'VoluntaryTermination', 'InvoluntaryTermination');--> statement-breakpoint
CREATE TYPE "public"."upload_kind" AS ENUM('CostCenter', 'Staff', 'Users', 'CostCenterStaff');--> statement-breakpoint
CREATE TYPE "public"."upload_status" AS ENUM('Pending', 'Processing', 'Error', 'Success');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('Admin', 'User');--> statement-breakpoint
CREATE TYPE "public"."wizard_step" AS ENUM('UnitDefinition', 'DefineRoles', 'CreateCareSchedules', 'AssignStaff', 'FinalizePositionControl', 'ReviewAttestation');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"facility_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_centers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"code" varchar(12) NOT NULL,
	"name" text NOT NULL,
	"prn_fte" numeric(5, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_provider_records" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"uid" text,
	"grant_id" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "identity_provider_records_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "identity_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "education_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category_id" integer DEFAULT 0 NOT NULL,
	"is_exempt" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_tasks" (
	"facility_id" uuid NOT NULL,
	"task_name" "admin_task_name" NOT NULL,
	"task_state" "task_state" DEFAULT 'Pending' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_tasks_facility_id_task_name_pk" PRIMARY KEY("facility_id","task_name")
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"owner" text,
	"system_name" text,
	"division_name" text,
	"time_zone" text DEFAULT 'US/Eastern' NOT NULL,
	"annual_hours_per_fte" numeric(7, 2) DEFAULT 2080 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_budget_settings" (
	"facility_id" uuid PRIMARY KEY NOT NULL,
	"prn_staff_value" numeric(5, 3) NOT NULL,
	"fiscal_year_months_begin" integer NOT NULL,
	"fiscal_year_days_begin" integer NOT NULL,
	"budget_season_begin_month" integer NOT NULL,
	"budget_season_begin_day" integer NOT NULL,
	"budget_season_end_month" integer NOT NULL,
	"budget_season_end_day" integer NOT NULL,
	"next_pay_period_begin" integer NOT NULL,
	"next_pay_period_end" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_shift_settings" (
	"facility_id" uuid PRIMARY KEY NOT NULL,
	"day_shift_start" varchar(4) NOT NULL,
	"day_shift_end" varchar(4) NOT NULL,
	"evening_shift_start" varchar(4) NOT NULL,
	"evening_shift_end" varchar(4) NOT NULL,
	"night_shift_start" varchar(4) NOT NULL,
	"night_shift_end" varchar(4) NOT NULL,
	"other_shift_start" varchar(4),
	"other_shift_end" varchar(4),
	"start_day" integer NOT NULL,
	"end_day" integer NOT NULL,
	"dropdown_start_time" varchar(4) NOT NULL,
	"dropdown_end_time" varchar(4) NOT NULL,
	"email_contact" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_schedules" (
	"plan_id" uuid PRIMARY KEY NOT NULL,
	"distribution" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"unit_role_id" uuid,
	"requisition_number" text,
	"fte" numeric(5, 3) NOT NULL,
	"shift" "shift",
	"start_time" varchar(4),
	"end_time" varchar(4),
	"duration_hours" numeric(4, 2),
	"is_traveller" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_id" uuid NOT NULL,
	"shift" "shift" NOT NULL,
	"start_time" varchar(4) NOT NULL,
	"duration_hours" numeric(4, 2) NOT NULL,
	"staff_per_shift" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"unit_role_id" uuid,
	"shift" "shift",
	"fte" numeric(5, 3) NOT NULL,
	"start_time" varchar(4),
	"end_time" varchar(4)
);
--> statement-breakpoint
CREATE TABLE "staffing_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cost_center_id" uuid NOT NULL,
	"budget_year" integer NOT NULL,
	"census" numeric(7, 2),
	"care_team_target" numeric(6, 2),
	"non_productive_goal_percentage" numeric(5, 2),
	"target_overtime_percentage" numeric(5, 2),
	"productive_fte_budget" numeric(8, 3),
	"total_paid_fte_budget" numeric(8, 3),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attested_by_user_id" uuid,
	"attested_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"job_id" uuid,
	"name" text NOT NULL,
	"is_exempt" boolean DEFAULT false NOT NULL,
	"fte" numeric(5, 3),
	"replacement" "role_replacement" DEFAULT 'Variable' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wizard_steps" (
	"plan_id" uuid NOT NULL,
	"step" "wizard_step" NOT NULL,
	"status" "step_status" DEFAULT 'Pending' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wizard_steps_plan_id_step_pk" PRIMARY KEY("plan_id","step")
);
--> statement-breakpoint
CREATE TABLE "cost_center_staff" (
	"cost_center_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"fte" numeric(5, 3) DEFAULT 0 NOT NULL,
	"upload_change" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_center_staff_cost_center_id_staff_id_pk" PRIMARY KEY("cost_center_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"employee_id" varchar(40) NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"email" text,
	"date_of_hire" date,
	"assigned_fte" numeric(5, 3) DEFAULT 0 NOT NULL,
	"staff_type" "staff_type" DEFAULT 'Regular' NOT NULL,
	"contract_end_date" date,
	"education" text,
	"notes" varchar(40),
	"requisition_number" text,
	"termination_date" date,
	"termination_type" "termination_type",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "upload_kind" NOT NULL,
	"cost_center_id" uuid,
	"remove_staff" boolean DEFAULT false NOT NULL,
	"update_staff" boolean DEFAULT false NOT NULL,
	"original_file_name" text NOT NULL,
	"blob_name" text NOT NULL,
	"status" "upload_status" DEFAULT 'Pending' NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rows_processed" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "uploads_blob_name_unique" UNIQUE("blob_name")
);
--> statement-breakpoint
CREATE TABLE "cost_center_permissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"cost_center_id" uuid NOT NULL,
	"fte" numeric(5, 3),
	"complete_wizard" boolean DEFAULT false NOT NULL,
	"manage_staff" boolean DEFAULT false NOT NULL,
	"read_only" boolean DEFAULT true NOT NULL,
	"executive" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "local_credentials" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"staff_id" uuid,
	"position_id" uuid,
	"identity_subject" text,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"user_type" "user_type" DEFAULT 'User' NOT NULL,
	"notes" varchar(40),
	"upload_change" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_centers" ADD CONSTRAINT "cost_centers_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "education_levels" ADD CONSTRAINT "education_levels_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_category_id_job_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."job_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_tasks" ADD CONSTRAINT "admin_tasks_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_budget_settings" ADD CONSTRAINT "facility_budget_settings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_shift_settings" ADD CONSTRAINT "facility_shift_settings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_schedules" ADD CONSTRAINT "care_schedules_plan_id_staffing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."staffing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_positions" ADD CONSTRAINT "open_positions_plan_id_staffing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."staffing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_positions" ADD CONSTRAINT "open_positions_unit_role_id_unit_roles_id_fk" FOREIGN KEY ("unit_role_id") REFERENCES "public"."unit_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_shifts" ADD CONSTRAINT "role_shifts_role_id_unit_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."unit_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_positions" ADD CONSTRAINT "staff_positions_plan_id_staffing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."staffing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_positions" ADD CONSTRAINT "staff_positions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_positions" ADD CONSTRAINT "staff_positions_unit_role_id_unit_roles_id_fk" FOREIGN KEY ("unit_role_id") REFERENCES "public"."unit_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staffing_plans" ADD CONSTRAINT "staffing_plans_cost_center_id_cost_centers_id_fk" FOREIGN KEY ("cost_center_id") REFERENCES "public"."cost_centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staffing_plans" ADD CONSTRAINT "staffing_plans_attested_by_user_id_users_id_fk" FOREIGN KEY ("attested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_roles" ADD CONSTRAINT "unit_roles_plan_id_staffing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."staffing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_roles" ADD CONSTRAINT "unit_roles_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wizard_steps" ADD CONSTRAINT "wizard_steps_plan_id_staffing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."staffing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_center_staff" ADD CONSTRAINT "cost_center_staff_cost_center_id_cost_centers_id_fk" FOREIGN KEY ("cost_center_id") REFERENCES "public"."cost_centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_center_staff" ADD CONSTRAINT "cost_center_staff_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_cost_center_id_cost_centers_id_fk" FOREIGN KEY ("cost_center_id") REFERENCES "public"."cost_centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_center_permissions" ADD CONSTRAINT "cost_center_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_center_permissions" ADD CONSTRAINT "cost_center_permissions_cost_center_id_cost_centers_id_fk" FOREIGN KEY ("cost_center_id") REFERENCES "public"."cost_centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_credentials" ADD CONSTRAINT "local_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_facility_at_idx" ON "audit_log" USING btree ("facility_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centers_active_code_uq" ON "cost_centers" USING btree ("facility_id","code") WHERE "cost_centers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cost_centers_facility_idx" ON "cost_centers" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "identity_provider_records_uid_idx" ON "identity_provider_records" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "identity_provider_records_grant_idx" ON "identity_provider_records" USING btree ("grant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "education_levels_facility_name_uq" ON "education_levels" USING btree ("facility_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_facility_name_uq" ON "jobs" USING btree ("facility_id","name");--> statement-breakpoint
CREATE INDEX "open_positions_plan_idx" ON "open_positions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "role_shifts_role_idx" ON "role_shifts" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "staff_positions_plan_idx" ON "staff_positions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "staff_positions_staff_idx" ON "staff_positions" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staffing_plans_cost_center_year_uq" ON "staffing_plans" USING btree ("cost_center_id","budget_year");--> statement-breakpoint
CREATE INDEX "unit_roles_plan_idx" ON "unit_roles" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "cost_center_staff_staff_idx" ON "cost_center_staff" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_facility_employee_uq" ON "staff" USING btree ("facility_id","employee_id");--> statement-breakpoint
CREATE INDEX "staff_facility_idx" ON "staff" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "uploads_facility_idx" ON "uploads" USING btree ("facility_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ccp_user_cost_center_uq" ON "cost_center_permissions" USING btree ("user_id","cost_center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ccp_one_wizard_holder_uq" ON "cost_center_permissions" USING btree ("cost_center_id") WHERE "cost_center_permissions"."complete_wizard";--> statement-breakpoint
CREATE UNIQUE INDEX "ccp_one_staff_manager_uq" ON "cost_center_permissions" USING btree ("cost_center_id") WHERE "cost_center_permissions"."manage_staff";--> statement-breakpoint
CREATE INDEX "ccp_cost_center_idx" ON "cost_center_permissions" USING btree ("cost_center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_facility_title_uq" ON "positions" USING btree ("facility_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "users_active_email_uq" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_subject_uq" ON "users" USING btree ("identity_subject");--> statement-breakpoint
CREATE INDEX "users_facility_idx" ON "users" USING btree ("facility_id");