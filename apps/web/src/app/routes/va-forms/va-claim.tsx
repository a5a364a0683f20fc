import { ERR } from '@muster/contract/errors';
import { vaClaimIdSchema } from '@muster/contract/va-claims';
import {
  VA_AUTH_EXPIRED_DETAIL,
  VA_NOT_CONFIGURED_DETAIL,
  VA_NOT_CONNECTED_DETAIL,
} from '@muster/contract/va-integrations';
import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVaClaim } from '@/features/va-forms/api/va-claims';
import { VaClaimDetail } from '@/features/va-forms/components/va-claims/va-claim-detail';
import { formatVaDay, vaClaimTitle } from '@/features/va-forms/components/va-claims/va-claim-parts';
import { VaConnection } from '@/features/va-forms/components/va-connection';
import { VaNotConfigured } from '@/features/va-forms/components/va-forms-home';
import { isApiError } from '@/lib/api-error';

function BackToVaClaims() {
  return (
    <p className="mb-4">
      <Link
        to={paths.vaForms.claims.getHref()}
        className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 inline-flex items-center gap-1 rounded-sm text-sm outline-none focus-visible:ring-[3px]"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        Claims filed with VA
      </Link>
    </p>
  );
}

/** `/va-forms/claims/{claimId}` (VA claim): one claim at VA and where it stands. */
export function VaClaimRoute() {
  const { claimId = '' } = useParams();
  // VA's claim ids are numbers: anything else names no claim, so VA is not asked.
  const isClaimId = vaClaimIdSchema.safeParse(claimId).success;
  const claim = useVaClaim(claimId, { enabled: isClaimId });

  const header = (title: string, description?: string) => (
    <>
      <BackToVaClaims />
      <PageHeader title={title} description={description} />
    </>
  );

  if (claim.data) {
    const data = claim.data;
    return (
      <>
        {header(
          vaClaimTitle(data),
          data.claim_date ? `Filed ${formatVaDay(data.claim_date)}.` : undefined,
        )}
        <VaClaimDetail claim={data} />
      </>
    );
  }
  const error = isApiError(claim.error) ? claim.error : null;
  if (!isClaimId || error?.code === ERR.NOT_FOUND) {
    return (
      <>
        {header('VA claim')}
        <EmptyState
          icon={SearchXIcon}
          title="VA has no such claim for you"
          action={{ label: 'See your claims at VA', href: paths.vaForms.claims.getHref() }}
        >
          The link may be incomplete, or the claim belongs to another VA.gov account.
        </EmptyState>
      </>
    );
  }
  if (error?.code === ERR.SERVICE_UNAVAILABLE && error.detail === VA_NOT_CONFIGURED_DETAIL) {
    return (
      <>
        {header('VA claim')}
        <VaNotConfigured />
      </>
    );
  }
  const isExpired = error?.detail === VA_AUTH_EXPIRED_DETAIL;
  if (
    error?.code === ERR.ACCESS_DENIED &&
    (isExpired || error.detail === VA_NOT_CONNECTED_DETAIL)
  ) {
    return (
      <>
        {header('VA claim')}
        <div className="flex min-w-0 flex-col gap-4">
          <p>
            {isExpired
              ? 'Your VA.gov connection has expired. Connect again to see this claim.'
              : 'Connect VA.gov to see this claim and where it stands.'}
          </p>
          <VaConnection state={{ va_connected: false }} />
        </div>
      </>
    );
  }
  if (claim.isError) {
    return (
      <>
        {header('VA claim')}
        <QueryErrorPanel
          title="We could not get this claim from VA"
          error={claim.error}
          onRetry={() => void claim.refetch()}
          isRetrying={claim.isFetching}
        />
      </>
    );
  }
  return (
    <>
      {header('VA claim')}
      <PageSpinner label="Asking VA for this claim" />
    </>
  );
}
