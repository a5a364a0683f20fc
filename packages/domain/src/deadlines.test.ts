import { describe, expect, it } from 'vitest';
import {
  addYears,
  daysUntil,
  deadlineFrom,
  federalHolidays,
  isWorkday,
  reviewDeadlines,
} from './deadlines.ts';

const days = (year: number) => federalHolidays(year).map((h) => h.day);

describe('[DOMAIN][DEADLINES]: federal holidays, computed', () => {
  it('[DOMAIN]: match the published lists of 2025, 2026 and 2027, observed days included', () => {
    expect(days(2025)).toEqual([
      '2025-01-01',
      '2025-01-20',
      '2025-02-17',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-10-13',
      '2025-11-11',
      '2025-11-27',
      '2025-12-25',
    ]);
    // Independence Day on a Saturday is observed on Friday 3 July.
    expect(days(2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
    // Juneteenth and Christmas on a Saturday move to Friday, Independence Day on a Sunday to
    // Monday, and New Year's Day 2028 (a Saturday) is observed on Friday 31 December 2027.
    expect(days(2027)).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-10-11',
      '2027-11-11',
      '2027-11-25',
      '2027-12-24',
      '2027-12-31',
    ]);
  });

  it('[DOMAIN]: Juneteenth only from 2021; a New Year observed the year before is not counted twice', () => {
    expect(federalHolidays(2020).map((h) => h.name)).not.toContain(
      'Juneteenth National Independence Day',
    );
    expect(days(2021)).toContain('2021-12-31');
    expect(days(2022)[0]).toBe('2022-01-17');
  });

  it('[DOMAIN]: workdays are weekdays that are not holidays', () => {
    expect(isWorkday('2026-11-25')).toBe(true);
    expect(isWorkday('2026-11-26')).toBe(false);
    expect(isWorkday('2026-11-28')).toBe(false);
  });
});

describe('[DOMAIN][DEADLINES]: 38 CFR 3.110', () => {
  it.each([
    ['2025-03-12', '2026-03-12', 'a workday: the anniversary itself'],
    ['2025-03-14', '2026-03-16', 'a Saturday: the next Monday'],
    ['2025-07-03', '2026-07-06', 'the observed Independence Day (Friday): the next Monday'],
    ['2025-11-26', '2026-11-27', 'Thanksgiving: the Friday after'],
    ['2025-01-17', '2026-01-20', 'a Saturday before the King holiday: the Tuesday'],
    ['2026-12-24', '2027-12-27', 'the observed Christmas, then a weekend: the Monday'],
    ['2026-12-31', '2028-01-03', 'New Year observed on 31 December, then a weekend'],
    ['2024-02-29', '2025-02-28', 'a leap day: the last day of February'],
  ])('[DOMAIN]: a letter of %s → %s (%s)', (letter, due) => {
    expect(reviewDeadlines(letter)).toEqual([
      { kind: 'supplemental-claim', due },
      { kind: 'higher-level-review', due },
      { kind: 'board-appeal', due },
    ]);
  });

  it('[DOMAIN]: periods in days, countdowns, and bad input', () => {
    expect(deadlineFrom('2026-11-01', { days: 30 })).toBe('2026-12-01');
    expect(deadlineFrom('2026-10-28', { days: 30 })).toBe('2026-11-27');
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29');
    expect(daysUntil('2026-12-01', '2026-11-26')).toBe(5);
    expect(daysUntil('2026-11-20', '2026-11-26')).toBe(-6);
    expect(() => reviewDeadlines('2025-02-30')).toThrow(RangeError);
    expect(() => reviewDeadlines('03/14/2025')).toThrow(RangeError);
  });
});
