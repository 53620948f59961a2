import { type SQL, sql } from "drizzle-orm";
import { boolean, date, index, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, fteColumn, generatedId, personNameColumns, updatedAt } from "./columns";
import { costCenterReference } from "./costCenters";
import { staffTypeEnum, terminationTypeEnum } from "./enums";
import { facilityReference } from "./organization";

/** An employee of a facility. A staff member may or may not also be a user who signs in. */
export const staff = pgTable(
  "staff",
  {
    id: generatedId(),
    facilityId: facilityReference(),
    employeeId: varchar("employee_id", { length: 40 }).notNull(),
    ...personNameColumns(),
    email: text("email"),
    dateOfHire: date("date_of_hire", { mode: "string" }),
    assignedFte: fteColumn("assigned_fte").notNull().default(0),
    staffType: staffTypeEnum("staff_type").notNull().default("Regular"),
    contractEndDate: date("contract_end_date", { mode: "string" }),
    education: text("education"),
    notes: varchar("notes", { length: 40 }),
    requisitionNumber: text("requisition_number"),
    terminationDate: date("termination_date", { mode: "string" }),
    terminationType: terminationTypeEnum("termination_type"),
    /**
     * What employee search matches: 'first last', a unit separator (chr 31, which no search term
     * contains, so no match spans the name and the id), the employee id; lowercased. Stored, so a
     * search does not recompute it for every row; the trigram index below is built over it.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(${staff.firstName} || ' ' || ${staff.lastName}) || chr(31) || lower(${staff.employeeId})`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An Employee ID names one employee whatever its case ('e1001' is E1001). Also serves every
    // "staff of this facility" lookup (facility_id leads), so no index of its own.
    uniqueIndex("staff_facility_employee_uq").on(t.facilityId, sql`lower(${t.employeeId})`),
    // Employee search (substring match on 20,000 staff): pg_trgm, created by the migration.
    index("staff_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** The staff member a row is of. */
export const staffReference = () =>
  uuid("staff_id")
    .notNull()
    .references(() => staff.id);

/** Membership of a staff member in a cost center, with the FTE they work there. */
export const costCenterStaff = pgTable(
  "cost_center_staff",
  {
    costCenterId: costCenterReference(),
    staffId: staffReference(),
    fte: fteColumn("fte").notNull().default(0),
    /** Set when a bulk upload changed this membership; the admin reviews it. */
    uploadChange: boolean("upload_change").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.costCenterId, t.staffId] }), index("cost_center_staff_staff_idx").on(t.staffId)],
);
