import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, fteColumn, generatedId, updatedAt } from "./columns";
import { facilityReference } from "./organization";

/** A cost center (nursing unit). Soft-deleted: history and plans stay readable. */
export const costCenters = pgTable(
  "cost_centers",
  {
    id: generatedId(),
    facilityId: facilityReference(),
    code: varchar("code", { length: 12 }).notNull(),
    name: text("name").notNull(),
    /** PRN FTE standard for this unit; null means the facility's PRNStaffValue. */
    prnFte: fteColumn("prn_fte"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex("cost_centers_active_code_uq").on(t.facilityId, t.code).where(sql`${t.deletedAt} is null`),
    index("cost_centers_facility_idx").on(t.facilityId),
  ],
);

/** The cost center a row belongs to. */
export const costCenterReference = () =>
  uuid("cost_center_id")
    .notNull()
    .references(() => costCenters.id);
