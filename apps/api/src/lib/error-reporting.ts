import * as Sentry from '@sentry/node';
import type { Breadcrumb, Event } from '@sentry/node';
import { safeBreadcrumb as keptOfBreadcrumb } from '@muster/contract/error-reports';
import { safeUrl, scrubText } from './logger.ts';

/**
 * Error reporting to Sentry. This module is imported only when SENTRY_DSN is set, so a deployment
 * without it never loads the SDK. What is sent is kept to what finds a bug: the error's type,
 * scrubbed message and stack, the route, the method, and the request or job id. Request bodies,
 * cookies, most headers, query strings, user data and breadcrumb text never leave the server.
 */

export type ErrorReportingOptions = {
  dsn: string;
  environment: string | undefined;
};

export type ErrorReporting = {
  /** Sends one unexpected failure with tags that say where it happened (request or job id). */
  report(error: unknown, tags: Record<string, string | undefined>): void;
  /** Waits until queued reports are sent, at most `timeoutMs`. */
  flush(timeoutMs: number): Promise<boolean>;
};

/**
 * The SDK parts that stay. Dropped among the defaults: console and logging capture, crash handlers
 * (they would change how the process ends), local variables, and framework and library
 * instrumentation (database, AI SDK) whose spans or events could carry data.
 */
const KEPT_INTEGRATIONS = new Set([
  'EventFilters',
  'FunctionToString',
  'LinkedErrors',
  'Dedupe',
  'RequestData',
  'Http',
  'NodeFetch',
  'ContextLines',
  'Context',
  'Modules',
]);

/** Request headers an event may keep: none of them names the person or carries a secret. */
const KEPT_HEADERS = new Set(['user-agent', 'content-type', 'content-length', 'accept']);

/** A failed database query's bound values at the end of a message (anything a veteran typed). */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;

function safeText(text: string): string {
  return scrubText(text.replace(QUERY_PARAMS, '\nparams: [redacted]'));
}

/** A URL without its query string (search text, codes, signatures) and with tokens masked. */
function pathOnly(url: string): string {
  const question = url.indexOf('?');
  return safeUrl(question === -1 ? url : url.slice(0, question));
}

const safeBreadcrumb = (breadcrumb: Breadcrumb) => keptOfBreadcrumb(breadcrumb, pathOnly);

/** Span attributes that may hold a URL with its query string. */
const URL_ATTRIBUTES = ['url.full', 'http.url', 'http.target', 'url.path', 'http.route'];
const QUERY_ATTRIBUTES = ['url.query', 'http.query'];

/**
 * Removes from an event whatever could name a veteran or hold their data: request body, cookies,
 * headers outside a short allow-list, query strings, user, extra data and breadcrumb messages.
 * Messages are scrubbed of emails, codes, tokens and database parameters.
 */
export function scrubEvent<E extends Event>(event: E): E {
  delete event.user;
  delete event.extra;
  if (event.request) {
    const { url, method, headers } = event.request;
    event.request = {
      ...(url ? { url: pathOnly(url) } : {}),
      ...(method ? { method } : {}),
      headers: Object.fromEntries(
        Object.entries(headers ?? {}).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())),
      ),
    };
  }
  if (event.message) event.message = safeText(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = safeText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) delete frame.vars;
  }
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(safeBreadcrumb);
  if (event.transaction) event.transaction = pathOnly(event.transaction);
  for (const span of event.spans ?? []) {
    if (span.description) span.description = pathOnly(span.description);
    for (const name of URL_ATTRIBUTES) {
      const value = span.data[name];
      if (typeof value === 'string') span.data[name] = pathOnly(value);
    }
    for (const name of QUERY_ATTRIBUTES) delete span.data[name];
  }
  const trace = event.contexts?.trace;
  if (trace?.data) {
    for (const name of URL_ATTRIBUTES) {
      const value = trace.data[name];
      if (typeof value === 'string') trace.data[name] = pathOnly(value);
    }
    for (const name of QUERY_ATTRIBUTES) delete trace.data[name];
  }
  return event;
}

let started: ErrorReporting | undefined;

/**
 * Starts the SDK (once per process: Sentry's client is global) with 1 % of traces, no personal
 * data, and every event and breadcrumb passed through the scrubbers above.
 */
export function startErrorReporting(options: ErrorReportingOptions): ErrorReporting {
  if (started) return started;
  Sentry.init({
    dsn: options.dsn,
    ...(options.environment ? { environment: options.environment } : {}),
    tracesSampleRate: 0.01,
    // Traces are sent whole, so `beforeSendTransaction` sees (and scrubs) every span.
    traceLifecycle: 'static',
    // This SDK version has no `sendDefaultPii`: what it collects is chosen here, and nothing that
    // could name a veteran or hold their data is. The scrubbers below check again.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: [...KEPT_HEADERS] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    includeLocalVariables: false,
    // Outside services (AI providers, Stripe, VA) are not sent our trace headers.
    tracePropagationTargets: [],
    integrations: (defaults) => [
      ...defaults.filter(
        (integration) => KEPT_INTEGRATIONS.has(integration.name) && integration.name !== 'Http',
      ),
      Sentry.httpIntegration({
        maxRequestBodySize: 'none',
        sessions: false,
        tracePropagation: false,
      }),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => safeBreadcrumb(breadcrumb),
  });
  started = {
    report(error, tags) {
      const defined = Object.fromEntries(
        Object.entries(tags).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      Sentry.captureException(error, { tags: defined });
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  };
  return started;
}
