import type { Queryable } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { contactUsSchema } from "../../schema/contactUs";
import { auditEntry, recordAudit } from "./audit";
import { forbidden } from "./errors";
import { parseInput } from "./validation";
import type { Viewer } from "./viewer";

export type ContactMessageRecord = { id: string; subject: string; message: string; createdAt: string };

/**
 * Stores a Contact Us message from the signed-in person (spec §2: /contact-us is for admin and
 * user accounts only), audited in the same transaction.
 */
export async function sendContactMessage(db: Queryable, viewer: Viewer, input: unknown): Promise<ContactMessageRecord> {
  if (viewer.accountType !== "admin" && viewer.accountType !== "user") throw forbidden();
  const { subject, message } = parseInput(contactUsSchema, input);
  return db.transaction(async (tx) => {
    const [stored] = await tx.insert(contactMessages).values({ userId: viewer.userId, subject, message }).returning({
      id: contactMessages.id,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    });
    if (!stored) throw new Error("insert into contact_messages returned no row");
    const record = { ...stored, createdAt: stored.createdAt.toISOString() };
    await recordAudit(tx, auditEntry(viewer, "contact_message.create", record.id, null, { subject, message }));
    return record;
  });
}
