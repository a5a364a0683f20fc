import { PageHeader } from '@/components/layouts/page-header';
import { VaClaimsPage } from '@/features/va-forms/components/va-claims/va-claim-list';

/** `/va-forms/claims` (Claims filed with VA). */
export function VaClaimsRoute() {
  return (
    <>
      <PageHeader
        title="Claims filed with VA"
        description="Your claims at VA and where each one stands, as VA.gov reports it."
      />
      <VaClaimsPage />
    </>
  );
}
