import type { Cfile } from '@muster/contract/cfiles';
import { uuidSchema } from '@muster/contract/common';
import { ERR } from '@muster/contract/errors';
import { ArrowLeftIcon, FileSearchIcon, SearchXIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCfile } from '@/features/cfile/api/get-cfile';
import { LATEST_CFILE, useCfiles } from '@/features/cfile/api/get-cfiles';
import { cfileHref } from '@/features/cfile/utils/cfile-href';
import { isApiError } from '@/lib/api-error';

/** Back to the C-file page (the upload and the list). */
export function BackToCfile() {
  return (
    <Link
      to={paths.cfile.home.getHref()}
      className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 mb-4 inline-flex items-center gap-1 rounded-sm text-sm outline-none focus-visible:ring-[3px] print:hidden"
    >
      <ArrowLeftIcon className="size-4" aria-hidden />
      All C-files
    </Link>
  );
}

type CfilePageProps = {
  title: string;
  description?: ReactNode;
  children: (cfile: Cfile) => ReactNode;
};

/**
 * A page about one C-file: the one named by `?id=`, else the newest. Loading, not found (or an id
 * that is not a UUID, for which nothing is asked of the API), no C-file yet, a failure with Retry,
 * or the file handed to `children`.
 */
export function CfilePage({ title, description, children }: CfilePageProps) {
  const [searchParams] = useSearchParams();
  const requestedId = searchParams.get('id');
  // C-file ids are UUIDs: anything else names no file, so nothing is asked of the API.
  const isCfileId = requestedId !== null && uuidSchema.safeParse(requestedId).success;
  // Without an id, the newest file; only its id is needed, as the file itself is followed below.
  const latest = useCfiles(LATEST_CFILE, { enabled: requestedId === null, follow: false });
  const cfileId = isCfileId ? requestedId : (latest.data?.results[0]?.id ?? '');
  const cfile = useCfile(cfileId, { enabled: cfileId !== '' });

  const header = (
    <>
      <BackToCfile />
      <PageHeader title={title} description={description} />
    </>
  );
  const body = (): ReactNode => {
    // Keyed by the file: another file's page starts afresh (its choices, its viewer).
    if (cfile.data) return <Fragment key={cfile.data.id}>{children(cfile.data)}</Fragment>;
    if (
      (requestedId !== null && !isCfileId) ||
      (isApiError(cfile.error) && cfile.error.code === ERR.NOT_FOUND)
    ) {
      return (
        <EmptyState
          icon={SearchXIcon}
          title="We could not find this C-file"
          action={{ label: 'See your C-files', href: paths.cfile.home.getHref() }}
        >
          It may have been deleted, or the link is incomplete.
        </EmptyState>
      );
    }
    if (latest.isError) {
      return (
        <QueryErrorPanel
          title="We could not load your C-files"
          error={latest.error}
          onRetry={() => void latest.refetch()}
          isRetrying={latest.isFetching}
        />
      );
    }
    if (latest.data?.results.length === 0) {
      return (
        <EmptyState
          icon={FileSearchIcon}
          title="No C-file yet"
          action={{ label: 'Upload your C-file', href: paths.cfile.home.getHref() }}
        >
          Upload your VA claims file first: Muster reads it and shows what it found here.
        </EmptyState>
      );
    }
    if (cfile.isError) {
      return (
        <QueryErrorPanel
          title="We could not load this C-file"
          error={cfile.error}
          onRetry={() => void cfile.refetch()}
          isRetrying={cfile.isFetching}
        />
      );
    }
    return <PageSpinner label="Loading the C-file" />;
  };
  return (
    <>
      {header}
      {body()}
    </>
  );
}

/**
 * What the results pages show for a file not read in full: still being read (its progress page
 * follows it), or stopped or failed (upload again).
 */
export function NotReadYet({ cfile }: { cfile: Cfile }) {
  const isReading = cfile.status === 'queued' || cfile.status === 'processing';
  return (
    <EmptyState
      icon={FileSearchIcon}
      title={isReading ? 'This C-file is still being read' : 'This C-file was not read in full'}
      action={
        <Button asChild variant="outline" size="sm">
          <Link to={isReading ? cfileHref('queue', cfile.id) : paths.cfile.home.getHref()}>
            {isReading ? 'Follow the reading' : 'Upload a C-file'}
          </Link>
        </Button>
      }
    >
      {isReading
        ? 'What Muster finds in it shows here once every page is read.'
        : 'Reading stopped before the end, so nothing was found in it.'}
    </EmptyState>
  );
}
