import { describe, expect, it } from "vitest";
import { budgetSeasonStart, budgetYearOf } from "./staffingPlans";

const settings = {
  fiscalYearMonthsBegin: 7,
  fiscalYearDaysBegin: 1,
  budgetSeasonBeginMonth: 3,
  budgetSeasonBeginDay: 1,
  budgetSeasonEndMonth: 5,
  budgetSeasonEndDay: 31,
};
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("budget year", () => {
  it("is the calendar year the current fiscal year began in", () => {
    expect(budgetYearOf(at("2026-11-22"), settings)).toBe(2026);
    expect(budgetYearOf(at("2026-07-01"), settings)).toBe(2026);
    expect(budgetYearOf(at("2026-06-30"), settings)).toBe(2025);
    expect(budgetYearOf(at("2026-01-15"), { ...settings, fiscalYearMonthsBegin: 1 })).toBe(2026);
    expect(budgetYearOf(at("2026-06-30"), null)).toBe(2026);
  });
});

describe("budget season", () => {
  it("answers the season's first day inside it, null outside", () => {
    expect(budgetSeasonStart(at("2027-03-01"), settings)?.toISOString()).toBe("2027-03-01T00:00:00.000Z");
    expect(budgetSeasonStart(at("2027-05-31"), settings)?.toISOString()).toBe("2027-03-01T00:00:00.000Z");
    expect(budgetSeasonStart(at("2027-06-01"), settings)).toBeNull();
    expect(budgetSeasonStart(at("2027-02-28"), settings)).toBeNull();
    expect(budgetSeasonStart(at("2027-04-01"), null)).toBeNull();
  });

  it("handles a season that runs over the new year", () => {
    const winter = {
      ...settings,
      budgetSeasonBeginMonth: 11,
      budgetSeasonBeginDay: 15,
      budgetSeasonEndMonth: 2,
      budgetSeasonEndDay: 15,
    };
    expect(budgetSeasonStart(at("2026-12-01"), winter)?.toISOString()).toBe("2026-11-15T00:00:00.000Z");
    expect(budgetSeasonStart(at("2027-01-20"), winter)?.toISOString()).toBe("2026-11-15T00:00:00.000Z");
    expect(budgetSeasonStart(at("2027-02-16"), winter)).toBeNull();
  });
});
