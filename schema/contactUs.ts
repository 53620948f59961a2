import { z } from "zod";

export const CONTACT_SUBJECT_MAX_LENGTH = 120;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

/** The Contact Us form (/contact-us): both fields required, trimmed. */
export const contactUsSchema = z.object({
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(CONTACT_SUBJECT_MAX_LENGTH, `Subject must be at most ${CONTACT_SUBJECT_MAX_LENGTH} characters`),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(CONTACT_MESSAGE_MAX_LENGTH, `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`),
});

export type ContactUsInput = z.output<typeof contactUsSchema>;
