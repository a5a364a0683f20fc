import { redirectUrlSchema, returnUrlInputSchema } from '@muster/contract/billing';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /stripe/customer-portal`: a session in the customer portal: invoices, payment method, cancellation. */
export function openCustomerPortal(returnUrl: string): Promise<{ url: string }> {
  return api.post(
    '/stripe/customer-portal',
    returnUrlInputSchema.parse({ return_url: returnUrl }),
    redirectUrlSchema,
  );
}

export function useOpenCustomerPortal() {
  // Spec §8: portal failures are only logged; the caller decides what the user sees.
  return useMutation({ mutationFn: openCustomerPortal, meta: { errorToast: false } });
}
