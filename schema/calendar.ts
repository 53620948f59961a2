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

/**
 * Reading an instant in a zone costs tens of microseconds, and a dashboard asks for every plan it
 * reads; the answers are kept (a facility's day changes on a whole minute, so a minute is a safe key).
 */
function remembered<T>(cache: Map<string, T>, key: string, compute: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute();
    if (cache.size >= 10_000) cache.clear();
    cache.set(key, value);
  }
  return value;
}
const datesAt = new Map<string, string>();
const dayStarts = new Map<string, number>();

/** The date it is at `now` in the facility's time zone. */
export function facilityDate(timeZone: string, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  return remembered(datesAt, `${timeZone} ${minute}`, () =>
    Temporal.Instant.fromEpochMilliseconds(minute * 60_000)
      .toZonedDateTimeISO(timeZone)
      .toPlainDate()
      .toString(),
  );
}

/** The moment a facility's day begins (its local midnight, or the first moment after a gap). */
export function startOfFacilityDay(date: string, timeZone: string): Date {
  return new Date(
    remembered(dayStarts, `${timeZone} ${date}`, () => plainDate(date).toZonedDateTime({ timeZone }).epochMilliseconds),
  );
}

/**
 * Days since 1970-01-01 of a date, each distinct date parsed once: the staffing math counts
 * contract days for every traveller of every plan a dashboard reads.
 */
const epochDays = new Map<string, number>();
const epochDay = (iso: string) =>
  remembered(epochDays, iso, () => plainDate(iso).since("1970-01-01", { largestUnit: "days" }).days);

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
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
  const date = facilityDate(timeZone, now);
  if (!budget) return Number(date.slice(0, 4));
  return remembered(budgetYears, `${date} ${budget.fiscalYearMonthsBegin}-${budget.fiscalYearDaysBegin}`, () => {
    const today = plainDate(date);
    const fiscalStart = dayIn(today.year, budget.fiscalYearMonthsBegin, budget.fiscalYearDaysBegin);
    return Temporal.PlainDate.compare(today, fiscalStart) >= 0 ? today.year : today.year - 1;
  });
}
const budgetYears = new Map<string, number>();

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
  const date = facilityDate(timeZone, now);
  const {
    budgetSeasonBeginMonth: bm,
    budgetSeasonBeginDay: bd,
    budgetSeasonEndMonth: em,
    budgetSeasonEndDay: ed,
  } = budget;
  const begin = remembered(seasonBegins, `${date} ${bm}-${bd} ${em}-${ed}`, () => {
    const today = plainDate(date);
    for (const year of [today.year, today.year - 1]) {
      const first = dayIn(year, bm, bd);
      let last = dayIn(year, em, ed);
      if (Temporal.PlainDate.compare(last, first) < 0) last = dayIn(year + 1, em, ed);
      if (Temporal.PlainDate.compare(first, today) <= 0 && Temporal.PlainDate.compare(today, last) <= 0)
        return first.toString();
    }
    return null;
  });
  return begin === null ? null : startOfFacilityDay(begin, timeZone);
}
/** Facility date and season → the season's first day, or null outside budget season. */
const seasonBegins = new Map<string, string | null>();
