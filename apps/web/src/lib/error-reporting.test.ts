import { ERR } from '@muster/contract/errors';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-error';
import { reportError, startErrorReporting } from './error-reporting';
import { scrubEvent, sentryOptions } from './sentry-setup';

type Loader = NonNullable<Parameters<typeof startErrorReporting>[1]>;

/** A stand-in for the SDK module: records what the app asks of it. */
function fakeSentry() {
  const sdk = {
    init: vi.fn(),
    captureException: vi.fn(),
    browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
    replayIntegration: vi.fn((options: unknown) => ({ name: 'Replay', options })),
  };
  const load = vi.fn(() => Promise.resolve(sdk as unknown as Awaited<ReturnType<Loader>>));
  return { sdk, load };
}

describe('error reporting', () => {
  it('without a DSN, the SDK is never loaded', async () => {
    const { load } = fakeSentry();
    expect(await startErrorReporting({}, load)).toBe(false);
    expect(await startErrorReporting({ SENTRY_DSN: '' }, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('replays only around errors, with every text, input and image masked', () => {
    const options = sentryOptions('https://key@o1.ingest.sentry.io/2', 'staging');
    expect(options.init).toMatchObject({
      dsn: 'https://key@o1.ingest.sentry.io/2',
      environment: 'staging',
      tracesSampleRate: 0.01,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 1.0,
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
      },
      tracePropagationTargets: [],
    });
    expect(options.replay).toEqual({ maskAllText: true, maskAllInputs: true, blockAllMedia: true });
  });

  it('strips request data, user, and breadcrumb text before an event is sent', () => {
    const event = scrubEvent({
      type: undefined,
      user: { email: 'vet@example.com' },
      extra: { note: 'knee pain' },
      request: {
        url: 'https://app.example/search?q=knee%20pain#x',
        headers: { cookie: 'a=b' },
        data: 'knee pain',
      },
      breadcrumbs: [
        { category: 'ui.input', message: 'input[name="symptoms"] knee pain' },
        {
          category: 'fetch',
          data: { method: 'POST', url: 'https://api.example/x?token=t', body: 'b' },
        },
      ],
    });
    expect(event.user).toBeUndefined();
    expect(event.extra).toBeUndefined();
    expect(event.request).toEqual({ url: 'https://app.example/search' });
    expect(event.breadcrumbs).toEqual([
      { category: 'ui.input' },
      { category: 'fetch', data: { method: 'POST', url: 'https://api.example/x' } },
    ]);
  });

  it('with a DSN, starts the SDK with those options and reports boundary errors', async () => {
    const { sdk, load } = fakeSentry();
    expect(
      await startErrorReporting({ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2' }, load),
    ).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(sdk.replayIntegration).toHaveBeenCalledWith({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
    });
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@o1.ingest.sentry.io/2',
        replaysSessionSampleRate: 0,
        replaysOnErrorSampleRate: 1.0,
        integrations: [{ name: 'BrowserTracing' }, expect.objectContaining({ name: 'Replay' })],
      }),
    );

    const bug = new TypeError('x is undefined');
    reportError(bug);
    // The API's answers are not reported (the server reports its own failures)…
    reportError(new ApiError({ status: 404, code: ERR.NOT_FOUND }));
    // …unless an answer had a shape the app did not expect.
    const mismatch = new ApiError({ status: 200, code: ERR.UNKNOWN });
    reportError(mismatch);
    await vi.waitFor(() => expect(sdk.captureException).toHaveBeenCalledTimes(2));
    expect(sdk.captureException.mock.calls.map(([error]) => error)).toEqual([bug, mismatch]);
  });
});
