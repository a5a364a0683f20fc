import type { PlanId } from '@muster/contract/plans';
import type { SubscriptionStatus } from '@muster/contract/users';

/** The subscription gate's answer: the page, the billing portal, or sign-up. */
export type GateResult =
  { kind: 'allowed' } | { kind: 'billing-portal'; returnPath: string } | { kind: 'sign-up' };

const ALLOWED: ReadonlySet<string> = new Set(['trialing', 'active', 'lifetime']);
const NEEDS_PAYMENT_FIX: ReadonlySet<string> = new Set(['past_due', 'unpaid', 'paused']);

/**
 * What the gate does for a status: let the user in; send them to the billing portal (returning to
 * the dashboard with `from` = the page they were on); or send them to sign-up to pick a plan.
 */
export function subscriptionGate(
  status: SubscriptionStatus | string | null | undefined,
  currentPath: string,
): GateResult {
  if (status && ALLOWED.has(status)) return { kind: 'allowed' };
  if (status && NEEDS_PAYMENT_FIX.has(status)) {
    return {
      kind: 'billing-portal',
      returnPath: `/dashboard?from=${encodeURIComponent(currentPath)}`,
    };
  }
  return { kind: 'sign-up' };
}

export function isAllowedStatus(status: string | null | undefined): boolean {
  return Boolean(status && ALLOWED.has(status));
}

/**
 * "Paying": trialing or lifetime; active only when the price is not the free
 * plan's price.
 */
export function isPaying(options: {
  status: string | null | undefined;
  priceId: string | null | undefined;
  freePriceId: string;
}): boolean {
  if (options.status === 'trialing' || options.status === 'lifetime') return true;
  return (
    options.status === 'active' &&
    Boolean(options.priceId) &&
    options.priceId !== options.freePriceId
  );
}

export type PlanLabel = 'Lifetime' | 'Pro' | 'Free';

/** The sidebar's plan label: Lifetime, Pro for trialing or paying, else Free. */
export function planLabel(options: {
  status: string | null | undefined;
  priceId: string | null | undefined;
  freePriceId: string;
}): PlanLabel {
  if (options.status === 'lifetime') return 'Lifetime';
  return isPaying(options) ? 'Pro' : 'Free';
}

export type MenuItem = 'get-lifetime' | 'upgrade-to-pro' | 'upgrade-to-lifetime' | 'billing';

export const MENU_ITEM_LABELS: Record<MenuItem, string> = {
  'get-lifetime': 'Get Lifetime Access',
  'upgrade-to-pro': 'Upgrade to Pro',
  'upgrade-to-lifetime': 'Upgrade to lifetime',
  billing: 'Billing',
};

/** The account menu's billing items for a plan. Nothing billing-related when billing is off. */
export function menuItemsFor(options: {
  status: string | null | undefined;
  priceId: string | null | undefined;
  freePriceId: string;
  billingEnabled: boolean;
}): MenuItem[] {
  if (!options.billingEnabled || options.status === 'lifetime') return [];
  const items: MenuItem[] = ['get-lifetime'];
  if (isPaying(options)) items.push('upgrade-to-lifetime', 'billing');
  else items.push('upgrade-to-pro');
  return items;
}

/** "Upgrade to Support Development" shows for non-paying users while billing is on. */
export function showUpgradeBanner(options: {
  status: string | null | undefined;
  priceId: string | null | undefined;
  freePriceId: string;
  billingEnabled: boolean;
}): boolean {
  return options.billingEnabled && !isPaying(options);
}

/**
 * The pending-checkout session flag: set before opening the portal or checkout, removed when that
 * fails, and removed once the status is allowed.
 */
export type PendingCheckoutEvent = 'opening' | 'failed' | { status: string | null | undefined };
export function nextPendingCheckout(current: boolean, event: PendingCheckoutEvent): boolean {
  if (event === 'opening') return true;
  if (event === 'failed') return false;
  return isAllowedStatus(event.status) ? false : current;
}

/** The plan a price id belongs to, given the configured price ids. */
export function planForPrice(priceId: string, prices: Record<PlanId, string>): PlanId | null {
  const entry = (Object.entries(prices) as [PlanId, string][]).find(([, id]) => id === priceId);
  return entry ? entry[0] : null;
}
