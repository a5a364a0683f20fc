import { describe, expect, it } from 'vitest';
import type { CombinedRatingInput, CombinedRatingResult } from '@muster/contract/calculator';
import {
  calculateCombinedRating,
  combineTwo,
  roundToNearestTen,
  type RatingEntry,
} from './combined-rating.ts';

const combine = (...percents: number[]) =>
  calculateCombinedRating({ ratings: percents.map((percent) => ({ percent })) });

/**
 * VA.gov's own test vectors for its combined-rating calculator (vets-website
 * src/applications/disability-benefits/disability-rating-calculator/tests/utils/inputs.json,
 * copied to ../shared/data/vets-website/disability-rating-calculator/inputs.test-vectors.json).
 * All eight, verbatim. Two hold ratings that are not multiples of 10 (64, 39).
 */
const VA_GOV_VECTORS: { ratings: number[]; combinedRating: { exact: number; rounded: number } }[] =
  [
    { ratings: [10, 20, 30], combinedRating: { exact: 50, rounded: 50 } },
    { ratings: [80, 20, 64], combinedRating: { exact: 94, rounded: 90 } },
    { ratings: [20, 39, 30, 10], combinedRating: { exact: 69, rounded: 70 } },
    { ratings: [20, 20], combinedRating: { exact: 36, rounded: 40 } },
    { ratings: [20, 20, 10], combinedRating: { exact: 42, rounded: 40 } },
    {
      ratings: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
      combinedRating: { exact: 65, rounded: 70 },
    },
    { ratings: [90, 90], combinedRating: { exact: 99, rounded: 100 } },
    { ratings: [80, 10, 40], combinedRating: { exact: 89, rounded: 90 } },
  ];

/**
 * 38 CFR 4.25 Table I: row = one rating (10–94), columns = the other (10, 20 … 90). Copied from
 * ../shared/data/derived/combined-ratings-table-38cfr4.25.derived.json. Rows 19–94 were also
 * compared cell by cell with the CFR's own Table I (../shared/data/cfr/part4_2019-10-07/sections/4.25.md):
 * no difference. Rows 10–18 are not in the CFR table (it starts at 19) and extend it by the same rule.
 */
const TABLE_I = `
10: 19 28 37 46 55 64 73 82 91
11: 20 29 38 47 56 64 73 82 91
12: 21 30 38 47 56 65 74 82 91
13: 22 30 39 48 57 65 74 83 91
14: 23 31 40 48 57 66 74 83 91
15: 24 32 41 49 58 66 75 83 92
16: 24 33 41 50 58 66 75 83 92
17: 25 34 42 50 59 67 75 83 92
18: 26 34 43 51 59 67 75 84 92
19: 27 35 43 51 60 68 76 84 92
20: 28 36 44 52 60 68 76 84 92
21: 29 37 45 53 61 68 76 84 92
22: 30 38 45 53 61 69 77 84 92
23: 31 38 46 54 62 69 77 85 92
24: 32 39 47 54 62 70 77 85 92
25: 33 40 48 55 63 70 78 85 93
26: 33 41 48 56 63 70 78 85 93
27: 34 42 49 56 64 71 78 85 93
28: 35 42 50 57 64 71 78 86 93
29: 36 43 50 57 65 72 79 86 93
30: 37 44 51 58 65 72 79 86 93
31: 38 45 52 59 66 72 79 86 93
32: 39 46 52 59 66 73 80 86 93
33: 40 46 53 60 67 73 80 87 93
34: 41 47 54 60 67 74 80 87 93
35: 42 48 55 61 68 74 81 87 94
36: 42 49 55 62 68 74 81 87 94
37: 43 50 56 62 69 75 81 87 94
38: 44 50 57 63 69 75 81 88 94
39: 45 51 57 63 70 76 82 88 94
40: 46 52 58 64 70 76 82 88 94
41: 47 53 59 65 71 76 82 88 94
42: 48 54 59 65 71 77 83 88 94
43: 49 54 60 66 72 77 83 89 94
44: 50 55 61 66 72 78 83 89 94
45: 51 56 62 67 73 78 84 89 95
46: 51 57 62 68 73 78 84 89 95
47: 52 58 63 68 74 79 84 89 95
48: 53 58 64 69 74 79 84 90 95
49: 54 59 64 69 75 80 85 90 95
50: 55 60 65 70 75 80 85 90 95
51: 56 61 66 71 76 80 85 90 95
52: 57 62 66 71 76 81 86 90 95
53: 58 62 67 72 77 81 86 91 95
54: 59 63 68 72 77 82 86 91 95
55: 60 64 69 73 78 82 87 91 96
56: 60 65 69 74 78 82 87 91 96
57: 61 66 70 74 79 83 87 91 96
58: 62 66 71 75 79 83 87 92 96
59: 63 67 71 75 80 84 88 92 96
60: 64 68 72 76 80 84 88 92 96
61: 65 69 73 77 81 84 88 92 96
62: 66 70 73 77 81 85 89 92 96
63: 67 70 74 78 82 85 89 93 96
64: 68 71 75 78 82 86 89 93 96
65: 69 72 76 79 83 86 90 93 97
66: 69 73 76 80 83 86 90 93 97
67: 70 74 77 80 84 87 90 93 97
68: 71 74 78 81 84 87 90 94 97
69: 72 75 78 81 85 88 91 94 97
70: 73 76 79 82 85 88 91 94 97
71: 74 77 80 83 86 88 91 94 97
72: 75 78 80 83 86 89 92 94 97
73: 76 78 81 84 87 89 92 95 97
74: 77 79 82 84 87 90 92 95 97
75: 78 80 83 85 88 90 93 95 98
76: 78 81 83 86 88 90 93 95 98
77: 79 82 84 86 89 91 93 95 98
78: 80 82 85 87 89 91 93 96 98
79: 81 83 85 87 90 92 94 96 98
80: 82 84 86 88 90 92 94 96 98
81: 83 85 87 89 91 92 94 96 98
82: 84 86 87 89 91 93 95 96 98
83: 85 86 88 90 92 93 95 97 98
84: 86 87 89 90 92 94 95 97 98
85: 87 88 90 91 93 94 96 97 99
86: 87 89 90 92 93 94 96 97 99
87: 88 90 91 92 94 95 96 97 99
88: 89 90 92 93 94 95 96 98 99
89: 90 91 92 93 95 96 97 98 99
90: 91 92 93 94 95 96 97 98 99
91: 92 93 94 95 96 96 97 98 99
92: 93 94 94 95 96 97 98 98 99
93: 94 94 95 96 97 97 98 99 99
94: 95 95 96 96 97 98 98 99 99
`;

function parseTable(): { row: number; column: number; value: number }[] {
  return TABLE_I.trim()
    .split('\n')
    .flatMap((line) => {
      const [head, cells] = line.split(':');
      return (cells ?? '')
        .trim()
        .split(/\s+/)
        .map((cell, index) => ({
          row: Number(head),
          column: (index + 1) * 10,
          value: Number(cell),
        }));
    });
}

/** A small deterministic generator (no test flakiness, no extra dependency). */
function seeded(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % max;
  };
}

function assertStepsAddUp(result: CombinedRatingResult) {
  let previous: number | undefined;
  for (const step of result.steps) {
    if (step.kind === 'start') {
      expect(step.value).toBe(step.percent);
      expect(step.remaining_efficiency).toBe(100 - step.value);
    } else if (step.kind === 'combine') {
      expect(step.previous_value).toBe(previous);
      expect(step.efficiency_before).toBe(100 - step.previous_value);
      expect(step.added).toBeCloseTo((step.percent * step.efficiency_before) / 100, 10);
      expect(step.exact).toBeCloseTo(step.previous_value + step.added, 10);
      expect(step.value).toBe(Math.floor(step.exact + 0.5 + 1e-9));
      expect(step.remaining_efficiency).toBe(100 - step.value);
    } else if (step.kind === 'bilateral_factor') {
      expect(step.previous_value).toBe(previous);
      expect(step.factor).toBeCloseTo(step.previous_value / 10, 10);
      expect(step.value).toBe(Math.min(100, Math.floor(step.exact + 0.5 + 1e-9)));
    } else {
      expect(step.exact).toBe(previous);
      expect(step.exact).toBe(result.combined_exact);
      expect(step.value).toBe(result.combined);
    }
    expect(step.description.length).toBeGreaterThan(10);
    previous = step.value;
  }
}

describe('[DOMAIN][COMBINED-RATING]: 38 CFR 4.25', () => {
  it('[DOMAIN]: matches every VA.gov test vector', () => {
    for (const vector of VA_GOV_VECTORS) {
      const result = combine(...vector.ratings);
      expect(
        { exact: result.combined_exact, rounded: result.combined },
        vector.ratings.join(','),
      ).toEqual(vector.combinedRating);
      expect(result.bilateral_applied).toBe(false);
      assertStepsAddUp(result);
    }
  });

  it('[DOMAIN]: matches every cell of Table I (85 rows × 9 columns), in either order', () => {
    const cells = parseTable();
    expect(cells).toHaveLength(85 * 9);
    for (const { row, column, value } of cells) {
      expect(combineTwo(Math.max(row, column), Math.min(row, column)), `${row} × ${column}`).toBe(
        value,
      );
      expect(combine(row, column).combined_exact, `${row} × ${column}`).toBe(value);
      expect(combine(column, row).combined_exact, `${column} × ${row}`).toBe(value);
    }
  });

  it('[DOMAIN]: follows the worked examples of 4.25', () => {
    expect(combine(60, 30).combined_exact).toBe(72);
    expect(combine(50, 30)).toMatchObject({ combined_exact: 65, combined: 70 });
    expect(combine(40, 20)).toMatchObject({ combined_exact: 52, combined: 50 });
    const three = combine(20, 60, 40);
    expect(three).toMatchObject({ combined_exact: 81, combined: 80 });
    expect(three.steps.map((s) => s.value)).toEqual([60, 76, 81, 80]);
  });

  it('[DOMAIN]: rounds each step to a whole number before the next (not only at the end)', () => {
    // 10 × 10: exact product is 65.13…, and carried values give 65; ten 10s are VA.gov's vector.
    const result = combine(...Array<number>(10).fill(10));
    expect(result.steps.filter((s) => s.kind === 'combine').map((s) => s.value)).toEqual([
      19, 27, 34, 41, 47, 52, 57, 61, 65,
    ]);
  });

  it('[DOMAIN]: lists every step a veteran can follow', () => {
    const result = combine(20, 50, 30);
    expect(result.steps).toEqual([
      {
        kind: 'start',
        group: 'main',
        percent: 50,
        is_bilateral_value: false,
        value: 50,
        remaining_efficiency: 50,
        description: expect.stringContaining('50 %'),
      },
      {
        kind: 'combine',
        group: 'main',
        percent: 30,
        is_bilateral_value: false,
        previous_value: 50,
        efficiency_before: 50,
        added: 15,
        exact: 65,
        value: 65,
        remaining_efficiency: 35,
        description: expect.stringContaining('30 % of the remaining 50 % efficiency is 15'),
      },
      {
        kind: 'combine',
        group: 'main',
        percent: 20,
        is_bilateral_value: false,
        previous_value: 65,
        efficiency_before: 35,
        added: 7,
        exact: 72,
        value: 72,
        remaining_efficiency: 28,
        description: expect.any(String),
      },
      {
        kind: 'final_rounding',
        group: 'main',
        exact: 72,
        value: 70,
        description: 'Round 72 % to the nearest 10 (5 rounds up): the combined rating is 70 %.',
      },
    ]);
    expect(combine(40, 30).steps[1]?.description).toBe(
      'Combine 30 % with 40 %: 30 % of the remaining 60 % efficiency is 18, so 40 + 18 = 58 %. 42 % efficiency remains.',
    );
    expect(combine(50, 30, 10).steps[2]?.description).toBe(
      'Combine 10 % with 65 %: 10 % of the remaining 35 % efficiency is 3.5, so 65 + 3.5 = 68.5, rounded to 69 %. 31 % efficiency remains.',
    );
  });

  it('[DOMAIN]: handles empty input, one rating, 0 % and 100 %', () => {
    expect(calculateCombinedRating({ ratings: [] })).toEqual({
      combined_exact: 0,
      combined: 0,
      bilateral_applied: false,
      steps: [],
    });
    expect(combine(30)).toMatchObject({ combined_exact: 30, combined: 30 });
    expect(combine(30).steps.map((s) => s.kind)).toEqual(['start', 'final_rounding']);
    expect(combine(0)).toMatchObject({ combined_exact: 0, combined: 0 });
    expect(combine(0, 0, 0)).toMatchObject({ combined_exact: 0, combined: 0 });
    expect(combine(0, 40, 0)).toMatchObject({ combined_exact: 40, combined: 40 });
    expect(combine(100)).toMatchObject({ combined_exact: 100, combined: 100 });
    expect(combine(10, 100, 50)).toMatchObject({ combined_exact: 100, combined: 100 });
    expect(combine(94, 90)).toMatchObject({ combined_exact: 99, combined: 100 });
  });

  it('[DOMAIN]: the final value goes to the nearest 10, 5 going up', () => {
    expect([0, 4, 5, 14, 15, 44, 45, 94, 95, 100].map(roundToNearestTen)).toEqual([
      0, 0, 10, 10, 20, 40, 50, 90, 100, 100,
    ]);
    expect(combine(30, 50)).toMatchObject({ combined_exact: 65, combined: 70 });
    expect(combine(30, 20)).toMatchObject({ combined_exact: 44, combined: 40 });
  });

  it('[DOMAIN]: the order of the input does not matter', () => {
    const next = seeded(42);
    for (let run = 0; run < 300; run++) {
      const ratings = Array.from({ length: 1 + next(8) }, () => next(11) * 10);
      const reversed = [...ratings].reverse();
      expect(combine(...reversed)).toEqual(combine(...ratings));
    }
  });

  it('[DOMAIN]: refuses percentages that are not whole numbers from 0 to 100', () => {
    expect(() => combine(110)).toThrow(RangeError);
    expect(() => combine(-10)).toThrow(RangeError);
    expect(() => combine(12.5)).toThrow(RangeError);
    expect(() => combine(Number.NaN)).toThrow(RangeError);
  });
});

describe('[DOMAIN][COMBINED-RATING]: 38 CFR 4.26 bilateral factor', () => {
  const rate = (...ratings: RatingEntry[]) => calculateCombinedRating({ ratings });

  it('[DOMAIN]: reproduces the example of 4.26 (60, 20 and a bilateral 10 + 10 → 70)', () => {
    const result = rate(
      { percent: 60 },
      { percent: 20 },
      { percent: 10, limb: 'left-leg' },
      { percent: 10, limb: 'right-leg' },
    );
    expect(result).toMatchObject({ combined_exact: 74, combined: 70, bilateral_applied: true });
    expect(result.steps.map((s) => [s.kind, s.group, s.value])).toEqual([
      ['start', 'bilateral', 10],
      ['combine', 'bilateral', 19],
      ['bilateral_factor', 'bilateral', 21],
      ['start', 'main', 60],
      ['combine', 'main', 68],
      ['combine', 'main', 74],
      ['final_rounding', 'main', 70],
    ]);
    expect(result.steps[2]).toMatchObject({
      previous_value: 19,
      factor: 1.9,
      exact: 20.9,
      value: 21,
    });
    expect(result.steps[4]).toMatchObject({ percent: 21, is_bilateral_value: true });
    assertStepsAddUp(result);
    // Without limbs the path differs (60, 68, 71, 74) though it lands on the same value here.
    expect(combine(60, 20, 10, 10).steps.map((s) => s.value)).toEqual([60, 68, 71, 74, 70]);
  });

  it('[DOMAIN]: the bilateral value takes its place by severity among the other ratings', () => {
    const result = rate(
      { percent: 10 },
      { percent: 40, limb: 'left-arm' },
      { percent: 30, limb: 'right-arm' },
    );
    // 40 + 30 → 58; + 5.8 → 63.8 → 64; then 64 with 10 → 67.6 → 68 → 70.
    expect(result).toMatchObject({ combined_exact: 68, combined: 70, bilateral_applied: true });
    const main = result.steps
      .filter((s) => s.kind === 'start' || s.kind === 'combine')
      .filter((s) => s.group === 'main');
    expect(main.map((s) => [s.percent, s.is_bilateral_value])).toEqual([
      [64, true],
      [10, false],
    ]);
  });

  it('[DOMAIN]: a bilateral value can move a rating up a band', () => {
    // Both legs: 50 + 30 → 65; + 6.5 → 71.5 → 72; with the 10: 74.8 → 75 → 80. Without limbs: 65, 69 → 70.
    expect(
      rate({ percent: 50, limb: 'left-leg' }, { percent: 30, limb: 'right-leg' }, { percent: 10 })
        .combined,
    ).toBe(80);
    expect(combine(50, 30, 10).combined).toBe(70);
  });

  it('[DOMAIN]: needs a compensable rating on each side of a pair', () => {
    expect(
      rate({ percent: 20, limb: 'left-leg' }, { percent: 10, limb: 'left-leg' }).bilateral_applied,
    ).toBe(false);
    expect(
      rate({ percent: 20, limb: 'left-leg' }, { percent: 0, limb: 'right-leg' }).bilateral_applied,
    ).toBe(false);
    expect(
      rate({ percent: 20, limb: 'left-leg' }, { percent: 10, limb: 'right-arm' }).bilateral_applied,
    ).toBe(false);
    expect(
      rate({ percent: 20, limb: 'left-arm' }, { percent: 10, limb: 'right-leg' }),
    ).toMatchObject({ combined_exact: 28, bilateral_applied: false });
  });

  it('[DOMAIN]: every rating of a paired limb joins the bilateral group; an unpaired arm does not', () => {
    const result = rate(
      { percent: 20, limb: 'left-leg' },
      { percent: 10, limb: 'left-leg' },
      { percent: 10, limb: 'right-leg' },
      { percent: 30, limb: 'left-arm' },
    );
    const bilateral = result.steps.filter((s) => s.group === 'bilateral');
    // 20, 10, 10 → 28 → 35.2 → 35; + 3.5 → 38.5 → 39; then 39 with 30 → 57.3 → 57 → 60.
    expect(bilateral.map((s) => s.value)).toEqual([20, 28, 35, 39]);
    expect(result).toMatchObject({ combined_exact: 57, combined: 60, bilateral_applied: true });
  });

  it('[DOMAIN]: with both arms and both legs, the four extremities are combined together and the factor applied once', () => {
    const result = rate(
      { percent: 10, limb: 'left-arm' },
      { percent: 10, limb: 'right-arm' },
      { percent: 20, limb: 'left-leg' },
      { percent: 10, limb: 'right-leg' },
    );
    // 20, 10, 10, 10 → 28, 35, 42 (41.5 → 42); + 4.2 → 46.2 → 46 → 50.
    expect(result.steps.filter((s) => s.kind === 'bilateral_factor')).toHaveLength(1);
    expect(result.steps.map((s) => s.value)).toEqual([20, 28, 35, 42, 46, 46, 50]);
    expect(result).toMatchObject({ combined_exact: 46, combined: 50, bilateral_applied: true });
  });

  it('[DOMAIN]: a 0 % on a paired limb is carried without effect', () => {
    const result = rate(
      { percent: 10, limb: 'left-leg' },
      { percent: 0, limb: 'left-leg' },
      { percent: 10, limb: 'right-leg' },
    );
    expect(result).toMatchObject({ combined_exact: 21, combined: 20, bilateral_applied: true });
  });

  it('[DOMAIN]: the bilateral value never exceeds 100', () => {
    const result = rate({ percent: 90, limb: 'left-leg' }, { percent: 90, limb: 'right-leg' });
    expect(result.steps.find((s) => s.kind === 'bilateral_factor')).toMatchObject({
      previous_value: 99,
      exact: 108.9,
      value: 100,
    });
    expect(result).toMatchObject({ combined_exact: 100, combined: 100 });
  });

  it('[DOMAIN]: random inputs always give steps that add up', () => {
    const next = seeded(7);
    const limbs = [undefined, undefined, 'left-leg', 'right-leg', 'left-arm', 'right-arm'] as const;
    for (let run = 0; run < 500; run++) {
      const ratings: CombinedRatingInput['ratings'] = Array.from({ length: next(12) }, () => {
        const limb = limbs[next(limbs.length)];
        return limb ? { percent: next(11) * 10, limb } : { percent: next(11) * 10 };
      });
      const result = calculateCombinedRating({ ratings });
      assertStepsAddUp(result);
      expect(result.combined % 10).toBe(0);
      expect(result.combined).toBeGreaterThanOrEqual(
        combine(...ratings.map((r) => r.percent)).combined,
      );
    }
  });
});
