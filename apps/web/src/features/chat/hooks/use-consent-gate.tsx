import { useState } from 'react';

import { useAiSettings } from '../api/get-ai-settings';
import { ConsentDialog } from '../components/consent-dialog';

/**
 * Holds a send until the veteran has chosen whether chat may use the outside model: with a
 * provider set up and no choice made yet, `guard` opens the consent dialog and runs the send once a
 * choice is saved; otherwise it runs the send at once. Closing the dialog without choosing
 * sends nothing. `ask` opens the dialog for a send the server refused for want of a choice.
 */
export function useConsentGate() {
  const settings = useAiSettings();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const provider = settings.data?.provider ?? null;
  const mustAsk = provider !== null && settings.data?.consent === 'ask';

  const guard = (send: () => void) => {
    if (mustAsk) setPending(() => send);
    else send();
  };

  const ask = (send: () => void) => {
    // The server knows better than what was loaded: read the settings again, then ask (or, when
    // the choice was made meanwhile, elsewhere, go ahead).
    void settings.refetch().then((result) => {
      if (result.data?.provider && result.data.consent === 'ask') setPending(() => send);
      else if (result.data) send();
    });
  };

  const dialog = provider ? (
    <ConsentDialog
      provider={provider}
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) setPending(null);
      }}
      onChosen={() => {
        const send = pending;
        setPending(null);
        send?.();
      }}
    />
  ) : null;

  return { guard, ask, dialog };
}
