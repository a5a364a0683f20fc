/// <reference types="vite/client" />
import { letterDecisionSchema, nextLevelSchema } from '@muster/contract/decision-letters';
import { describe, expect, it } from 'vitest';
import type { Part4StatusFile } from '../part4-status-import.ts';
import statusFile from '../part4-status.json' with { type: 'json' };
import { nextLevelFor, type NextLevelDecision } from './next-level.ts';

/** The sample letters' readings (fixtures/README.md), read by the test bundler. */
const EXPECTED_FILES: Record<string, string> = import.meta.glob('./fixtures/*.expected.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const rated = (
  diagnostic_code: string | null,
  percent: number | null,
  condition = 'a condition',
): NextLevelDecision => ({ condition, outcome: 'granted', percent, diagnostic_code });

const sectionStatus = (section: string) =>
  (statusFile as Part4StatusFile).sections.find((entry) => entry.section === section);

describe('[DOMAIN][DECISION LETTERS]: the next higher rating level', () => {
  it('[DOMAIN]: PTSD at 30 goes to the 50 percent words of the mental disorders formula', () => {
    const next = nextLevelFor(rated('9411', 30, 'post traumatic stress disorder'));
    expect(next).toEqual({
      percent: 50,
      criteria: expect.stringMatching(
        /^Occupational and social impairment with reduced reliability and productivity due to such symptoms as: flattened affect;.*difficulty in establishing and maintaining effective work and social relationships\.$/,
      ) as string,
      citation: '38 CFR 4.130, DC 9411',
      amended_on: null,
    });
    expect(nextLevelFor(rated('9411', 70))?.percent).toBe(100);
    expect(nextLevelFor(rated('9411', 100))).toBeNull();
  });

  it('[DOMAIN]: the top level of a code has no next level (tinnitus at 10)', () => {
    expect(nextLevelFor(rated('6260', 10, 'tinnitus'))).toBeNull();
    expect(nextLevelFor(rated('6260', 0, 'tinnitus'))).toMatchObject({
      percent: 10,
      criteria: 'Tinnitus, recurrent',
    });
  });

  it('[DOMAIN]: knee flexion at 0 goes to 10, dated by the amendment of § 4.71a', () => {
    const amended = sectionStatus('4.71a');
    expect(amended?.status).toBe('changed');
    expect(nextLevelFor(rated('5260', 0, 'left knee strain'))).toEqual({
      percent: 10,
      criteria: 'Flexion limited to 45°',
      citation: '38 CFR 4.71a, DC 5260',
      amended_on: amended?.changed_on,
    });
    expect(amended?.changed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('[DOMAIN]: migraine at 30 goes to 50, from a section not marked amended', () => {
    expect(sectionStatus('4.124a')?.status).not.toBe('changed');
    expect(nextLevelFor(rated('8100', 30, 'migraine headaches'))).toEqual({
      percent: 50,
      criteria:
        'With very frequent completely prostrating and prolonged attacks productive of severe economic inadaptability',
      citation: '38 CFR 4.124a, DC 8100',
      amended_on: null,
    });
    expect(nextLevelFor(rated('8100', 50))).toBeNull();
  });

  it('[DOMAIN]: diabetes at 20 goes to 40; hearing loss (a grid of Roman numerals) has none', () => {
    expect(nextLevelFor(rated('7913', 20, 'diabetes mellitus type ii'))).toMatchObject({
      percent: 40,
      criteria:
        'Requiring one or more daily injection of insulin, restricted diet, and regulation of activities',
      citation: '38 CFR 4.119, DC 7913',
    });
    expect(nextLevelFor(rated('6100', 0, 'bilateral hearing loss'))).toBeNull();
  });

  it('[DOMAIN]: of a hyphenated code the one after the hyphen is rated', () => {
    expect(nextLevelFor(rated('5299-5260', 10))).toMatchObject({
      percent: 20,
      criteria: 'Flexion limited to 30°',
      citation: '38 CFR 4.71a, DC 5260',
    });
    expect(nextLevelFor(rated('DC 5010-5261', 10))?.citation).toBe('38 CFR 4.71a, DC 5261');
  });

  it('[DOMAIN]: an unknown code has none, even when the condition names a known one', () => {
    expect(nextLevelFor(rated('1234', 10, 'migraine headaches'))).toBeNull();
    expect(nextLevelFor(rated('9999', 0))).toBeNull();
  });

  it('[DOMAIN]: only a rating held has a next level', () => {
    for (const outcome of ['denied', 'deferred', 'severed'] as const)
      expect(nextLevelFor({ ...rated('8100', 30), outcome })).toBeNull();
    for (const outcome of ['granted', 'increased', 'decreased', 'continued'] as const)
      expect(nextLevelFor({ ...rated('8100', 30), outcome })?.percent).toBe(50);
    expect(nextLevelFor(rated('8100', null))).toBeNull();
  });

  it('[DOMAIN]: without a code, an unambiguous condition name finds it in the catalogue', () => {
    expect(nextLevelFor(rated(null, 50, 'post traumatic stress disorder'))).toMatchObject({
      percent: 70,
      citation: '38 CFR 4.130, DC 9411',
    });
    expect(nextLevelFor(rated(null, 30, 'Migraine headaches'))?.citation).toBe(
      '38 CFR 4.124a, DC 8100',
    );
    expect(nextLevelFor(rated(null, 20, 'diabetes mellitus, type II'))?.percent).toBe(40);
    expect(nextLevelFor(rated('', 10, 'PTSD'))?.percent).toBe(30);
    // The catalogue's knee strain has no code; "headaches of some kind" is no name of it.
    expect(nextLevelFor(rated(null, 10, 'left knee strain'))).toBeNull();
    expect(nextLevelFor(rated(null, 10, 'headaches of some kind'))).toBeNull();
  });

  it('[DOMAIN]: the spine formula counts only the segment the condition names', () => {
    const back = nextLevelFor(rated('5237', 20, 'lumbosacral strain'));
    expect(back).toMatchObject({ percent: 40, citation: '38 CFR 4.71a, DC 5237' });
    expect(back?.criteria).toBe(
      'Forward flexion of the thoracolumbar spine 30 degrees or less; or, favorable ankylosis of the entire thoracolumbar spine',
    );
    expect(nextLevelFor(rated('5237', 20, 'cervical strain'))).toMatchObject({
      percent: 30,
      criteria:
        'Forward flexion of the cervical spine 15 degrees or less; or, favorable ankylosis of the entire cervical spine',
    });
    // Naming neither, every level counts.
    expect(nextLevelFor(rated('5237', 20, 'spine condition'))?.percent).toBe(30);
  });

  it('[DOMAIN]: rows for one side or both follow the side the condition names', () => {
    expect(nextLevelFor(rated('5276', 10, 'bilateral pes planus'))).toMatchObject({
      percent: 30,
      criteria: expect.stringMatching(
        /^Severe; objective evidence .*callosities: Bilateral$/,
      ) as string,
    });
    expect(nextLevelFor(rated('5276', 10, 'left flatfoot'))).toMatchObject({
      percent: 20,
      criteria: expect.stringMatching(/: Unilateral$/) as string,
    });
  });

  it('[DOMAIN]: rows led by a heading carry it', () => {
    expect(nextLevelFor(rated('8520', 10, 'sciatic nerve'))?.criteria).toBe('Incomplete: Moderate');
    expect(nextLevelFor(rated('5257', 20))?.criteria).toBe(
      'Recurrent subluxation or lateral instability: Severe',
    );
  });

  it('[DOMAIN]: columns by side: given when they agree, none when the side would decide', () => {
    expect(nextLevelFor(rated('5201', 20))).toMatchObject({
      percent: 30,
      criteria: 'Midway between side and shoulder level (major); To 25° from side (minor)',
    });
    // 30 is the dominant arm's "moderately severe" (next 40) and the other's top.
    expect(nextLevelFor(rated('5301', 30))).toBeNull();
    // 20 is a level of the nondominant arm only.
    expect(nextLevelFor(rated('5301', 20))).toMatchObject({ percent: 30, criteria: 'Severe' });
  });

  it('[DOMAIN]: a code rated as one other code is followed to it, once', () => {
    // "Rate under diagnostic code 7346".
    expect(nextLevelFor(rated('5324', 10))).toMatchObject({
      percent: 30,
      citation: '38 CFR 4.114, DC 7346',
    });
    // "Rate as for irritable colon syndrome".
    expect(nextLevelFor(rated('7325', 10))).toMatchObject({
      percent: 30,
      citation: '38 CFR 4.114, DC 7319',
    });
    // "Rate as voiding dysfunction or urinary tract infection, whichever is predominant".
    expect(nextLevelFor(rated('7527', 10))).toBeNull();
  });

  it('[DOMAIN]: long criteria are cut at a sentence end', () => {
    const next = nextLevelFor(rated('5243', 0));
    expect(next?.percent).toBe(10);
    expect(next?.criteria.length).toBeLessThanOrEqual(720);
    expect(next?.criteria).toMatch(/[a-z]…$/);
  });

  it('[DOMAIN]: every decision of the sample letters gets a level of the contract, or none', () => {
    const files = Object.values(EXPECTED_FILES);
    expect(files.length).toBeGreaterThan(0);
    let found = 0;
    for (const text of files) {
      const letter = JSON.parse(text) as { decisions: unknown[] };
      for (const raw of letter.decisions) {
        const decision = letterDecisionSchema
          .pick({
            condition: true,
            outcome: true,
            percent: true,
            diagnostic_code: true,
          })
          .parse(raw);
        const next = nextLevelFor(decision);
        if (next === null) continue;
        found += 1;
        expect(nextLevelSchema.parse(next)).toEqual(next);
        expect(next.percent).toBeGreaterThan(decision.percent ?? 100);
      }
    }
    expect(found).toBeGreaterThan(20);
  });

  it('[DOMAIN]: an answer changed by its caller does not change the next one', () => {
    const first = nextLevelFor(rated('8100', 30));
    if (first) first.percent = 0;
    expect(nextLevelFor(rated('8100', 30))?.percent).toBe(50);
  });
});
