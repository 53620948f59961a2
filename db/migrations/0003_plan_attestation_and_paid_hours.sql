CREATE TABLE "facility_fte_basis" (
	"facility_id" uuid NOT NULL,
	"budget_year" integer NOT NULL,
	"annual_hours_per_fte" numeric(7, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_fte_basis_facility_id_budget_year_pk" PRIMARY KEY("facility_id","budget_year")
);
--> statement-breakpoint
ALTER TABLE "job_categories" ADD COLUMN "is_direct_care" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "is_direct_care" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "staffing_plans" ADD COLUMN "attested_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "staffing_plans" ADD COLUMN "settings_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unit_roles" ADD COLUMN "unpaid_break_minutes" integer;--> statement-breakpoint
ALTER TABLE "facility_fte_basis" ADD CONSTRAINT "facility_fte_basis_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "job_categories" SET "is_direct_care" = false WHERE "name" IN ('Unit Support', 'Leadership', 'Allied Health');--> statement-breakpoint
UPDATE "jobs" SET "is_direct_care" = "job_categories"."is_direct_care" FROM "job_categories" WHERE "job_categories"."id" = "jobs"."category_id";
