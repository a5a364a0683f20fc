import {
  DEPENDANT_COUNT_LIMITS,
  LIMB_LABELS,
  type CombinedRatingInput,
  type CombinedRatingResult,
  type CombinedRatingStep,
  type CompensationInput,
  type CompensationResult,
  type Limb,
} from '@muster/contract/calculator';

/** Plain logic of the calculator page: what goes to the API and what the page says. No DOM. */

export const PERCENT_OPTIONS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;

export { LIMB_LABELS };

/** The extra rating of the what-if line. */
export const WHAT_IF_PERCENT = 30;

/** The dependant counts' limits, from the contract (the API refuses more). */
export const MAX_COUNTS = DEPENDANT_COUNT_LIMITS;
type CountField = keyof typeof MAX_COUNTS;

function isLimb(value: string): value is Limb {
  return Object.hasOwn(LIMB_LABELS, value);
}

/** One rating row as the form holds it: a percent and a limb (empty: not an arm or leg). */
export type RatingRowValues = { percent: string; limb: string };

export function buildCombinedRatingInput(rows: readonly RatingRowValues[]): CombinedRatingInput {
  return {
    ratings: rows.map(({ percent, limb }) => ({
      percent: Number(percent),
      ...(isLimb(limb) ? { limb } : {}),
    })),
  };
}

export function withExtraRating(input: CombinedRatingInput, percent: number): CombinedRatingInput {
  return { ratings: [...input.ratings, { percent }] };
}

export type DependantValues = {
  spouse: boolean;
  spouseAidAttendance: boolean;
  childrenUnder18: string;
  schoolChildren: string;
  parents: string;
};

export type Dependants = Omit<CompensationInput, 'rating' | 'date'>;

/** `''` → 0; a whole number within 0..max → itself; anything else → null (the field is wrong). */
export function parseCount(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= max ? value : null;
}

/** The dependants part of the compensation request, or the fields to correct first. */
export function parseDependants(
  values: DependantValues,
):
  | { ok: true; dependants: Dependants }
  | { ok: false; fields: Partial<Record<CountField, string>> } {
  const counts: Partial<Record<CountField, number>> = {};
  const fields: Partial<Record<CountField, string>> = {};
  const raw: Record<CountField, string> = {
    children_under_18: values.childrenUnder18,
    school_children: values.schoolChildren,
    parents: values.parents,
  };
  for (const field of Object.keys(MAX_COUNTS) as CountField[]) {
    const count = parseCount(raw[field], MAX_COUNTS[field]);
    if (count === null) fields[field] = `Enter a whole number from 0 to ${MAX_COUNTS[field]}.`;
    else counts[field] = count;
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    dependants: {
      spouse: values.spouse,
      // Aid and Attendance is for a spouse: without one the box does not count.
      spouse_aid_attendance: values.spouse && values.spouseAidAttendance,
      ...counts,
    },
  };
}

export function buildCompensationInput(rating: number, dependants: Dependants): CompensationInput {
  return { rating, ...dependants };
}

/** Always with cents, as VA publishes its rates: `$1,716.28`, `$0.00`. */
export function formatUsd(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-12-01` → `Dec 1, 2025` (read as a calendar date, so no time zone can shift it). */
export function formatIsoDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const name = MONTHS[(month ?? 0) - 1];
  if (!year || !name || !day) return isoDate;
  return `${name} ${day}, ${year}`;
}

export function describeEffectiveDate(compensation: CompensationResult): string {
  return `rates effective ${formatIsoDate(compensation.effective_date)}`;
}

/** The sentence the live region announces after each calculation. */
export function summarizeResult(
  combined: CombinedRatingResult,
  compensation: CompensationResult,
): string {
  return `Combined rating ${combined.combined}%. ${formatUsd(compensation.monthly)} a month, ${describeEffectiveDate(compensation)}.`;
}

export function describeWhatIf(whatIfCombined: number, monthly: number): string {
  return `Add a ${WHAT_IF_PERCENT}% rating → combined ${whatIfCombined}%, ${formatUsd(monthly)}/month`;
}

export type StepGroup = { title: string; steps: string[] };

const GROUP_TITLES: Record<CombinedRatingStep['group'], string> = {
  bilateral: 'Arms and legs on both sides (bilateral factor)',
  main: 'All ratings, highest first',
};

/** The steps of the math, in order, split into the bilateral part (if any) and the rest. */
export function groupSteps(steps: readonly CombinedRatingStep[]): StepGroup[] {
  const groups: StepGroup[] = [];
  for (const step of steps) {
    const title = GROUP_TITLES[step.group];
    let group = groups.at(-1);
    if (group?.title !== title) {
      group = { title, steps: [] };
      groups.push(group);
    }
    group.steps.push(step.description);
  }
  return groups;
}

/** The breakdown lines: `Basic rate (veteran with spouse): $1,900.00`, `2 × School child: …`. */
export function describeBreakdown(compensation: CompensationResult): string[] {
  return compensation.breakdown.map((item) => {
    const count = item.count > 1 ? `${item.count} × ` : '';
    const each = item.count > 1 ? ` (${formatUsd(item.amount_each)} each)` : '';
    return `${count}${item.label}: ${formatUsd(item.amount)}${each}`;
  });
}
