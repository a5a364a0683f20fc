import type { Cfile } from '@muster/contract/cfiles';
import { formatDay } from '@muster/domain/format';
import { FileSearchIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { toastFeedback } from '@/lib/toast';
import { useDeleteFocus } from '@/hooks/use-delete-focus';

import { useDeleteCfile } from '../api/delete-cfile';
import { useCfiles, type CfileListParams } from '../api/get-cfiles';
import { cfileHref } from '../utils/cfile-href';
import { countText, STATUS_LABELS } from '../utils/progress-text';

/** The files listed: the latest ones (a veteran has few C-files). */
const LIST_PARAMS: CfileListParams = { page: 1, pageSize: 20 };

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm font-medium break-all underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/** Where a file in the list leads: its summary once read, else its progress. */
function cfileLink(cfile: Cfile): string {
  return cfile.status === 'complete'
    ? cfileHref('complete', cfile.id)
    : cfileHref('queue', cfile.id);
}

/** What a file holds, in a few words, once read. */
function detailText(cfile: Cfile): string {
  const parts = [
    `Uploaded ${formatDay(cfile.created_at.slice(0, 10))}`,
    STATUS_LABELS[cfile.status],
  ];
  if (cfile.status === 'processing') parts.push(`${cfile.progress}%`);
  if (cfile.status === 'complete') {
    if (cfile.pages_total !== null) parts.push(countText(cfile.pages_total, 'page', 'pages'));
    if (cfile.medications_count !== null) {
      parts.push(countText(cfile.medications_count, 'medication', 'medications'));
    }
    if (cfile.conditions_count !== null) {
      parts.push(countText(cfile.conditions_count, 'condition', 'conditions'));
    }
  }
  return parts.join(' · ');
}

/**
 * The veteran's C-files, newest first, each with its state (followed live while it is read) and a
 * link to its progress or its summary; each can be deleted after a confirmation.
 */
export function CfileList() {
  const cfiles = useCfiles(LIST_PARAMS);
  const remove = useDeleteCfile();
  const [pendingDelete, setPendingDelete] = useState<Cfile | null>(null);
  const { listRef, emptyRef, restoreFocus, deleting, deleted } = useDeleteFocus();

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const cfile = pendingDelete;
    remove.mutate(cfile.id, {
      onSuccess: () => {
        deleted();
        setPendingDelete(null);
        toastFeedback('success', 'C-file deleted', {
          description: `${cfile.filename} and what was found in it were deleted.`,
        });
      },
    });
  };

  if (cfiles.isPending) return <PageSpinner label="Loading your C-files" />;
  if (cfiles.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your C-files"
        error={cfiles.error}
        onRetry={() => void cfiles.refetch()}
        isRetrying={cfiles.isFetching}
        headingLevel={3}
      />
    );
  }
  const { results } = cfiles.data;
  if (results.length === 0) {
    return (
      <EmptyState ref={emptyRef} icon={FileSearchIcon} title="No C-files yet">
        Upload your C-file above: Muster lists it here and reads it in the background.
      </EmptyState>
    );
  }
  return (
    <>
      <ul ref={listRef} aria-label="Your C-files" className="flex flex-col divide-y">
        {results.map((cfile) => (
          <li key={cfile.id} className="flex min-w-0 items-start gap-3 py-3">
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <Link to={cfileLink(cfile)} className={linkClass}>
                {cfile.filename}
              </Link>
              <p className="text-muted-foreground text-sm">{detailText(cfile)}</p>
              {cfile.status === 'failed' && cfile.error ? (
                <p className="text-destructive text-sm">{cfile.error}</p>
              ) : null}
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="text-muted-foreground hover:text-destructive shrink-0"
              aria-label={`Delete C-file: ${cfile.filename}`}
              title="Delete C-file"
              data-delete-for={cfile.id}
              onClick={() => {
                deleting(cfile.id);
                setPendingDelete(cfile);
              }}
            >
              <Trash2Icon aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        title="Delete this C-file?"
        description="The file's reading and everything found in it are deleted for good. Disabilities you added from it stay."
        confirmLabel="Delete C-file"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        onCloseAutoFocus={restoreFocus}
      >
        {pendingDelete ? <p className="font-medium break-all">{pendingDelete.filename}</p> : null}
      </ConfirmDeleteDialog>
    </>
  );
}
