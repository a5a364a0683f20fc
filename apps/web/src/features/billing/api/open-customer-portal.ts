import { redirectUrlSchema, returnUrlInputSchema } from '@muster/contract/billing';

import { api } from '@/lib/api-client';

/** `POST /stripe/customer-portal`: a session in the customer portal: invoices, payment method, cancellation. */
export function openCustomerPortal(returnUrl: string): Promise<{ url: string }> {
  return api.post(
    '/stripe/customer-portal',
    returnUrlInputSchema.parse({ return_url: returnUrl }),
    redirectUrlSchema,
  );
}
