import { calculateCompensation } from './compensation.ts';
import {
  COMPENSATION_RATE_TABLES,
  DEPENDANT_RATINGS,
  type BasicStatus,
  type CompensationRateTable,
  type DependantRating,
} from './compensation-rates.ts';

/**
 * VA's compensation rate table for one rate year, laid out the way va.gov publishes it, and the
 * monthly amount by rating for one household (the data of the calculator's chart). Amounts are in
 * dollars with cents, read from the same tables the calculator pays from.
 */

/** Every rating that pays: 10 % and 20 % are flat, dependants count from 30 %. */
export const PAYING_RATINGS = [10, 20, ...DEPENDANT_RATINGS] as const;
export type PayingRating = (typeof PAYING_RATINGS)[number];

/**
 * Why a household changes nothing at 10 % and 20 %, in plain words (shown beside the table and the
 * chart wherever they appear).
 */
export const BELOW_30_NOTE =
  'Why dependants change nothing at 10 % and 20 %: VA adds money for a spouse, children or dependent parents only when the combined rating is 30 % or higher. Below that, everyone with the same rating gets the same single monthly amount, whatever their family.';

export type AddedItem = 'additional_child_under_18' | 'school_child' | 'spouse_aid_attendance';

export type RateColumn =
  | { id: string; label: string; kind: 'basic'; status: BasicStatus; parents: 0 | 1 | 2 }
  | { id: string; label: string; kind: 'added'; item: AddedItem };

export type RateColumnGroup = {
  id: 'without_children' | 'with_children';
  title: string;
  columns: readonly RateColumn[];
};

const basic = (id: string, label: string, status: BasicStatus, parents: 0 | 1 | 2): RateColumn => ({
  id,
  label,
  kind: 'basic',
  status,
  parents,
});
const added = (id: string, label: string, item: AddedItem): RateColumn => ({
  id,
  label,
  kind: 'added',
  item,
});

/** The two tables va.gov publishes for 30 % and above: households without, then with, children. */
export const RATE_COLUMN_GROUPS: readonly RateColumnGroup[] = [
  {
    id: 'without_children',
    title: 'Without children',
    columns: [
      basic('alone', 'Veteran alone', 'alone', 0),
      basic('spouse', 'With spouse', 'spouse', 0),
      basic('spouse_1_parent', 'With spouse and 1 parent', 'spouse', 1),
      basic('spouse_2_parents', 'With spouse and 2 parents', 'spouse', 2),
      basic('1_parent', 'With 1 parent', 'alone', 1),
      basic('2_parents', 'With 2 parents', 'alone', 2),
      added(
        'spouse_aid_attendance',
        'Added for a spouse receiving Aid and Attendance',
        'spouse_aid_attendance',
      ),
    ],
  },
  {
    id: 'with_children',
    title: 'With children',
    columns: [
      basic('child', 'With 1 child', 'child', 0),
      basic('child_spouse', 'With 1 child and spouse', 'spouse_and_child', 0),
      basic('child_spouse_1_parent', 'With 1 child, spouse and 1 parent', 'spouse_and_child', 1),
      basic('child_spouse_2_parents', 'With 1 child, spouse and 2 parents', 'spouse_and_child', 2),
      basic('child_1_parent', 'With 1 child and 1 parent', 'child', 1),
      basic('child_2_parents', 'With 1 child and 2 parents', 'child', 2),
      added(
        'additional_child_under_18',
        'Each additional child under 18',
        'additional_child_under_18',
      ),
      added(
        'school_child',
        'Each additional child over 18 in a qualifying school program',
        'school_child',
      ),
      added(
        'spouse_aid_attendance',
        'Added for a spouse receiving Aid and Attendance',
        'spouse_aid_attendance',
      ),
    ],
  },
];

export type RateYear = { year: number; effective_date: string };

/** Every rate year held here, oldest first. */
export function rateYears(): RateYear[] {
  return COMPENSATION_RATE_TABLES.map(({ year, effective_date }) => ({ year, effective_date }));
}

function tableFor(year: number): CompensationRateTable {
  const table = COMPENSATION_RATE_TABLES.find((candidate) => candidate.year === year);
  if (!table) throw new RangeError(`no compensation rates for the year ${year}`);
  return table;
}

/**
 * The rate year to show first on `today` (YYYY-MM-DD): the table in effect, the latest one once
 * `today` is past every table, the oldest before them.
 */
export function defaultRateYear(today: string): number {
  const inEffect = COMPENSATION_RATE_TABLES.findLast((table) => table.effective_date <= today);
  const table = inEffect ?? COMPENSATION_RATE_TABLES[0];
  if (!table) throw new Error('no compensation rate tables');
  return table.year;
}

const dollars = (cents: number) => cents / 100;

export type RateTableRow = { rating: DependantRating; amounts: number[] };

export type CompensationRateTableView = RateYear & {
  /** 10 % and 20 %: one amount each, whatever the household. */
  flat: { rating: 10 | 20; amount: number }[];
  groups: (RateColumnGroup & { rows: RateTableRow[] })[];
};

/** The full published table for `year`: every column of both groups for 30 % to 100 %. */
export function compensationRateTable(year: number): CompensationRateTableView {
  const table = tableFor(year);
  const cell = (rating: DependantRating, column: RateColumn): number =>
    dollars(
      column.kind === 'basic'
        ? table.basic[rating][column.status][column.parents]
        : table.added[rating][column.item],
    );
  return {
    year: table.year,
    effective_date: table.effective_date,
    flat: [
      { rating: 10, amount: dollars(table.flat[10]) },
      { rating: 20, amount: dollars(table.flat[20]) },
    ],
    groups: RATE_COLUMN_GROUPS.map((group) => ({
      ...group,
      rows: DEPENDANT_RATINGS.map((rating) => ({
        rating,
        amounts: group.columns.map((column) => cell(rating, column)),
      })),
    })),
  };
}

export type Household = {
  spouse?: boolean;
  spouse_aid_attendance?: boolean;
  children_under_18?: number;
  school_children?: number;
  parents?: number;
};

/** What `household` is paid each month at every paying rating in `year` (the chart's data). */
export function monthlyByRating(
  year: number,
  household: Household,
): { rating: PayingRating; monthly: number }[] {
  const { effective_date } = tableFor(year);
  return PAYING_RATINGS.map((rating) => ({
    rating,
    monthly: calculateCompensation({
      input: {
        rating,
        date: effective_date,
        ...household,
        spouse_aid_attendance:
          household.spouse === true && household.spouse_aid_attendance === true,
      },
      today: effective_date,
    }).monthly,
  }));
}
