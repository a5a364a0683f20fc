import type { Citation } from '@muster/contract/chat';
import { MessagesSquareIcon, RotateCcwIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';

import { useMessages } from '../api/get-messages';
import { useChatSession } from '../hooks/chat-sessions';
import { useConsentGate } from '../hooks/use-consent-gate';
import { chatView, type ChatFailure } from '../utils/chat-state';
import { AssistantMessage, PendingReplyMessage, UserMessage } from './chat-message';
import { Composer } from './composer';
import { PassageDialog } from './passage-dialog';

export type ConversationProps = {
  threadId: string;
  /** Put focus in the composer at once (the veteran just sent the first message elsewhere). */
  shouldFocusComposer?: boolean;
};

/** Scrolled this close to the end, the page follows the reply as it grows. */
const FOLLOW_THRESHOLD_PX = 320;

function isNearPageEnd(): boolean {
  const scrolled = window.innerHeight + window.scrollY;
  return document.documentElement.scrollHeight - scrolled <= FOLLOW_THRESHOLD_PX;
}

function FailureNotice({
  failure,
  canRetry,
  onRetry,
  onChoose,
}: {
  failure: ChatFailure;
  canRetry: boolean;
  onRetry: () => void;
  onChoose: () => void;
}) {
  const lead =
    failure.kind === 'send'
      ? 'Your message was not sent. It is back in the box below.'
      : 'The assistant could not answer.';
  return (
    <div
      role="alert"
      className="border-destructive/40 bg-destructive/5 flex flex-col items-start gap-2 rounded-md border p-3 text-sm"
    >
      <p>
        <span className="font-semibold">{lead}</span> {failure.message}
      </p>
      {failure.needsConsent ? (
        <div className="flex flex-col items-start gap-2">
          <p>Choose whether chat may use the outside AI model first.</p>
          <Button type="button" size="sm" onClick={onChoose}>
            Choose now
          </Button>
        </div>
      ) : canRetry ? (
        <Button type="button" size="sm" variant="outline" onClick={onRetry}>
          <RotateCcwIcon aria-hidden />
          Retry
        </Button>
      ) : null}
    </div>
  );
}

/**
 * One conversation: the messages as a log, the reply streaming in, and the composer. Sending is
 * optimistic (see `utils/chat-state.ts`); a finished reply is read out once, whole, through a
 * polite status region (the log itself stays quiet, or it would read each word as it arrives).
 */
export function Conversation({ threadId, shouldFocusComposer = false }: ConversationProps) {
  const messages = useMessages(threadId);
  const session = useChatSession(threadId);
  const consent = useConsentGate();
  const [openCitation, setOpenCitation] = useState<Citation | null>(null);
  const headingId = useId();
  const endRef = useRef<HTMLDivElement>(null);
  const composerRef = useRef<HTMLTextAreaElement | null>(null);
  const view = chatView(messages.data ?? [], session.state);
  const { failure, reply, announcement } = session.state;
  const itemCount = view.items.length;
  const replyLength = reply?.text.length ?? 0;

  // A new message or reply brings the end of the conversation into view; a reply that grows
  // is followed only while the veteran is reading at the end (never pulled away from above).
  const shownCount = useRef(0);
  useEffect(() => {
    const isNewItem = itemCount > shownCount.current;
    shownCount.current = itemCount;
    if (itemCount === 0) return;
    if (isNewItem || isNearPageEnd()) endRef.current?.scrollIntoView({ block: 'end' });
  }, [itemCount, replyLength]);

  if (messages.data === undefined) {
    if (!messages.isError) return <PageSpinner label="Loading the conversation" />;
    return (
      <QueryErrorPanel
        title="We could not load this conversation"
        error={messages.error}
        onRetry={() => void messages.refetch()}
        isRetrying={messages.isFetching}
      />
    );
  }

  const handleRetry = () => {
    // The Retry button goes away while the reply comes: focus waits in the composer.
    composerRef.current?.focus();
    consent.guard(() => void session.retry());
  };

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <h2 id={headingId} className="sr-only">
          Conversation
        </h2>
        <div
          role="log"
          aria-labelledby={headingId}
          // Quiet on purpose: the status region below reads a reply once it is complete.
          aria-live="off"
          className="flex flex-col gap-4"
        >
          {view.items.length === 0 ? (
            <EmptyState icon={MessagesSquareIcon} title="No messages yet">
              Ask the assistant anything about your claim: a condition, how VA rates it, or which
              form to use. Answers cite the rules they rely on.
            </EmptyState>
          ) : (
            view.items.map((item) => {
              switch (item.kind) {
                case 'message':
                  return item.message.role === 'user' ? (
                    <UserMessage key={item.message.id} content={item.message.content} />
                  ) : (
                    <AssistantMessage
                      key={item.message.id}
                      message={item.message}
                      onOpenCitation={setOpenCitation}
                    />
                  );
                case 'pending-user':
                  return <UserMessage key={item.id} content={item.content} isPending />;
                case 'pending-reply':
                  return <PendingReplyMessage key={item.reply.id} reply={item.reply} />;
              }
            })
          )}
        </div>
      </section>

      {failure ? (
        <FailureNotice
          failure={failure}
          canRetry={failure.kind === 'run' && view.canRetry}
          onRetry={handleRetry}
          onChoose={() =>
            consent.ask(() => {
              if (failure.kind === 'run') void session.retry();
            })
          }
        />
      ) : view.canRetry ? (
        <div className="flex flex-col items-start gap-2 text-sm">
          <p className="text-muted-foreground">Your last message has no reply yet.</p>
          <Button type="button" size="sm" variant="outline" onClick={handleRetry}>
            <RotateCcwIcon aria-hidden />
            Retry
          </Button>
        </div>
      ) : null}

      <div className="bg-background sticky bottom-0 z-10 -mx-1 border-t px-1 pt-3 pb-3">
        <Composer
          isBusy={view.isBusy}
          onStop={session.stop}
          onSend={(content, { clear }) =>
            consent.guard(() => {
              clear();
              void session.send(content);
            })
          }
          restoredDraft={session.state.restoredDraft}
          onDraftTaken={session.takeDraft}
          shouldFocusOnMount={shouldFocusComposer}
          inputRef={composerRef}
        />
      </div>
      {/* Below the composer: brought into view, the conversation's end shows just above it. */}
      <div ref={endRef} />

      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
      <PassageDialog
        citation={openCitation}
        onOpenChange={(open) => {
          if (!open) setOpenCitation(null);
        }}
      />
      {consent.dialog}
    </div>
  );
}
