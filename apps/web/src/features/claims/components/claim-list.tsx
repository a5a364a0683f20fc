import { CLAIM_STATUSES, type Claim, type ClaimStatus } from '@muster/contract/claims';
import { FolderCheckIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelect } from '@/components/ui/native-select';
import { Pager } from '@/components/ui/pager';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toastFeedback } from '@/lib/toast';

import { useClaims, useDeleteClaim, useUpdateClaim } from '../api/claims';

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  draft: 'Draft',
  ready: 'Ready to file',
  filed: 'Filed',
};

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/**
 * The veteran's claims, newest first: each with its disabilities, its status (changed in place),
 * its review, and a delete that keeps the disabilities.
 */
export function ClaimList({
  page,
  pageSize,
  pageHref,
}: {
  page: number;
  pageSize: number;
  pageHref: (page: number) => string;
}) {
  const claims = useClaims({ page, pageSize });
  const update = useUpdateClaim();
  const remove = useDeleteClaim();
  const [pendingDelete, setPendingDelete] = useState<Claim | null>(null);

  if (claims.isPending) return <PageSpinner label="Loading your claims" />;
  if (claims.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your claims"
        error={claims.error}
        onRetry={() => void claims.refetch()}
        isRetrying={claims.isFetching}
      />
    );
  }
  const { results, meta } = claims.data;
  if (meta.total === 0) {
    return (
      <EmptyState icon={FolderCheckIcon} title="No claims yet">
        A claim gathers the disabilities you file together. Create one above, then review how ready
        each disability is.
      </EmptyState>
    );
  }
  const pageCount = Math.max(1, Math.ceil(meta.total / meta.page_size));
  return (
    <>
      <ul aria-label="Your claims" className="flex flex-col divide-y">
        {results.map((claim) => {
          const statusId = `claim-status-${claim.id}`;
          return (
            <li key={claim.id} className="flex min-w-0 flex-col gap-2 py-3">
              <div className="flex min-w-0 items-start justify-between gap-3">
                <h3 className="min-w-0 font-semibold break-words">{claim.name}</h3>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="text-muted-foreground hover:text-destructive shrink-0"
                  aria-label={`Delete claim: ${claim.name}`}
                  title="Delete claim"
                  onClick={() => setPendingDelete(claim)}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </div>
              <p className="text-muted-foreground text-sm break-words">
                {claim.disabilities.map((disability) => disability.title).join(', ')}
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <label htmlFor={statusId} className="text-sm">
                  Status
                </label>
                <NativeSelect
                  id={statusId}
                  value={claim.status}
                  disabled={update.isPending}
                  onChange={(event) =>
                    update.mutate({
                      claimId: claim.id,
                      input: { status: event.target.value as ClaimStatus },
                    })
                  }
                >
                  {CLAIM_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {CLAIM_STATUS_LABELS[status]}
                    </option>
                  ))}
                </NativeSelect>
                <Link to={paths.review.getHref({ claim: claim.id })} className={linkClass}>
                  Review {claim.name}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
      <Pager label="Pages of claims" page={page} pageCount={pageCount} pageHref={pageHref} />
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        title="Delete this claim?"
        description="The claim goes; its disabilities, statements and evidence stay as they are."
        confirmLabel="Delete claim"
        isPending={remove.isPending}
        onConfirm={() => {
          if (!pendingDelete) return;
          const claim = pendingDelete;
          remove.mutate(claim.id, {
            onSuccess: () => {
              setPendingDelete(null);
              toastFeedback('success', 'Claim deleted', {
                description: `${claim.name} was deleted.`,
              });
            },
          });
        }}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
      >
        {pendingDelete ? <p className="font-medium">{pendingDelete.name}</p> : null}
      </ConfirmDeleteDialog>
    </>
  );
}
