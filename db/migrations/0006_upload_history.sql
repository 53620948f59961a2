ALTER TABLE "uploads" ADD COLUMN "file_size" bigint;--> statement-breakpoint
CREATE INDEX "uploads_facility_created_idx" ON "uploads" USING btree ("facility_id","created_at");