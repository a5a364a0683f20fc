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
    priceUsd: 29.99,
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
    priceUsd: 149.99,
    interval: '6 months',
    summary: 'Pro for the length of a typical claim, at a lower price.',
    highlights: ['Everything in Pro Monthly', 'Six months for the price of five'],
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
