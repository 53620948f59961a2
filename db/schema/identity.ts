import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Signing keys of the embedded identity provider. Kept in the database (not in memory) so that a
 * restart, or a second instance, keeps verifying tokens issued before it.
 */
export const identitySigningKeys = pgTable("identity_signing_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/**
 * The embedded provider's state (sessions, interactions, codes, grants), kept in the database so
 * a restart or a second instance does not sign everyone out.
 */
export const identityProviderRecords = pgTable(
  "identity_provider_records",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    uid: text("uid"),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index("identity_provider_records_uid_idx").on(t.uid),
    index("identity_provider_records_grant_idx").on(t.grantId),
  ],
);

/**
 * The last activity of each signed-in session (issue #17: the 10-minute idle rule holds on the
 * server too). The browser reports activity at most once a minute; a session whose last activity
 * is older than the idle limit and its grace is refused. Keyed by `sessionKey` (server/services/sessionActivity.ts).
 */
export const sessionActivity = pgTable(
  "session_activity",
  {
    sessionKey: text("session_key").primaryKey(),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("session_activity_last_active_idx").on(t.lastActiveAt)],
);
