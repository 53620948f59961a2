import { boolean, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { generatedId } from "./columns";
import { facilityReference } from "./organization";

/** Job categories drive the positions rollup. Category 0 'None' exists but is never offered. */
export const jobCategories = pgTable("job_categories", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  /** The default of its jobs' direct-care flag: nursing categories count toward HPPD, support and leadership do not. */
  isDirectCare: boolean("is_direct_care").notNull().default(true),
});

export const jobs = pgTable(
  "jobs",
  {
    id: generatedId(),
    facilityId: facilityReference(),
    name: text("name").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .default(0)
      .references(() => jobCategories.id),
    isExempt: boolean("is_exempt").notNull().default(false),
    /** Counts toward HPPD; set from the category's default when the job gets its category, editable in job categorization. */
    isDirectCare: boolean("is_direct_care").notNull().default(true),
  },
  (t) => [uniqueIndex("jobs_facility_name_uq").on(t.facilityId, t.name)],
);

export const educationLevels = pgTable(
  "education_levels",
  {
    id: generatedId(),
    facilityId: facilityReference(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("education_levels_facility_name_uq").on(t.facilityId, t.name)],
);
