import { isAllowedStatus } from '@muster/domain/subscription';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { isAppRelativePath, paths } from '@/config/paths';
import { CheckoutReturn } from '@/features/billing/components/checkout-return';
import { updatePendingCheckout } from '@/features/billing/utils/pending-checkout';
import { profileQueryOptions } from '@/features/users/api/get-profile';
import { useCurrentUser } from '@/lib/use-auth';

/**
 * `/stripe-portal-return` (the real path names the payment provider): back from a checkout
 * (`?session_id=`; a checkout left unfinished comes back without one) or a billing portal. Refreshes
 * the profile, then goes to `from` or the dashboard; after a completed checkout the gate waits for
 * the provider's confirmation if it is still on its way.
 */
export function StripePortalReturnRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const sessionId = searchParams.get('session_id');
  const from = searchParams.get('from');
  const userId = user?.id;

  const continueToApp = useCallback(
    async ({ isCheckout }: { isCheckout: boolean }) => {
      if (userId) {
        const profile = await queryClient
          .fetchQuery({ ...profileQueryOptions(userId), staleTime: 0 })
          .catch(() => null);
        // Back from a portal, or from a checkout left unfinished (its cancel address has no
        // session): no confirmation is on its way, so nothing is pending any more.
        if (!isCheckout && profile && !isAllowedStatus(profile.subscription_status)) {
          updatePendingCheckout('failed');
        }
      }
      await queryClient.invalidateQueries({ queryKey: ['billing', 'usage'] });
      void navigate(isAppRelativePath(from) ? from : paths.dashboard.getHref(), { replace: true });
    },
    [queryClient, navigate, from, userId],
  );

  const hasContinued = useRef(false);
  useEffect(() => {
    if (sessionId || hasContinued.current) return;
    hasContinued.current = true;
    void continueToApp({ isCheckout: false });
  }, [sessionId, continueToApp]);

  if (sessionId) {
    return (
      <CheckoutReturn
        sessionId={sessionId}
        onComplete={() => void continueToApp({ isCheckout: true })}
      />
    );
  }
  return (
    <>
      <PageHeader title="Returning from billing" description="Updating your subscription..." />
      <PageSpinner label="Updating your subscription" />
    </>
  );
}
