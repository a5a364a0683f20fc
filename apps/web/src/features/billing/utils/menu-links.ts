import { MENU_ITEM_LABELS, type MenuItem } from '@muster/domain/subscription';

import { paths } from '@/config/paths';

export type BillingLink = { item: MenuItem; label: string; href: string };

const HREFS: Record<MenuItem, () => string> = {
  'get-lifetime': () => paths.redirectToStripe.getHref({ to: 'checkout', plan: 'LIFETIME' }),
  'upgrade-to-pro': () => paths.planSelection.getHref(),
  'upgrade-to-lifetime': () => paths.redirectToStripe.getHref({ to: 'checkout', plan: 'LIFETIME' }),
  billing: () => paths.redirectToStripe.getHref({ to: 'customer-portal' }),
};

/** The plan's menu items (from `menuItemsFor`) as links. */
export function billingLinksFor(items: readonly MenuItem[]): BillingLink[] {
  return items.map((item) => ({ item, label: MENU_ITEM_LABELS[item], href: HREFS[item]() }));
}
