import { describe, expect, it } from "vitest";
import { formatFacilityDate, formatFacilityTime } from "./facilityTime";

describe("formatFacilityTime", () => {
  it("reads a UTC moment in the facility's zone, with the zone named", () => {
    // 13:15 UTC on 24 Nov 2026 is 8:15 in New York (EST, UTC−5) and 5:15 in Los Angeles (PST, UTC−8).
    expect(formatFacilityTime("2026-11-24T13:15:00Z", "US/Eastern")).toBe("Nov 24, 2026, 8:15 AM EST");
    expect(formatFacilityTime("2026-11-24T13:15:00Z", "America/Los_Angeles")).toBe("Nov 24, 2026, 5:15 AM PST");
    // Summer time: 13:15 UTC on 1 Jul is 9:15 EDT (UTC−4).
    expect(formatFacilityTime("2026-07-01T13:15:00Z", "US/Eastern")).toBe("Jul 1, 2026, 9:15 AM EDT");
  });

  it("dates a moment by the facility's day", () => {
    // 02:30 UTC on 25 Nov 2026 is 21:30 on 24 Nov in New York (UTC−5) and 16:30 in Honolulu (UTC−10).
    expect(formatFacilityDate("2026-11-25T02:30:00Z", "US/Eastern")).toBe("Nov 24, 2026");
    expect(formatFacilityDate("2026-11-25T02:30:00Z", "US/Hawaii")).toBe("Nov 24, 2026");
    expect(formatFacilityDate("2026-11-25T05:30:00Z", "US/Eastern")).toBe("Nov 25, 2026");
  });
});
