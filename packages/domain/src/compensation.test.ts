import { describe, expect, it } from 'vitest';
import type { CompensationInput } from '@muster/contract/calculator';
import {
  RatesUnavailableError,
  calculateCompensation,
  compensationRatesCoverage,
  findRateTable,
} from './compensation.ts';
import { COMPENSATION_RATE_TABLES, DEPENDANT_RATINGS } from './compensation-rates.ts';

const TODAY = '2025-06-15';
const compute = (input: CompensationInput, today = TODAY) =>
  calculateCompensation({ input, today });
const cents = (dollars: number) => Math.round(dollars * 100);

/** VA's published monthly rates effective 2024-12-01: rating, married, single. */
const SPEC_2024_12_01: [rating: number, married: number, single: number][] = [
  [10, 175.51, 175.51],
  [20, 346.95, 346.95],
  [30, 601.42, 537.42],
  [40, 859.16, 774.16],
  [50, 1208.04, 1102.04],
  [60, 1523.93, 1395.93],
  [70, 1908.19, 1759.19],
  [80, 2214.89, 2044.89],
  [90, 2489.96, 2297.96],
  [100, 4044.91, 3831.3],
];

describe('[DOMAIN][COMPENSATION]: rate tables', () => {
  it('[DOMAIN]: the table effective 2024-12-01 gives exactly the figures VA publishes', () => {
    for (const [rating, married, single] of SPEC_2024_12_01) {
      const alone = compute({ rating, date: '2024-12-01' });
      expect(alone, `${rating} % single`).toMatchObject({
        monthly: single,
        year: 2025,
        effective_date: '2024-12-01',
      });
      expect(
        compute({ rating, date: '2024-12-01', spouse: true }).monthly,
        `${rating} % married`,
      ).toBe(married);
    }
  });

  it('[DOMAIN]: the tables are whole cents, consecutive years, and rise with the rating and with dependants', () => {
    COMPENSATION_RATE_TABLES.forEach((table, index) => {
      expect(table.effective_date).toBe(`${table.year - 1}-12-01`);
      if (index > 0) expect(table.year).toBe((COMPENSATION_RATE_TABLES[index - 1]?.year ?? 0) + 1);
      expect(table.flat[10]).toBeLessThan(table.flat[20]);
      let previousAlone = table.flat[20];
      for (const rating of DEPENDANT_RATINGS) {
        const basic = table.basic[rating];
        for (const status of ['alone', 'spouse', 'child', 'spouse_and_child'] as const) {
          for (const amount of basic[status]) expect(Number.isInteger(amount)).toBe(true);
          expect(basic[status][0]).toBeLessThan(basic[status][1]);
          expect(basic[status][1]).toBeLessThan(basic[status][2]);
        }
        expect(basic.alone[0]).toBeGreaterThan(previousAlone);
        expect(basic.spouse[0]).toBeGreaterThan(basic.alone[0]);
        expect(basic.child[0]).toBeGreaterThan(basic.alone[0]);
        expect(basic.spouse_and_child[0]).toBeGreaterThan(basic.spouse[0]);
        previousAlone = basic.alone[0];
      }
    });
  });

  it('[DOMAIN]: each later table is at least the one before (COLAs only go up)', () => {
    for (let index = 1; index < COMPENSATION_RATE_TABLES.length; index++) {
      const before = COMPENSATION_RATE_TABLES[index - 1]!;
      const after = COMPENSATION_RATE_TABLES[index]!;
      expect(after.flat[10]).toBeGreaterThan(before.flat[10]);
      for (const rating of DEPENDANT_RATINGS) {
        expect(after.basic[rating].spouse_and_child[2]).toBeGreaterThan(
          before.basic[rating].spouse_and_child[2],
        );
        expect(after.added[rating].school_child).toBeGreaterThanOrEqual(
          before.added[rating].school_child,
        );
      }
    }
  });

  it('[DOMAIN]: spot values of the other years', () => {
    // Effective 2025-12-01 (the 2.8 % COLA): see ../shared/data/README.md.
    expect(
      [10, 20, 30, 50, 100].map((rating) => compute({ rating, date: '2025-12-01' }).monthly),
    ).toEqual([180.42, 356.66, 552.47, 1132.9, 3938.58]);
    // Effective 2023-12-01.
    expect([10, 20, 100].map((rating) => compute({ rating, date: '2024-01-15' }).monthly)).toEqual([
      171.23, 338.49, 3737.85,
    ]);
  });
});

describe('[DOMAIN][COMPENSATION]: which table applies', () => {
  it('[DOMAIN]: the latest December-1 table on or before the date', () => {
    const yearOn = (date: string) => findRateTable(date).year;
    expect(yearOn('2023-12-01')).toBe(2024);
    expect(yearOn('2024-11-30')).toBe(2024);
    expect(yearOn('2024-12-01')).toBe(2025);
    expect(yearOn('2025-11-30')).toBe(2025);
    expect(yearOn('2025-12-01')).toBe(2026);
    expect(yearOn('2026-11-30')).toBe(2026);
    expect(compensationRatesCoverage()).toEqual({ from: '2023-12-01', to: '2026-11-30' });
  });

  it('[DOMAIN]: dates outside the tables are refused with a clear reason', () => {
    expect(() => findRateTable('2023-11-30')).toThrow(RatesUnavailableError);
    expect(() => compute({ rating: 30, date: '2020-01-01' })).toThrow(
      'No compensation rates are available for 2020-01-01: the earliest table here took effect on 2023-12-01',
    );
    expect(() => compute({ rating: 30, date: '2026-12-01' })).toThrow(
      'No compensation rates are known yet for 2026-12-01: the latest table here took effect on 2025-12-01 and applies through 2026-11-30',
    );
  });

  it('[DOMAIN]: without a date, today; past the tables, the latest one with a note', () => {
    expect(compute({ rating: 10 }, '2025-01-02')).toMatchObject({ year: 2025, notes: [] });
    expect(compute({ rating: 10 }, '2025-12-02')).toMatchObject({ year: 2026, notes: [] });
    const stale = compute({ rating: 10 }, '2027-03-01');
    expect(stale).toMatchObject({ year: 2026, monthly: 180.42 });
    expect(stale.notes).toEqual([expect.stringContaining('newer rates may be in effect')]);
    expect(() => compute({ rating: 10 }, '2023-01-01')).toThrow(RatesUnavailableError);
  });
});

describe('[DOMAIN][COMPENSATION]: dependants and the breakdown', () => {
  const on = '2024-12-01';

  it("[DOMAIN]: va.gov's example: 70 %, spouse and 3 children under 18 → basic (spouse, 1 child) + 2 added children", () => {
    const result = compute({ rating: 70, date: on, spouse: true, children_under_18: 3 });
    expect(result.breakdown).toEqual([
      {
        kind: 'basic',
        label: 'Basic rate at 70 %: Veteran with spouse and 1 child',
        count: 1,
        amount_each: 2018.19,
        amount: 2018.19,
      },
      {
        kind: 'additional_child_under_18',
        label: '2 additional children under 18',
        count: 2,
        amount_each: 74,
        amount: 148,
      },
    ]);
    expect(result.monthly).toBe(2166.19);
    const withAidAttendance = compute({
      rating: 70,
      date: on,
      spouse: true,
      spouse_aid_attendance: true,
      children_under_18: 3,
    });
    expect(withAidAttendance.monthly).toBe(2303.19);
    expect(withAidAttendance.breakdown.at(-1)).toEqual({
      kind: 'spouse_aid_attendance',
      label: 'Spouse receiving Aid and Attendance',
      count: 1,
      amount_each: 137,
      amount: 137,
    });
  });

  it('[DOMAIN]: parents choose the basic rate column', () => {
    expect(compute({ rating: 30, date: on, parents: 1 }).monthly).toBe(588.42);
    expect(compute({ rating: 30, date: on, parents: 2 }).monthly).toBe(639.42);
    expect(
      compute({ rating: 100, date: on, spouse: true, parents: 2, children_under_18: 1 }),
    ).toMatchObject({
      monthly: 4544.23,
      breakdown: [
        { label: 'Basic rate at 100 %: Veteran with spouse and 1 child, 2 dependent parents' },
      ],
    });
    expect(compute({ rating: 60, date: on, children_under_18: 1, parents: 1 }).monthly).toBe(
      1582.93,
    );
  });

  it('[DOMAIN]: a school child is paid the school amount, never as the "1 child" of the basic rate', () => {
    // 100 %, spouse, 2 under 18 and 1 in school: 4201.35 + 106.14 + 342.85 (va.gov's second example).
    expect(
      compute({ rating: 100, date: on, spouse: true, children_under_18: 2, school_children: 1 })
        .monthly,
    ).toBe(4650.34);
    // Only a school child: the no-child basic rate plus the school amount.
    const onlySchool = compute({ rating: 50, date: on, school_children: 1 });
    expect(onlySchool.breakdown.map((line) => [line.kind, line.amount])).toEqual([
      ['basic', 1102.04],
      ['school_child', 171],
    ]);
    expect(onlySchool.monthly).toBe(1273.04);
    expect(compute({ rating: 50, date: on, school_children: 3 }).breakdown[1]).toMatchObject({
      label: '3 children over 18 in a qualifying school program',
      count: 3,
      amount: 513,
    });
  });

  it('[DOMAIN]: dependants only count from 30 %; 0 % pays nothing', () => {
    const tenWithFamily = compute({
      rating: 10,
      date: on,
      spouse: true,
      children_under_18: 2,
      parents: 2,
    });
    expect(tenWithFamily).toMatchObject({
      monthly: 175.51,
      breakdown: [{ kind: 'basic', label: 'Basic rate at 10 %' }],
    });
    expect(tenWithFamily.notes).toEqual([
      'Dependants add to compensation only from a 30 % combined rating.',
    ]);
    expect(compute({ rating: 20, date: on }).notes).toEqual([]);
    expect(compute({ rating: 0, date: on, spouse: true })).toMatchObject({
      monthly: 0,
      breakdown: [],
      year: 2025,
    });
  });

  it('[DOMAIN]: the breakdown always sums to the monthly total, in whole cents', () => {
    for (const table of COMPENSATION_RATE_TABLES) {
      for (const rating of [0, 10, 20, ...DEPENDANT_RATINGS]) {
        for (const spouse of [false, true]) {
          for (const parents of [0, 1, 2]) {
            for (const children_under_18 of [0, 1, 3]) {
              for (const school_children of [0, 2]) {
                const input = {
                  rating,
                  date: table.effective_date,
                  spouse,
                  spouse_aid_attendance: spouse,
                  parents,
                  children_under_18,
                  school_children,
                };
                const result = compute(input);
                const total = result.breakdown.reduce((sum, line) => sum + cents(line.amount), 0);
                expect(cents(result.monthly)).toBe(total);
                expect(Math.abs(result.monthly * 100 - total)).toBeLessThan(1e-6);
                for (const line of result.breakdown)
                  expect(cents(line.amount)).toBe(cents(line.amount_each) * line.count);
                if (rating >= 30)
                  expect(result.breakdown.length).toBe(
                    1 +
                      (children_under_18 > 1 ? 1 : 0) +
                      (school_children > 0 ? 1 : 0) +
                      (spouse ? 1 : 0),
                  );
              }
            }
          }
        }
      }
    }
  });

  it('[DOMAIN]: refuses input the contract would have refused', () => {
    expect(() => compute({ rating: 35 })).toThrow(RangeError);
    expect(() => compute({ rating: 110 })).toThrow(RangeError);
    expect(() => compute({ rating: 30, spouse_aid_attendance: true })).toThrow(
      'Aid and Attendance for a spouse needs a spouse',
    );
    expect(() => compute({ rating: 30, parents: 3 })).toThrow(RangeError);
    expect(() => compute({ rating: 30, children_under_18: -1 })).toThrow(RangeError);
    expect(() => compute({ rating: 30, school_children: 1.5 })).toThrow(RangeError);
  });
});
