import { redirectUrlSchema, returnUrlInputSchema } from '@muster/contract/billing';

import { api } from '@/lib/api-client';

/** `POST /stripe/subscription-portal`: a session in the billing portal where a past-due, unpaid or paused subscription is fixed. */
export function openSubscriptionPortal(returnUrl: string): Promise<{ url: string }> {
  return api.post(
    '/stripe/subscription-portal',
    returnUrlInputSchema.parse({ return_url: returnUrl }),
    redirectUrlSchema,
  );
}
