import { describe, expect, it } from "vitest";
import { contractEndWarning, daysUntil, nextHireAnniversary } from "./manageStaff";

describe("the date-of-hire anniversary helper", () => {
  it("is this year's until it has passed, then next year's", () => {
    // Hired 15 January 2024: on 24 November 2026 the next is 15 January 2027, the third.
    expect(nextHireAnniversary("2024-01-15", "2026-11-24")).toEqual({ date: "2027-01-15", years: 3 });
    // On the day itself it is today's.
    expect(nextHireAnniversary("2024-01-15", "2026-01-15")).toEqual({ date: "2026-01-15", years: 2 });
    // The day before: tomorrow's.
    expect(nextHireAnniversary("2024-11-25", "2026-11-24")).toEqual({ date: "2026-11-25", years: 2 });
  });

  it("a hire of this year has its first anniversary next year; 29 February falls on 28 February in other years", () => {
    expect(nextHireAnniversary("2026-03-01", "2026-11-24")).toEqual({ date: "2027-03-01", years: 1 });
    expect(nextHireAnniversary("2024-02-29", "2025-01-10")).toEqual({ date: "2025-02-28", years: 1 });
    expect(nextHireAnniversary("2024-02-29", "2027-03-01")).toEqual({ date: "2028-02-29", years: 4 });
  });
});

describe("traveller contract-end warnings", () => {
  it("counts calendar days, across a month and a year end", () => {
    expect(daysUntil("2026-12-31", "2026-11-24")).toBe(37); // 6 days left in November + 31
    expect(daysUntil("2027-01-01", "2026-12-31")).toBe(1);
  });

  it("warns 60 days ahead, urgently from 30, and says when it has ended", () => {
    expect(contractEndWarning(null, "2026-11-24")).toBeNull();
    expect(contractEndWarning("2027-01-24", "2026-11-24")).toBeNull(); // 61 days
    expect(contractEndWarning("2027-01-23", "2026-11-24")).toEqual({ level: "soon", text: "Contract ends in 60 days" });
    expect(contractEndWarning("2026-12-24", "2026-11-24")).toEqual({
      level: "urgent",
      text: "Contract ends in 30 days",
    });
    expect(contractEndWarning("2026-11-25", "2026-11-24")).toEqual({ level: "urgent", text: "Contract ends in 1 day" });
    expect(contractEndWarning("2026-11-23", "2026-11-24")).toEqual({ level: "ended", text: "Contract ended" });
  });
});
