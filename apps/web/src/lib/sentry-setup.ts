import type * as SentryReact from '@sentry/react';
import { safeBreadcrumb as keptOfBreadcrumb } from '@muster/contract/error-reports';

/**
 * Sentry's settings, loaded with the SDK only when error reporting is on (see error-reporting.ts).
 * Session replays are recorded only around an error, with every text, input and image masked;
 * request bodies, query strings and breadcrumb text are never sent.
 */

type SentryModule = typeof SentryReact;
type SentryEvent = Parameters<NonNullable<SentryInit['beforeSend']>>[0];
type SentryInit = NonNullable<Parameters<SentryModule['init']>[0]>;
type SentryBreadcrumb = Parameters<NonNullable<SentryInit['beforeBreadcrumb']>>[0];

type ErrorReportingConfig = {
  SENTRY_DSN?: string | undefined;
  SENTRY_ENVIRONMENT?: string | undefined;
};

/** A URL without its query string and fragment (search text, tokens in links). */
function pathOnly(url: string): string {
  return url.replace(/[?#].*$/, '');
}

const safeBreadcrumb = (breadcrumb: SentryBreadcrumb) => keptOfBreadcrumb(breadcrumb, pathOnly);

/** Removes request data, user, extra data and breadcrumb text; URLs keep their path only. */
export function scrubEvent<E extends SentryEvent>(event: E): E {
  delete event.user;
  delete event.extra;
  if (event.request) {
    event.request = event.request.url ? { url: pathOnly(event.request.url) } : {};
  }
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(safeBreadcrumb);
  if (event.transaction) event.transaction = pathOnly(event.transaction);
  return event;
}

/** What the replay records: only around an error, and nothing a veteran typed or sees. */
const REPLAY_OPTIONS = { maskAllText: true, maskAllInputs: true, blockAllMedia: true } as const;

/** The SDK's settings for a DSN (a pure function, so tests check them without the SDK). */
export function sentryOptions(dsn: string, environment?: string) {
  return {
    init: {
      dsn,
      ...(environment ? { environment } : {}),
      tracesSampleRate: 0.01,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 1.0,
      // This SDK version has no `sendDefaultPii`: what it collects is chosen here, and nothing
      // that could name a veteran or hold their data is.
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
      },
      // The API is not sent trace headers (it is another origin, and its CORS does not allow them).
      tracePropagationTargets: [],
      beforeSend: (event: SentryEvent) => scrubEvent(event),
      beforeBreadcrumb: (breadcrumb: SentryBreadcrumb) => safeBreadcrumb(breadcrumb),
    } satisfies SentryInit,
    replay: REPLAY_OPTIONS,
  };
}

/** Starts the SDK `load` brings with the settings for the configured DSN. */
export async function initSentry(
  config: ErrorReportingConfig & { SENTRY_DSN: string },
  load: () => Promise<SentryModule>,
): Promise<SentryModule> {
  const options = sentryOptions(config.SENTRY_DSN, config.SENTRY_ENVIRONMENT);
  const module = await load();
  module.init({
    ...options.init,
    integrations: [module.browserTracingIntegration(), module.replayIntegration(options.replay)],
  });
  return module;
}
