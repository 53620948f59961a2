import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, generatedId } from "./columns";
import { facilities } from "./organization";
import { userReference, users } from "./users";

/**
 * Who did what, when (UTC), from where, with the record before and after. Written by every mutation,
 * sign-in (success, failure, lock) and refused authorization.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid("actor_user_id").references(() => users.id),
    facilityId: uuid("facility_id").references(() => facilities.id),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    /** Where the request came from: the client's address as the server's socket saw it (null: no request, e.g. an import job). */
    source: text("source"),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_facility_at_idx").on(t.facilityId, t.at),
  ],
);

/** Messages sent from the Contact Us form. */
export const contactMessages = pgTable("contact_messages", {
  id: generatedId(),
  userId: userReference(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});
