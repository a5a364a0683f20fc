import type { VaultDocument } from '@muster/contract/documents';
import { FolderOpenIcon, SearchIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { formatBytes } from '@/utils/format-bytes';
import { followLink } from '@/utils/follow-link';

import { useDocumentLink } from '../api/get-document-link';
import { useDocuments } from '../api/get-documents';
import { canPreview, extensionBadge, formatDocumentDate } from '../utils/document-labels';
import { DeleteDocumentDialog, type DeleteDocumentDialogProps } from './delete-document-dialog';
import { DocumentTypeDialog } from './document-type-dialog';
import { RenameDocumentDialog } from './rename-document-dialog';

export type DocumentListProps = {
  /** The search the list is narrowed to (names containing it); '' for every document. */
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
export const DOCUMENT_SEARCH_DEBOUNCE_MS = 300;

type PendingDelete = NonNullable<DeleteDocumentDialogProps['document']>;

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/** The search box: the list follows what is typed once typing pauses, or at once on Enter. */
function SearchBox({ query, onQueryChange }: Pick<DocumentListProps, 'query' | 'onQueryChange'>) {
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
      aria-label="Documents"
      className="flex max-w-md items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        search(text);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search your documents
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
          placeholder="Search by name"
          className="pl-8"
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => search(value), DOCUMENT_SEARCH_DEBOUNCE_MS);
          }}
        />
      </div>
    </form>
  );
}

/**
 * The vault's documents, newest first, each with its extension, VA document type, size and date:
 * a search box narrows them by name, long lists come in pages, and each can be previewed (PDFs and
 * images), downloaded, renamed, tagged with a VA document type and deleted after a confirmation.
 */
export function DocumentList({
  query,
  onQueryChange,
  page,
  pageSize,
  pageHref,
}: DocumentListProps) {
  const documents = useDocuments({ q: query, page, pageSize });
  const link = useDocumentLink();
  const [renaming, setRenaming] = useState<VaultDocument | null>(null);
  const [tagging, setTagging] = useState<VaultDocument | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  /** The document whose delete button opened the dialog, and whether it was deleted. */
  const lastDelete = useRef<{ id: string; deleted: boolean } | null>(null);

  /**
   * Focus after the delete dialog closes: back on the delete button when cancelled; after a delete
   * (its buttons are gone), on the first document left, or on the empty state.
   */
  const restoreFocus = (event: Event) => {
    const last = lastDelete.current;
    if (!last) return;
    const target = last.deleted
      ? (listRef.current?.querySelector<HTMLElement>('button') ?? emptyRef.current)
      : listRef.current?.querySelector<HTMLElement>(`[data-delete-for="${CSS.escape(last.id)}"]`);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  /** Opens the file in a new tab (PDFs and images show in the browser). */
  const preview = (document: VaultDocument) => {
    // The tab opens now, while the click still counts as the veteran's (a tab opened after the
    // answer would be blocked as a pop-up); it is sent to the link once the link arrives.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    link.mutate(
      { documentId: document.id, disposition: 'inline' },
      {
        onSuccess: ({ url }) => {
          if (tab) tab.location.href = url;
          else followLink(url, '_blank');
        },
        onError: () => tab?.close(),
      },
    );
  };

  const download = (document: VaultDocument) => {
    link.mutate(
      { documentId: document.id, disposition: 'attachment' },
      { onSuccess: ({ url }) => followLink(url) },
    );
  };

  const dialogs = (
    <>
      <RenameDocumentDialog
        document={renaming}
        onOpenChange={(open) => {
          if (!open) setRenaming(null);
        }}
      />
      <DocumentTypeDialog
        document={tagging}
        onOpenChange={(open) => {
          if (!open) setTagging(null);
        }}
      />
      <DeleteDocumentDialog
        document={pendingDelete}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        onDeleted={(documentId) => {
          lastDelete.current = { id: documentId, deleted: true };
        }}
        onCloseAutoFocus={restoreFocus}
      />
    </>
  );

  // One shape whatever the list shows, so the search box and the dialogs keep their state.
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <SearchBox query={query} onQueryChange={onQueryChange} />
      {renderBody()}
      {dialogs}
    </div>
  );

  function renderBody() {
    // A failed refresh keeps the list it has (the error toast says so); only no list is a panel.
    if (documents.data === undefined) {
      if (!documents.isError) return <PageSpinner label="Loading your documents" />;
      return (
        <QueryErrorPanel
          title="We could not load your documents"
          error={documents.error}
          onRetry={() => void documents.refetch()}
          isRetrying={documents.isFetching}
          headingLevel={3}
        />
      );
    }
    const { results, meta } = documents.data;
    const pageCount = Math.max(1, Math.ceil(meta.total / meta.page_size));
    if (meta.total === 0 && query === '') {
      return (
        <EmptyState ref={emptyRef} icon={FolderOpenIcon} title="No documents yet">
          Upload your DD214, service treatment records, medical records, buddy statements and other
          evidence above. They stay private to you, ready when you file your claim.
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
          {`No documents match “${query}”.`}
        </div>
      );
    }
    if (results.length === 0) {
      // A page past the end (documents were deleted meanwhile).
      return (
        <p className="text-muted-foreground">
          No documents on this page.{' '}
          <Link to={pageHref(1)} className={`text-primary font-medium underline ${linkClass}`}>
            Go to the first page
          </Link>
        </p>
      );
    }
    const isBusy = (documentId: string) =>
      link.isPending && link.variables.documentId === documentId;
    return (
      <>
        <p role="status" className="sr-only">
          {query
            ? `${meta.total} document${meta.total === 1 ? ' matches' : 's match'} “${query}”.`
            : ''}
        </p>
        <ul ref={listRef} aria-label="Your documents" className="grid min-w-0 gap-4">
          {results.map((document) => (
            <li
              key={document.id}
              data-document-id={document.id}
              className="flex min-w-0 flex-col gap-3 rounded-lg border p-4"
            >
              <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                <h3 className="min-w-0 text-lg font-semibold break-words">{document.name}</h3>
                <span className="bg-secondary text-secondary-foreground rounded px-1.5 py-0.5 text-xs font-semibold">
                  <span className="sr-only">File type: </span>
                  {extensionBadge(document.extension)}
                </span>
              </div>
              <dl className="text-muted-foreground grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                <div className="flex min-w-0 flex-wrap gap-x-2 sm:col-span-2">
                  <dt>VA document type:</dt>
                  <dd className="min-w-0 break-words">{document.doc_type_label ?? 'Not set'}</dd>
                </div>
                <div className="flex flex-wrap gap-x-2">
                  <dt>Size:</dt>
                  <dd>{formatBytes(document.size)}</dd>
                </div>
                <div className="flex flex-wrap gap-x-2">
                  <dt>Added:</dt>
                  <dd>{formatDocumentDate(document.created_at)}</dd>
                </div>
              </dl>
              <div className="flex flex-wrap gap-2">
                {canPreview(document.content_type) ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Preview ${document.name} (opens in a new tab)`}
                    aria-disabled={isBusy(document.id) || undefined}
                    onClick={() => {
                      if (!isBusy(document.id)) preview(document);
                    }}
                  >
                    Preview
                  </Button>
                ) : null}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Download ${document.name}`}
                  aria-disabled={isBusy(document.id) || undefined}
                  onClick={() => {
                    if (!isBusy(document.id)) download(document);
                  }}
                >
                  Download
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Rename ${document.name}`}
                  onClick={() => setRenaming(document)}
                >
                  Rename
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`VA type of ${document.name}`}
                  onClick={() => setTagging(document)}
                >
                  VA type
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="text-destructive"
                  aria-label={`Delete ${document.name}`}
                  data-delete-for={document.id}
                  onClick={() => {
                    lastDelete.current = { id: document.id, deleted: false };
                    setPendingDelete({ id: document.id, name: document.name });
                  }}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <Pager label="Pages of documents" page={page} pageCount={pageCount} pageHref={pageHref} />
      </>
    );
  }
}
