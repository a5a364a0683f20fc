import { ERR } from '@muster/contract/errors';
import type * as SentryReact from '@sentry/react';

import { isApiError } from '@/lib/api-error';

/**
 * Error reporting to Sentry, only when the server configured a DSN. The SDK and its settings are
 * loaded with a dynamic import after the app starts, so they never weigh on the first load, and
 * without a DSN they are not loaded at all.
 */

type SentryModule = typeof SentryReact;

export type ErrorReportingConfig = {
  SENTRY_DSN?: string | undefined;
  SENTRY_ENVIRONMENT?: string | undefined;
};

let sentry: Promise<SentryModule | undefined> = Promise.resolve(undefined);

/**
 * Starts error reporting when a DSN is configured; returns whether it did. `load` imports the SDK
 * (tests pass their own). Without a DSN, `load` is never called.
 */
export async function startErrorReporting(
  config: ErrorReportingConfig,
  load: () => Promise<SentryModule> = () => import('@sentry/react'),
): Promise<boolean> {
  const dsn = config.SENTRY_DSN;
  if (!dsn) return false;
  sentry = import('./sentry-setup').then(({ initSentry }) =>
    initSentry({ ...config, SENTRY_DSN: dsn }, load),
  );
  // The SDK could not load (blocked, offline): the app works on without error reports.
  sentry = sentry.catch(() => undefined);
  return (await sentry) !== undefined;
}

/**
 * Reports an error an error boundary caught, when reporting is on. Answers of the API are left
 * out: the server reports its own failures, and the others are expected (signed out, not found,
 * offline); an answer of an unexpected shape is a bug and is reported.
 */
export function reportError(error: unknown) {
  if (isApiError(error) && error.code !== ERR.UNKNOWN) return;
  void sentry.then((module) => module?.captureException(error));
}
