/**
 * Today where the demo facility is (US/Eastern, its HR guidelines' time zone), read with Intl: a
 * second, simpler computation than the app's calendar. Tests that build dates "from today" use it,
 * so they agree with the app between 19:00 and midnight in New York, when UTC has a new day.
 */
export function demoFacilityToday(now = new Date()): { year: number; month: number; day: number; iso: string } {
  const iso = new Intl.DateTimeFormat("en-CA", { timeZone: "US/Eastern" }).format(now); // YYYY-MM-DD
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return { year, month, day, iso };
}

/** The demo facility's date `days` after today, as a UTC-midnight Date for formatting. */
export function demoFacilityDay(days: number, now = new Date()): Date {
  const { year, month, day } = demoFacilityToday(now);
  return new Date(Date.UTC(year, month - 1, day + days));
}
