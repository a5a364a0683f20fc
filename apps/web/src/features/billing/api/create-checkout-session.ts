import {
  checkoutSessionInputSchema,
  redirectUrlSchema,
  type CheckoutSessionInput,
} from '@muster/contract/billing';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /subscriptions/stripe-checkout-sessions`: a hosted checkout for a plan's price. */
export function createCheckoutSession(input: CheckoutSessionInput): Promise<{ url: string }> {
  return api.post(
    '/subscriptions/stripe-checkout-sessions',
    checkoutSessionInputSchema.parse(input),
    redirectUrlSchema,
  );
}

export function useCreateCheckoutSession() {
  // Spec §8: checkout failures are only logged (the page says it could not open checkout).
  return useMutation({ mutationFn: createCheckoutSession, meta: { errorToast: false } });
}
