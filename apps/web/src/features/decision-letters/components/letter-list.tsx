import type { DecisionLetterSummary } from '@muster/contract/decision-letters';
import { FileSearchIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toastFeedback } from '@/lib/toast';
import { useDeleteFocus } from '@/hooks/use-delete-focus';

import { useDeleteLetter } from '../api/delete-letter';
import { useLetters } from '../api/get-letters';
import { letterTitle, statusText } from '../utils/letter-text';

export type LetterListProps = {
  page: number;
  pageSize: number;
  pageHref: (page: number) => string;
};

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/** Where a letter in the list leads: its results once read, else its live status. */
function letterHref(letter: DecisionLetterSummary): string {
  return letter.status === 'complete'
    ? paths.decisionLetters.results.getHref(letter.id)
    : paths.decisionLetters.detail.getHref(letter.id);
}

/**
 * The veteran's decision letters, newest first, a page at a time, each with its state (followed
 * live while it is read); each can be deleted after a confirmation.
 */
export function LetterList({ page, pageSize, pageHref }: LetterListProps) {
  const letters = useLetters({ page, pageSize });
  const remove = useDeleteLetter();
  const [pendingDelete, setPendingDelete] = useState<DecisionLetterSummary | null>(null);
  const { listRef, emptyRef, restoreFocus, deleting, deleted } = useDeleteFocus();

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const letter = pendingDelete;
    remove.mutate(letter.id, {
      onSuccess: () => {
        deleted();
        setPendingDelete(null);
        toastFeedback('success', 'Letter deleted', {
          description: `${letterTitle(letter)}, its file and its reading were deleted.`,
        });
      },
    });
  };

  if (letters.isPending) return <PageSpinner label="Loading your letters" />;
  if (letters.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your letters"
        error={letters.error}
        onRetry={() => void letters.refetch()}
        isRetrying={letters.isFetching}
      />
    );
  }
  const { results, meta } = letters.data;
  const pageCount = Math.max(1, Math.ceil(meta.total / meta.page_size));
  if (meta.total === 0) {
    return (
      <EmptyState
        ref={emptyRef}
        icon={FileSearchIcon}
        title="No letters yet"
        action={{ label: 'Analyze a letter', href: paths.decisionLetterAnalyzer.getHref() }}
      >
        Upload or paste a VA decision letter to see each decision, the rating VA gave, why, and what
        you can do before which deadline.
      </EmptyState>
    );
  }
  return (
    <>
      <ul ref={listRef} aria-label="Your decision letters" className="flex flex-col divide-y">
        {results.map((letter) => {
          const title = letterTitle(letter);
          return (
            <li key={letter.id} className="flex min-w-0 items-start gap-3 py-3">
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <Link to={letterHref(letter)} className={linkClass}>
                  {title}
                </Link>
                <p className="text-muted-foreground text-sm">
                  {statusText(letter)}
                  {letter.combined_rating === null
                    ? ''
                    : ` · combined rating ${letter.combined_rating}%`}
                  {letter.source === 'text' ? ' · pasted text' : ''}
                </p>
                {letter.status === 'failed' && letter.error ? (
                  <p className="text-destructive text-sm">{letter.error}</p>
                ) : null}
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="text-muted-foreground hover:text-destructive shrink-0"
                aria-label={`Delete letter: ${title}`}
                title="Delete letter"
                data-delete-for={letter.id}
                onClick={() => {
                  deleting(letter.id);
                  setPendingDelete(letter);
                }}
              >
                <Trash2Icon aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
      <Pager label="Pages of letters" page={page} pageCount={pageCount} pageHref={pageHref} />
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        title="Delete this letter?"
        description="The letter, the file you uploaded for it, and what was read from it are deleted for good."
        confirmLabel="Delete letter"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        onCloseAutoFocus={restoreFocus}
      >
        {pendingDelete ? <p className="font-medium">{letterTitle(pendingDelete)}</p> : null}
      </ConfirmDeleteDialog>
    </>
  );
}
