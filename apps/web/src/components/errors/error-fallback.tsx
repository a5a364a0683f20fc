import { isRouteErrorResponse } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';

/** A readable one-line description of any thrown value, for the details disclosure. */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    return [`${error.message} (code ${error.code})`, error.detail].filter(Boolean).join(' — ');
  }
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export type ErrorFallbackProps = {
  error: unknown;
  onRetry: () => void;
};

/** What a render or route error shows: the error's details, "Try Again" and "Go to Dashboard". */
export function ErrorFallback({ error, onRetry }: ErrorFallbackProps) {
  return (
    <section
      aria-labelledby="error-fallback-title"
      className="mx-auto flex max-w-xl flex-col gap-4 py-12"
    >
      <h1 id="error-fallback-title" className="text-2xl font-semibold tracking-tight">
        Something went wrong
      </h1>
      <p className="text-muted-foreground">
        This page ran into a problem and could not be shown. Your saved work is safe. Try again, or
        go back to your dashboard.
      </p>
      <details className="bg-muted/50 rounded-md border p-3 text-sm">
        <summary className="cursor-pointer font-medium">Error details</summary>
        <pre className="mt-2 font-mono text-xs break-words whitespace-pre-wrap">
          {describeError(error)}
        </pre>
      </details>
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={onRetry}>
          Try Again
        </Button>
        <Button asChild variant="outline">
          {/* A full page load: after an error, starting clean is the safest way back. */}
          <a href={paths.dashboard.getHref()}>Go to Dashboard</a>
        </Button>
      </div>
    </section>
  );
}
