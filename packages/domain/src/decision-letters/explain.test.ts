import { describe, expect, it } from 'vitest';
import { missingFor, reasonsFor, type DecisionFacts } from './explain.ts';

const base: DecisionFacts = {
  condition: 'tinnitus',
  outcome: 'granted',
  percent: 10,
  effective_date: '2023-07-05',
  secondary_to: null,
  presumptive: false,
  previous_percent: null,
  reason_keywords: [],
};

describe('[DOMAIN][DECISION LETTERS]: plain-words reasons', () => {
  it('[DOMAIN]: each outcome is told plainly, with the facts the letter gave', () => {
    expect(reasonsFor(base)).toEqual([
      'VA found that your tinnitus is connected to your service, and rated it at 10 percent from July 5, 2023.',
    ]);
    expect(reasonsFor({ ...base, percent: 0 })[1]).toMatch(/0 percent rating pays nothing/);
    expect(reasonsFor({ ...base, presumptive: true })[0]).toMatch(/presumptive basis/);
    expect(reasonsFor({ ...base, secondary_to: 'left knee strain' })[0]).toMatch(
      /made worse by your service-connected left knee strain/,
    );
    expect(
      reasonsFor({
        ...base,
        outcome: 'increased',
        condition: 'ptsd',
        percent: 70,
        previous_percent: 50,
      }),
    ).toEqual([
      'VA raised the rating of your ptsd from 50 percent to 70 percent from July 5, 2023.',
    ]);
    expect(reasonsFor({ ...base, outcome: 'deferred', percent: null })[0]).toMatch(/not decided/);
  });

  it('[DOMAIN]: what a denial lacked, once each, unknown words ignored', () => {
    const missing = missingFor({
      ...base,
      outcome: 'denied',
      reason_keywords: ['nexus', 'diagnosis', 'nexus', 'weather'],
    });
    expect(missing.map((m) => m.element)).toEqual(['nexus', 'diagnosis']);
    expect(missing[0]!.explanation).toMatch(/at least as likely as not/);
  });
});
