import type {
  CombinedRatingGroup,
  CombinedRatingResult,
  CombinedRatingStep,
  Limb,
} from '@muster/contract/calculator';

/**
 * Combined disability rating, 38 CFR 4.25 and 4.26.
 *
 * 4.25: ratings are arranged by severity, highest first. Each further rating takes its share of
 * the efficiency the ones before it left (a 60 % and a 30 % leave 70 % of 40 % = 28 % efficiency:
 * 72 % disabled). Every pairwise value is a whole number, exactly as read from Table I (the
 * fraction rounds half up), and is carried into the next combination. Only the last value is
 * converted to the nearest multiple of 10, with 5 rounding up. This matches Table I in the CFR
 * (rows 19–94 checked cell by cell) and VA.gov's calculator (its test vectors).
 *
 * 4.26: when there is a compensable disability of both arms or of both legs, the ratings of those
 * extremities are combined first, 10 % of that value is added (not combined) and rounded, and the
 * result then counts as one disability among the rest, in order of severity. With both arms and
 * both legs, all four extremities are combined together and the factor is applied once (4.26(b)).
 * A 0 % rating is not compensable, so it never triggers the factor (4.26(c)).
 *
 * Arithmetic is in whole hundredths of a percent, so no float drift can change a rounding.
 */

export type RatingEntry = { percent: number; limb?: Limb | undefined };

type Entry = { percent: number; limb: Limb | undefined; isBilateralValue: boolean };

const LIMB_NAMES: Record<Limb, string> = {
  'left-leg': 'left leg',
  'right-leg': 'right leg',
  'left-arm': 'left arm',
  'right-arm': 'right arm',
};

/** `x / 100` rounded to a whole number, half up (x ≥ 0). */
function roundHundredths(hundredths: number): number {
  return Math.floor((hundredths + 50) / 100);
}

/** 38 CFR 4.25(a): to the nearest number divisible by 10, values ending in 5 going up. */
export function roundToNearestTen(value: number): number {
  return Math.floor((value + 5) / 10) * 10;
}

/** Table I: the whole-number combined value of two ratings (`first` the higher one). */
export function combineTwo(first: number, second: number): number {
  return roundHundredths(first * 100 + second * (100 - first));
}

function describeEntry(entry: Entry): string {
  if (entry.isBilateralValue) return `the bilateral value of ${entry.percent} %`;
  return entry.limb ? `${entry.percent} % (${LIMB_NAMES[entry.limb]})` : `${entry.percent} %`;
}

/** Combines `entries` by severity, appending the steps; the whole-number result (0 when empty). */
function combineGroup(
  entries: Entry[],
  group: CombinedRatingGroup,
  steps: CombinedRatingStep[],
): number {
  const sorted = [...entries].sort((a, b) => b.percent - a.percent);
  let value = 0;
  sorted.forEach((entry, index) => {
    const limb = entry.limb ? { limb: entry.limb } : {};
    if (index === 0) {
      value = entry.percent;
      const which = group === 'bilateral' ? 'the highest arm or leg rating' : 'the highest rating';
      steps.push({
        kind: 'start',
        group,
        percent: entry.percent,
        ...limb,
        is_bilateral_value: entry.isBilateralValue,
        value,
        remaining_efficiency: 100 - value,
        description: `Start with ${entry.isBilateralValue ? describeEntry(entry) : `${which}, ${describeEntry(entry)}`}: ${100 - value} % efficiency remains.`,
      });
      return;
    }
    const previous = value;
    const efficiency = 100 - previous;
    const hundredths = previous * 100 + entry.percent * efficiency;
    const added = (entry.percent * efficiency) / 100;
    const exact = hundredths / 100;
    value = roundHundredths(hundredths);
    steps.push({
      kind: 'combine',
      group,
      percent: entry.percent,
      ...limb,
      is_bilateral_value: entry.isBilateralValue,
      previous_value: previous,
      efficiency_before: efficiency,
      added,
      exact,
      value,
      remaining_efficiency: 100 - value,
      description:
        `Combine ${describeEntry(entry)} with ${previous} %: ${entry.percent} % of the remaining ${efficiency} % efficiency is ${added}, ` +
        `so ${previous} + ${added} = ${exact}${exact === value ? '' : `, rounded to ${value}`} %. ${100 - value} % efficiency remains.`,
    });
  });
  return value;
}

/** Limbs whose ratings take part in the bilateral factor: both of a pair must be compensable. */
function bilateralLimbs(ratings: readonly RatingEntry[]): Set<Limb> {
  const compensable = new Set(ratings.filter((r) => r.percent > 0 && r.limb).map((r) => r.limb));
  const limbs = new Set<Limb>();
  for (const [left, right] of [
    ['left-leg', 'right-leg'],
    ['left-arm', 'right-arm'],
  ] as const) {
    if (compensable.has(left) && compensable.has(right)) {
      limbs.add(left);
      limbs.add(right);
    }
  }
  return limbs;
}

/**
 * The combined rating of `ratings` (whole percentages 0–100; VA assigns multiples of 10, but any
 * whole number is accepted, as Table I and VA.gov's calculator do). Every step is listed so a
 * veteran can follow it. Throws RangeError for a percentage outside 0–100 or not whole.
 */
export function calculateCombinedRating(input: {
  ratings: readonly RatingEntry[];
}): CombinedRatingResult {
  for (const rating of input.ratings) {
    if (!Number.isInteger(rating.percent) || rating.percent < 0 || rating.percent > 100) {
      throw new RangeError(
        `a rating must be a whole percentage from 0 to 100, got ${rating.percent}`,
      );
    }
  }
  const steps: CombinedRatingStep[] = [];
  const limbs = bilateralLimbs(input.ratings);
  const toEntry = (rating: RatingEntry): Entry => ({
    percent: rating.percent,
    limb: rating.limb,
    isBilateralValue: false,
  });
  const main = input.ratings.filter((r) => !r.limb || !limbs.has(r.limb)).map(toEntry);

  if (limbs.size > 0) {
    const bilateral = input.ratings.filter((r) => r.limb && limbs.has(r.limb)).map(toEntry);
    const combined = combineGroup(bilateral, 'bilateral', steps);
    // 10 % of the combined value, added: in tenths, combined × 10 + combined.
    const tenths = combined * 11;
    const exact = tenths / 10;
    const rounded = Math.floor((tenths + 5) / 10);
    const value = Math.min(100, rounded);
    steps.push({
      kind: 'bilateral_factor',
      group: 'bilateral',
      previous_value: combined,
      factor: combined / 10,
      exact,
      value,
      description:
        `Bilateral factor (38 CFR 4.26): add 10 % of ${combined}, which is ${combined / 10}: ` +
        `${combined} + ${combined / 10} = ${exact}${exact === rounded ? '' : `, rounded to ${rounded}`}` +
        `${value === rounded ? '' : `, capped at ${value}`} %. This value counts as one disability among the others.`,
    });
    main.push({ percent: value, limb: undefined, isBilateralValue: true });
  }

  const combinedExact = combineGroup(main, 'main', steps);
  const combined = roundToNearestTen(combinedExact);
  if (steps.length > 0) {
    steps.push({
      kind: 'final_rounding',
      group: 'main',
      exact: combinedExact,
      value: combined,
      description: `Round ${combinedExact} % to the nearest 10 (5 rounds up): the combined rating is ${combined} %.`,
    });
  }
  return { combined_exact: combinedExact, combined, bilateral_applied: limbs.size > 0, steps };
}
