import { redirectUrlSchema, returnUrlInputSchema } from '@muster/contract/billing';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /stripe/subscription-portal`: a session in the billing portal where a past-due, unpaid or paused subscription is fixed. */
export function openSubscriptionPortal(returnUrl: string): Promise<{ url: string }> {
  return api.post(
    '/stripe/subscription-portal',
    returnUrlInputSchema.parse({ return_url: returnUrl }),
    redirectUrlSchema,
  );
}

export function useOpenSubscriptionPortal() {
  // Spec §8: portal failures are only logged; the caller decides what the user sees.
  return useMutation({ mutationFn: openSubscriptionPortal, meta: { errorToast: false } });
}
