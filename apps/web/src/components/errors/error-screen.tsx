import { useEffect } from 'react';

import { ErrorFallback } from '@/components/errors/error-fallback';
import { PageSpinner } from '@/components/ui/spinner';
import {
  canReloadForChunkError,
  isChunkLoadError,
  isModuleLoadFailure,
  reloadOnceForChunkError,
} from '@/lib/chunk-errors';

export type ErrorScreenProps = {
  error: unknown;
  /** Renders the failed part again; used when the error was not about loading code. */
  onRetry: () => void;
  /** Replaced in tests. */
  reloadPage?: () => void;
};

const reloadWindow = () => window.location.reload();

/**
 * Decides what an error shows. A chunk that failed to download (usually: a new version was deployed)
 * reloads the page once per session behind a spinner; anything else shows "Something went wrong".
 */
export function ErrorScreen({ error, onRetry, reloadPage = reloadWindow }: ErrorScreenProps) {
  const isReloading = isChunkLoadError(error) && canReloadForChunkError();

  useEffect(() => {
    if (isReloading) reloadOnceForChunkError(undefined, reloadPage);
  }, [isReloading, reloadPage]);

  if (isReloading) return <PageSpinner label="Loading the latest version of Muster" />;

  // A module that failed to load stays failed until the page reloads (browsers and the router cache
  // the failed import), so retrying means reloading.
  const isCodeFailure = isChunkLoadError(error) || isModuleLoadFailure(error);
  return <ErrorFallback error={error} onRetry={isCodeFailure ? reloadPage : onRetry} />;
}
