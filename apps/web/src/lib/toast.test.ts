import { ERR } from '@muster/contract/errors';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { GLOBAL_ERROR_TOASTER_ID } from '@/config/constants';

import { ApiError } from './api-error';
import { createQueryClient, queryConfig } from './query-client';
import {
  isQuotaError,
  opensUpgradePrompt,
  toastError,
  toastErrorMessage,
  toastFeedback,
} from './toast';
import { upgradePrompt } from './upgrade-prompt';

const sonner = vi.hoisted(() => ({
  toast: { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() },
}));
vi.mock('sonner', () => sonner);

const quotaError = (detail: string, feature?: string) =>
  new ApiError({
    status: 403,
    code: ERR.FORBIDDEN,
    detail,
    quota: feature
      ? {
          feature: feature as 'decision_letters',
          used: 1,
          limit: 1,
          resets_at: '2026-12-01T00:00:00.000Z',
        }
      : undefined,
  });

beforeEach(() => {
  sonner.toast.error.mockReset();
  sonner.toast.success.mockReset();
});

describe('toastError (the global error toaster)', () => {
  it('toasts the user message on the error toaster, keyed by code, for 10 seconds', async () => {
    toastError(new ApiError({ status: 409, code: ERR.CONFLICT }));

    await vi.waitFor(() => expect(sonner.toast.error).toHaveBeenCalledTimes(1));
    expect(sonner.toast.error).toHaveBeenCalledWith('Resource conflict', {
      id: 'api-error-3003',
      description: undefined,
      duration: 10_000,
      toasterId: GLOBAL_ERROR_TOASTER_ID,
    });
  });

  it('keys two failures with the same code to the same toast (one per code)', async () => {
    toastError(new ApiError({ status: 500, code: ERR.INTERNAL }));
    toastError(new ApiError({ status: 500, code: ERR.INTERNAL }));
    await vi.waitFor(() => expect(sonner.toast.error).toHaveBeenCalledTimes(2));
    const ids = sonner.toast.error.mock.calls.map((call) => (call[1] as { id: string }).id);
    expect(new Set(ids)).toEqual(new Set(['api-error-5000']));
  });

  it('adds a server detail for client errors, never a client-made one', async () => {
    toastError(
      new ApiError({
        status: 403,
        code: ERR.ACCOUNT_LOCKED,
        detail: 'Too many wrong codes. Try again in 15 minutes.',
      }),
    );
    toastError(new ApiError({ status: 418, code: ERR.UNKNOWN, detail: 'HTTP 418' }));
    toastError(new ApiError({ status: 500, code: ERR.INTERNAL, detail: 'stack trace' }));
    await vi.waitFor(() => expect(sonner.toast.error).toHaveBeenCalledTimes(3));
    const descriptions = sonner.toast.error.mock.calls.map(
      (call) => (call[1] as { description?: string }).description,
    );
    expect(descriptions).toEqual([
      'Too many wrong codes. Try again in 15 minutes.',
      undefined,
      undefined,
    ]);
  });

  it('never shows raw exception text', async () => {
    toastError(new Error('TypeError: x is undefined'));
    await vi.waitFor(() => expect(sonner.toast.error).toHaveBeenCalled());
    expect(sonner.toast.error.mock.calls[0]?.[0]).toBe('An unexpected error occurred');
  });

  it('opens the upgrade prompt for quota answers instead of a toast', async () => {
    toastError(quotaError('decision letter quota reached', 'decision_letters'));
    expect(upgradePrompt.get()).toEqual({
      text: 'decision letter quota reached You don\u2019t have permission to perform this action'.replace(
        '\u2019',
        "'",
      ),
      feature: 'decision_letters',
    });
    await Promise.resolve();
    expect(sonner.toast.error).not.toHaveBeenCalled();
  });

  it('opens the upgrade prompt for "limit exceeded" and for other permission refusals', () => {
    toastError(
      new ApiError({ status: 403, code: ERR.FORBIDDEN, message: 'Monthly limit exceeded' }),
    );
    expect(upgradePrompt.get()?.text).toContain('limit exceeded');
    upgradePrompt.close();

    toastError(new ApiError({ status: 403, code: ERR.FORBIDDEN }));
    expect(upgradePrompt.get()).not.toBeNull();
  });

  it('toasts a locked account (403, 1006) instead of offering an upgrade', async () => {
    const locked = new ApiError({ status: 403, code: ERR.ACCOUNT_LOCKED });
    expect(opensUpgradePrompt(locked)).toBe(false);
    toastError(locked);
    expect(upgradePrompt.get()).toBeNull();
    await vi.waitFor(() =>
      expect(sonner.toast.error).toHaveBeenCalledWith(
        'Account temporarily locked',
        expect.objectContaining({ id: 'api-error-1006' }),
      ),
    );
  });

  it('shows fixed messages such as "Google Sign-In failed"', async () => {
    toastErrorMessage('Google Sign-In failed', { id: 'oauth-google_failed' });
    await vi.waitFor(() =>
      expect(sonner.toast.error).toHaveBeenCalledWith('Google Sign-In failed', {
        id: 'oauth-google_failed',
        duration: 10_000,
        toasterId: GLOBAL_ERROR_TOASTER_ID,
      }),
    );
  });
});

describe('isQuotaError', () => {
  it('looks at the detail and the message of 403s only', () => {
    expect(isQuotaError(quotaError('nexus letter quota reached'))).toBe(true);
    expect(
      isQuotaError(new ApiError({ status: 429, code: ERR.RATE_LIMITED, detail: 'quota reached' })),
    ).toBe(false);
    expect(isQuotaError(new ApiError({ status: 403, code: ERR.FORBIDDEN }))).toBe(false);
  });
});

describe('the query client routes failures to the toaster', () => {
  function newClient(): QueryClient {
    return createQueryClient({ ...queryConfig, queries: { ...queryConfig.queries, retry: false } });
  }

  it('a failed mutation toasts; one that opts out does not', async () => {
    const client = newClient();
    const failing = () => Promise.reject(new ApiError({ status: 409, code: ERR.CONFLICT }));

    await client
      .getMutationCache()
      .build(client, { mutationFn: failing })
      .execute(undefined)
      .catch(() => {});
    await vi.waitFor(() => expect(sonner.toast.error).toHaveBeenCalledTimes(1));

    await client
      .getMutationCache()
      .build(client, { mutationFn: failing, meta: { errorToast: false } })
      .execute(undefined)
      .catch(() => {});
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: failing,
        meta: { errorToast: (error) => error.code !== ERR.CONFLICT },
      })
      .execute(undefined)
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sonner.toast.error).toHaveBeenCalledTimes(1);
  });

  it('a query with nothing to show leaves the failure to its page; a background refetch toasts', async () => {
    const client = newClient();
    let shouldFail = true;
    const queryFn = () =>
      shouldFail
        ? Promise.reject(new ApiError({ status: 500, code: ERR.INTERNAL }))
        : Promise.resolve('data');

    await client.fetchQuery({ queryKey: ['first'], queryFn }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sonner.toast.error).not.toHaveBeenCalled();

    shouldFail = false;
    const observer = new QueryObserver(client, { queryKey: ['second'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('data'));
    shouldFail = true;
    await observer.refetch();
    await vi.waitFor(() =>
      expect(sonner.toast.error).toHaveBeenCalledWith(
        'An unexpected error occurred',
        expect.objectContaining({ id: 'api-error-5000' }),
      ),
    );
    unsubscribe();
  });
});

describe('toastFeedback (feedback notices)', () => {
  it('replaces the previous feedback: success for 5 s, error for 8 s, on the feedback toaster', async () => {
    toastFeedback('success', 'Saved');
    await vi.waitFor(() => expect(sonner.toast.success).toHaveBeenCalled());
    expect(sonner.toast.success).toHaveBeenCalledWith('Saved', {
      id: 'feedback',
      duration: 5000,
      toasterId: 'feedback',
    });
    toastFeedback('error', 'Could not save');
    await vi.waitFor(() => expect(sonner.toast.error).toHaveBeenCalled());
    expect(sonner.toast.error).toHaveBeenCalledWith('Could not save', {
      id: 'feedback',
      duration: 8000,
      toasterId: 'feedback',
    });
  });
});
