import type {
  CompensationInput,
  CompensationItem,
  CompensationResult,
} from '@muster/contract/calculator';
import {
  COMPENSATION_RATE_TABLES,
  DEPENDANT_RATINGS,
  type BasicStatus,
  type CompensationRateTable,
  type DependantRating,
} from './compensation-rates.ts';

/**
 * Monthly VA disability compensation from the rate tables (compensation-rates.ts), following
 * va.gov's "how to use the tables": the basic rate for the rating and dependency status, plus the
 * added amounts. All arithmetic is in whole cents.
 *
 * - 0 % pays nothing; 10 % and 20 % pay one rate whatever the dependants.
 * - From 30 %, the basic rate covers a spouse, 0–2 dependent parents and the first child under
 *   18. Each further child under 18, each child over 18 in a qualifying school program and a
 *   spouse receiving Aid and Attendance add their amount. A school child is paid the school rate
 *   instead of a child rate (38 U.S.C. 1115(1)(F)), so school children never count as the
 *   "1 child" of the basic rate.
 * - The tables in effect on a date are the latest December-1 table on or before it.
 */

export class RatesUnavailableError extends Error {
  constructor(
    readonly date: string,
    readonly reason: 'before_first_table' | 'after_last_table',
  ) {
    super(
      reason === 'before_first_table'
        ? `No compensation rates are available for ${date}: the earliest table here took effect on ${firstTable().effective_date}`
        : `No compensation rates are known yet for ${date}: the latest table here took effect on ${lastTable().effective_date} and applies through ${coverageEnd()}`,
    );
    this.name = 'RatesUnavailableError';
  }
}

function firstTable(): CompensationRateTable {
  const table = COMPENSATION_RATE_TABLES[0];
  if (!table) throw new Error('no compensation rate tables');
  return table;
}

function lastTable(): CompensationRateTable {
  const table = COMPENSATION_RATE_TABLES.at(-1);
  if (!table) throw new Error('no compensation rate tables');
  return table;
}

/** The last day the latest table is known to apply: the next table is due on December 1. */
export function coverageEnd(): string {
  return `${lastTable().year}-11-30`;
}

/** The range of dates the tables cover, `YYYY-MM-DD` inclusive. */
export function compensationRatesCoverage(): { from: string; to: string } {
  return { from: firstTable().effective_date, to: coverageEnd() };
}

/**
 * The table in effect on `date` (YYYY-MM-DD). Throws RatesUnavailableError before the first table
 * and after the year the latest table covers, when newer rates are due but not loaded.
 */
export function findRateTable(date: string): CompensationRateTable {
  // ISO dates compare as strings.
  if (date < firstTable().effective_date)
    throw new RatesUnavailableError(date, 'before_first_table');
  if (date > coverageEnd()) throw new RatesUnavailableError(date, 'after_last_table');
  const table = COMPENSATION_RATE_TABLES.findLast((candidate) => candidate.effective_date <= date);
  if (!table) throw new RatesUnavailableError(date, 'before_first_table');
  return table;
}

const dollars = (cents: number) => cents / 100;

const PARENT_LABELS = ['', ', 1 dependent parent', ', 2 dependent parents'] as const;
const STATUS_LABELS: Record<BasicStatus, string> = {
  alone: 'Veteran alone',
  spouse: 'Veteran with spouse',
  child: 'Veteran with 1 child',
  spouse_and_child: 'Veteran with spouse and 1 child',
};

function isDependantRating(rating: number): rating is DependantRating {
  return (DEPENDANT_RATINGS as readonly number[]).includes(rating);
}

type Line = { kind: CompensationItem['kind']; label: string; count: number; eachCents: number };

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function assertInput(input: CompensationInput): void {
  const { rating } = input;
  if (!Number.isInteger(rating) || rating < 0 || rating > 100 || rating % 10 !== 0) {
    throw new RangeError(`rating must be 0–100 in steps of 10, got ${rating}`);
  }
  if (input.spouse_aid_attendance && !input.spouse)
    throw new RangeError('Aid and Attendance for a spouse needs a spouse');
  const parents = input.parents ?? 0;
  if (parents !== 0 && parents !== 1 && parents !== 2)
    throw new RangeError(`parents must be 0, 1 or 2, got ${parents}`);
  for (const [name, count] of [
    ['children_under_18', input.children_under_18 ?? 0],
    ['school_children', input.school_children ?? 0],
  ] as const) {
    if (!Number.isInteger(count) || count < 0)
      throw new RangeError(`${name} must be a whole number ≥ 0, got ${count}`);
  }
}

/** The basic rate and added amounts (in cents) for a rating of 30 % or more. */
function dependantLines(
  table: CompensationRateTable,
  rating: DependantRating,
  input: CompensationInput,
): Line[] {
  const childrenUnder18 = input.children_under_18 ?? 0;
  const schoolChildren = input.school_children ?? 0;
  const parents = (input.parents ?? 0) as 0 | 1 | 2;
  const hasChild = childrenUnder18 > 0;
  const status: BasicStatus = input.spouse
    ? hasChild
      ? 'spouse_and_child'
      : 'spouse'
    : hasChild
      ? 'child'
      : 'alone';
  const added = table.added[rating];
  const lines: Line[] = [
    {
      kind: 'basic',
      label: `Basic rate at ${rating} %: ${STATUS_LABELS[status]}${PARENT_LABELS[parents]}`,
      count: 1,
      eachCents: table.basic[rating][status][parents],
    },
  ];
  const additionalChildren = Math.max(0, childrenUnder18 - 1);
  if (additionalChildren > 0) {
    lines.push({
      kind: 'additional_child_under_18',
      label: `${plural(additionalChildren, 'additional child', 'additional children')} under 18`,
      count: additionalChildren,
      eachCents: added.additional_child_under_18,
    });
  }
  if (schoolChildren > 0) {
    lines.push({
      kind: 'school_child',
      label: `${plural(schoolChildren, 'child', 'children')} over 18 in a qualifying school program`,
      count: schoolChildren,
      eachCents: added.school_child,
    });
  }
  if (input.spouse_aid_attendance) {
    lines.push({
      kind: 'spouse_aid_attendance',
      label: 'Spouse receiving Aid and Attendance',
      count: 1,
      eachCents: added.spouse_aid_attendance,
    });
  }
  return lines;
}

/**
 * Monthly compensation for `input` (validated by compensationInputSchema). Without `input.date`
 * the rates in effect on `today` (YYYY-MM-DD) apply, or the latest known table, with a note, once
 * `today` is past it. Throws RatesUnavailableError for an explicit date outside the tables and
 * RangeError for input the contract would have refused.
 */
export function calculateCompensation(options: {
  input: CompensationInput;
  today: string;
}): CompensationResult {
  const { input, today } = options;
  assertInput(input);
  const { rating } = input;
  const notes: string[] = [];

  let table: CompensationRateTable;
  if (input.date === undefined && today > coverageEnd()) {
    table = lastTable();
    notes.push(
      `These are the latest rates known here (effective ${table.effective_date}); newer rates may be in effect.`,
    );
  } else {
    table = findRateTable(input.date ?? today);
  }

  const hasDependants =
    input.spouse === true ||
    (input.parents ?? 0) > 0 ||
    (input.children_under_18 ?? 0) > 0 ||
    (input.school_children ?? 0) > 0;
  let lines: Line[];
  if (rating === 0) {
    lines = [];
    notes.push('A 0 % rating is service connected but pays no monthly compensation.');
  } else if (rating === 10 || rating === 20) {
    lines = [
      {
        kind: 'basic',
        label: `Basic rate at ${rating} %`,
        count: 1,
        eachCents: table.flat[rating],
      },
    ];
    if (hasDependants)
      notes.push('Dependants add to compensation only from a 30 % combined rating.');
  } else if (isDependantRating(rating)) {
    lines = dependantLines(table, rating, input);
  } else {
    throw new RangeError(`no rates for ${rating} %`);
  }

  const totalCents = lines.reduce((sum, line) => sum + line.count * line.eachCents, 0);
  return {
    rating,
    monthly: dollars(totalCents),
    year: table.year,
    effective_date: table.effective_date,
    breakdown: lines.map((line) => ({
      kind: line.kind,
      label: line.label,
      count: line.count,
      amount_each: dollars(line.eachCents),
      amount: dollars(line.count * line.eachCents),
    })),
    notes,
  };
}
