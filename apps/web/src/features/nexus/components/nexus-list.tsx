import { StampIcon } from 'lucide-react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { useNexusLetters } from '../api/nexus';
import { BASIS_LABELS, STATUS_LABELS } from './labels';

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Every nexus letter of the veteran, newest first, each opening to be completed. */
export function NexusList({
  page,
  pageSize,
  pageHref,
}: {
  page: number;
  pageSize: number;
  pageHref: (page: number) => string;
}) {
  const letters = useNexusLetters({ page, pageSize });
  if (letters.isPending) return <PageSpinner label="Loading your nexus letters" />;
  if (letters.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your nexus letters"
        error={letters.error}
        onRetry={() => void letters.refetch()}
        isRetrying={letters.isFetching}
      />
    );
  }
  const { results, meta } = letters.data;
  if (meta.total === 0) {
    return (
      <EmptyState
        icon={StampIcon}
        title="No nexus letters yet"
        action={{ label: 'Start a nexus letter', href: paths.nexus.new.getHref() }}
      >
        A nexus letter is a medical opinion linking a condition to your service. Muster drafts it
        from your records for your doctor to review and sign.
      </EmptyState>
    );
  }
  const pageCount = Math.max(1, Math.ceil(meta.total / meta.page_size));
  return (
    <>
      <ul aria-label="Your nexus letters" className="flex flex-col divide-y">
        {results.map((letter) => (
          <li key={letter.id} className="flex min-w-0 flex-col gap-0.5 py-3">
            <Link to={paths.nexus.detail.getHref(letter.id)} className={linkClass}>
              {`Nexus letter: ${letter.disability_title}`}
            </Link>
            <p className="text-muted-foreground text-sm">
              {`${STATUS_LABELS[letter.status]} · ${BASIS_LABELS[letter.opinion_basis]} · started ${dateFormat.format(new Date(letter.created_at))}`}
            </p>
          </li>
        ))}
      </ul>
      <Pager label="Pages of nexus letters" page={page} pageCount={pageCount} pageHref={pageHref} />
    </>
  );
}
