import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { DomainError } from "../services/errors";
import { exposeDomainErrors } from "./yoga";

describe("GraphQL error masking", () => {
  it("masks an unexpected error, keeping nothing of its text", () => {
    const wrapped = new GraphQLError("boom", { originalError: new Error('relation "users" does not exist') });
    const masked = exposeDomainErrors(wrapped, "Unexpected error.", false);
    expect(masked.message).toBe("Unexpected error.");
    expect(JSON.stringify(masked)).not.toContain("relation");
    expect((masked as GraphQLError).extensions.code).toBe("INTERNAL_SERVER_ERROR");
  });

  it("keeps an expected failure's message, code and field errors", () => {
    const wrapped = new GraphQLError("x", {
      originalError: new DomainError("invalid", "Subject is required", { subject: "Subject is required" }),
      path: ["sendContactMessage"],
    });
    const exposed = exposeDomainErrors(wrapped, "Unexpected error.", false) as GraphQLError;
    expect(exposed.message).toBe("Subject is required");
    expect(exposed.extensions).toEqual({ code: "INVALID", fieldErrors: { subject: "Subject is required" } });
    expect(exposed.path).toEqual(["sendContactMessage"]);
  });
});
