import { describe, expect, it } from 'vitest';
import { baselineRatings, calculateRatingWhatIf } from './rating-what-if.ts';

/** A day the 2026 rates (effective 2025-12-01) are in effect. */
const TODAY = '2026-06-01';

describe('calculateRatingWhatIf', () => {
  it('adds planned ratings to VA’s individual ratings (Table I, rounded once at the end)', () => {
    // 50, 30, 10 → 65 → 68.5 → 69: VA's 70. With a planned 20: 69 + 6.2 = 75.2 → 75 → 80.
    const result = calculateRatingWhatIf({
      current: [50, 30, 10],
      vaCombined: 70,
      planned: [20],
      today: TODAY,
    });
    expect(result).toEqual({
      current_combined_rating: 70,
      current_monthly_amount: 1808.45,
      combined_rating: 80,
      monthly_amount: 2102.15,
      monthly_difference: 293.7,
      rates_year: 2026,
    });
  });

  it('without VA ratings only the planned ones count', () => {
    // 30 and 10 → 37 → 40.
    const result = calculateRatingWhatIf({ current: [], planned: [30, 10], today: TODAY });
    expect(result).toMatchObject({
      current_combined_rating: 0,
      current_monthly_amount: 0,
      combined_rating: 40,
      monthly_amount: 795.84,
      monthly_difference: 795.84,
    });
  });

  it('nothing planned changes nothing', () => {
    const result = calculateRatingWhatIf({
      current: [10],
      vaCombined: 10,
      planned: [],
      today: TODAY,
    });
    expect(result).toMatchObject({
      current_combined_rating: 10,
      combined_rating: 10,
      current_monthly_amount: 180.42,
      monthly_difference: 0,
    });
  });

  it('when VA’s ratings do not recombine to VA’s combined rating, VA’s combined rating stands for them', () => {
    // 30 and 20 recombine to 44 → 40, but VA says 50 (a factor its answer does not show).
    expect(baselineRatings({ current: [30, 20], vaCombined: 50 })).toEqual([50]);
    const result = calculateRatingWhatIf({
      current: [30, 20],
      vaCombined: 50,
      planned: [10],
      today: TODAY,
    });
    // 50 then 10 → 55 → 60.
    expect(result).toMatchObject({
      current_combined_rating: 50,
      current_monthly_amount: 1132.9,
      combined_rating: 60,
      monthly_amount: 1435.02,
      monthly_difference: 302.12,
    });
  });

  it('keeps the individual ratings when they recombine to VA’s figure', () => {
    expect(baselineRatings({ current: [50, 30, 10], vaCombined: 70 })).toEqual([50, 30, 10]);
    expect(baselineRatings({ current: [40], vaCombined: null })).toEqual([40]);
  });

  it('pays for the household given', () => {
    const result = calculateRatingWhatIf({
      current: [70],
      vaCombined: 70,
      planned: [],
      dependents: { spouse: true },
      today: TODAY,
    });
    expect(result.current_monthly_amount).toBe(1961.45);
    // Aid and Attendance without a spouse is not counted.
    const alone = calculateRatingWhatIf({
      current: [70],
      planned: [],
      dependents: { spouse_aid_attendance: true },
      today: TODAY,
    });
    expect(alone.current_monthly_amount).toBe(1808.45);
  });

  it('caps at 100', () => {
    const result = calculateRatingWhatIf({ current: [90], planned: [90, 50], today: TODAY });
    expect(result.combined_rating).toBe(100);
    expect(result.monthly_amount).toBe(3938.58);
  });
});
