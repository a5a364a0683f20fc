import { useId, type ReactNode } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Spinner } from '@/components/ui/spinner';

import { useIntentToFileState } from '../api/va';
import { VaConnection } from './va-connection';

function Frame({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex max-w-prose flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        VA.gov connection
      </h2>
      {children}
    </section>
  );
}

/** The VA.gov connection on the account page: connect, or "VA Connected" and disconnect. */
export function VaAccountSection() {
  const state = useIntentToFileState();
  if (state.isPending) {
    return (
      <Frame>
        <Spinner label="Checking your VA.gov connection" />
      </Frame>
    );
  }
  if (state.isError) {
    return (
      <Frame>
        <QueryErrorPanel
          title="We could not check your VA.gov connection"
          error={state.error}
          onRetry={() => void state.refetch()}
          isRetrying={state.isFetching}
          headingLevel={3}
        />
      </Frame>
    );
  }
  if (!state.data.va_configured) {
    return (
      <Frame>
        <p className="text-muted-foreground text-sm">
          This server has no connection to VA.gov set up, so there is nothing to connect here.
        </p>
      </Frame>
    );
  }
  return <VaConnection state={state.data} />;
}
