import type { CrisisLine } from '@muster/contract/chat';
import { VETERANS_CRISIS_LINE } from '@muster/domain/crisis-language';
import { MessageCircleIcon, MessageSquareTextIcon, PhoneIcon } from 'lucide-react';
import { useId } from 'react';

import { cn } from '@/utils/cn';

import { safeHref } from '../utils/markdown';

/** The ways to reach the Veterans Crisis Line, as the card words them. */
export const CRISIS_LINE_TEXT = {
  title: 'Veterans Crisis Line',
  call: `Dial ${VETERANS_CRISIS_LINE.phone}, then press ${VETERANS_CRISIS_LINE.press}`,
  text: `Text ${VETERANS_CRISIS_LINE.text}`,
  chat: 'Chat online',
} as const;

export type CrisisCardProps = {
  /** What the run sent; its chat address is used when it is an http(s) one. */
  line?: CrisisLine | null;
  /** `h2` inside a dialog's own title is not wanted: the dialog names itself. */
  showTitle?: boolean;
  /** One way to reach the line per row, whatever the width (a narrow dialog). */
  isStacked?: boolean;
  className?: string;
};

const actionClass =
  'bg-background text-foreground hover:bg-accent focus-visible:ring-ring/50 inline-flex min-h-11 w-full items-center gap-3 rounded-md border px-3 py-2 text-sm font-semibold outline-none focus-visible:ring-[3px]';

/**
 * The Veterans Crisis Line: call, text or chat, free and confidential, every hour of every day.
 * Shown at the top of a reply to a message that speaks of suicide or crisis, and behind the chat
 * header's button at all times.
 */
export function CrisisCard({
  line,
  showTitle = true,
  isStacked = false,
  className,
}: CrisisCardProps) {
  const titleId = useId();
  const chatUrl = safeHref(line?.chat_url ?? '') ?? VETERANS_CRISIS_LINE.url;
  return (
    <section
      aria-labelledby={showTitle ? titleId : undefined}
      aria-label={showTitle ? undefined : CRISIS_LINE_TEXT.title}
      className={cn(
        'border-destructive/60 bg-destructive/5 flex flex-col gap-3 rounded-lg border-2 p-4',
        className,
      )}
    >
      {showTitle ? (
        <h2 id={titleId} className="text-base font-bold">
          {CRISIS_LINE_TEXT.title}
        </h2>
      ) : null}
      <p className="text-sm">
        If you are thinking about suicide or are in crisis, help is available right now: free,
        confidential, 24 hours a day. You do not have to be enrolled in VA care.
      </p>
      <ul className={cn('grid gap-2', !isStacked && 'sm:grid-cols-3')}>
        <li>
          <a href={`tel:${VETERANS_CRISIS_LINE.phone}`} className={actionClass}>
            <PhoneIcon className="size-4 shrink-0" aria-hidden />
            {CRISIS_LINE_TEXT.call}
          </a>
        </li>
        <li>
          <a href={`sms:${VETERANS_CRISIS_LINE.text}`} className={actionClass}>
            <MessageSquareTextIcon className="size-4 shrink-0" aria-hidden />
            {CRISIS_LINE_TEXT.text}
          </a>
        </li>
        <li>
          <a href={chatUrl} target="_blank" rel="noopener noreferrer" className={actionClass}>
            <MessageCircleIcon className="size-4 shrink-0" aria-hidden />
            <span>
              {CRISIS_LINE_TEXT.chat}
              <span className="sr-only"> with the Veterans Crisis Line (opens in a new tab)</span>
            </span>
          </a>
        </li>
      </ul>
      <p className="text-muted-foreground text-xs">
        In immediate danger? Call 911 or go to the nearest emergency room.
      </p>
    </section>
  );
}
