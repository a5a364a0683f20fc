import type { VaConditions } from '@muster/contract/va-conditions';
import { CircleAlertIcon, LinkIcon } from 'lucide-react';
import { useEffect, useId } from 'react';

import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toastErrorMessage } from '@/lib/toast';

import { isWorthAskingAgain, useVaConditions } from '../api/get-va-conditions';
import { RatingWhatIf } from './rating-what-if';
import { VaConditionList } from './va-condition-list';
import { VaConditionsSummary } from './va-conditions-summary';

export const LOAD_FAILED = 'Failed to load VA conditions';
export const TRY_LATER = "We'll try again later";
export const RETRY_BY_HAND = 'You can retry when you are ready';

/** How the page starts a VA.gov connection (the app layer supplies it). */
export type VaConnect = {
  onConnect: () => void;
  isConnecting: boolean;
  hasFailed: boolean;
};

type VaConditionsViewProps = {
  connect: VaConnect;
  /** The veteran's own disabilities, offered in the what-if. */
  suggestions: readonly string[];
};

function NotConfigured() {
  return (
    <div className="bg-card flex min-w-0 flex-col gap-2 rounded-lg border p-4" role="status">
      <h2 className="text-xl font-semibold">VA.gov is not connected on this server</h2>
      <p className="text-sm">
        Whoever runs this copy of Muster has not set up its connection to VA.gov, so your rated
        conditions cannot be read from VA here. The what-if below still works from the conditions
        you plan to claim.
      </p>
    </div>
  );
}

function ConnectPanel({ connect }: { connect: VaConnect }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="bg-card flex min-w-0 flex-col gap-3 rounded-lg border p-4"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Connect VA.gov to see your rated conditions
      </h2>
      <p className="text-sm">
        Muster reads your disability rating from VA.gov: each rated condition and your combined
        rating. You sign in on VA.gov; Muster never sees your password.
      </p>
      {connect.hasFailed ? (
        <div
          role="alert"
          className="border-destructive/40 text-destructive flex gap-2 rounded-md border p-3 text-sm"
        >
          <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>Failed to connect to VA.gov. Please try again.</p>
        </div>
      ) : null}
      <div>
        <Button type="button" disabled={connect.isConnecting} onClick={connect.onConnect}>
          <LinkIcon aria-hidden />
          {connect.isConnecting ? 'Opening VA.gov…' : 'Connect to VA.gov'}
        </Button>
      </div>
    </section>
  );
}

function LoadFailed({
  onRetry,
  isRetrying,
  willRetry,
}: {
  onRetry: () => void;
  isRetrying: boolean;
  /** The page asks again by itself (only after failures that waiting can cure). */
  willRetry: boolean;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="border-destructive/40 bg-destructive/5 flex min-w-0 flex-col gap-3 rounded-md border p-4"
    >
      <h2 id={headingId} className="font-semibold">
        Your VA conditions could not be loaded
      </h2>
      <p className="text-sm">
        {willRetry ? 'We’ll try again later. You can also retry now.' : 'You can retry now.'}
      </p>
      <div>
        <Button type="button" variant="outline" onClick={onRetry} disabled={isRetrying}>
          Retry
        </Button>
      </div>
    </section>
  );
}

function Rated({ data }: { data: VaConditions }) {
  return (
    <>
      <VaConditionsSummary data={data} />
      <VaConditionList conditions={data.conditions} />
    </>
  );
}

/**
 * `/va-conditions`: what VA has rated (through VA.gov), the combined rating and monthly amount,
 * and the what-if. A failure to load shows a toast and a note, and the page asks again later.
 */
export function VaConditionsView({ connect, suggestions }: VaConditionsViewProps) {
  const conditions = useVaConditions();
  const { isError, error, errorUpdatedAt } = conditions;
  const willRetry = isError && isWorthAskingAgain(error);
  useEffect(() => {
    if (isError) {
      toastErrorMessage(LOAD_FAILED, {
        id: 'va-conditions-load',
        description: willRetry ? TRY_LATER : RETRY_BY_HAND,
      });
    }
  }, [isError, willRetry, errorUpdatedAt]);

  if (conditions.isPending) {
    return <PageSpinner label="Loading your VA conditions" />;
  }
  const data = conditions.data;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {data ? (
        !data.va_configured ? (
          <NotConfigured />
        ) : !data.va_connected ? (
          <ConnectPanel connect={connect} />
        ) : (
          <Rated data={data} />
        )
      ) : (
        <LoadFailed
          onRetry={() => void conditions.refetch()}
          isRetrying={conditions.isFetching}
          willRetry={willRetry}
        />
      )}
      <RatingWhatIf suggestions={suggestions} isConnected={data?.va_connected === true} />
    </div>
  );
}
