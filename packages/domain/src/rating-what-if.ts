import type { VaConditionsWhatIf, WhatIfDependents } from '@muster/contract/va-conditions';
import { calculateCombinedRating } from './combined-rating.ts';
import { calculateCompensation } from './compensation.ts';

/**
 * What planned claims would do to the combined rating and the monthly payment.
 *
 * The starting point is VA's own combined rating. When VA's individual ratings recombine to it,
 * the planned ratings are combined with those individual ratings, exactly as VA would (Table I,
 * rounding only at the end). When they do not (VA may apply factors, such as the bilateral one,
 * that its answer does not show), VA's combined rating stands in for them as one rating, so the
 * "today" figure always matches VA's.
 */

/** A rating entry of the what-if (whole percentages 0–100). */
export type WhatIfOptions = {
  /** VA's ratings that count: service connected, decided and rated. */
  current: readonly number[];
  /** VA's own combined rating, when it gives one. */
  vaCombined?: number | null | undefined;
  /** The planned ratings (multiples of 10). */
  planned: readonly number[];
  /** The household the amounts are for; a veteran alone without it. */
  dependents?: WhatIfDependents | undefined;
  /** YYYY-MM-DD: the rates in effect that day (or the latest known) apply. */
  today: string;
};

export type RatingWhatIf = Omit<VaConditionsWhatIf, 'va_configured' | 'va_connected'>;

const combinedOf = (ratings: readonly number[]) =>
  calculateCombinedRating({ ratings: ratings.map((percent) => ({ percent })) }).combined;

/** The ratings that stand for the veteran's current ones (see the module comment). */
export function baselineRatings(options: {
  current: readonly number[];
  vaCombined?: number | null | undefined;
}): number[] {
  const { current, vaCombined } = options;
  if (vaCombined === null || vaCombined === undefined) return [...current];
  return combinedOf(current) === vaCombined ? [...current] : [vaCombined];
}

function monthlyFor(rating: number, options: WhatIfOptions) {
  const dependents = options.dependents ?? {};
  return calculateCompensation({
    input: {
      rating,
      ...dependents,
      spouse_aid_attendance:
        dependents.spouse === true && dependents.spouse_aid_attendance === true,
    },
    today: options.today,
  });
}

/** Today's combined rating and pay, and both with the planned ratings added. */
export function calculateRatingWhatIf(options: WhatIfOptions): RatingWhatIf {
  const baseline = baselineRatings(options);
  const currentCombined = combinedOf(baseline);
  const combined = combinedOf([...baseline, ...options.planned]);
  const current = monthlyFor(currentCombined, options);
  const projected = monthlyFor(combined, options);
  const cents = (dollars: number) => Math.round(dollars * 100);
  return {
    current_combined_rating: currentCombined,
    current_monthly_amount: current.monthly,
    combined_rating: combined,
    monthly_amount: projected.monthly,
    monthly_difference: (cents(projected.monthly) - cents(current.monthly)) / 100,
    rates_year: projected.year,
  };
}
