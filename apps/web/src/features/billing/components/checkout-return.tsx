import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { useVerifyCheckoutSession } from '../api/verify-checkout-session';
import { updatePendingCheckout } from '../utils/pending-checkout';

export type CheckoutReturnProps = {
  sessionId: string;
  /** The checkout completed: refresh what depends on the subscription and move on. */
  onComplete: () => void;
};

/** Back from a checkout: confirm how it ended (`verify-stripe-session`). */
export function CheckoutReturn({ sessionId, onComplete }: CheckoutReturnProps) {
  const verification = useVerifyCheckoutSession(sessionId);
  const status = verification.data?.status;
  const hasFinished = useRef(false);

  useEffect(() => {
    if (!status || hasFinished.current) return;
    hasFinished.current = true;
    if (status === 'complete') onComplete();
    // An unfinished or expired checkout is a failed one: nothing is pending any more.
    else updatePendingCheckout('failed');
  }, [status, onComplete]);

  if (verification.isPending || status === 'complete') {
    return (
      <>
        <PageHeader title="Returning from billing" description="Confirming your payment..." />
        <PageSpinner label="Confirming your payment" />
      </>
    );
  }

  if (verification.isError) {
    return (
      <>
        <PageHeader title="Returning from billing" />
        <QueryErrorPanel
          title="We could not confirm your payment"
          error={verification.error}
          onRetry={() => void verification.refetch()}
          isRetrying={verification.isFetching}
        />
      </>
    );
  }

  return (
    <section className="flex max-w-prose flex-col gap-4">
      <PageHeader
        title="Your payment was not completed"
        description={
          status === 'expired'
            ? 'The checkout expired before it was finished. Nothing was charged.'
            : 'The checkout was left before it was finished. Nothing was charged.'
        }
      />
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.planSelection.getHref()}>Choose a plan</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.dashboard.getHref()}>Go to Dashboard</Link>
        </Button>
      </div>
    </section>
  );
}
