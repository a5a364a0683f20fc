import type { Limb } from '@muster/contract/calculator';
import type { RatingEntry } from '@muster/domain/combined-rating';
import { calculateCompensation } from '@muster/domain/compensation';
import { rateYears } from '@muster/domain/compensation-table';

/** The ratings VA assigns, in steps of 10. */
export const PERCENTS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
export const RATE_YEARS = rateYears();

/** One row of the calculator's ratings; `key` keeps React's identity when rows are removed. */
export type RatingRow = { key: number; percent: number; limb: Limb | '' };

export type Dependants = {
  spouse: boolean;
  spouseAidAttendance: boolean;
  childrenUnder18: number;
  schoolChildren: number;
  parents: number;
};

export const NO_DEPENDANTS: Dependants = {
  spouse: false,
  spouseAidAttendance: false,
  childrenUnder18: 0,
  schoolChildren: 0,
  parents: 0,
};

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

export function effectiveDateOf(year: number): string {
  return RATE_YEARS.find((entry) => entry.year === year)?.effective_date ?? '';
}

export function toEntries(rows: readonly RatingRow[]): RatingEntry[] {
  return rows.map((row) =>
    row.limb ? { percent: row.percent, limb: row.limb } : { percent: row.percent },
  );
}

/** The household as the compensation table takes it (Aid and Attendance only with a spouse). */
export function householdOf(dependants: Dependants) {
  return {
    spouse: dependants.spouse,
    spouse_aid_attendance: dependants.spouse && dependants.spouseAidAttendance,
    children_under_18: dependants.childrenUnder18,
    school_children: dependants.schoolChildren,
    parents: dependants.parents,
  };
}

export function hasDependants(dependants: Dependants): boolean {
  return (
    dependants.spouse ||
    dependants.childrenUnder18 > 0 ||
    dependants.schoolChildren > 0 ||
    dependants.parents > 0
  );
}

export function monthlyFor(rating: number, tableDate: string, dependants: Dependants): number {
  return calculateCompensation({
    input: { rating, date: tableDate, ...householdOf(dependants) },
    today: todayIso(),
  }).monthly;
}
