CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("staff"."first_name" || ' ' || "staff"."last_name") || chr(31) || lower("staff"."employee_id")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "staff_search_trgm_idx" ON "staff" USING gin ("search_text" gin_trgm_ops);
