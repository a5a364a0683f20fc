/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

import { barChartLayout, niceStep } from './compensation-chart.ts';
import {
  BELOW_30_NOTE,
  PAYING_RATINGS,
  RATE_COLUMN_GROUPS,
  compensationRateTable,
  defaultRateYear,
  monthlyByRating,
  rateYears,
} from './compensation-table.ts';

/**
 * The source of the rate tables: the va.gov scrape in the shared data folder that
 * compensation-rates.ts was imported from (scripts/import-compensation-rates.ts), read by the
 * test bundler (domain code does no I/O).
 */
const SOURCE: Record<string, string> = import.meta.glob(
  '../../../../shared/data/compensation-rates/rates_normalized_*.csv',
  { query: '?raw', import: 'default', eager: true },
);
const SOURCE_FILES = Object.keys(SOURCE)
  .map((file) => file.split('/').at(-1) ?? '')
  .sort();

type SourceRow = Record<string, string>;

/** A small CSV reader: fields may be quoted (the labels hold commas). */
function readCsv(file: string): SourceRow[] {
  const text = Object.entries(SOURCE).find(([name]) => name.endsWith(`/${file}`))?.[1];
  if (text === undefined) throw new Error(`no source file ${file}`);
  const lines = text.split(/\r?\n/).filter(Boolean);
  const split = (line: string) =>
    [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((match) => {
      const field = match[1] ?? '';
      return field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
    });
  const [header, ...body] = lines.map(split);
  if (!header) throw new Error(`${file} is empty`);
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

const sourceCache = new Map<number, SourceRow[]>();
function sourceRows(year: number): SourceRow[] {
  let rows = sourceCache.get(year);
  if (!rows) {
    rows = readCsv(`rates_normalized_${year}.csv`);
    sourceCache.set(year, rows);
  }
  return rows;
}

/** The source's amount for one basic cell of `year`, in dollars. */
function sourceBasic(
  year: number,
  rating: number,
  spouse: boolean,
  parents: number,
  child: boolean,
) {
  const matches = sourceRows(year).filter(
    (row) =>
      row.Category === 'Basic' &&
      Number(row.Rating) === rating &&
      row.Has_Spouse === (spouse ? 'True' : 'False') &&
      Number(row.Parent_Count) === parents &&
      row.Has_Child === (child ? 'True' : 'False'),
  );
  expect(matches, `${year} ${rating} % basic`).toHaveLength(1);
  return Number(matches[0]?.Monthly_Rate_USD);
}

/** The source's added amount, matched by the start of its label (va.gov misspells "receiving"). */
function sourceAdded(year: number, rating: number, labelStart: string) {
  const amounts = new Set(
    sourceRows(year)
      .filter(
        (row) =>
          row.Category === 'Added' &&
          Number(row.Rating) === rating &&
          row.Added_Item?.toLowerCase().startsWith(labelStart.toLowerCase()),
      )
      .map((row) => Number(row.Monthly_Rate_USD)),
  );
  expect(amounts.size, `${year} ${rating} % ${labelStart}`).toBe(1);
  return [...amounts][0];
}

const cellOf = (year: number, groupId: string, columnId: string, rating: number) => {
  const view = compensationRateTable(year);
  const group = view.groups.find((g) => g.id === groupId);
  const index = group?.columns.findIndex((column) => column.id === columnId) ?? -1;
  expect(index, `${groupId}/${columnId}`).toBeGreaterThanOrEqual(0);
  return group?.rows.find((row) => row.rating === rating)?.amounts[index];
};

describe('[DOMAIN][COMPENSATION TABLE]: the published table, cell by cell against the source', () => {
  it('[DOMAIN]: holds one rate year per source file, each effective the December 1 before', () => {
    expect(
      SOURCE_FILES.length,
      'the rate CSVs belong in ../shared/data/compensation-rates beside the repository',
    ).toBeGreaterThanOrEqual(3);
    expect(rateYears()).toEqual(
      SOURCE_FILES.map((file) => {
        const year = Number(/\d{4}/.exec(file)?.[0]);
        return { year, effective_date: `${year - 1}-12-01` };
      }),
    );
  });

  it('[DOMAIN]: spot cells, including the child, school-child and Aid and Attendance columns', () => {
    // 2026 rates, 100 %, one child, spouse and two parents.
    expect(cellOf(2026, 'with_children', 'child_spouse_2_parents', 100)).toBe(4671.47);
    expect(cellOf(2026, 'with_children', 'child_spouse_2_parents', 100)).toBe(
      sourceBasic(2026, 100, true, 2, true),
    );
    // 2026 rates, 100 %: each added child and school child, spouse with Aid and Attendance.
    expect(cellOf(2026, 'with_children', 'additional_child_under_18', 100)).toBe(109.11);
    expect(cellOf(2026, 'with_children', 'school_child', 100)).toBe(352.45);
    expect(cellOf(2026, 'without_children', 'spouse_aid_attendance', 100)).toBe(201.41);
    expect(cellOf(2026, 'with_children', 'spouse_aid_attendance', 100)).toBe(201.41);
    // 2024 rates, 30 %: each added child under 18; 2025 rates, 70 %: Aid and Attendance.
    expect(cellOf(2024, 'with_children', 'additional_child_under_18', 30)).toBe(
      sourceAdded(2024, 30, 'Each additional child under age 18'),
    );
    expect(cellOf(2024, 'with_children', 'additional_child_under_18', 30)).toBe(31);
    expect(cellOf(2025, 'without_children', 'spouse_aid_attendance', 70)).toBe(
      sourceAdded(2025, 70, 'Spouse rec'),
    );
    expect(cellOf(2025, 'without_children', 'spouse_aid_attendance', 70)).toBe(137);
    // Parents without a spouse, and a child with one parent.
    expect(cellOf(2025, 'without_children', '2_parents', 30)).toBe(639.42);
    expect(cellOf(2025, 'with_children', 'child_1_parent', 60)).toBe(
      sourceBasic(2025, 60, false, 1, true),
    );
  });

  it('[DOMAIN]: every cell of every year equals the source (the committed table is a faithful import)', () => {
    let compared = 0;
    for (const { year } of rateYears()) {
      const view = compensationRateTable(year);
      for (const { rating, amount } of view.flat) {
        const flat = sourceRows(year).filter(
          (row) => row.Category === 'Basic' && Number(row.Rating) === rating,
        );
        expect(flat.map((row) => Number(row.Monthly_Rate_USD))).toEqual([amount]);
        compared++;
      }
      for (const group of view.groups) {
        group.columns.forEach((column, index) => {
          for (const row of group.rows) {
            const expected =
              column.kind === 'basic'
                ? sourceBasic(
                    year,
                    row.rating,
                    column.status.startsWith('spouse'),
                    column.parents,
                    column.status.endsWith('child'),
                  )
                : sourceAdded(
                    year,
                    row.rating,
                    {
                      additional_child_under_18: 'Each additional child under age 18',
                      school_child: 'Each additional child over age 18',
                      spouse_aid_attendance: 'Spouse rec',
                    }[column.item],
                  );
            expect(row.amounts[index], `${year} ${row.rating} % ${column.label}`).toBe(expected);
            compared++;
          }
        });
      }
    }
    // 2 flat + 8 ratings × 16 columns per year.
    expect(compared).toBe(rateYears().length * (2 + 8 * 16));
  });

  it('[DOMAIN]: switching the rate year switches every amount', () => {
    const y2025 = compensationRateTable(2025);
    const y2026 = compensationRateTable(2026);
    expect(y2025.effective_date).toBe('2024-12-01');
    expect(y2026.effective_date).toBe('2025-12-01');
    expect(y2025.flat).toEqual([
      { rating: 10, amount: 175.51 },
      { rating: 20, amount: 346.95 },
    ]);
    expect(y2026.flat).toEqual([
      { rating: 10, amount: 180.42 },
      { rating: 20, amount: 356.66 },
    ]);
    expect(cellOf(2025, 'without_children', 'alone', 100)).toBe(3831.3);
    expect(cellOf(2026, 'without_children', 'alone', 100)).toBe(3938.58);
    expect(cellOf(2025, 'with_children', 'school_child', 100)).toBe(342.85);
    y2026.groups.forEach((group, g) =>
      group.rows.forEach((row, r) =>
        row.amounts.forEach((amount, c) =>
          expect(amount).toBeGreaterThanOrEqual(y2025.groups[g]?.rows[r]?.amounts[c] ?? Infinity),
        ),
      ),
    );
    expect(() => compensationRateTable(2019)).toThrow(RangeError);
  });

  it('[DOMAIN]: the default rate year is the one in effect, or the latest once past them all', () => {
    expect(defaultRateYear('2026-11-23')).toBe(2026);
    expect(defaultRateYear('2025-11-30')).toBe(2025);
    expect(defaultRateYear('2025-12-01')).toBe(2026);
    expect(defaultRateYear('2027-06-01')).toBe(2026);
    expect(defaultRateYear('2020-01-01')).toBe(2024);
  });

  it('[DOMAIN]: the columns are the ones va.gov publishes', () => {
    expect(RATE_COLUMN_GROUPS.map((group) => group.columns.map((c) => c.label))).toEqual([
      [
        'Veteran alone',
        'With spouse',
        'With spouse and 1 parent',
        'With spouse and 2 parents',
        'With 1 parent',
        'With 2 parents',
        'Added for a spouse receiving Aid and Attendance',
      ],
      [
        'With 1 child',
        'With 1 child and spouse',
        'With 1 child, spouse and 1 parent',
        'With 1 child, spouse and 2 parents',
        'With 1 child and 1 parent',
        'With 1 child and 2 parents',
        'Each additional child under 18',
        'Each additional child over 18 in a qualifying school program',
        'Added for a spouse receiving Aid and Attendance',
      ],
    ]);
  });
});

describe('[DOMAIN][COMPENSATION TABLE]: monthly amount by rating for one household', () => {
  it('[DOMAIN]: dependants count from 30 %; 10 % and 20 % are the same for every household', () => {
    const alone = monthlyByRating(2025, {});
    const family = monthlyByRating(2025, {
      spouse: true,
      spouse_aid_attendance: true,
      children_under_18: 3,
      school_children: 1,
      parents: 1,
    });
    expect(alone.map((point) => point.rating)).toEqual([...PAYING_RATINGS]);
    expect(family.slice(0, 2)).toEqual(alone.slice(0, 2));
    expect(alone.slice(0, 2).map((p) => p.monthly)).toEqual([175.51, 346.95]);
    for (let i = 2; i < alone.length; i++)
      expect(family[i]?.monthly).toBeGreaterThan(alone[i]?.monthly ?? Infinity);
    // 70 %, spouse with Aid and Attendance, 3 children under 18 (va.gov's example).
    expect(
      monthlyByRating(2025, { spouse: true, spouse_aid_attendance: true, children_under_18: 3 })[6],
    ).toEqual({ rating: 70, monthly: 2303.19 });
    // 2026 rates, 100 %: spouse, 2 under 18 and 1 school child = 4318.99 + 109.11 + 352.45.
    expect(
      monthlyByRating(2026, { spouse: true, children_under_18: 2, school_children: 1 }).at(-1),
    ).toEqual({ rating: 100, monthly: 4780.55 });
    // Aid and Attendance without a spouse is ignored rather than refused.
    expect(monthlyByRating(2026, { spouse_aid_attendance: true })).toEqual(
      monthlyByRating(2026, {}),
    );
  });

  it('[DOMAIN]: the note says in plain words why nothing changes below 30 %', () => {
    expect(BELOW_30_NOTE).toMatch(/30 %/);
    expect(BELOW_30_NOTE).toMatch(/10 % and 20 %/);
  });
});

describe('[DOMAIN][COMPENSATION CHART]: layout', () => {
  it('[DOMAIN]: round axis steps', () => {
    expect(niceStep(4671.47)).toBe(1000);
    expect(niceStep(2303.19)).toBe(500);
    expect(niceStep(180)).toBe(50);
    expect(niceStep(0)).toBe(1);
  });

  it('[DOMAIN]: bar heights are proportional to the amounts and stay inside the plot', () => {
    const layout = barChartLayout({
      categories: ['10 %', '20 %', '30 %'],
      series: [
        { label: 'a', values: [100, 200, 450] },
        { label: 'b', values: [100, 200, 500] },
      ],
    });
    expect(layout.ticks.map((tick) => tick.label)).toEqual([
      '$0',
      '$100',
      '$200',
      '$300',
      '$400',
      '$500',
    ]);
    expect(layout.ticks[0]?.y).toBe(layout.plot.bottom);
    expect(layout.ticks.at(-1)?.y).toBe(layout.plot.top);
    const bars = layout.groups.flatMap((group) => group.bars);
    expect(bars).toHaveLength(6);
    const full = layout.plot.bottom - layout.plot.top;
    expect(layout.groups[2]?.bars[1]?.height).toBeCloseTo(full, 0);
    expect(layout.groups[0]?.bars[0]?.height).toBeCloseTo(full / 5, 0);
    for (const bar of bars) {
      expect(bar.x).toBeGreaterThanOrEqual(layout.plot.left);
      expect(bar.x + bar.width).toBeLessThanOrEqual(layout.plot.right + 0.1);
      expect(bar.y + bar.height).toBeCloseTo(layout.plot.bottom, 0);
    }
  });
});
