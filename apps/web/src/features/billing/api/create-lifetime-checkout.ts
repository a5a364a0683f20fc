import { redirectUrlSchema, returnUrlInputSchema } from '@muster/contract/billing';

import { api } from '@/lib/api-client';

/** `POST /stripe/lifetime-checkout`: a hosted checkout for the one-time lifetime plan. */
export function createLifetimeCheckout(returnUrl: string): Promise<{ url: string }> {
  return api.post(
    '/stripe/lifetime-checkout',
    returnUrlInputSchema.parse({ return_url: returnUrl }),
    redirectUrlSchema,
  );
}
