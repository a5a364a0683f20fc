import type { CombinedRatingStep, CompensationResult } from '@muster/contract/calculator';
import { describe, expect, it } from 'vitest';

import {
  buildCombinedRatingInput,
  buildCompensationInput,
  describeBreakdown,
  describeWhatIf,
  formatIsoDate,
  formatUsd,
  groupSteps,
  parseCount,
  parseDependants,
  summarizeResult,
  withExtraRating,
} from './calculator-model.ts';

const compensation: CompensationResult = {
  rating: 70,
  monthly: 1900.5,
  year: 2026,
  effective_date: '2025-12-01',
  breakdown: [
    {
      kind: 'basic',
      label: 'Basic rate, veteran with spouse',
      count: 1,
      amount_each: 1800,
      amount: 1800,
    },
    { kind: 'school_child', label: 'Child in school', count: 2, amount_each: 50.25, amount: 100.5 },
  ],
  notes: [],
};

describe('buildCombinedRatingInput', () => {
  it('sends percents as numbers and a limb only when one is chosen', () => {
    expect(
      buildCombinedRatingInput([
        { percent: '50', limb: '' },
        { percent: '10', limb: 'left-leg' },
        { percent: '20', limb: 'tail' },
      ]),
    ).toEqual({ ratings: [{ percent: 50 }, { percent: 10, limb: 'left-leg' }, { percent: 20 }] });
  });

  it('adds the what-if rating without touching the input', () => {
    const input = { ratings: [{ percent: 50 }] };
    expect(withExtraRating(input, 30)).toEqual({ ratings: [{ percent: 50 }, { percent: 30 }] });
    expect(input.ratings).toHaveLength(1);
  });
});

describe('parseCount', () => {
  it('reads empty as 0 and rejects anything but a whole number in range', () => {
    expect(parseCount('', 20)).toBe(0);
    expect(parseCount(' 3 ', 20)).toBe(3);
    expect(parseCount('21', 20)).toBeNull();
    expect(parseCount('1.5', 20)).toBeNull();
    expect(parseCount('-1', 20)).toBeNull();
    expect(parseCount('abc', 20)).toBeNull();
  });
});

describe('parseDependants', () => {
  const base = {
    spouse: false,
    spouseAidAttendance: false,
    childrenUnder18: '0',
    schoolChildren: '',
    parents: '0',
  };

  it('builds the dependants of the compensation request', () => {
    const result = parseDependants({
      ...base,
      spouse: true,
      spouseAidAttendance: true,
      childrenUnder18: '2',
      parents: '1',
    });
    expect(result).toEqual({
      ok: true,
      dependants: {
        spouse: true,
        spouse_aid_attendance: true,
        children_under_18: 2,
        school_children: 0,
        parents: 1,
      },
    });
    if (result.ok) {
      expect(buildCompensationInput(70, result.dependants)).toMatchObject({
        rating: 70,
        spouse: true,
      });
    }
  });

  it('drops Aid and Attendance without a spouse', () => {
    const result = parseDependants({ ...base, spouseAidAttendance: true });
    expect(result.ok && result.dependants.spouse_aid_attendance).toBe(false);
  });

  it('names each count field to correct', () => {
    expect(parseDependants({ ...base, childrenUnder18: '50', parents: '3' })).toEqual({
      ok: false,
      fields: {
        children_under_18: 'Enter a whole number from 0 to 20.',
        parents: 'Enter a whole number from 0 to 2.',
      },
    });
  });
});

describe('formatting', () => {
  it('shows dollars with cents and dates as VA writes them', () => {
    expect(formatUsd(1716.28)).toBe('$1,716.28');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatIsoDate('2025-12-01')).toBe('Dec 1, 2025');
    expect(formatIsoDate('not a date')).toBe('not a date');
  });

  it('summarizes the result for the live region', () => {
    expect(
      summarizeResult(
        { combined: 70, combined_exact: 65, bilateral_applied: false, steps: [] },
        compensation,
      ),
    ).toBe('Combined rating 70%. $1,900.50 a month, rates effective Dec 1, 2025.');
  });

  it('describes the what-if line', () => {
    expect(describeWhatIf(80, 2044.89)).toBe('Add a 30% rating → combined 80%, $2,044.89/month');
  });

  it('lists the breakdown with counts', () => {
    expect(describeBreakdown(compensation)).toEqual([
      'Basic rate, veteran with spouse: $1,800.00',
      '2 × Child in school: $100.50 ($50.25 each)',
    ]);
  });
});

describe('groupSteps', () => {
  it('keeps the order and splits the bilateral part from the rest', () => {
    const step = (group: 'bilateral' | 'main', description: string): CombinedRatingStep => ({
      kind: 'final_rounding',
      group,
      description,
      exact: 0,
      value: 0,
    });
    expect(groupSteps([step('bilateral', 'a'), step('bilateral', 'b'), step('main', 'c')])).toEqual(
      [
        { title: 'Arms and legs on both sides (bilateral factor)', steps: ['a', 'b'] },
        { title: 'All ratings, highest first', steps: ['c'] },
      ],
    );
    expect(groupSteps([])).toEqual([]);
  });
});
