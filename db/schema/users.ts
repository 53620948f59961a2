import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, fteColumn, generatedId, personNameColumns, updatedAt } from "./columns";
import { costCenterReference } from "./costCenters";
import { userTypeEnum } from "./enums";
import { facilityReference, organizations } from "./organization";
import { staff } from "./staff";

/** A position (job title) in the user access list, e.g. 'Nurse Manager' or 'Software Admin'. */
export const positions = pgTable(
  "positions",
  {
    id: generatedId(),
    facilityId: facilityReference(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [uniqueIndex("positions_facility_title_uq").on(t.facilityId, t.title)],
);

/** A person who signs in. `identitySubject` is the `sub` claim of the identity provider's tokens. */
export const users = pgTable(
  "users",
  {
    id: generatedId(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    facilityId: facilityReference(),
    staffId: uuid("staff_id").references(() => staff.id),
    positionId: uuid("position_id").references(() => positions.id),
    identitySubject: text("identity_subject"),
    email: text("email").notNull(),
    ...personNameColumns(),
    userType: userTypeEnum("user_type").notNull().default("User"),
    notes: varchar("notes", { length: 40 }),
    uploadChange: boolean("upload_change").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex("users_active_email_uq").on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex("users_identity_subject_uq").on(t.identitySubject),
    index("users_facility_idx").on(t.facilityId),
  ],
);

/** The user a row is of. */
export const userReference = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id);

/**
 * What a user may do in one cost center. The partial unique indexes make "one person per cost
 * center completes the wizard / manages staff" a database guarantee, not only a form rule.
 * `sortOrder` 0 is the user's first permission, which decides the exec account type.
 */
export const costCenterPermissions = pgTable(
  "cost_center_permissions",
  {
    id: generatedId(),
    userId: userReference(),
    costCenterId: costCenterReference(),
    fte: fteColumn("fte"),
    completeWizard: boolean("complete_wizard").notNull().default(false),
    manageStaff: boolean("manage_staff").notNull().default(false),
    readOnly: boolean("read_only").notNull().default(true),
    executive: boolean("executive").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("ccp_user_cost_center_uq").on(t.userId, t.costCenterId),
    uniqueIndex("ccp_one_wizard_holder_uq").on(t.costCenterId).where(sql`${t.completeWizard}`),
    uniqueIndex("ccp_one_staff_manager_uq").on(t.costCenterId).where(sql`${t.manageStaff}`),
    index("ccp_cost_center_idx").on(t.costCenterId),
  ],
);

/** Passwords for the embedded identity provider only (production uses Azure AD B2C). */
export const localCredentials = pgTable("local_credentials", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  passwordHash: text("password_hash").notNull(),
  updatedAt: updatedAt(),
});

/** An invitation to set a password and sign in; valid 48 hours. Only a hash of the token is kept. */
export const invites = pgTable("invites", {
  id: generatedId(),
  userId: userReference(),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  createdByUserId: uuid("created_by_user_id").references(() => users.id),
  createdAt: createdAt(),
});

/** E-mail that would be sent; the embedded default keeps it here for admins to open. */
export const outboxMessages = pgTable("outbox_messages", {
  id: generatedId(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});
