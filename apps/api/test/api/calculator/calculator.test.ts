import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  combinedRatingResultSchema,
  compensationResultSchema,
  type CombinedRatingInput,
  type CompensationInput,
} from '@muster/contract/calculator';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { CALCULATOR_RATE_LIMIT } from '#src/modules/calculator/calculator.routes.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * The public calculators over HTTP. Each route allows 60 requests a minute per client, so the
 * shared app stays below that per route; the limit itself has its own app.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object });
const combined = (input: unknown) => post('/calculator/combined-rating', input);
const compensation = (input: unknown) => post('/calculator/compensation', input);
const ratings = (...percents: number[]): CombinedRatingInput => ({
  ratings: percents.map((percent) => ({ percent })),
});

async function expectInvalid(response: Awaited<ReturnType<typeof post>>, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorEnvelopeSchema.strict().parse(response.json());
  expect(body).toMatchObject({
    code: ERR.INVALID_INPUT,
    message: 'Invalid input provided',
    validation: true,
  });
  expect(Object.keys(body.fields ?? {})).toContain(field);
  return body;
}

describe('[CALCULATOR]: POST /calculator/combined-rating', () => {
  it('[CALCULATOR]: combines ratings with every step, without signing in', async () => {
    const response = await combined(ratings(20, 50, 30));
    expect(response.statusCode).toBe(200);
    const body = combinedRatingResultSchema.parse(response.json());
    expect(body).toMatchObject({ combined_exact: 72, combined: 70, bilateral_applied: false });
    expect(body.steps.map((s) => [s.kind, s.value])).toEqual([
      ['start', 50],
      ['combine', 65],
      ['combine', 72],
      ['final_rounding', 70],
    ]);
  });

  it("[CALCULATOR]: matches VA.gov's test vectors (those with VA's 10 % steps)", async () => {
    // vets-website disability-rating-calculator tests/utils/inputs.json; [80,20,64] and
    // [20,39,30,10] are not VA ratings (64, 39) and are refused by the contract (next test).
    const vectors: [number[], number, number][] = [
      [[10, 20, 30], 50, 50],
      [[20, 20], 36, 40],
      [[20, 20, 10], 42, 40],
      [[10, 10, 10, 10, 10, 10, 10, 10, 10, 10], 65, 70],
      [[90, 90], 99, 100],
      [[80, 10, 40], 89, 90],
    ];
    for (const [percents, exact, rounded] of vectors) {
      const response = await combined(ratings(...percents));
      expect(response.statusCode).toBe(200);
      expect(response.json(), percents.join(',')).toMatchObject({
        combined_exact: exact,
        combined: rounded,
      });
    }
  });

  it('[CALCULATOR]: refuses percentages that are not in steps of 10', async () => {
    await expectInvalid(await combined(ratings(80, 20, 64)), 'ratings.2.percent');
    await expectInvalid(await combined(ratings(20, 39, 30, 10)), 'ratings.1.percent');
  });

  it('[CALCULATOR]: applies the bilateral factor (38 CFR 4.26 example: 60, 20, 10 + 10 → 70)', async () => {
    const response = await combined({
      ratings: [
        { percent: 60 },
        { percent: 20 },
        { percent: 10, limb: 'left-leg' },
        { percent: 10, limb: 'right-leg' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = combinedRatingResultSchema.parse(response.json());
    expect(body).toMatchObject({ combined_exact: 74, combined: 70, bilateral_applied: true });
    expect(body.steps.find((s) => s.kind === 'bilateral_factor')).toMatchObject({
      previous_value: 19,
      factor: 1.9,
      exact: 20.9,
      value: 21,
    });
  });

  it('[CALCULATOR]: no ratings combine to 0', async () => {
    const response = await combined({ ratings: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      combined_exact: 0,
      combined: 0,
      bilateral_applied: false,
      steps: [],
    });
  });

  it('[CALCULATOR]: bad input answers 400 / 2001 with fields', async () => {
    await expectInvalid(await combined({}), 'ratings');
    await expectInvalid(await combined(ratings(105)), 'ratings.0.percent');
    await expectInvalid(await combined({ ratings: [{ percent: '30' }] }), 'ratings.0.percent');
    await expectInvalid(
      await combined({ ratings: [{ percent: 30, limb: 'left-foot' }] }),
      'ratings.0.limb',
    );
    await expectInvalid(await combined(ratings(...Array<number>(61).fill(10))), 'ratings');
    const notJson = await app.inject({
      method: 'POST',
      url: '/calculator/combined-rating',
      headers: { 'content-type': 'application/json' },
      payload: '{"ratings": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(notJson.json())).toMatchObject({ code: ERR.INVALID_INPUT });
  });
});

describe('[CALCULATOR]: POST /calculator/compensation', () => {
  it('[CALCULATOR]: the table effective 2024-12-01 comes out exactly as VA publishes it', async () => {
    const spec: [number, number, number][] = [
      [10, 175.51, 175.51],
      [20, 346.95, 346.95],
      [30, 601.42, 537.42],
      [40, 859.16, 774.16],
      [50, 1208.04, 1102.04],
      [60, 1523.93, 1395.93],
      [70, 1908.19, 1759.19],
      [80, 2214.89, 2044.89],
      [90, 2489.96, 2297.96],
      [100, 4044.91, 3831.3],
    ];
    for (const [rating, married, single] of spec) {
      for (const [spouse, expected] of [
        [true, married],
        [false, single],
      ] as const) {
        const response = await compensation({
          rating,
          date: '2024-12-01',
          spouse,
        } satisfies CompensationInput);
        expect(response.statusCode).toBe(200);
        const body = compensationResultSchema.parse(response.json());
        expect(body, `${rating} % spouse=${spouse}`).toMatchObject({
          rating,
          monthly: expected,
          year: 2025,
          effective_date: '2024-12-01',
        });
      }
    }
  });

  it('[CALCULATOR]: itemises the basic rate and each added amount', async () => {
    const response = await compensation({
      rating: 100,
      date: '2025-03-10',
      spouse: true,
      spouse_aid_attendance: true,
      children_under_18: 2,
      school_children: 1,
      parents: 1,
    } satisfies CompensationInput);
    expect(response.statusCode).toBe(200);
    const body = compensationResultSchema.parse(response.json());
    expect(body.breakdown.map((line) => [line.kind, line.count, line.amount])).toEqual([
      ['basic', 1, 4372.79],
      ['additional_child_under_18', 1, 106.14],
      ['school_child', 1, 342.85],
      ['spouse_aid_attendance', 1, 195.92],
    ]);
    expect(body.monthly).toBe(5017.7);
    expect(body.notes).toEqual([]);
  });

  it('[CALCULATOR]: picks the table in effect on the date; today without one', async () => {
    const before = await compensation({ rating: 10, date: '2024-11-30' });
    expect(before.json()).toMatchObject({
      monthly: 171.23,
      year: 2024,
      effective_date: '2023-12-01',
    });
    const newest = await compensation({ rating: 10, date: '2025-12-01' });
    expect(newest.json()).toMatchObject({
      monthly: 180.42,
      year: 2026,
      effective_date: '2025-12-01',
    });
    const today = await compensation({ rating: 10 });
    expect(today.statusCode).toBe(200);
    const body = compensationResultSchema.parse(today.json());
    expect(body.effective_date <= new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('[CALCULATOR]: dates outside the tables answer 400 / 2001 with a clear detail', async () => {
    const early = await expectInvalid(
      await compensation({ rating: 30, date: '2020-06-01' }),
      'date',
    );
    expect(early.detail).toBe(
      'No compensation rates are available for 2020-06-01: the earliest table here took effect on 2023-12-01',
    );
    const late = await expectInvalid(
      await compensation({ rating: 30, date: '2031-01-01' }),
      'date',
    );
    expect(late.detail).toContain(
      'the latest table here took effect on 2025-12-01 and applies through 2026-11-30',
    );
  });

  it('[CALCULATOR]: bad input answers 400 / 2001 with fields', async () => {
    await expectInvalid(await compensation({}), 'rating');
    await expectInvalid(await compensation({ rating: 35 }), 'rating');
    await expectInvalid(
      await compensation({ rating: 30, spouse_aid_attendance: true }),
      'spouse_aid_attendance',
    );
    await expectInvalid(
      await compensation({ rating: 30, spouse: false, spouse_aid_attendance: true }),
      'spouse_aid_attendance',
    );
    await expectInvalid(await compensation({ rating: 30, date: '2024-13-01' }), 'date');
    await expectInvalid(await compensation({ rating: 30, date: '12/01/2024' }), 'date');
    await expectInvalid(await compensation({ rating: 30, parents: 3 }), 'parents');
    await expectInvalid(
      await compensation({ rating: 30, children_under_18: -1 }),
      'children_under_18',
    );
    await expectInvalid(await compensation({ rating: 30, school_children: 21 }), 'school_children');
  });
});

describe('[CALCULATOR]: public, documented and rate-limited', () => {
  it('[CALCULATOR]: both routes are in the OpenAPI document under the calculator tag', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    const document = response.json<{ paths: Record<string, { post?: { tags?: string[] } }> }>();
    expect(document.paths['/calculator/combined-rating']?.post?.tags).toEqual(['calculator']);
    expect(document.paths['/calculator/compensation']?.post?.tags).toEqual(['calculator']);
  });

  it('[CALCULATOR]: each route allows 60 requests a minute, then 429 / 3004', async () => {
    const limited = await buildTestApp();
    try {
      const send = (url: string, payload: object) =>
        limited.inject({ method: 'POST', url, payload });
      for (let i = 0; i < CALCULATOR_RATE_LIMIT.max; i++) {
        expect((await send('/calculator/combined-rating', ratings(30))).statusCode).toBe(200);
      }
      const over = await send('/calculator/combined-rating', ratings(30));
      expect(over.statusCode).toBe(429);
      expect(errorEnvelopeSchema.parse(over.json())).toMatchObject({ code: ERR.RATE_LIMITED });
      // The other calculator keeps its own allowance.
      expect(
        (await send('/calculator/compensation', { rating: 30, date: '2024-12-01' })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
