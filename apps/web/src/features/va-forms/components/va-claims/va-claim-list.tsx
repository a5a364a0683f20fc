import type { VaClaimSummary } from '@muster/contract/va-claims';
import { ListChecksIcon } from 'lucide-react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { useVaClaims } from '../../api/va-claims';
import { VaConnection } from '../va-connection';
import { VaNotConfigured } from '../va-forms-home';
import {
  formatVaDay,
  NeedsActionBadge,
  vaClaimStepText,
  vaClaimTitle,
  VaClaimStepBar,
} from './va-claim-parts';

const linkClass =
  'text-primary focus-visible:ring-ring/50 rounded-sm font-semibold underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/** One claim at VA: its kind, when it was filed, its step, and whether VA waits on the veteran. */
export function VaClaimCard({ claim }: { claim: VaClaimSummary }) {
  const filed = claim.claim_date ? formatVaDay(claim.claim_date) : null;
  return (
    <li className="bg-card flex min-w-0 flex-col gap-2 rounded-lg border p-4">
      <h2 className="text-lg font-semibold break-words">
        <Link to={paths.vaForms.claimDetail.getHref(claim.id)} className={linkClass}>
          {vaClaimTitle(claim)}
          {filed ? <span className="sr-only">{`, filed ${filed}`}</span> : null}
        </Link>
      </h2>
      <p className="text-muted-foreground text-sm">
        {filed ? `Filed ${filed}` : 'Filing date not given by VA'}
        {claim.close_date ? ` · Closed ${formatVaDay(claim.close_date)}` : ''}
      </p>
      <p className="font-medium">{vaClaimStepText(claim)}</p>
      <VaClaimStepBar phase={claim.phase} />
      {claim.phase_explanation ? <p className="text-sm">{claim.phase_explanation}</p> : null}
      {claim.needs_action ? <NeedsActionBadge /> : null}
      {claim.decision_letter_sent ? (
        <p className="text-sm">VA has sent the decision letter for this claim.</p>
      ) : null}
    </li>
  );
}

/**
 * `/va-forms/claims`: the veteran's claims at VA, each with its step in plain words; or, without
 * VA.gov here or a connection, why none can be shown.
 */
export function VaClaimsPage() {
  const claims = useVaClaims();
  if (claims.isPending) return <PageSpinner label="Asking VA for your claims" />;
  if (claims.isError) {
    return (
      <QueryErrorPanel
        title="We could not get your claims from VA"
        error={claims.error}
        onRetry={() => void claims.refetch()}
        isRetrying={claims.isFetching}
      />
    );
  }
  const data = claims.data;
  if (!data.va_configured) {
    return (
      <div className="flex min-w-0 flex-col gap-4">
        <VaNotConfigured />
        <p className="text-sm">You can follow your claims by signing in at VA.gov.</p>
      </div>
    );
  }
  if (!data.va_connected) {
    return (
      <div className="flex min-w-0 flex-col gap-4">
        <p>Connect VA.gov to see your claims at VA and where each one stands.</p>
        <VaConnection state={data} />
      </div>
    );
  }
  if (data.results.length === 0) {
    return (
      <EmptyState
        icon={ListChecksIcon}
        title="VA has no claims on file for you yet"
        action={{ label: 'Go to VA forms', href: paths.vaForms.home.getHref() }}
      >
        A claim you file shows here once VA has it.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Your claims at VA" className="flex min-w-0 flex-col gap-3">
      {data.results.map((claim) => (
        <VaClaimCard key={claim.id} claim={claim} />
      ))}
    </ul>
  );
}
