import { threadTitle, type Thread } from '@muster/contract/threads';
import { MessageSquareIcon, MessagesSquareIcon, Trash2Icon } from 'lucide-react';
import { lazy, useRef, useState } from 'react';
import { Link } from 'react-router';

import { NonEssential } from '@/components/errors/non-essential';
import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { useThreads } from '../api/get-threads';

// The confirmation carries Radix dialog code: it loads on the first delete.
const DeleteThreadDialog = lazy(() =>
  import('./delete-thread-dialog').then((module) => ({ default: module.DeleteThreadDialog })),
);

export type ThreadListProps = {
  /** The page of conversations shown (from 1). */
  page: number;
  pageSize: number;
  /** The address of another page of the list. */
  pageHref: (page: number) => string;
};

type PendingDelete = Pick<Thread, 'id' | 'title'>;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/**
 * Every conversation, newest first, a page at a time: each opens its chat and can be deleted
 * after the "Delete Conversation" confirmation (with its toasts). With none, where to start one.
 */
export function ThreadList({ page, pageSize, pageHref }: ThreadListProps) {
  const threads = useThreads({ page, pageSize });
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  // Mounted from the first delete on, so the dialog can play its closing animation.
  const [isDialogMounted, setDialogMounted] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  /** The thread whose delete button opened the dialog, and whether it was deleted. */
  const lastDelete = useRef<{ id: string; deleted: boolean } | null>(null);

  /**
   * Focus after the dialog closes: back on the delete button when cancelled; after a delete (the
   * row is gone), on the first conversation left, or on the empty state.
   */
  const restoreFocus = (event: Event) => {
    const last = lastDelete.current;
    if (!last) return;
    const target = last.deleted
      ? (listRef.current?.querySelector<HTMLElement>('a') ?? emptyRef.current)
      : listRef.current?.querySelector<HTMLElement>(`[data-delete-for="${CSS.escape(last.id)}"]`);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  if (threads.data === undefined) {
    if (!threads.isError) return <PageSpinner label="Loading your conversations" />;
    return (
      <QueryErrorPanel
        title="We could not load your conversations"
        error={threads.error}
        onRetry={() => void threads.refetch()}
        isRetrying={threads.isFetching}
      />
    );
  }

  const { results, meta } = threads.data;
  const pageCount = Math.max(1, Math.ceil(meta.total / meta.page_size));
  const dialog = isDialogMounted ? (
    <NonEssential>
      <DeleteThreadDialog
        thread={pendingDelete}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        onDeleted={(threadId) => {
          lastDelete.current = { id: threadId, deleted: true };
        }}
        onCloseAutoFocus={restoreFocus}
      />
    </NonEssential>
  ) : null;

  // One shape whatever the list shows, so the dialog keeps its place (and state) in the tree.
  return (
    <div className="flex flex-col gap-6">
      {renderBody()}
      {dialog}
    </div>
  );

  function renderBody() {
    if (meta.total === 0) {
      return (
        <EmptyState
          ref={emptyRef}
          icon={MessagesSquareIcon}
          title="No conversations yet"
          action={{ label: 'Start a new chat', href: paths.chats.new.getHref() }}
        >
          Ask the assistant about your claim, a condition or a VA form. Your conversations are kept
          here.
        </EmptyState>
      );
    }
    if (results.length === 0) {
      // A page past the end (conversations were deleted meanwhile).
      return (
        <p className="text-muted-foreground">
          No conversations on this page.{' '}
          <Link to={pageHref(1)} className={`text-primary underline ${linkClass}`}>
            Go to the first page
          </Link>
        </p>
      );
    }
    return (
      <>
        <ul
          ref={listRef}
          aria-label="Conversations"
          className="flex flex-col divide-y rounded-lg border"
        >
          {results.map((thread) => {
            const title = threadTitle(thread);
            return (
              <li key={thread.id} className="flex min-w-0 items-center gap-3 px-4 py-3">
                <MessageSquareIcon className="text-muted-foreground size-4 shrink-0" aria-hidden />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <Link
                    to={paths.chats.detail.getHref(thread.id)}
                    className={`min-w-0 truncate ${linkClass}`}
                  >
                    {title}
                  </Link>
                  <p className="text-muted-foreground text-xs">
                    Started{' '}
                    <time dateTime={thread.created_at}>
                      {dateFormat.format(new Date(thread.created_at))}
                    </time>
                  </p>
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="text-muted-foreground hover:text-destructive shrink-0"
                  aria-label={`Delete conversation: ${title}`}
                  title="Delete conversation"
                  data-delete-for={thread.id}
                  onClick={() => {
                    lastDelete.current = { id: thread.id, deleted: false };
                    setPendingDelete({ id: thread.id, title: thread.title });
                    setDialogMounted(true);
                  }}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
        <Pager
          label="Pages of conversations"
          page={page}
          pageCount={pageCount}
          pageHref={pageHref}
        />
      </>
    );
  }
}
