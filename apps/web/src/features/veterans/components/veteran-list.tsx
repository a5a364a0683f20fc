import type { Veteran } from '@muster/contract/veterans';
import { formatDay } from '@muster/domain/format';
import { IdCardIcon, StarIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toastSuccess } from '@/lib/toast';

import { useVeterans } from '../api/get-veterans';
import { useUpdateVeteran } from '../api/update-veteran';
import { lastFour, servicePeriodSummary, veteranName } from '../utils/veteran-labels';
import { DeleteVeteranDialog, type DeleteVeteranDialogProps } from './delete-veteran-dialog';

export type VeteranListProps = {
  /** The page of records shown (from 1). */
  page: number;
  pageSize: number;
  /** The address of another page of the list. */
  pageHref: (page: number) => string;
};

type PendingDelete = NonNullable<DeleteVeteranDialogProps['veteran']>;

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/** A masked number, read out as "ending in 6789" rather than as a row of asterisks. */
function MaskedNumber({ masked }: { masked: string }) {
  return (
    <>
      <span aria-hidden className="font-mono">
        {masked}
      </span>
      <span className="sr-only">{`ending in ${lastFour(masked)}`}</span>
    </>
  );
}

/**
 * The user's veteran records, the primary first and marked "Primary": each opens its form, any
 * other can become the primary, and each can be deleted after a confirmation. With none, an empty
 * state offers to add the first.
 */
export function VeteranList({ page, pageSize, pageHref }: VeteranListProps) {
  const veterans = useVeterans({ page, pageSize });
  const makePrimary = useUpdateVeteran();
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  /** The record whose delete button opened the dialog, and whether it was deleted. */
  const lastDelete = useRef<{ id: string; deleted: boolean } | null>(null);

  /**
   * Focus after the dialog closes: back on the delete button when cancelled; after a delete (the
   * record's buttons are gone), on the first record left, or on the empty state.
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

  const handleMakePrimary = (veteran: Veteran) => {
    const name = veteranName(veteran);
    makePrimary.mutate(
      { veteranId: veteran.id, input: { is_primary: true } },
      {
        onSuccess: () => {
          toastSuccess(`${name} is now the primary record`);
          // Its "Make primary" button is gone: focus stays with the record.
          listRef.current
            ?.querySelector<HTMLElement>(`[data-veteran-id="${CSS.escape(veteran.id)}"] a`)
            ?.focus();
        },
      },
    );
  };

  // A failed refresh keeps the list it has (the error toast says so); only no list at all is a panel.
  if (veterans.data === undefined) {
    if (!veterans.isError) return <PageSpinner label="Loading veteran records" />;
    return (
      <QueryErrorPanel
        title="We could not load your veteran records"
        error={veterans.error}
        onRetry={() => void veterans.refetch()}
        isRetrying={veterans.isFetching}
      />
    );
  }

  const { results, meta } = veterans.data;
  const pageCount = Math.max(1, Math.ceil(meta.total / meta.page_size));
  const dialog = (
    <DeleteVeteranDialog
      veteran={pendingDelete}
      onOpenChange={(open) => {
        if (!open) setPendingDelete(null);
      }}
      onDeleted={(veteranId) => {
        lastDelete.current = { id: veteranId, deleted: true };
      }}
      onCloseAutoFocus={restoreFocus}
    />
  );

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
          icon={IdCardIcon}
          title="No veteran records yet"
          action={{ label: 'Add a veteran record', href: paths.veterans.new.getHref() }}
        >
          Add your own record first: your name, service history and contact details fill in VA forms
          for you. Helping a spouse or another veteran? Add a record for them too.
        </EmptyState>
      );
    }
    if (results.length === 0) {
      // A page past the end (records were deleted meanwhile).
      return (
        <p className="text-muted-foreground">
          No records on this page.{' '}
          <Link to={pageHref(1)} className={`text-primary font-medium underline ${linkClass}`}>
            Go to the first page
          </Link>
        </p>
      );
    }
    return (
      <>
        <ul ref={listRef} aria-label="Veteran records" className="grid gap-4">
          {results.map((veteran) => {
            const name = veteranName(veteran);
            const firstPeriod = veteran.service_periods[0];
            const morePeriods = veteran.service_periods.length - 1;
            const isMakingPrimary =
              makePrimary.isPending && makePrimary.variables.veteranId === veteran.id;
            return (
              <li
                key={veteran.id}
                data-veteran-id={veteran.id}
                className="flex min-w-0 flex-col gap-3 rounded-lg border p-4"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <h2 className="min-w-0 text-lg font-semibold break-words">
                    <Link to={paths.veterans.detail.getHref(veteran.id)} className={linkClass}>
                      {name}
                    </Link>
                  </h2>
                  {veteran.is_primary ? (
                    <span className="bg-primary text-primary-foreground inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold">
                      <StarIcon className="size-3" aria-hidden />
                      Primary
                    </span>
                  ) : null}
                </div>
                <dl className="text-muted-foreground grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  {veteran.ssn ? (
                    <div className="flex flex-wrap gap-x-2">
                      <dt>SSN:</dt>
                      <dd>
                        <MaskedNumber masked={veteran.ssn} />
                      </dd>
                    </div>
                  ) : null}
                  {veteran.va_file_number ? (
                    <div className="flex flex-wrap gap-x-2">
                      <dt>VA file number:</dt>
                      <dd>
                        <MaskedNumber masked={veteran.va_file_number} />
                      </dd>
                    </div>
                  ) : null}
                  {veteran.date_of_birth ? (
                    <div className="flex flex-wrap gap-x-2">
                      <dt>Born:</dt>
                      <dd>{formatDay(veteran.date_of_birth)}</dd>
                    </div>
                  ) : null}
                  <div className="flex flex-wrap gap-x-2 sm:col-span-2">
                    <dt>Service:</dt>
                    <dd className="min-w-0 break-words">
                      {firstPeriod
                        ? `${servicePeriodSummary(firstPeriod)}${
                            morePeriods > 0
                              ? ` and ${morePeriods} more period${morePeriods === 1 ? '' : 's'}`
                              : ''
                          }`
                        : 'No service periods yet'}
                    </dd>
                  </div>
                </dl>
                <div className="flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm">
                    <Link
                      to={paths.veterans.detail.getHref(veteran.id)}
                      aria-label={`Edit ${name}`}
                    >
                      Edit
                    </Link>
                  </Button>
                  {veteran.is_primary ? null : (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={`Make primary: ${name}`}
                      disabled={makePrimary.isPending}
                      onClick={() => handleMakePrimary(veteran)}
                    >
                      {isMakingPrimary ? 'Making primary…' : 'Make primary'}
                    </Button>
                  )}
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    aria-label={`Delete ${name}`}
                    data-delete-for={veteran.id}
                    onClick={() => {
                      lastDelete.current = { id: veteran.id, deleted: false };
                      setPendingDelete({ id: veteran.id, name, isPrimary: veteran.is_primary });
                    }}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <Pager
          label="Pages of veteran records"
          page={page}
          pageCount={pageCount}
          pageHref={pageHref}
        />
      </>
    );
  }
}
