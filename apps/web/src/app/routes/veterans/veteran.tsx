import { uuidSchema } from '@muster/contract/common';
import { ERR } from '@muster/contract/errors';
import { SearchXIcon } from 'lucide-react';
import { useParams } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVeteran } from '@/features/veterans/api/get-veteran';
import { VeteranForm } from '@/features/veterans/components/veteran-form';
import { veteranName } from '@/features/veterans/utils/veteran-labels';
import { isApiError } from '@/lib/api-error';

import { BackToVeterans } from './back-to-veterans';

const TITLE = 'Veteran record';

function RecordNotFound() {
  return (
    <EmptyState
      icon={SearchXIcon}
      title="We could not find this veteran record"
      action={{ label: 'See your veteran records', href: paths.veterans.list.getHref() }}
    >
      It may have been deleted, or the link is incomplete.
    </EmptyState>
  );
}

/** `/veterans/{id}` (Veteran record): the saved record in its form, numbers masked. */
export function VeteranRoute() {
  const { veteranId = '' } = useParams();
  // Record ids are UUIDs: anything else names no record, so nothing is asked of the API.
  const isRecordId = uuidSchema.safeParse(veteranId).success;
  const veteran = useVeteran(veteranId, { enabled: isRecordId });

  const header = (description?: string) => (
    <>
      <BackToVeterans />
      <PageHeader title={TITLE} description={description} />
    </>
  );

  const record = veteran.data;
  if (record) {
    return (
      <>
        {header(
          `${veteranName(record)}${record.is_primary ? ': the primary record, which VA forms are filled in from.' : '.'}`,
        )}
        <VeteranForm
          // A different record starts a fresh form.
          key={record.id}
          record={record}
          submitLabel="Save changes"
        />
      </>
    );
  }
  if (!isRecordId || (isApiError(veteran.error) && veteran.error.code === ERR.NOT_FOUND)) {
    return (
      <>
        {header()}
        <RecordNotFound />
      </>
    );
  }
  if (veteran.isError) {
    return (
      <>
        {header()}
        <QueryErrorPanel
          title="We could not load this veteran record"
          error={veteran.error}
          onRetry={() => void veteran.refetch()}
          isRetrying={veteran.isFetching}
        />
      </>
    );
  }
  return (
    <>
      {header()}
      <PageSpinner label="Loading the veteran record" />
    </>
  );
}
