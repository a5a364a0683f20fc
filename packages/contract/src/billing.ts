import { z } from 'zod';
import { planIdSchema } from './plans.ts';
import { safeText } from './text.ts';
import { subscriptionStatusSchema } from './users.ts';

export const subscriptionSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    plan: planIdSchema,
    price_id: z.string(),
    status: subscriptionStatusSchema,
    current_period_end: z.iso.datetime().nullable(),
    cancel_at_period_end: z.boolean(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** What the app needs to show plans: whether billing is on and each plan's price id. */
export const billingConfigSchema = z.object({
  enabled: z.boolean(),
  prices: z.record(planIdSchema, z.string()),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** Longest URL accepted from a client (browsers and proxies commonly stop near 2,000). */
export const URL_MAX = 2048;

export const returnUrlInputSchema = z.object({
  return_url: safeText({ min: 1, max: URL_MAX }).pipe(z.url()),
});
export const redirectUrlSchema = z.object({ url: z.url() });

/** Spec: return_url {scheme, domain, path} and the price of the chosen plan. */
export const checkoutSessionInputSchema = z.object({
  return_url: z.object({
    scheme: z.enum(['http', 'https']),
    domain: safeText({ min: 1, max: 253 }),
    path: safeText({ max: 500 }).startsWith('/'),
  }),
  price_id: safeText({ min: 1, max: 200 }),
});
export type CheckoutSessionInput = z.infer<typeof checkoutSessionInputSchema>;

export const choosePlanInputSchema = z.object({ plan: z.literal('FREE') });

export const verifySessionQuerySchema = z.object({ session_id: safeText({ min: 1, max: 200 }) });
export const verifySessionSchema = z.object({
  status: z.enum(['complete', 'open', 'expired']),
  subscription_status: subscriptionStatusSchema.nullable(),
});

/** Quota features (accounts issue) and their monthly usage. */
export const QUOTA_FEATURES = [
  'decision_letters',
  'ai_messages',
  'personal_statements',
  'nexus_letters',
  'buddy_requests',
  'vault_storage_mb',
] as const;
export const quotaFeatureSchema = z.enum(QUOTA_FEATURES);
export type QuotaFeature = z.infer<typeof quotaFeatureSchema>;

export const quotaSchema = z.object({
  feature: quotaFeatureSchema,
  used: z.number().int().min(0),
  limit: z.number().int().min(0).nullable(),
  resets_at: z.iso.datetime(),
});
export type Quota = z.infer<typeof quotaSchema>;

export const usageSchema = z.object({
  plan: planIdSchema,
  period_start: z.iso.datetime(),
  resets_at: z.iso.datetime(),
  quotas: z.array(quotaSchema),
});
export type Usage = z.infer<typeof usageSchema>;
