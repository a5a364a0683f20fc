import type { IntentToFileState } from '@muster/contract/intent-to-file';
import { DEFAULT_VA_SERVICE } from '@muster/contract/va-integrations';
import { CircleAlertIcon, CircleCheckIcon, LinkIcon, UnlinkIcon } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { toastFeedback } from '@/lib/toast';

import { useConnectVa, useDisconnectVa } from '../api/va';

const CONNECT_FAILED = 'Failed to connect to VA.gov. Please try again.';

/**
 * The VA.gov connection: connect (VA's own sign-in, then back here) or disconnect; a failure to
 * start shows the "Connection Failed" alert as well as a toast.
 */
export function VaConnection({ state }: { state: Pick<IntentToFileState, 'va_connected'> }) {
  const connect = useConnectVa();
  const disconnect = useDisconnectVa();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="bg-card flex min-w-0 flex-col gap-3 rounded-lg border p-4"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        VA.gov connection
      </h2>
      {state.va_connected ? (
        <>
          <p className="flex items-center gap-2 font-medium">
            <CircleCheckIcon aria-hidden className="size-5 text-green-700 dark:text-green-400" />
            VA Connected
          </p>
          <p className="text-muted-foreground text-sm">
            Muster can file your Intent to File and your claim with VA, and follow your claims.
            Disconnecting withdraws that permission at VA.
          </p>
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(DEFAULT_VA_SERVICE, {
                  onSuccess: () => toastFeedback('success', 'Disconnected from VA.gov'),
                })
              }
            >
              <UnlinkIcon aria-hidden />
              {disconnect.isPending ? 'Disconnecting…' : 'Disconnect'}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm">
            Connect your VA.gov account to file your Intent to File and your claim straight to VA,
            and to follow your claims here. You sign in on VA.gov; Muster never sees your password.
          </p>
          {connect.isError ? (
            <div
              role="alert"
              className="border-destructive/40 text-destructive flex gap-2 rounded-md border p-3 text-sm"
            >
              <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
              <div>
                <p className="font-semibold">Connection Failed</p>
                <p>{CONNECT_FAILED}</p>
              </div>
            </div>
          ) : null}
          <div>
            <Button
              type="button"
              disabled={connect.isPending}
              onClick={() =>
                connect.mutate(DEFAULT_VA_SERVICE, {
                  onError: () => toastFeedback('error', CONNECT_FAILED),
                })
              }
            >
              <LinkIcon aria-hidden />
              {connect.isPending ? 'Opening VA.gov…' : 'Connect to VA.gov'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
