CREATE TABLE "session_activity" (
	"session_key" text PRIMARY KEY NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "session_activity_last_active_idx" ON "session_activity" USING btree ("last_active_at");