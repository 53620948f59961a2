// The facility's calendar: the days, budget year and budget season a facility lives by, in its own
// time zone (spec §5's HR guidelines choose it), whatever zone the server or the browser runs in.
// Dates are YYYY-MM-DD strings; every computation goes through Temporal (the polyfill), none by hand.
import { Temporal } from "temporal-polyfill";

/** A facility's fiscal year start and budget season (facility definitions, spec §5). */
export type BudgetCalendar = {
  fiscalYearMonthsBegin: number;
  fiscalYearDaysBegin: number;
  budgetSeasonBeginMonth: number;
  budgetSeasonBeginDay: number;
  budgetSeasonEndMonth: number;
  budgetSeasonEndDay: number;
};

const plainDate = (iso: string) => Temporal.PlainDate.from(iso);

/** Month and day in `year`; a day past the month's end (29 February in other years) is its last day. */
const dayIn = (year: number, month: number, day: number) =>
  Temporal.PlainDate.from({ year, month, day }, { overflow: "constrain" });

/** The date it is at `now` in the facility's time zone. */
export function facilityDate(timeZone: string, now: Date = new Date()): string {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/** The moment a facility's day begins (its local midnight, or the first moment after a gap). */
export function startOfFacilityDay(date: string, timeZone: string): Date {
  return new Date(plainDate(date).toZonedDateTime({ timeZone }).epochMilliseconds);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return plainDate(from).until(plainDate(to), { largestUnit: "days" }).days;
}

/** The date `years` after `date`; 29 February falls on 28 February in a year without it. */
export function addYears(date: string, years: number): string {
  return plainDate(date).add({ years }, { overflow: "constrain" }).toString();
}

/**
 * The budget year is the calendar year the current fiscal year began in (a fiscal year from July
 * 2026 is 2026), by the facility's date; without budget settings, the facility's calendar year.
 */
export function budgetYearOf(now: Date, budget: BudgetCalendar | null, timeZone: string): number {
  const today = plainDate(facilityDate(timeZone, now));
  if (!budget) return today.year;
  const fiscalStart = dayIn(today.year, budget.fiscalYearMonthsBegin, budget.fiscalYearDaysBegin);
  return Temporal.PlainDate.compare(today, fiscalStart) >= 0 ? today.year : today.year - 1;
}

/** The first and last day of budget year `budgetYear` (the fiscal year beginning that year). */
export function budgetYearRange(budgetYear: number, fiscalMonth: number, fiscalDay: number) {
  const start = dayIn(budgetYear, fiscalMonth, fiscalDay);
  return { start: start.toString(), end: start.add({ years: 1 }).subtract({ days: 1 }).toString() };
}

/**
 * The moment the budget season `now` falls in began (the facility's midnight of its first day), or
 * null outside budget season. A season may run over the new year (15 November to 15 February).
 */
export function budgetSeasonStart(now: Date, budget: BudgetCalendar | null, timeZone: string): Date | null {
  if (!budget) return null;
  const today = plainDate(facilityDate(timeZone, now));
  for (const year of [today.year, today.year - 1]) {
    const begin = dayIn(year, budget.budgetSeasonBeginMonth, budget.budgetSeasonBeginDay);
    let end = dayIn(year, budget.budgetSeasonEndMonth, budget.budgetSeasonEndDay);
    if (Temporal.PlainDate.compare(end, begin) < 0)
      end = dayIn(year + 1, budget.budgetSeasonEndMonth, budget.budgetSeasonEndDay);
    if (Temporal.PlainDate.compare(begin, today) <= 0 && Temporal.PlainDate.compare(today, end) <= 0)
      return startOfFacilityDay(begin.toString(), timeZone);
  }
  return null;
}
