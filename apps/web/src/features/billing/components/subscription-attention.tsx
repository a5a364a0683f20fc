import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { FullScreenStatus } from '@/components/layouts/full-screen-status';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

import { useOpenBilling } from '../hooks/use-open-billing';
import { updatePendingCheckout } from '../utils/pending-checkout';

export type BillingPortalRedirectProps = {
  /** Where the portal sends the user back (the dashboard, `from` naming the page they were on). */
  returnPath: string;
  /** More ways out, e.g. exporting data and signing out. */
  actions?: ReactNode;
};

/**
 * A past-due, unpaid or paused subscription: straight to the billing portal. If the
 * portal cannot be opened the user is told so, and can try again; their data stays available.
 */
export function BillingPortalRedirect({ returnPath, actions }: BillingPortalRedirectProps) {
  const openBilling = useOpenBilling();
  const hasStarted = useRef(false);
  const { mutate } = openBilling;

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    mutate({ to: 'subscription-portal', returnPath });
  }, [mutate, returnPath]);

  if (!openBilling.isError) return <FullScreenStatus message="Opening the billing portal..." />;

  return (
    <section className="flex max-w-prose flex-col gap-4">
      <PageHeader
        title="Your subscription needs attention"
        description="Your last payment did not go through, and we could not open the billing portal to fix it. Nothing you saved has been lost."
      />
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          onClick={() => openBilling.mutate({ to: 'subscription-portal', returnPath })}
        >
          Open billing portal
        </Button>
        {actions}
      </div>
    </section>
  );
}

export type PendingCheckoutNoticeProps = {
  /** The gate's verdict while the provider has not confirmed yet. */
  needs: 'billing-portal' | 'plan';
  returnPath: string;
  actions?: ReactNode;
};

/**
 * After a checkout or portal visit, the provider's confirmation can take a few seconds to reach
 * Muster. Instead of sending the user straight back (a loop), say so while the gate checks again.
 */
export function PendingCheckoutNotice({ needs, returnPath, actions }: PendingCheckoutNoticeProps) {
  const navigate = useNavigate();
  const openBilling = useOpenBilling();

  const handleChoosePlan = () => {
    updatePendingCheckout('failed');
    void navigate(paths.planSelection.getHref());
  };

  return (
    <section className="flex max-w-prose flex-col gap-4">
      <PageHeader
        title="Confirming your subscription"
        description="We are waiting for the payment provider to confirm your subscription. This page checks again every few seconds."
      />
      <div className="flex flex-wrap gap-3">
        {needs === 'billing-portal' ? (
          <Button
            type="button"
            disabled={openBilling.isPending}
            onClick={() => openBilling.mutate({ to: 'subscription-portal', returnPath })}
          >
            Open billing portal
          </Button>
        ) : (
          <Button type="button" onClick={handleChoosePlan}>
            Choose a plan
          </Button>
        )}
        {actions}
      </div>
    </section>
  );
}
