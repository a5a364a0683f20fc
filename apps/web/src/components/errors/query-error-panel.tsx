import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { toApiError } from '@/lib/api-error';

export type QueryErrorPanelProps = {
  /** What could not be loaded, e.g. "We could not load your account". */
  title: string;
  error: unknown;
  onRetry: () => void;
  /** The panel's heading level inside the page; 2 by default. */
  headingLevel?: 2 | 3;
  isRetrying?: boolean;
};

/**
 * What a page shows when its main query fails: the error's user message and a Retry
 * button, inside the page. Raw exception text never shows; the catalogue message does.
 */
export function QueryErrorPanel({
  title,
  error,
  onRetry,
  headingLevel = 2,
  isRetrying = false,
}: QueryErrorPanelProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { message } = toApiError(error);
  return (
    <section
      role="alert"
      aria-labelledby={headingId}
      className="border-destructive/40 bg-destructive/5 flex max-w-prose flex-col gap-3 rounded-md border p-4"
    >
      <Heading id={headingId} className="font-semibold">
        {title}
      </Heading>
      <p className="text-sm">{message}</p>
      <div>
        <Button type="button" variant="outline" onClick={onRetry} disabled={isRetrying}>
          Retry
        </Button>
      </div>
    </section>
  );
}
