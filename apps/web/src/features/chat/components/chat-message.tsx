import { OFFLINE_MODEL, type Citation, type Message } from '@muster/contract/chat';
import { BookOpenIcon, CheckIcon, CopyIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { toastFeedback } from '@/lib/toast';
import { cn } from '@/utils/cn';

import type { PendingReply } from '../utils/chat-state';
import { CrisisCard } from './crisis-card';
import { Markdown } from './markdown';

/** What the placeholder reads until the reply's first words arrive. */
export const LOADING_REPLY_TEXT = 'I am loading';

/** How long "Copied" shows on the button. */
const COPIED_MS = 2000;

const bubble = 'flex min-w-0 flex-col gap-2 rounded-lg px-4 py-3 text-sm leading-relaxed';

/** The veteran's message (stored, or on its way). */
export function UserMessage({
  content,
  isPending = false,
}: {
  content: string;
  isPending?: boolean;
}) {
  return (
    <div className="flex justify-end pl-8 sm:pl-16">
      <div
        className={cn(bubble, 'bg-primary text-primary-foreground')}
        aria-busy={isPending || undefined}
      >
        <p className="sr-only">{isPending ? 'You (sending):' : 'You:'}</p>
        <p className="break-words whitespace-pre-wrap">{content}</p>
      </div>
    </div>
  );
}

function AssistantFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex pr-4 sm:pr-16">
      <div className={cn(bubble, 'bg-muted/60 w-full border')}>
        <p className="text-muted-foreground text-xs font-semibold">Muster assistant</p>
        {children}
      </div>
    </div>
  );
}

/** Copies a reply's text, then says so on the button and in a short notice. */
function CopyButton({ text }: { text: string }) {
  const [isCopied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // The browser refused (no permission, or an insecure page): say so; nothing else to do.
      toastFeedback('error', 'Could not copy the reply', {
        description: 'Select the text and copy it instead.',
      });
      return;
    }
    setCopied(true);
    toastFeedback('success', 'Reply copied');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <Button type="button" variant="ghost" size="sm" onClick={() => void handleCopy()}>
      {isCopied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
      {isCopied ? 'Copied' : 'Copy reply'}
    </Button>
  );
}

function Citations({
  citations,
  onOpen,
}: {
  citations: readonly Citation[];
  onOpen: (citation: Citation) => void;
}) {
  if (citations.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-muted-foreground text-xs font-semibold">Sources</p>
      <ul className="flex flex-col items-start gap-1" aria-label="Sources">
        {citations.map((citation) => (
          <li key={citation.passage_id} className="max-w-full">
            <button
              type="button"
              onClick={() => onOpen(citation)}
              className="text-primary focus-visible:ring-ring/50 inline-flex max-w-full items-start gap-1.5 rounded-sm text-left text-xs font-medium underline underline-offset-2 outline-none hover:no-underline focus-visible:ring-[3px]"
            >
              <BookOpenIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">
                {citation.citation}: {citation.title}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A stored reply: the crisis line first when it opens with one, the text, its sources, Copy. */
export function AssistantMessage({
  message,
  onOpenCitation,
}: {
  message: Message;
  onOpenCitation: (citation: Citation) => void;
}) {
  return (
    <AssistantFrame>
      {message.crisis ? <CrisisCard /> : null}
      <Markdown text={message.content} />
      <Citations citations={message.citations} onOpen={onOpenCitation} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-xs">
          {message.model === OFFLINE_MODEL || message.model === null
            ? 'Answered from Muster’s built-in knowledge base.'
            : `Answered with ${message.model}.`}
        </p>
        <CopyButton text={message.content} />
      </div>
    </AssistantFrame>
  );
}

/** The reply in the making: "I am loading", then the text as it streams, or what a stop left. */
export function PendingReplyMessage({ reply }: { reply: PendingReply }) {
  return (
    <AssistantFrame>
      {reply.crisis ? <CrisisCard line={reply.crisis} /> : null}
      {reply.phase === 'loading' ? (
        <p className="text-muted-foreground flex items-center gap-2">
          <LoaderCircleIcon
            className="size-4 animate-spin motion-reduce:animate-none"
            aria-hidden
          />
          {LOADING_REPLY_TEXT}
        </p>
      ) : (
        <Markdown text={reply.text} />
      )}
      {reply.phase === 'stopped' ? (
        <p className="text-muted-foreground text-xs font-medium">
          You stopped this reply. The full reply shows here once it is saved.
        </p>
      ) : null}
    </AssistantFrame>
  );
}
