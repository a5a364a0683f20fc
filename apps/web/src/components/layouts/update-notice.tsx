import { useEffect } from 'react';

import { toastUpdateAvailable } from '@/lib/toast';
import { watchForUpdates } from '@/lib/update-check';

/** Watches for a new deploy and shows the update toast once. Renders nothing. */
export function UpdateNotice({ getSignature }: { getSignature?: () => Promise<string> }) {
  useEffect(
    () =>
      watchForUpdates({
        getSignature,
        onUpdate: () => toastUpdateAvailable(() => window.location.reload()),
      }),
    [getSignature],
  );
  return null;
}
