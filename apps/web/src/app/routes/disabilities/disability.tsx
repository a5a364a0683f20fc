import { uuidSchema } from '@muster/contract/common';
import { ERR } from '@muster/contract/errors';
import { useNavigate, useParams } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDisability } from '@/features/disabilities/api/get-disability';
import { DisabilityOverview } from '@/features/disabilities/components/disability-overview';
import { DisabilityBuddyStatements } from '@/features/layman/components/disability-buddy-statements';
import { DisabilityNexusLetters } from '@/features/nexus/components/disability-nexus-letters';
import { ClaimReadiness } from '@/features/readiness/components/claim-readiness';
import { isApiError } from '@/lib/api-error';

import { BackToDisabilities } from './back-to-disabilities';
import { DisabilityNotFound } from './disability-not-found';
import { useVeteranChoices } from './use-veteran-choices';

const TITLE = 'Disability';

/**
 * `/disabilities/{id}` (Disability): what is recorded, editing and deleting, the questions, how
 * ready the claim is, and the nexus letters and buddy statements gathered for it.
 */
export function DisabilityRoute() {
  const { disabilityId = '' } = useParams();
  const navigate = useNavigate();
  // Disability ids are UUIDs: anything else names none, so nothing is asked of the API.
  const isDisabilityId = uuidSchema.safeParse(disabilityId).success;
  const disability = useDisability(disabilityId, { enabled: isDisabilityId });
  const veterans = useVeteranChoices();

  const header = (title = TITLE) => (
    <>
      <BackToDisabilities />
      <PageHeader title={title} />
    </>
  );

  const record = disability.data;
  if (record && veterans !== null) {
    return (
      <>
        {header(record.title)}
        <DisabilityOverview
          key={record.id}
          disability={record}
          veterans={veterans}
          readiness={<ClaimReadiness disabilityId={record.id} />}
          evidence={
            <>
              <DisabilityNexusLetters disabilityId={record.id} />
              <DisabilityBuddyStatements disabilityId={record.id} />
            </>
          }
          onDeleted={() => {
            void navigate(paths.disabilities.list.getHref(), { replace: true });
          }}
        />
      </>
    );
  }
  if (
    !isDisabilityId ||
    (isApiError(disability.error) && disability.error.code === ERR.NOT_FOUND)
  ) {
    return (
      <>
        {header()}
        <DisabilityNotFound />
      </>
    );
  }
  if (disability.isError) {
    return (
      <>
        {header()}
        <QueryErrorPanel
          title="We could not load this disability"
          error={disability.error}
          onRetry={() => void disability.refetch()}
          isRetrying={disability.isFetching}
        />
      </>
    );
  }
  return (
    <>
      {header()}
      <PageSpinner label="Loading the disability" />
    </>
  );
}
