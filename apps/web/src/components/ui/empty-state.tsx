import type { LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';

import { cn } from '@/utils/cn';

export type EmptyStateProps = {
  /** A lucide icon that says what the list holds; decorative. */
  icon: LucideIcon;
  /** Optional short title above the sentence. */
  title?: string;
  /** One sentence: what is missing and why it matters. */
  children: ReactNode;
  /** The next step: a link inside the app, or any element (a button). */
  action?: { label: string; href: string } | ReactNode;
  /** `compact` fits a narrow column (the sidebar); `default` fills a panel or a page. */
  size?: 'default' | 'compact';
  className?: string;
  /** Focus target when the list empties under the user (after a delete). */
  ref?: Ref<HTMLDivElement>;
};

function isLinkAction(
  action: EmptyStateProps['action'],
): action is { label: string; href: string } {
  return typeof action === 'object' && action !== null && 'href' in action && 'label' in action;
}

const linkClass =
  'text-primary rounded-sm font-medium underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * What a list shows while it has nothing in it: an icon, a sentence and the next thing to do. Used
 * by every list that can be empty, so they all read and look the same.
 */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  size = 'default',
  className,
  ref,
}: EmptyStateProps) {
  const isCompact = size === 'compact';
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      data-slot="empty-state"
      className={cn(
        'flex outline-none',
        isCompact
          ? 'items-start gap-2 px-2 py-1 text-xs'
          : 'items-start gap-3 rounded-lg border border-dashed p-4 text-sm',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'bg-accent text-accent-foreground inline-flex shrink-0 items-center justify-center rounded-md',
          isCompact ? 'size-6' : 'size-10',
        )}
      >
        <Icon className={isCompact ? 'size-3.5' : 'size-5'} />
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        {title ? <p className="text-foreground font-semibold">{title}</p> : null}
        <p className="text-muted-foreground">{children}</p>
        {action ? (
          <div className={cn(isCompact ? 'mt-0.5' : 'mt-1')}>
            {isLinkAction(action) ? (
              <Link to={action.href} className={linkClass}>
                {action.label}
              </Link>
            ) : (
              action
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
}
