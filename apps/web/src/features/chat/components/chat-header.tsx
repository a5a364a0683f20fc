import type { ReactNode } from 'react';

import { CrisisLineButton } from './crisis-line-button';

export type ChatHeaderProps = {
  /** The page's only <h1>. */
  title: string;
  description?: ReactNode;
  /** Buttons beside the Veterans Crisis Line (New chat). */
  actions?: ReactNode;
};

/** The heading of every chat page, with the Veterans Crisis Line one click away. */
export function ChatHeader({ title, description, actions }: ChatHeaderProps) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance break-words sm:text-4xl">
          {title}
        </h1>
        {description ? (
          <p className="text-muted-foreground max-w-prose text-base leading-relaxed sm:text-lg">
            {description}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {actions}
        <CrisisLineButton />
      </div>
    </div>
  );
}
