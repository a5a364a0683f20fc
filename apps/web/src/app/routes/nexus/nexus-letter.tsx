import { uuidSchema } from '@muster/contract/common';
import { ERR } from '@muster/contract/errors';
import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useNexusLetter } from '@/features/nexus/api/nexus';
import { NexusEditor } from '@/features/nexus/components/nexus-editor';
import { isApiError } from '@/lib/api-error';

function BackToNexus() {
  return (
    <Link
      to={paths.nexus.list.getHref()}
      className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 mb-4 inline-flex items-center gap-1 rounded-sm text-sm outline-none focus-visible:ring-[3px]"
    >
      <ArrowLeftIcon className="size-4" aria-hidden />
      All nexus letters
    </Link>
  );
}

/** `/nexus/{id}`: one nexus letter to complete, draft, edit and download. */
export function NexusLetterRoute() {
  const { nexusLetterId = '' } = useParams();
  const isLetterId = uuidSchema.safeParse(nexusLetterId).success;
  const letter = useNexusLetter(nexusLetterId, { enabled: isLetterId });

  if (letter.data) {
    return (
      <>
        <BackToNexus />
        <PageHeader
          title={`Nexus letter: ${letter.data.disability_title}`}
          description="Complete the details, list what speaks against the claim, then draft the letter for your doctor."
        />
        <NexusEditor key={letter.data.id} letter={letter.data} />
      </>
    );
  }
  const header = (
    <>
      <BackToNexus />
      <PageHeader title="Nexus letter" />
    </>
  );
  if (!isLetterId || (isApiError(letter.error) && letter.error.code === ERR.NOT_FOUND)) {
    return (
      <>
        {header}
        <EmptyState
          icon={SearchXIcon}
          title="We could not find this letter"
          action={{ label: 'See your nexus letters', href: paths.nexus.list.getHref() }}
        >
          It may have been deleted, or the link is incomplete.
        </EmptyState>
      </>
    );
  }
  if (letter.isError) {
    return (
      <>
        {header}
        <QueryErrorPanel
          title="We could not load this letter"
          error={letter.error}
          onRetry={() => void letter.refetch()}
          isRetrying={letter.isFetching}
        />
      </>
    );
  }
  return (
    <>
      {header}
      <PageSpinner label="Loading the letter" />
    </>
  );
}
