import { sendContactMessage } from "../services/contactUs";
import { DomainError } from "../services/errors";
import { builder } from "./builder";

const ContactMessageType = builder
  .objectRef<{ id: string; subject: string; message: string; createdAt: string }>("ContactMessage")
  .implement({
    description: "A message sent from the Contact Us form.",
    fields: (t) => ({
      id: t.exposeID("id"),
      subject: t.exposeString("subject"),
      message: t.exposeString("message"),
      createdAt: t.exposeString("createdAt", { description: "ISO 8601 date and time." }),
    }),
  });

const ContactMessageInput = builder.inputType("ContactMessageInput", {
  description: "Subject at most 120 characters, message at most 2000; both required.",
  fields: (t) => ({
    subject: t.string({ required: true }),
    message: t.string({ required: true }),
  }),
});

builder.mutationField("sendContactMessage", (t) =>
  t.field({
    type: ContactMessageType,
    description: "Sends a Contact Us message (admin and user accounts).",
    errors: { types: [DomainError] },
    args: { input: t.arg({ type: ContactMessageInput, required: true }) },
    resolve: (_root, args, context) => sendContactMessage(context.db, context.viewer, args.input),
  }),
);
