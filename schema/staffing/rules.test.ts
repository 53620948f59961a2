import { describe, expect, it } from "vitest";
import { STAFFING_MESSAGES, typedFteSchema } from "./rules";

describe("typedFteSchema: an FTE typed into a text field", () => {
  it.each([
    ["0.5", 0.5],
    [".25", 0.25],
    [" 1 ", 1],
    ["1.5", 1.5],
  ])("reads %j as %d", (typed, fte) => {
    expect(typedFteSchema.parse(typed)).toBe(fte);
  });

  it.each([
    ["", STAFFING_MESSAGES.fte],
    ["abc", STAFFING_MESSAGES.fte],
    ["1e-1", STAFFING_MESSAGES.fte],
    ["-0.5", STAFFING_MESSAGES.fte],
    ["1.51", STAFFING_MESSAGES.fte],
    ["0.555", STAFFING_MESSAGES.fte],
    ["0", STAFFING_MESSAGES.positiveFte],
  ])("refuses %j with %j", (typed, message) => {
    const result = typedFteSchema.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
