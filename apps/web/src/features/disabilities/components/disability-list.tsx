import { ClipboardListIcon, SearchIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { useDisabilities } from '../api/get-disabilities';
import {
  DeleteDisabilityDialog,
  type DeleteDisabilityDialogProps,
} from './delete-disability-dialog';
import { DisabilitySummary } from './disability-summary';

export type DisabilityListProps = {
  /** The search the list is narrowed to (titles containing it); '' for every disability. */
  query: string;
  /** A new search (already trimmed); the list goes back to its first page. */
  onQueryChange: (query: string) => void;
  /** The page shown (from 1). */
  page: number;
  pageSize: number;
  /** The address of another page of the list (same search). */
  pageHref: (page: number) => string;
};

/** How long typing in the search box must pause before the list is asked again. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

type PendingDelete = NonNullable<DeleteDisabilityDialogProps['disability']>;

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/** The search box: the list follows what is typed once typing pauses, or at once on Enter. */
function SearchBox({ query, onQueryChange }: Pick<DisabilityListProps, 'query' | 'onQueryChange'>) {
  const id = useId();
  const [text, setText] = useState(query);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const search = (value: string) => {
    window.clearTimeout(timer.current);
    if (value.trim() !== query) onQueryChange(value.trim());
  };

  return (
    <form
      role="search"
      aria-label="Disabilities"
      className="flex max-w-md items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        search(text);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search your disabilities
      </label>
      <div className="relative min-w-0 flex-1">
        <SearchIcon
          aria-hidden
          className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2"
        />
        <Input
          id={id}
          type="search"
          value={text}
          placeholder="Search by condition"
          className="pl-8"
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => search(value), LIST_SEARCH_DEBOUNCE_MS);
          }}
        />
      </div>
    </form>
  );
}

/**
 * The user's disabilities, newest first, each with its diagnosis (or "Not diagnosed"), claim type
 * and rating: a search box narrows them by title, long lists come in pages, and each can be
 * deleted after a confirmation. With none, an empty state offers to add the first.
 */
export function DisabilityList({
  query,
  onQueryChange,
  page,
  pageSize,
  pageHref,
}: DisabilityListProps) {
  const disabilities = useDisabilities({ q: query, page, pageSize });
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  /** The disability whose delete button opened the dialog, and whether it was deleted. */
  const lastDelete = useRef<{ id: string; deleted: boolean } | null>(null);

  /**
   * Focus after the dialog closes: back on the delete button when cancelled; after a delete (its
   * buttons are gone), on the first disability left, or on the empty state.
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

  const dialog = (
    <DeleteDisabilityDialog
      disability={pendingDelete}
      onOpenChange={(open) => {
        if (!open) setPendingDelete(null);
      }}
      onDeleted={(disabilityId) => {
        lastDelete.current = { id: disabilityId, deleted: true };
      }}
      onCloseAutoFocus={restoreFocus}
    />
  );

  // One shape whatever the list shows, so the search box and the dialog keep their state.
  return (
    <div className="flex flex-col gap-6">
      <SearchBox query={query} onQueryChange={onQueryChange} />
      {renderBody()}
      {dialog}
    </div>
  );

  function renderBody() {
    // A failed refresh keeps the list it has (the error toast says so); only no list is a panel.
    if (disabilities.data === undefined) {
      if (!disabilities.isError) return <PageSpinner label="Loading your disabilities" />;
      return (
        <QueryErrorPanel
          title="We could not load your disabilities"
          error={disabilities.error}
          onRetry={() => void disabilities.refetch()}
          isRetrying={disabilities.isFetching}
        />
      );
    }
    const { results, meta } = disabilities.data;
    const pageCount = Math.max(1, Math.ceil(meta.total / meta.page_size));
    if (meta.total === 0 && query === '') {
      return (
        <EmptyState
          ref={emptyRef}
          icon={ClipboardListIcon}
          title="No disabilities yet"
          action={{ label: 'Add a disability', href: paths.disabilities.new.getHref() }}
        >
          Add each condition you want to claim. Each one gets its own statement that you complete at
          your own pace.
        </EmptyState>
      );
    }
    if (meta.total === 0) {
      return (
        <div
          ref={emptyRef}
          tabIndex={-1}
          role="status"
          className="text-muted-foreground outline-none"
        >
          {`No disabilities match “${query}”.`}
        </div>
      );
    }
    if (results.length === 0) {
      // A page past the end (disabilities were deleted meanwhile).
      return (
        <p className="text-muted-foreground">
          No disabilities on this page.{' '}
          <Link to={pageHref(1)} className={`text-primary font-medium underline ${linkClass}`}>
            Go to the first page
          </Link>
        </p>
      );
    }
    return (
      <>
        <p role="status" className="sr-only">
          {query
            ? `${meta.total} disabilit${meta.total === 1 ? 'y matches' : 'ies match'} “${query}”.`
            : ''}
        </p>
        <ul ref={listRef} aria-label="Your disabilities" className="grid gap-4">
          {results.map((disability) => (
            <li key={disability.id} className="flex min-w-0 flex-col gap-3 rounded-lg border p-4">
              <h2 className="min-w-0 text-lg font-semibold break-words">
                <Link to={paths.disabilities.wizard.getHref(disability.id)} className={linkClass}>
                  {disability.title}
                </Link>
              </h2>
              <DisabilitySummary disability={disability} />
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link
                    to={paths.disabilities.wizard.getHref(disability.id)}
                    aria-label={`Open ${disability.title}`}
                  >
                    Open
                  </Link>
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="text-destructive"
                  aria-label={`Delete ${disability.title}`}
                  data-delete-for={disability.id}
                  onClick={() => {
                    lastDelete.current = { id: disability.id, deleted: false };
                    setPendingDelete({ id: disability.id, title: disability.title });
                  }}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <Pager
          label="Pages of disabilities"
          page={page}
          pageCount={pageCount}
          pageHref={pageHref}
        />
      </>
    );
  }
}
