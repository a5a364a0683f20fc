import { nextPendingCheckout, type PendingCheckoutEvent } from '@muster/domain/subscription';

import { STORAGE_KEYS } from '@/config/constants';

/**
 * The pending-checkout session flag: set before opening a checkout or portal,
 * removed when that fails, and removed once the subscription status is allowed.
 */
export function isCheckoutPending(): boolean {
  try {
    return window.sessionStorage.getItem(STORAGE_KEYS.PENDING_CHECKOUT) !== null;
  } catch {
    // No session storage (privacy modes): nothing can be pending.
    return false;
  }
}

export function updatePendingCheckout(event: PendingCheckoutEvent): boolean {
  const next = nextPendingCheckout(isCheckoutPending(), event);
  try {
    if (next)
      window.sessionStorage.setItem(STORAGE_KEYS.PENDING_CHECKOUT, new Date().toISOString());
    else window.sessionStorage.removeItem(STORAGE_KEYS.PENDING_CHECKOUT);
  } catch {
    // See isCheckoutPending.
  }
  return next;
}
