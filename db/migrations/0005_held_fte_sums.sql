CREATE TABLE "held_fte_sums" (
	"plan_id" uuid NOT NULL,
	"unit_role_id" uuid,
	"shift" "shift",
	"staff_type" "staff_type" NOT NULL,
	"contract_end_date" date,
	"positions" integer NOT NULL,
	"fte" numeric(12, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "held_fte_sums_stale" (
	"plan_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "held_fte_sums" ADD CONSTRAINT "held_fte_sums_plan_id_staffing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."staffing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_fte_sums_plan_idx" ON "held_fte_sums" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "held_fte_sums_stale_plan_idx" ON "held_fte_sums_stale" USING btree ("plan_id");--> statement-breakpoint
-- Every plan's sums start stale: the first read figures them.
INSERT INTO "held_fte_sums_stale" ("plan_id") SELECT "id" FROM "staffing_plans";--> statement-breakpoint
-- Positions added, changed or removed: their plans (before and after) are stale.
CREATE FUNCTION "held_fte_sums_mark_positions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO held_fte_sums_stale (plan_id) SELECT DISTINCT plan_id FROM changed_new;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- Not the positions of a plan deleted with them.
    INSERT INTO held_fte_sums_stale (plan_id)
      SELECT DISTINCT plan_id FROM changed_old WHERE plan_id IN (SELECT id FROM staffing_plans);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "held_fte_sums_positions_insert" AFTER INSERT ON "staff_positions"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "held_fte_sums_mark_positions"();--> statement-breakpoint
CREATE TRIGGER "held_fte_sums_positions_update" AFTER UPDATE ON "staff_positions"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "held_fte_sums_mark_positions"();--> statement-breakpoint
CREATE TRIGGER "held_fte_sums_positions_delete" AFTER DELETE ON "staff_positions"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "held_fte_sums_mark_positions"();--> statement-breakpoint
-- A holder's type, contract end or termination changed: every plan holding a position of theirs is
-- stale. Row by row, but only when one of the three changes (an import rewriting the same values
-- costs a comparison per row).
CREATE FUNCTION "held_fte_sums_mark_holder"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO held_fte_sums_stale (plan_id)
    SELECT DISTINCT plan_id FROM staff_positions WHERE staff_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "held_fte_sums_holder_update" AFTER UPDATE ON "staff" FOR EACH ROW
  WHEN (OLD.staff_type IS DISTINCT FROM NEW.staff_type
    OR OLD.contract_end_date IS DISTINCT FROM NEW.contract_end_date
    OR OLD.termination_date IS DISTINCT FROM NEW.termination_date)
  EXECUTE FUNCTION "held_fte_sums_mark_holder"();--> statement-breakpoint
-- A holder joined or left a cost center: the plans of that cost center holding a position of theirs are stale.
CREATE FUNCTION "held_fte_sums_mark_memberships"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO held_fte_sums_stale (plan_id)
      SELECT DISTINCT sp.plan_id FROM changed_new m
      JOIN staff_positions sp ON sp.staff_id = m.staff_id
      JOIN staffing_plans p ON p.id = sp.plan_id AND p.cost_center_id = m.cost_center_id
     ;
  ELSE
    INSERT INTO held_fte_sums_stale (plan_id)
      SELECT DISTINCT sp.plan_id FROM changed_old m
      JOIN staff_positions sp ON sp.staff_id = m.staff_id
      JOIN staffing_plans p ON p.id = sp.plan_id AND p.cost_center_id = m.cost_center_id
     ;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "held_fte_sums_memberships_insert" AFTER INSERT ON "cost_center_staff"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "held_fte_sums_mark_memberships"();--> statement-breakpoint
CREATE TRIGGER "held_fte_sums_memberships_delete" AFTER DELETE ON "cost_center_staff"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "held_fte_sums_mark_memberships"();--> statement-breakpoint
-- A membership moved to another cost center or staff member (rare): both sides' plans are stale.
CREATE FUNCTION "held_fte_sums_mark_moved_membership"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO held_fte_sums_stale (plan_id)
    SELECT DISTINCT sp.plan_id FROM staff_positions sp JOIN staffing_plans p ON p.id = sp.plan_id
    WHERE (sp.staff_id = OLD.staff_id AND p.cost_center_id = OLD.cost_center_id)
       OR (sp.staff_id = NEW.staff_id AND p.cost_center_id = NEW.cost_center_id)
   ;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "held_fte_sums_memberships_update" AFTER UPDATE ON "cost_center_staff" FOR EACH ROW
  WHEN (OLD.cost_center_id IS DISTINCT FROM NEW.cost_center_id OR OLD.staff_id IS DISTINCT FROM NEW.staff_id)
  EXECUTE FUNCTION "held_fte_sums_mark_moved_membership"();--> statement-breakpoint
-- A plan moved to another cost center (not done today, but cheap to cover): its sums are stale.
CREATE FUNCTION "held_fte_sums_mark_plan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO held_fte_sums_stale (plan_id) VALUES (NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "held_fte_sums_plan_moved" AFTER UPDATE ON "staffing_plans" FOR EACH ROW
  WHEN (OLD.cost_center_id IS DISTINCT FROM NEW.cost_center_id)
  EXECUTE FUNCTION "held_fte_sums_mark_plan"();
