import type { QuotaFeature } from '@muster/contract/billing';
import { useSyncExternalStore } from 'react';

/**
 * The upgrade prompt: open while a request is set, closed by
 * "Maybe Later" or the close button. Quota and permission answers set it (see `toastError`); the app
 * renders the dialog for it.
 */
export type UpgradePromptRequest = {
  /** The answer's detail and message, e.g. "decision letter quota reached". */
  text: string;
  /** Which quota ran out, when the answer said. */
  feature?: QuotaFeature;
};

let current: UpgradePromptRequest | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of [...listeners]) listener();
}

export const upgradePrompt = {
  get: (): UpgradePromptRequest | null => current,
  open(request: UpgradePromptRequest) {
    current = request;
    emit();
  },
  close() {
    if (current === null) return;
    current = null;
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useUpgradePrompt(): UpgradePromptRequest | null {
  return useSyncExternalStore(upgradePrompt.subscribe, upgradePrompt.get, upgradePrompt.get);
}
