/**
 * VA deadlines, counted the way 38 CFR 3.110 counts them: the period starts on the date of the
 * letter (the letter's date is the date of mailing), that first day is not counted and the last day
 * is, and a period that would end on a Saturday, Sunday or federal holiday runs to the next workday.
 * Federal holidays are computed from the rules of 5 U.S.C. 6103 for any year, not listed by hand.
 * Dates are calendar days written `YYYY-MM-DD`, with no time zone.
 */

export type IsoDay = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as a UTC date at midnight (arithmetic only; never shown as a time). */
function toDate(day: IsoDay): Date {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.toISOString().slice(0, 10) !== day) throw new RangeError(`no such day: ${day}`);
  return date;
}

function toDay(date: Date): IsoDay {
  return date.toISOString().slice(0, 10);
}

function utc(year: number, monthIndex: number, day: number): Date {
  return new Date(Date.UTC(year, monthIndex, day));
}

export function addDays(day: IsoDay, days: number): IsoDay {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/**
 * The same day `years` later. A period that starts on 29 February ends on 28 February of a year
 * without one (the anniversary of the last day that exists).
 */
export function addYears(day: IsoDay, years: number): IsoDay {
  const date = toDate(day);
  const year = date.getUTCFullYear() + years;
  const month = date.getUTCMonth();
  const lastOfMonth = utc(year, month + 1, 0).getUTCDate();
  return toDay(utc(year, month, Math.min(date.getUTCDate(), lastOfMonth)));
}

/** The `nth` (1-based) `weekday` (0 Sunday … 6 Saturday) of a month; `nth` -1 is the last. */
function nthWeekday(year: number, monthIndex: number, weekday: number, nth: number): Date {
  if (nth === -1) {
    const last = utc(year, monthIndex + 1, 0);
    const back = (last.getUTCDay() - weekday + 7) % 7;
    return utc(year, monthIndex, last.getUTCDate() - back);
  }
  const first = utc(year, monthIndex, 1);
  const forward = (weekday - first.getUTCDay() + 7) % 7;
  return utc(year, monthIndex, 1 + forward + (nth - 1) * 7);
}

/**
 * A fixed-date holiday as federal employees observe it: on a Saturday, the Friday before; on a
 * Sunday, the Monday after.
 */
function observed(date: Date): Date {
  const weekday = date.getUTCDay();
  if (weekday === 6) return utc(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - 1);
  if (weekday === 0) return utc(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  return date;
}

export type FederalHoliday = { day: IsoDay; name: string };

/**
 * The federal holidays observed in `year`, in date order. New Year's Day of the next year is
 * observed on 31 December when 1 January falls on a Saturday, so it is included here then.
 * Juneteenth is a holiday from 2021.
 */
export function federalHolidays(year: number): FederalHoliday[] {
  const list: { date: Date; name: string }[] = [
    { date: observed(utc(year, 0, 1)), name: "New Year's Day" },
    { date: nthWeekday(year, 0, 1, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { date: nthWeekday(year, 1, 1, 3), name: "Washington's Birthday" },
    { date: nthWeekday(year, 4, 1, -1), name: 'Memorial Day' },
    ...(year >= 2021
      ? [{ date: observed(utc(year, 5, 19)), name: 'Juneteenth National Independence Day' }]
      : []),
    { date: observed(utc(year, 6, 4)), name: 'Independence Day' },
    { date: nthWeekday(year, 8, 1, 1), name: 'Labor Day' },
    { date: nthWeekday(year, 9, 1, 2), name: 'Columbus Day' },
    { date: observed(utc(year, 10, 11)), name: 'Veterans Day' },
    { date: nthWeekday(year, 10, 4, 4), name: 'Thanksgiving Day' },
    { date: observed(utc(year, 11, 25)), name: 'Christmas Day' },
  ];
  const nextNewYear = observed(utc(year + 1, 0, 1));
  if (nextNewYear.getUTCFullYear() === year)
    list.push({ date: nextNewYear, name: "New Year's Day" });
  return list
    .filter((holiday) => holiday.date.getUTCFullYear() === year)
    .sort((a, b) => a.date.getTime() - b.date.getTime())
    .map((holiday) => ({ day: toDay(holiday.date), name: holiday.name }));
}

const holidayCache = new Map<number, Set<IsoDay>>();

export function isFederalHoliday(day: IsoDay): boolean {
  const year = Number(day.slice(0, 4));
  let days = holidayCache.get(year);
  if (!days) {
    days = new Set(federalHolidays(year).map((holiday) => holiday.day));
    holidayCache.set(year, days);
  }
  return days.has(day);
}

/** A day on which VA's offices work: not a Saturday, a Sunday or a federal holiday. */
export function isWorkday(day: IsoDay): boolean {
  const weekday = toDate(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isFederalHoliday(day);
}

/** `day` itself when it is a workday, else the next workday. */
export function nextWorkdayFrom(day: IsoDay): IsoDay {
  let current = day;
  while (!isWorkday(current)) current = addDays(current, 1);
  return current;
}

/**
 * The last day to act on a period of `years` and `days` that starts on `start` (a letter's date):
 * the start is not counted, the last day is, and a last day that is not a workday moves to the
 * next one.
 */
export function deadlineFrom(start: IsoDay, period: { years?: number; days?: number }): IsoDay {
  const end = addDays(addYears(start, period.years ?? 0), period.days ?? 0);
  return nextWorkdayFrom(end);
}

/** The three ways to ask VA to look again at a decision, and the forms they are filed on. */
export const REVIEW_OPTIONS = [
  {
    kind: 'supplemental-claim',
    form: 'VA Form 20-0995',
    name: 'Supplemental Claim',
    needs: 'New and relevant evidence',
  },
  {
    kind: 'higher-level-review',
    form: 'VA Form 20-0996',
    name: 'Higher-Level Review',
    needs: 'No new evidence: a senior reviewer looks at the same record',
  },
  {
    kind: 'board-appeal',
    form: 'VA Form 10182',
    name: 'Board Appeal',
    needs: 'A Veterans Law Judge; direct review, evidence submission or a hearing',
  },
] as const;

export type ReviewKind = (typeof REVIEW_OPTIONS)[number]['kind'];

/**
 * The deadline of each review option of a decision dated `letterDate`: one year for each (a
 * Supplemental Claim may be filed later, but within the year it keeps the original effective date).
 */
export function reviewDeadlines(letterDate: IsoDay): { kind: ReviewKind; due: IsoDay }[] {
  const due = deadlineFrom(letterDate, { years: 1 });
  return REVIEW_OPTIONS.map((option) => ({ kind: option.kind, due }));
}

/** Whole days from `today` to `due` (0 on the day, negative once past). */
export function daysUntil(due: IsoDay, today: IsoDay): number {
  return Math.round((toDate(due).getTime() - toDate(today).getTime()) / 86_400_000);
}
