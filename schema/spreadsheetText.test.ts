import { describe, expect, it } from "vitest";
import { escapeSpreadsheetCell, escapeSpreadsheetText, startsLikeFormula } from "./spreadsheetText";

describe("(8) spreadsheet injection: the one rule and escape", () => {
  it("prefixes a single quote to text starting with = + - @, a tab or a carriage return", () => {
    expect(["=1+2", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"].map(escapeSpreadsheetText)).toEqual([
      "'=1+2",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\t=1",
      "'\r=1",
    ]);
    expect(["Cardiology", "O'Neill", "a-b", "", " =1"].map(escapeSpreadsheetText)).toEqual([
      "Cardiology",
      "O'Neill",
      "a-b",
      "",
      " =1",
    ]);
  });

  it("leaves numbers, booleans and empty cells as they are", () => {
    expect([-1, 0.5, true, null].map(escapeSpreadsheetCell)).toEqual([-1, 0.5, true, null]);
    expect(startsLikeFormula("-1")).toBe(true);
  });
});
