import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { ClaimList } from '@/features/claims/components/claim-list';
import { NewClaimForm } from '@/features/claims/components/new-claim-form';
import { VaClaimsSection } from '@/features/va-forms/components/va-claims/va-claims-section';

const PAGE_SIZE = 20;
const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/**
 * `/claims`: the veteran's claims, a new one put together from their disabilities, and beside them
 * the claims VA has (when VA.gov is connected).
 */
export function ClaimsRoute() {
  const newId = useId();
  const listId = useId();
  const [searchParams] = useSearchParams();
  const page = pageParam.parse(searchParams.get('page') ?? undefined);
  return (
    <>
      <PageHeader
        title="Claims"
        description="Gather the disabilities you will file together, see how ready each one is, and keep track of where the claim stands."
      />
      <div className="flex min-w-0 flex-col gap-8">
        <section aria-labelledby={newId} className="flex min-w-0 flex-col gap-4">
          <h2 id={newId} className="text-xl font-semibold">
            New claim
          </h2>
          <NewClaimForm />
        </section>
        <section aria-labelledby={listId} className="flex min-w-0 flex-col gap-4">
          <h2 id={listId} className="text-xl font-semibold">
            Your claims
          </h2>
          <ClaimList
            page={page}
            pageSize={PAGE_SIZE}
            pageHref={(next) =>
              next > 1 ? `${paths.claims.getHref()}?page=${next}` : paths.claims.getHref()
            }
          />
        </section>
        <VaClaimsSection />
      </div>
    </>
  );
}
