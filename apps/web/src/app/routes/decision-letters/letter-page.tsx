import { uuidSchema } from '@muster/contract/common';
import type { DecisionLetter } from '@muster/contract/decision-letters';
import { ERR } from '@muster/contract/errors';
import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLetter } from '@/features/decision-letters/api/get-letter';
import { letterTitle } from '@/features/decision-letters/utils/letter-text';
import { isApiError } from '@/lib/api-error';

/** Back to the list of letters. */
export function BackToLetters() {
  return (
    <Link
      to={paths.decisionLetters.list.getHref()}
      className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 mb-4 inline-flex items-center gap-1 rounded-sm text-sm outline-none focus-visible:ring-[3px] print:hidden"
    >
      <ArrowLeftIcon className="size-4" aria-hidden />
      All letters
    </Link>
  );
}

/**
 * A page about one letter, from the `:letterId` of its address: loading, not found (or not a
 * letter id), a failure with Retry, or the letter handed to `children`.
 */
export function LetterPage({
  fallbackTitle,
  children,
}: {
  fallbackTitle: string;
  children: (letter: DecisionLetter) => ReactNode;
}) {
  const { letterId = '' } = useParams();
  // Letter ids are UUIDs: anything else names no letter, so nothing is asked of the API.
  const isLetterId = uuidSchema.safeParse(letterId).success;
  const letter = useLetter(letterId, { enabled: isLetterId });

  // Keyed by the letter: another letter's page starts afresh (its choices, what it followed).
  if (letter.data) return <Fragment key={letter.data.id}>{children(letter.data)}</Fragment>;
  const header = (
    <>
      <BackToLetters />
      <PageHeader title={fallbackTitle} />
    </>
  );
  if (!isLetterId || (isApiError(letter.error) && letter.error.code === ERR.NOT_FOUND)) {
    return (
      <>
        {header}
        <EmptyState
          icon={SearchXIcon}
          title="We could not find this letter"
          action={{ label: 'See your letters', href: paths.decisionLetters.list.getHref() }}
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

/** The letter's heading: its date once read. */
export function LetterHeader({
  letter,
  description,
}: {
  letter: DecisionLetter;
  description?: string;
}) {
  return (
    <>
      <BackToLetters />
      <PageHeader title={letterTitle(letter)} description={description} />
    </>
  );
}
