import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BillingRedirect } from '@/features/billing/components/billing-redirect';
import type { BillingTarget, PaidPlanId } from '@/features/billing/utils/open-billing';

const PAID_PLANS: readonly PaidPlanId[] = ['PRO_MONTHLY', 'PRO_BIANNUALLY', 'LIFETIME'];
const PORTALS = ['customer-portal', 'upgrade-portal', 'subscription-portal'] as const;

/** `?to=checkout&plan=LIFETIME` or `?to=customer-portal|upgrade-portal|subscription-portal`. */
export function parseBillingTarget(searchParams: URLSearchParams): BillingTarget | null {
  const to = searchParams.get('to');
  if (to === 'checkout') {
    const plan = PAID_PLANS.find((candidate) => candidate === searchParams.get('plan'));
    return plan ? { to: 'checkout', plan } : null;
  }
  const portal = PORTALS.find((candidate) => candidate === to);
  // Portals come back through the return page, which refreshes the subscription.
  return portal ? { to: portal, returnPath: paths.stripePortalReturn.getHref() } : null;
}

/** `/redirect-to-stripe` (the real path names the payment provider): leaving for billing. */
export function RedirectToStripeRoute() {
  const [searchParams] = useSearchParams();
  const target = useMemo(() => parseBillingTarget(searchParams), [searchParams]);

  if (!target) {
    return (
      <section className="flex max-w-prose flex-col gap-4">
        <PageHeader
          title="Opening billing"
          description="This billing link is not complete. Choose a plan or manage billing from your account."
        />
        <div>
          <Button asChild>
            <Link to={paths.planSelection.getHref()}>Choose a plan</Link>
          </Button>
        </div>
      </section>
    );
  }
  return <BillingRedirect target={target} />;
}
