import { describe, expect, it, vi } from "vitest";
import { callFailureText, formRefusalText, NO_ANSWER, refusalText } from "./serverErrors";

describe("refusalText", () => {
  it("is null for a success, the refusal's message for a DomainError, NO_ANSWER for no answer", () => {
    expect(refusalText({ __typename: "MutationSaveSuccess" })).toBeNull();
    expect(refusalText({ __typename: "DomainError", message: "Not yours." })).toBe("Not yours.");
    expect(refusalText({ __typename: "DomainError" })).toBe(NO_ANSWER);
    expect(refusalText(undefined)).toBe(NO_ANSWER);
  });
});

describe("callFailureText", () => {
  it("is the thrown error's message, else NO_ANSWER", () => {
    expect(callFailureText(new Error("Failed to fetch"))).toBe("Failed to fetch");
    expect(callFailureText("nothing readable")).toBe(NO_ANSWER);
  });
});

describe("formRefusalText", () => {
  it("puts field errors under their fields and keeps the message only when one found no field", () => {
    const setError = vi.fn();
    const matched = { message: "Check the form.", fieldErrors: [{ field: "name", message: "Taken." }] };
    expect(formRefusalText(setError, matched, ["name"])).toBeNull();
    expect(setError).toHaveBeenCalledWith("name", { type: "server", message: "Taken." }, { shouldFocus: true });

    const unmatched = { message: "Check the form.", fieldErrors: [{ field: "other", message: "No." }] };
    expect(formRefusalText(setError, unmatched, ["name"])).toBe("Check the form.");
    expect(formRefusalText(setError, { message: "Closed.", fieldErrors: [] }, ["name"])).toBe("Closed.");
  });

  it("is NO_ANSWER when the form's call had no answer", () => {
    expect(formRefusalText(vi.fn(), undefined, ["name"])).toBe(NO_ANSWER);
  });
});
