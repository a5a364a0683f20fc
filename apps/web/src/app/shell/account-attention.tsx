import type { UserProfile } from '@muster/contract/users';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import {
  BillingPortalRedirect,
  PendingCheckoutNotice,
} from '@/features/billing/components/subscription-attention';
import { DeletionUndoOffer } from '@/features/users/components/deletion-undo-offer';
import { ExportDataButton } from '@/features/users/components/export-data-button';
import { authClient } from '@/lib/auth-client';

import type { GateDecision } from '../router/protected-route-gate';

export type AccountAttentionProps = {
  profile: UserProfile;
  decision: Exclude<GateDecision, { kind: 'render' }>;
  isCheckoutPending: boolean;
};

/** The gate's screens for an account that cannot go straight to the page it asked for. */
export function AccountAttention({ profile, decision, isCheckoutPending }: AccountAttentionProps) {
  const signOut = () => authClient.signOut();

  if (decision.kind === 'deleted') {
    return <DeletionUndoOffer profile={profile} onSignOut={signOut} />;
  }

  // A lapse never hides data: the export is one click away on every one of these screens.
  const actions = (
    <>
      <ExportDataButton userId={profile.id} />
      <Button type="button" variant="ghost" onClick={signOut}>
        Sign out
      </Button>
    </>
  );

  if (isCheckoutPending) {
    return (
      <PendingCheckoutNotice
        needs={decision.kind === 'billing-portal' ? 'billing-portal' : 'plan'}
        returnPath={
          decision.kind === 'billing-portal' ? decision.returnPath : paths.dashboard.getHref()
        }
        actions={actions}
      />
    );
  }
  if (decision.kind === 'billing-portal') {
    return <BillingPortalRedirect returnPath={decision.returnPath} actions={actions} />;
  }
  // 'sign-up' without a pending checkout is a redirect, handled by the gate itself.
  return null;
}
