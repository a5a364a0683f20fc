import type { AiConsent, AiSettings } from '@muster/contract/chat';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

import { useUpdateAiSettings } from '../api/update-ai-settings';

export type AiProvider = NonNullable<AiSettings['provider']>;

/** What leaves Muster with each message when chat uses the outside model, in so many words. */
export function providerDisclosure(provider: AiProvider): string {
  return `Your message, and the knowledge-base passages and details from your records used to answer it, go to ${provider.name} at ${provider.host}, using ${provider.model}. So do the decisions read from a decision letter you analyze (never the letter’s text), for a plain-language summary.`;
}

/** What never leaves, and what offline means. */
export const NEVER_SENT_TEXT =
  'Text about drug or alcohol treatment, HIV or sickle cell is never sent.';
export const OFFLINE_TEXT =
  'Offline only: nothing leaves Muster; the assistant answers from Muster’s built-in knowledge base.';

export const CONSENT_CHOICES = {
  provider: (provider: AiProvider) => `Use ${provider.name}`,
  offline: 'Keep chat offline-only',
} as const;

export type ConsentDialogProps = {
  provider: AiProvider;
  open: boolean;
  /** Closing without a choice sends nothing; the message stays in the composer. */
  onOpenChange: (open: boolean) => void;
  /** After the choice is saved. */
  onChosen: (consent: Exclude<AiConsent, 'ask'>) => void;
};

/**
 * Asked before the first message that would leave Muster: exactly what is sent, where and to
 * which model, what is never sent, and the two choices. The choice is saved for every chat and
 * can be changed on the Account page.
 */
export function ConsentDialog({ provider, open, onOpenChange, onChosen }: ConsentDialogProps) {
  const update = useUpdateAiSettings();
  const choose = (consent: Exclude<AiConsent, 'ask'>) => {
    update.mutate({ consent }, { onSuccess: () => onChosen(consent) });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!update.isPending) onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>May chat use {provider.name}?</DialogTitle>
          <DialogDescription>
            Choose before your first message is sent. You can change this at any time on your
            Account page.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3 text-sm">
          <p>
            <span className="font-semibold">If you use {provider.name}: </span>
            {providerDisclosure(provider)}
          </p>
          <p>{NEVER_SENT_TEXT}</p>
          <p>
            <span className="font-semibold">If you keep chat offline-only: </span>
            nothing leaves Muster; the assistant answers from Muster’s built-in knowledge base.
          </p>
        </div>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={update.isPending}
            onClick={() => choose('offline')}
          >
            {CONSENT_CHOICES.offline}
          </Button>
          <Button type="button" disabled={update.isPending} onClick={() => choose('provider')}>
            {CONSENT_CHOICES.provider(provider)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
