import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { isOutboxUnavailable, useOutbox } from '@/features/dev-outbox/api/get-outbox';
import { OutboxList } from '@/features/dev-outbox/components/outbox-list';

const TITLE = 'Developer outbox';

/**
 * `/dev/outbox`: in development the API keeps mail instead of sending it; this lists it (sign-in
 * codes included). Elsewhere the API answers 404 and the page says the outbox is not available.
 */
export function DevOutboxRoute() {
  const outbox = useOutbox();

  if (outbox.isPending) {
    return (
      <>
        <PageHeader title={TITLE} />
        <PageSpinner label="Loading the outbox" />
      </>
    );
  }
  if (outbox.isError && outbox.data === undefined) {
    if (isOutboxUnavailable(outbox.error)) {
      return (
        <>
          <PageHeader title={TITLE} />
          <p className="text-muted-foreground max-w-prose rounded-md border p-4">
            The outbox is not available on this server. It exists only in development, when the API
            keeps mail instead of sending it.
          </p>
        </>
      );
    }
    return (
      <>
        <PageHeader title={TITLE} />
        <QueryErrorPanel
          title="We could not load the outbox"
          error={outbox.error}
          onRetry={() => void outbox.refetch()}
          isRetrying={outbox.isFetching}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        description="Mail the API kept instead of sending, newest first. It refreshes every few seconds."
      />
      <div className="mb-4">
        <Button
          type="button"
          variant="outline"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
        >
          Refresh
        </Button>
      </div>
      <OutboxList emails={outbox.data} />
    </>
  );
}
