-- An Employee ID names one employee whatever its case. A facility holding two that differ only in
-- case (E1001 and e1001) stops the upgrade here, before anything changes, and is named.
DO $$
DECLARE
  clashes text;
BEGIN
  SELECT string_agg(clash, '; ') INTO clashes FROM (
    SELECT f.name || ': ' || string_agg(s.employee_id, ', ' ORDER BY s.employee_id) AS clash
    FROM staff s JOIN facilities f ON f.id = s.facility_id
    GROUP BY f.name, s.facility_id, lower(s.employee_id)
    HAVING count(*) > 1
    ORDER BY f.name, lower(s.employee_id)
    LIMIT 20
  ) found;
  IF clashes IS NOT NULL THEN
    RAISE EXCEPTION 'Employee IDs that differ only in case (%): give each employee an Employee ID of their own with the previous version, then upgrade again', clashes;
  END IF;
END $$;--> statement-breakpoint
DROP INDEX "staff_facility_employee_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "staff_facility_employee_uq" ON "staff" USING btree ("facility_id",lower("employee_id"));
