import { ApolloError } from "@apollo/client";
import { describe, expect, it } from "vitest";
import { bannerFailure, deleteFailure, failureText, otherFailure, resetFailure } from "./failureMessages";

function serverError(result: unknown): ApolloError {
  const networkError = Object.assign(new Error("Response not successful: Received status code 500"), {
    name: "ServerError",
    response: {} as Response,
    statusCode: 500,
    result,
  });
  return new ApolloError({ networkError });
}

describe("cost center maintenance failure texts (spec §8)", () => {
  it("prefers the response message, then the response data, then the error's message", () => {
    expect(failureText({ message: "Cost center number 6010 is already used in this facility." })).toBe(
      "Cost center number 6010 is already used in this facility.",
    );
    expect(failureText(serverError({ message: "from the body" }))).toBe("from the body");
    expect(failureText(serverError({ errors: [{ message: "graphql said no" }] }))).toBe("graphql said no");
    expect(failureText(serverError({ detail: 42 }))).toBe('{"detail":42}');
    expect(failureText(serverError("plain text body"))).toBe("plain text body");
    expect(failureText(new ApolloError({ errorMessage: "Failed to fetch" }))).toBe("Failed to fetch");
    expect(failureText(new Error("boom"))).toBe("boom");
    expect(failureText({ message: "" })).toBeNull();
    expect(failureText(undefined)).toBeNull();
  });

  it("add and update fall back to 'An error occurred'", () => {
    expect(bannerFailure({ message: "" })).toBe("An error occurred");
    expect(bannerFailure({ message: "Cost center name is required" })).toBe("Cost center name is required");
  });

  it("delete maps the unfinished-wizard refusal, and falls back to its own text", () => {
    expect(deleteFailure({ message: "Error while removing Organizational unit: the wizard is in progress." })).toBe(
      "Please complete the wizard for this cost center before deleting.",
    );
    expect(deleteFailure({ message: "Cost center was not found" })).toBe("Cost center was not found");
    expect(deleteFailure({ message: "" })).toBe("Error processing action. Please try again later.");
  });

  it("reset appends the wizard advice to the error", () => {
    expect(resetFailure({ message: "The wizard for cost center 6030 is not completed" })).toBe(
      "The wizard for cost center 6030 is not completed. Please make sure the wizard is completed for this cost center.",
    );
    expect(resetFailure(null)).toBe(
      "An unexpected error occurred. Please make sure the wizard is completed for this cost center.",
    );
  });

  it("unlock shows the raw message, else 'An unexpected error occurred'", () => {
    expect(otherFailure({ message: "The wizard for cost center 6030 is not completed" })).toBe(
      "The wizard for cost center 6030 is not completed",
    );
    expect(otherFailure({})).toBe("An unexpected error occurred");
  });
});
