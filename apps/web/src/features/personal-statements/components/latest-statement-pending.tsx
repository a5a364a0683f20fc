import type { UseQueryResult } from '@tanstack/react-query';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Spinner } from '@/components/ui/spinner';

/**
 * What the wizard's statement pages show while the latest statement is not known yet: the error
 * with a retry, or the loading spinner. Null once it is known (there may be none).
 */
export function latestStatementPending(latest: UseQueryResult<unknown>) {
  if (latest.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your statement"
        error={latest.error}
        headingLevel={3}
        onRetry={() => void latest.refetch()}
        isRetrying={latest.isFetching}
      />
    );
  }
  if (latest.data === undefined) return <Spinner label="Loading your statement" />;
  return null;
}
