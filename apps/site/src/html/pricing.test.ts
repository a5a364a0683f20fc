import {
  MONTHS_PER_INTERVAL as CONTRACT_MONTHS,
  PLANS,
  type PlanDisplay,
} from '@muster/contract/plans';
import { QUOTAS } from '@muster/contract/quotas';
import { describe, expect, it } from 'vitest';

import {
  describeInterval,
  describeMonthlyEquivalent,
  formatUsd,
  renderPlanCard,
  renderPlanCards,
} from './pricing.ts';

const plan = (overrides: Partial<PlanDisplay>): PlanDisplay => ({
  id: 'PRO_MONTHLY',
  name: 'Pro Monthly',
  priceUsd: 29.99,
  interval: 'month',
  summary: 'Summary',
  highlights: ['One'],
  ...overrides,
});

describe('formatUsd', () => {
  it('shows cents only when there are some', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(25)).toBe('$25');
    expect(formatUsd(29.99)).toBe('$29.99');
    expect(formatUsd(25.5)).toBe('$25.50');
    expect(formatUsd(1299)).toBe('$1,299');
  });
});

describe('describeInterval', () => {
  it('spells out every interval in words', () => {
    expect(describeInterval('forever')).toBe('free forever');
    expect(describeInterval('month')).toBe('per month');
    expect(describeInterval('6 months')).toBe('every 6 months');
    expect(describeInterval('once')).toBe('one-time payment');
  });
});

describe('describeMonthlyEquivalent', () => {
  it('is shown only for plans billed over several months', () => {
    expect(describeMonthlyEquivalent(plan({ interval: '6 months', priceUsd: 149.99 }))).toBe(
      'About $25 a month',
    );
    expect(describeMonthlyEquivalent(plan({ interval: '6 months', priceUsd: 120.6 }))).toBe(
      'About $20.10 a month',
    );
    expect(describeMonthlyEquivalent(plan({ interval: 'month' }))).toBeNull();
    expect(describeMonthlyEquivalent(plan({ interval: 'once', priceUsd: 299.99 }))).toBeNull();
    expect(describeMonthlyEquivalent(plan({ interval: 'forever', priceUsd: 0 }))).toBeNull();
  });
});

describe('renderPlanCard', () => {
  it('escapes plan text', () => {
    const html = renderPlanCard(plan({ name: 'Pro <b>', highlights: ['A & B'] }), QUOTAS);
    expect(html).toContain('Pro &lt;b&gt;');
    expect(html).toContain('A &amp; B');
    expect(html).not.toContain('<b>');
  });
});

describe('renderPlanCards', () => {
  it('renders every plan with its price and a sign-up link on the app host', () => {
    const html = renderPlanCards(PLANS, QUOTAS);
    for (const { name, priceUsd, id } of PLANS) {
      expect(html).toContain(`>${name}</h2>`);
      expect(html).toContain(formatUsd(priceUsd));
      expect(html).toContain(`id="plan-${id.toLowerCase().replaceAll('_', '-')}"`);
    }
    expect(html.match(/href="__MUSTER_APP_URL__\/sign-up"/g)).toHaveLength(PLANS.length);
  });
});

describe('plan quotas on the pricing page', () => {
  it('lists each plan’s monthly limits from the enforced table', async () => {
    const { renderQuotaList } = await import('./pricing.ts');
    const { PLANS } = await import('@muster/contract/plans');
    const free = renderQuotaList(
      PLANS.find((p) => p.id === 'FREE')!,
      QUOTAS,
    );
    expect(free).toContain('1 decision letter explanation');
    expect(free).toContain('No nexus letter drafts');
    expect(free).toContain('500 MB document vault');
    const pro = renderQuotaList(
      PLANS.find((p) => p.id === 'PRO_MONTHLY')!,
      QUOTAS,
    );
    expect(pro).toContain('10 GB document vault');
    expect(pro).toContain('1,000 AI assistant messages');
  });
});

describe('[SITE][PRICING]: one table of months per interval', () => {
  it('[SITE][PRICING]: the build-time copy equals the contract', async () => {
    const { MONTHS_PER_INTERVAL } = await import('./pricing.ts');
    expect(MONTHS_PER_INTERVAL).toEqual(CONTRACT_MONTHS);
  });
});
