import { z } from 'zod';

export const PLAN_IDS = ['FREE', 'PRO_MONTHLY', 'PRO_BIANNUALLY', 'LIFETIME'] as const;
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;

export type PlanDisplay = {
  id: PlanId;
  name: string;
  /** Price shown on the site and plan selection, in US dollars; checkout charges the Stripe price. */
  priceUsd: number;
  /** How the price recurs, as shown next to it. */
  interval: 'forever' | 'month' | '6 months' | 'once';
  summary: string;
  highlights: string[];
};

/** Months one payment of a plan covers; null for plans that do not recur. */
export const MONTHS_PER_INTERVAL: Readonly<Record<PlanDisplay['interval'], number | null>> = {
  forever: null,
  month: 1,
  '6 months': 6,
  once: null,
};

const toCents = (usd: number) => Math.round(usd * 100);

/**
 * What a plan billed over several months saves against paying the monthly price for as long, in
 * cents; null when it covers one month or fewer, does not recur, or saves nothing.
 */
export function savingOverMonthlyCents(
  plan: Pick<PlanDisplay, 'priceUsd' | 'interval'>,
  monthlyPriceUsd: number,
): number | null {
  const months = MONTHS_PER_INTERVAL[plan.interval];
  if (months === null || months <= 1) return null;
  const saving = toCents(monthlyPriceUsd) * months - toCents(plan.priceUsd);
  return saving > 0 ? saving : null;
}

/** `2995` → `$29.95`. */
function formatCents(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const PRO_MONTHLY_USD = 29.99;
const PRO_SIX_MONTHS_USD = 149.99;
const PRO_SIX_MONTHS_SAVING = savingOverMonthlyCents(
  { priceUsd: PRO_SIX_MONTHS_USD, interval: '6 months' },
  PRO_MONTHLY_USD,
);

/**
 * How each plan is presented. The amounts charged live in the payment provider (price ids come from
 * configuration); these display amounts must match them. Monthly limits per plan live in the quotas
 * module (accounts issue).
 */
export const PLANS: readonly PlanDisplay[] = [
  {
    id: 'FREE',
    name: 'Free',
    priceUsd: 0,
    interval: 'forever',
    summary: 'Start your claim and see where you stand.',
    highlights: [
      'Record disabilities and symptoms',
      'Combined rating and compensation calculator',
      'Document vault',
      'Limited AI assistance each month',
    ],
  },
  {
    id: 'PRO_MONTHLY',
    name: 'Pro Monthly',
    priceUsd: PRO_MONTHLY_USD,
    interval: 'month',
    summary: 'Everything you need while you build your claim.',
    highlights: [
      'Personal statements from the guided wizard',
      'Decision letter explanations with deadlines',
      'Nexus letter drafts and buddy statements',
      'More AI assistance each month',
    ],
  },
  {
    id: 'PRO_BIANNUALLY',
    name: 'Pro 6 Months',
    priceUsd: PRO_SIX_MONTHS_USD,
    interval: '6 months',
    summary: 'Pro for the length of a typical claim, at a lower price.',
    // The saving is worked out from the two prices, so the words cannot disagree with them.
    highlights: [
      'Everything in Pro Monthly',
      ...(PRO_SIX_MONTHS_SAVING === null
        ? []
        : [`Save ${formatCents(PRO_SIX_MONTHS_SAVING)} compared with 6 months of Pro Monthly`]),
    ],
  },
  {
    id: 'LIFETIME',
    name: 'Lifetime',
    priceUsd: 299.99,
    interval: 'once',
    summary: 'Pay once; use Muster for every claim and appeal.',
    highlights: ['Everything in Pro', 'No renewals, ever', 'Supports development by veterans'],
  },
] as const;
