import type { CheckoutSessionInput } from '@muster/contract/billing';
import type { PlanId } from '@muster/contract/plans';

import { paths } from '@/config/paths';

import { createCheckoutSession } from '../api/create-checkout-session';
import { createLifetimeCheckout } from '../api/create-lifetime-checkout';
import { getBillingConfig } from '../api/get-billing-config';
import { openCustomerPortal } from '../api/open-customer-portal';
import { openSubscriptionPortal } from '../api/open-subscription-portal';
import { openUpgradePortal } from '../api/open-upgrade-portal';

import { updatePendingCheckout } from './pending-checkout';

export type PaidPlanId = Exclude<PlanId, 'FREE'>;

/** Where a billing hand-off goes; portals come back to `returnPath` (an app path). */
export type BillingTarget =
  | { to: 'checkout'; plan: PaidPlanId; prices?: Record<PlanId, string> }
  | { to: 'subscription-portal' | 'upgrade-portal' | 'customer-portal'; returnPath: string };

/** An absolute URL on this app for an app path. */
export function appUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/** Checkout returns to `/stripe-portal-return`; the API adds the checkout's `session_id`. */
export function checkoutReturnUrl(): CheckoutSessionInput['return_url'] {
  const { protocol, host } = window.location;
  return {
    scheme: protocol === 'https:' ? 'https' : 'http',
    domain: host,
    path: paths.stripePortalReturn.getHref(),
  };
}

/** Asks the API for the hosted page's URL. */
export async function getBillingUrl(target: BillingTarget): Promise<string> {
  switch (target.to) {
    case 'checkout': {
      if (target.plan === 'LIFETIME') {
        const { url } = await createLifetimeCheckout(appUrl(paths.stripePortalReturn.getHref()));
        return url;
      }
      const prices = target.prices ?? (await getBillingConfig()).prices;
      const { url } = await createCheckoutSession({
        return_url: checkoutReturnUrl(),
        price_id: prices[target.plan],
      });
      return url;
    }
    case 'subscription-portal':
      return (await openSubscriptionPortal(appUrl(target.returnPath))).url;
    case 'upgrade-portal':
      return (await openUpgradePortal(appUrl(target.returnPath))).url;
    case 'customer-portal':
      return (await openCustomerPortal(appUrl(target.returnPath))).url;
  }
}

/**
 * Opens a checkout or portal: sets the pending-checkout flag, asks for the URL and leaves the app
 * for it. On failure the flag is removed and the error rethrown for the caller to handle.
 */
export async function openBilling(target: BillingTarget): Promise<void> {
  updatePendingCheckout('opening');
  try {
    const url = await getBillingUrl(target);
    window.location.assign(url);
  } catch (error) {
    updatePendingCheckout('failed');
    console.warn(`[billing] could not open ${target.to}`, error);
    throw error;
  }
}
