import { uuidSchema } from '@muster/contract/common';
import { FolderCheckIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useClaims } from '@/features/claims/api/claims';
import { ClaimReview } from '@/features/claims/components/claim-review';

/**
 * `/review`: one claim reviewed before filing (`?claim=`; without it, the latest claim): how
 * ready each disability is, its statements, and what is still missing.
 */
export function ReviewRoute() {
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('claim');
  const claimId = asked !== null && uuidSchema.safeParse(asked).success ? asked : null;
  const latest = useClaims({ page: 1, pageSize: 1 });

  const header = (name?: string) => (
    <PageHeader
      title="Review"
      description={
        name
          ? `How ready ${name} is to file: each disability, its statements and what is still missing.`
          : 'How ready your claim is to file: each disability, its statements and what is still missing.'
      }
    />
  );

  if (claimId) {
    return (
      <>
        {header()}
        <ClaimReview key={claimId} claimId={claimId} />
      </>
    );
  }
  if (latest.isPending) return <PageSpinner label="Loading your claims" />;
  if (latest.isError) {
    return (
      <>
        {header()}
        <QueryErrorPanel
          title="We could not load your claims"
          error={latest.error}
          onRetry={() => void latest.refetch()}
          isRetrying={latest.isFetching}
        />
      </>
    );
  }
  const claim = latest.data.results[0];
  if (!claim) {
    return (
      <>
        {header()}
        <EmptyState
          icon={FolderCheckIcon}
          title="No claim to review yet"
          action={{ label: 'Put a claim together', href: paths.claims.getHref() }}
        >
          A claim gathers the disabilities you file together. Create one, then review it here.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {header(claim.name)}
      <ClaimReview key={claim.id} claimId={claim.id} />
    </>
  );
}
