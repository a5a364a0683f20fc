import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { toApiError } from '@/lib/api-error';
import { opensUpgradePrompt, toastError } from '@/lib/toast';

import { startChat } from '../hooks/chat-sessions';
import { useConsentGate } from '../hooks/use-consent-gate';
import { Composer } from './composer';

export type NewChatProps = {
  /** The thread exists and its first message is on its way: open its page. */
  onStarted: (threadId: string) => void;
};

const SUGGESTIONS = [
  'How does VA rate tinnitus?',
  'What is a nexus letter and do I need one?',
  'Which form do I use to file an Intent to File?',
];

/**
 * A new conversation: the first message makes the thread, is sent to it, and the thread's page
 * opens with the message and the reply on their way.
 */
export function NewChat({ onStarted }: NewChatProps) {
  const queryClient = useQueryClient();
  const consent = useConsentGate();
  const [isStarting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const start = (content: string) => {
    setStarting(true);
    setFailure(null);
    startChat(queryClient, content).then(onStarted, (error: unknown) => {
      const apiError = toApiError(error);
      if (opensUpgradePrompt(apiError)) toastError(apiError);
      else setFailure(apiError.message);
      setStarting(false);
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex max-w-prose flex-col gap-2 text-sm">
        <p>
          The assistant answers from VA’s rating rules and Muster’s guides, and says which rule each
          answer relies on. It is not legal or medical advice.
        </p>
        <p className="text-muted-foreground">For example:</p>
        <ul className="text-muted-foreground ml-5 list-disc">
          {SUGGESTIONS.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      </div>
      {failure ? (
        <p
          role="alert"
          className="border-destructive/40 bg-destructive/5 rounded-md border p-3 text-sm"
        >
          <span className="font-semibold">Your message was not sent.</span> {failure}
        </p>
      ) : null}
      <Composer isBusy={isStarting} onSend={(content) => consent.guard(() => start(content))} />
      {consent.dialog}
    </div>
  );
}
