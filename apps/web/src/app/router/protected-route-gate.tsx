import type { UserProfile } from '@muster/contract/users';
import { subscriptionGate } from '@muster/domain/subscription';
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { FullScreenStatus } from '@/components/layouts/full-screen-status';
import { PENDING_CHECKOUT_POLL_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import {
  isCheckoutPending,
  updatePendingCheckout,
} from '@/features/billing/utils/pending-checkout';
import { useProfile } from '@/features/users/api/get-profile';
import { isMemberSession } from '@/lib/auth-session';
import { useAuthState } from '@/lib/use-auth';

// Rare screens: loaded only when needed, to keep them out of the first load.
const AccountAttention = lazy(() =>
  import('../shell/account-attention').then((module) => ({ default: module.AccountAttention })),
);

export const LOADING_ACCOUNT_MESSAGE = 'Loading your account...';

/**
 * Protected pages that need a session but not an allowed subscription: coming back from the
 * payment provider, and leaving for it.
 */
const SUBSCRIPTION_EXEMPT_PATHS: ReadonlySet<string> = new Set([
  paths.stripePortalReturn.path,
  paths.redirectToStripe.path,
]);

type ProtectedRouteGateProps = { children: ReactNode };

/**
 * THE single place where protected routes are wrapped: every `AppRoute` with `isProtected: true`
 * renders inside this component (see `buildAppRoutes`), public routes never do.
 *
 * 1. No session (or an anonymous one) → /sign-in (remembering where the user was going).
 * 2. While the session or the profile loads → full-screen "Loading your account...".
 * 3. A profile flagged deleted → the offer to keep the account, else sign out.
 * 4. The subscription gate: allowed → the page; past_due/unpaid/paused → the billing
 *    portal; anything else → /sign-up, which forwards signed-in users to plan selection.
 *    A lapse never hides data: export stays available from every one of these screens.
 */
export function ProtectedRouteGate({ children }: ProtectedRouteGateProps) {
  const auth = useAuthState();
  const location = useLocation();

  if (auth.status === 'loading') return <FullScreenStatus message={LOADING_ACCOUNT_MESSAGE} />;
  if (!isMemberSession(auth)) {
    // Come back here after signing in, unless the user chose to sign out.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- isMemberSession is false for an anonymous session too, which is 'signed-in'
    const isChosen = auth.status === 'signed-out' && auth.cause === 'user';
    const state = isChosen ? null : { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.signIn.getHref()} replace state={state} />;
  }
  return <AccountGate userId={auth.user.id}>{children}</AccountGate>;
}

function AccountGate({ userId, children }: { userId: string; children: ReactNode }) {
  const location = useLocation();
  const isPending = isCheckoutPending();
  const profile = useProfile(userId, {
    // While a checkout is being confirmed, look again every few seconds.
    refetchInterval: isPending ? PENDING_CHECKOUT_POLL_MS : false,
  });
  const status = profile.data?.subscription_status;

  useEffect(() => {
    if (profile.data) updatePendingCheckout({ status });
  }, [profile.data, status]);

  if (profile.isPending) return <FullScreenStatus message={LOADING_ACCOUNT_MESSAGE} />;
  if (profile.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your account"
        error={profile.error}
        onRetry={() => void profile.refetch()}
        isRetrying={profile.isFetching}
      />
    );
  }

  const decision = decide(
    profile.data,
    location.pathname,
    `${location.pathname}${location.search}`,
  );
  if (decision.kind === 'render') return children;
  if (decision.kind === 'sign-up' && !isPending) {
    return <Navigate to={paths.signUp.getHref()} replace />;
  }
  return (
    <Suspense fallback={<FullScreenStatus message={LOADING_ACCOUNT_MESSAGE} />}>
      <AccountAttention profile={profile.data} decision={decision} isCheckoutPending={isPending} />
    </Suspense>
  );
}

export type GateDecision =
  | { kind: 'render' }
  | { kind: 'deleted' }
  | { kind: 'billing-portal'; returnPath: string }
  | { kind: 'sign-up' };

/** What the gate does for a loaded profile on a path. */
export function decide(
  profile: Pick<UserProfile, 'is_deleted' | 'subscription_status'>,
  pathname: string,
  currentPath: string,
): GateDecision {
  if (profile.is_deleted) return { kind: 'deleted' };
  if (SUBSCRIPTION_EXEMPT_PATHS.has(pathname)) return { kind: 'render' };
  const result = subscriptionGate(profile.subscription_status, currentPath);
  return result.kind === 'allowed' ? { kind: 'render' } : result;
}
