import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { UploadError } from "../../schema/uploads";
import { createdAt, generatedId, updatedAt } from "./columns";
import { costCenters } from "./costCenters";
import { uploadKindEnum, uploadStatusEnum } from "./enums";
import { facilityReference } from "./organization";
import { userReference } from "./users";

/** A bulk data file: where it is stored, and how its import went. */
export const uploads = pgTable(
  "uploads",
  {
    id: generatedId(),
    facilityId: facilityReference(),
    userId: userReference(),
    kind: uploadKindEnum("kind").notNull(),
    costCenterId: uuid("cost_center_id").references(() => costCenters.id),
    removeStaff: boolean("remove_staff").notNull().default(false),
    updateStaff: boolean("update_staff").notNull().default(false),
    originalFileName: text("original_file_name").notNull(),
    blobName: text("blob_name").notNull().unique(),
    /** Bytes: as the browser declared it, then as storage holds it once the upload is completed. */
    fileSize: bigint("file_size", { mode: "number" }),
    status: uploadStatusEnum("status").notNull().default("Pending"),
    errors: jsonb("errors").$type<UploadError[]>().notNull().default([]),
    rowsProcessed: integer("rows_processed").notNull().default(0),
    rowsTotal: integer("rows_total"),
    /**
     * While an import in slices saves the rows it has checked (all of them passed): how much of
     * them is saved, 0-100. Null before and after, and for an import whose rows are saved as they are read.
     */
    savedPercent: smallint("saved_percent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("uploads_facility_idx").on(t.facilityId),
    // The upload history: a facility's latest uploads first.
    index("uploads_facility_created_idx").on(t.facilityId, t.createdAt),
  ],
);
