import { DomainError } from "../services/errors";
import { builder } from "./builder";

/** Expected failures are data: clients read `message`, `code` and `fieldErrors`, never parse text. */
export const ErrorInterface = builder.interfaceRef<Error>("Error").implement({
  fields: (t) => ({ message: t.exposeString("message") }),
});

const FieldError = builder.objectRef<{ field: string; message: string }>("FieldError").implement({
  fields: (t) => ({ field: t.exposeString("field"), message: t.exposeString("message") }),
});

const DomainErrorCodeEnum = builder.enumType("DomainErrorCode", {
  values: ["unauthenticated", "forbidden", "not_found", "invalid", "conflict"] as const,
});

builder.objectType(DomainError, {
  name: "DomainError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof DomainError,
  fields: (t) => ({
    code: t.field({ type: DomainErrorCodeEnum, resolve: (error) => error.code }),
    fieldErrors: t.field({
      type: [FieldError],
      resolve: (error) => Object.entries(error.fieldErrors).map(([field, message]) => ({ field, message })),
    }),
  }),
});
