import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Signing keys of the embedded identity provider. Kept in the database (not in memory) so that a
 * restart, or a second instance, keeps verifying tokens issued before it.
 */
export const identitySigningKeys = pgTable("identity_signing_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
