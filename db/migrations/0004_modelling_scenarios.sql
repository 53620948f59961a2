CREATE TABLE "modelling_scenarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"name" varchar(40) NOT NULL,
	"inputs" jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "average_hourly_rate" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "modelling_scenarios" ADD CONSTRAINT "modelling_scenarios_plan_id_staffing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."staffing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelling_scenarios" ADD CONSTRAINT "modelling_scenarios_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "modelling_scenarios_plan_name_uq" ON "modelling_scenarios" USING btree ("plan_id",lower("name"));