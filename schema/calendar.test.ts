import { describe, expect, it } from "vitest";
import { addYears, budgetSeasonStart, budgetYearOf, budgetYearRange, daysBetween, facilityDate } from "./calendar";

const settings = {
  fiscalYearMonthsBegin: 7,
  fiscalYearDaysBegin: 1,
  budgetSeasonBeginMonth: 3,
  budgetSeasonBeginDay: 1,
  budgetSeasonEndMonth: 5,
  budgetSeasonEndDay: 31,
};
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
const eastern = "US/Eastern";

describe("the facility's date", () => {
  it("is the date in the facility's zone, not the server's", () => {
    // 2026-07-01 03:30 UTC is 23:30 on 30 June in New York (EDT, UTC-4) and 17:30 in Honolulu (UTC-10).
    expect(facilityDate(eastern, new Date("2026-07-01T03:30:00Z"))).toBe("2026-06-30");
    expect(facilityDate("US/Hawaii", new Date("2026-07-01T03:30:00Z"))).toBe("2026-06-30");
    // 04:00 UTC is midnight in New York: the new day has begun there.
    expect(facilityDate(eastern, new Date("2026-07-01T04:00:00Z"))).toBe("2026-07-01");
  });
});

describe("budget year", () => {
  it("is the calendar year the current fiscal year began in", () => {
    expect(budgetYearOf(at("2026-11-22"), settings, eastern)).toBe(2026);
    expect(budgetYearOf(at("2026-07-01"), settings, eastern)).toBe(2026);
    expect(budgetYearOf(at("2026-06-30"), settings, eastern)).toBe(2025);
    expect(budgetYearOf(at("2026-01-15"), { ...settings, fiscalYearMonthsBegin: 1 }, eastern)).toBe(2026);
    expect(budgetYearOf(at("2026-06-30"), null, eastern)).toBe(2026);
  });

  it("turns at the facility's midnight", () => {
    // A fiscal year from 1 July: at 23:30 on 30 June in New York (03:30 UTC on 1 July) it is still
    // budget year 2025 there; from New York's midnight (04:00 UTC) it is 2026.
    expect(budgetYearOf(new Date("2026-07-01T03:30:00Z"), settings, eastern)).toBe(2025);
    expect(budgetYearOf(new Date("2026-07-01T04:00:00Z"), settings, eastern)).toBe(2026);
    // Honolulu (UTC-10) reaches 1 July at 10:00 UTC.
    expect(budgetYearOf(new Date("2026-07-01T09:59:00Z"), settings, "US/Hawaii")).toBe(2025);
    expect(budgetYearOf(new Date("2026-07-01T10:00:00Z"), settings, "US/Hawaii")).toBe(2026);
    // Without settings, the facility's calendar year: 31 December 20:00 in New York is 01:00 UTC.
    expect(budgetYearOf(new Date("2027-01-01T01:00:00Z"), null, eastern)).toBe(2026);
  });

  it("runs from the fiscal day to the day before it a year later", () => {
    expect(budgetYearRange(2026, 7, 1)).toEqual({ start: "2026-07-01", end: "2027-06-30" });
    expect(budgetYearRange(2026, 1, 1)).toEqual({ start: "2026-01-01", end: "2026-12-31" });
    // 2028 is a leap year: a year from 1 March 2027 ends on 29 February 2028.
    expect(budgetYearRange(2027, 3, 1)).toEqual({ start: "2027-03-01", end: "2028-02-29" });
  });
});

describe("budget season", () => {
  it("answers the moment the season began (the facility's midnight) inside it, null outside", () => {
    // 1 March 2027 is before daylight saving (14 March): New York's midnight is 05:00 UTC.
    expect(budgetSeasonStart(at("2027-03-01"), settings, eastern)?.toISOString()).toBe("2027-03-01T05:00:00.000Z");
    expect(budgetSeasonStart(at("2027-05-31"), settings, eastern)?.toISOString()).toBe("2027-03-01T05:00:00.000Z");
    expect(budgetSeasonStart(at("2027-06-01"), settings, eastern)).toBeNull();
    expect(budgetSeasonStart(at("2027-02-28"), settings, eastern)).toBeNull();
    expect(budgetSeasonStart(at("2027-04-01"), null, eastern)).toBeNull();
    // Los Angeles: midnight is 08:00 UTC in winter.
    expect(budgetSeasonStart(at("2027-04-01"), settings, "US/Pacific")?.toISOString()).toBe("2027-03-01T08:00:00.000Z");
  });

  it("begins and ends on the facility's days", () => {
    // 1 March 02:00 UTC is still 28 February (21:00) in New York: not yet in season there.
    expect(budgetSeasonStart(new Date("2027-03-01T02:00:00Z"), settings, eastern)).toBeNull();
    // 1 June 03:00 UTC is 31 May 23:00 in New York (EDT): still in season.
    expect(budgetSeasonStart(new Date("2027-06-01T03:00:00Z"), settings, eastern)?.toISOString()).toBe(
      "2027-03-01T05:00:00.000Z",
    );
  });

  it("handles a season that runs over the new year", () => {
    const winter = {
      ...settings,
      budgetSeasonBeginMonth: 11,
      budgetSeasonBeginDay: 15,
      budgetSeasonEndMonth: 2,
      budgetSeasonEndDay: 15,
    };
    // 15 November 2026 is after daylight saving ended (1 November): EST, UTC-5.
    expect(budgetSeasonStart(at("2026-12-01"), winter, eastern)?.toISOString()).toBe("2026-11-15T05:00:00.000Z");
    expect(budgetSeasonStart(at("2027-01-20"), winter, eastern)?.toISOString()).toBe("2026-11-15T05:00:00.000Z");
    expect(budgetSeasonStart(at("2027-02-16"), winter, eastern)).toBeNull();
  });
});

describe("date arithmetic", () => {
  it("counts days and years across month ends and leap days", () => {
    expect(daysBetween("2026-11-24", "2026-12-31")).toBe(37); // 6 left in November + 31
    expect(daysBetween("2026-12-31", "2026-11-24")).toBe(-37);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2); // 29 February 2028 between
    expect(addYears("2024-02-29", 1)).toBe("2025-02-28");
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
  });
});
