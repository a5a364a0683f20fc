import {
  checkoutSessionInputSchema,
  redirectUrlSchema,
  type CheckoutSessionInput,
} from '@muster/contract/billing';

import { api } from '@/lib/api-client';

/** `POST /subscriptions/stripe-checkout-sessions`: a hosted checkout for a plan's price. */
export function createCheckoutSession(input: CheckoutSessionInput): Promise<{ url: string }> {
  return api.post(
    '/subscriptions/stripe-checkout-sessions',
    checkoutSessionInputSchema.parse(input),
    redirectUrlSchema,
  );
}
