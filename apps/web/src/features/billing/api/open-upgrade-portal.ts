import { redirectUrlSchema, returnUrlInputSchema } from '@muster/contract/billing';

import { api } from '@/lib/api-client';

/** `POST /stripe/upgrade-subscription-portal`: a session in the portal where a subscription changes to a higher plan. */
export function openUpgradePortal(returnUrl: string): Promise<{ url: string }> {
  return api.post(
    '/stripe/upgrade-subscription-portal',
    returnUrlInputSchema.parse({ return_url: returnUrl }),
    redirectUrlSchema,
  );
}
