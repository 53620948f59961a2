import { describe, expect, it } from "vitest";
import { formatDate, formatFte, formatTerminationType, fullName, managerName, orFallback } from "./employeeFormat";

describe("employee details formatting", () => {
  it("joins names and skips a missing middle name", () => {
    expect(fullName({ firstName: "Ava", middleName: null, lastName: "Kim" })).toBe("Ava Kim");
    expect(fullName({ firstName: "Ava", middleName: "Rose", lastName: "Kim" })).toBe("Ava Rose Kim");
  });
  it("falls back for missing or blank values", () => {
    expect(orFallback(null)).toBe("N/A");
    expect(orFallback("  ")).toBe("N/A");
    expect(orFallback(undefined, "Not set")).toBe("Not set");
    expect(orFallback("BSN", "Not set")).toBe("BSN");
  });
  it("shows FTE with 2 decimals", () => {
    expect(formatFte(0.9)).toBe("0.90");
    expect(formatFte(0.333)).toBe("0.33");
    expect(formatFte(1)).toBe("1.00");
  });
  it("formats dates as MM/DD/YYYY", () => {
    expect(formatDate("2026-11-01")).toBe("11/01/2026");
    expect(formatDate(null)).toBe("N/A");
  });
  it("names termination types as the product does", () => {
    expect(formatTerminationType("VoluntaryTermination")).toBe("Termination - Voluntary");
    expect(formatTerminationType(null)).toBe("N/A");
  });
  it("names the manager or says there is none", () => {
    expect(managerName({ managerFirstName: "Jordan", managerLastName: "Patel" })).toBe("Jordan Patel");
    expect(managerName({ managerFirstName: null, managerLastName: null })).toBeNull();
  });
});
