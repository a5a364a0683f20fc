import { useParams } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { SharedRecords } from '@/features/vso/components/shared-records';
import { useNoReferrer } from '@/hooks/use-no-referrer';

/** `/shared/{token}` (Shared records): a representative reads what a veteran shared with them. */
export function SharedRoute() {
  const { token = '' } = useParams();
  useNoReferrer();
  return (
    <>
      <PageHeader
        title="Shared records"
        description="Records a veteran chose to share with their representative. You do not need a Muster account."
      />
      <SharedRecords key={token} token={token} />
    </>
  );
}
