import type { VsoShare } from '@muster/contract/vso';
import { useState } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { Spinner } from '@/components/ui/spinner';
import { toastError, toastFeedback } from '@/lib/toast';

import { useRevokeShare, useShareAccesses, useShares } from '../api/vso';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function stateOf(share: VsoShare, now: number): string {
  if (share.revoked_at) return `Revoked ${day(share.revoked_at)}`;
  if (Date.parse(share.expires_at) <= now) return `Expired ${day(share.expires_at)}`;
  return `Works until ${day(share.expires_at)}`;
}

/** The veteran's shares: what each holds, whether it still works, who opened it; revoke. */
export function ShareList() {
  const shares = useShares();
  const revoke = useRevokeShare();
  const [revoking, setRevoking] = useState<VsoShare | null>(null);
  // The time the page opened: a link that expires while it is shown keeps its state until reload.
  const [now] = useState(() => Date.now());

  if (shares.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your shares"
        error={shares.error}
        onRetry={() => void shares.refetch()}
        isRetrying={shares.isFetching}
      />
    );
  }
  if (!shares.data) return <Spinner label="Loading your shares" />;
  if (shares.data.results.length === 0) {
    return <p className="text-muted-foreground">You have not shared any records yet.</p>;
  }
  return (
    <>
      <ul className="flex min-w-0 flex-col gap-4">
        {shares.data.results.map((share) => (
          <ShareCard key={share.id} share={share} now={now} onRevoke={() => setRevoking(share)} />
        ))}
      </ul>
      <ConfirmDeleteDialog
        open={revoking !== null}
        title="Revoke this link?"
        description="Whoever has the link can no longer open your records. This cannot be undone; you can share again with a new link."
        confirmLabel="Revoke link"
        isPending={revoke.isPending}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              toastFeedback('success', 'Link revoked');
            },
            onError: (error) => toastError(error),
          });
        }}
      />
    </>
  );
}

function ShareCard({
  share,
  now,
  onRevoke,
}: {
  share: VsoShare;
  now: number;
  onRevoke: () => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const isLive = !share.revoked_at && Date.parse(share.expires_at) > now;
  const name = share.label ?? `Shared ${day(share.created_at)}`;
  const logId = `share-log-${share.id}`;
  return (
    <li className="bg-card flex min-w-0 flex-col gap-3 rounded-lg border p-4">
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="font-medium break-words">{name}</h3>
        <p className="text-muted-foreground text-sm">
          {stateOf(share, now)} ·{' '}
          {share.access_count === 1 ? 'Opened once' : `Opened ${share.access_count} times`}
          {share.last_accessed_at ? `, last ${dateTime(share.last_accessed_at)}` : ''}
        </p>
      </div>
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {share.items.map((item) => (
          <li key={`${item.kind}:${item.id}`} className="break-words">
            {item.title ?? 'A record since deleted'}
            {item.protected_7332 ? ' (protected record, shared with your consent)' : ''}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={showLog}
          aria-controls={logId}
          aria-label={`${showLog ? 'Hide' : 'Show'} access log for ${name}`}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? 'Hide access log' : 'Show access log'}
        </Button>
        {isLive ? (
          <Button
            type="button"
            variant="destructive"
            size="sm"
            aria-label={`Revoke link for ${name}`}
            onClick={onRevoke}
          >
            Revoke link
          </Button>
        ) : null}
      </div>
      <div id={logId}>{showLog ? <AccessLog shareId={share.id} /> : null}</div>
    </li>
  );
}

function AccessLog({ shareId }: { shareId: string }) {
  const accesses = useShareAccesses(shareId, { enabled: true });
  if (accesses.isError) {
    return (
      <QueryErrorPanel
        title="We could not load the access log"
        error={accesses.error}
        onRetry={() => void accesses.refetch()}
        isRetrying={accesses.isFetching}
      />
    );
  }
  if (!accesses.data) return <Spinner label="Loading the access log" />;
  if (accesses.data.results.length === 0) {
    return <p className="text-muted-foreground text-sm">No one has opened this link yet.</p>;
  }
  return (
    <ol className="flex min-w-0 flex-col gap-2 text-sm" aria-label="Access log">
      {accesses.data.results.map((access) => (
        <li key={access.id} className="min-w-0 break-words">
          <span className="font-medium">{dateTime(access.accessed_at)}</span>:{' '}
          {access.item_kind ? `opened ${access.item_title ?? 'a record'}` : 'opened the list'}
          {access.ip ? ` from network ${access.ip}` : ''}
          {access.user_agent ? (
            <span className="text-muted-foreground block">{access.user_agent}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
