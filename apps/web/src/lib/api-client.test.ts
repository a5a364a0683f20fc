import { ERR, messageFor } from '@muster/contract/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import {
  createApiClient,
  filenameFromContentDisposition,
  type ApiClientOptions,
} from './api-client';
import { ApiError, getErrorMessage, isApiError, toApiError } from './api-error';

const BASE_URL = 'https://api.example.test';

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

type FetchArgs = Parameters<typeof fetch>;

function setup(options: Partial<ApiClientOptions> = {}) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  const client = createApiClient({
    baseUrl: BASE_URL,
    fetch: fetchMock,
    retryBaseDelayMs: 100,
    isOnline: () => true,
    ...options,
  });
  const lastInit = () => fetchMock.mock.calls.at(-1)?.[1] ?? {};
  const lastHeaders = () => new Headers(lastInit().headers);
  return { client, fetchMock, lastInit, lastHeaders };
}

/** A fetch that never answers, rejecting like the browser when its signal aborts. */
function hangingFetch(...[, init]: FetchArgs): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => {
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
  });
}

async function captureError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the request to fail.');
}

async function captureApiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await captureError(promise);
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.useRealTimers();
});

const itemSchema = z.object({ id: z.string(), name: z.string() });

describe('successful requests', () => {
  it('GETs JSON, validates it with the schema and returns the parsed value', async () => {
    const { client, fetchMock, lastInit, lastHeaders } = setup();
    fetchMock.mockResolvedValue(json({ id: '1', name: 'Tinnitus', extra: true }));

    const item = await client.get('/disabilities/1', itemSchema);

    expect(item).toEqual({ id: '1', name: 'Tinnitus' });
    expect(fetchMock).toHaveBeenCalledWith(`${BASE_URL}/disabilities/1`, expect.anything());
    expect(lastInit().method).toBe('GET');
    expect(lastInit().credentials).toBe('omit');
    expect(lastInit().body).toBeUndefined();
    expect(lastHeaders().get('Accept')).toBe('application/json');
    expect(lastHeaders().has('Authorization')).toBe(false);
  });

  it('builds the query string, repeating arrays and skipping empty values', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(json({ ok: true }));

    await client.request('/threads', {
      query: { page: 2, page_size: 20, status: ['queued', 'failed'], q: undefined, x: null },
    });

    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `${BASE_URL}/threads?page=2&page_size=20&status=queued&status=failed`,
    );
  });

  it('sends a bearer token when the token getter returns one', async () => {
    const { client, fetchMock, lastHeaders } = setup();
    fetchMock.mockImplementation(() => Promise.resolve(json({})));

    client.setTokenGetter(() => Promise.resolve('token-123'));
    await client.request('/me');
    expect(lastHeaders().get('Authorization')).toBe('Bearer token-123');

    client.setTokenGetter(() => null);
    await client.request('/me');
    expect(lastHeaders().has('Authorization')).toBe(false);
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const { client, fetchMock, lastInit, lastHeaders } = setup();
    fetchMock.mockResolvedValue(json({ id: '9', name: 'Knee' }, { status: 201 }));

    const created = await client.post('/disabilities', { name: 'Knee' }, itemSchema);

    expect(created).toEqual({ id: '9', name: 'Knee' });
    expect(lastInit().method).toBe('POST');
    expect(lastInit().body).toBe('{"name":"Knee"}');
    expect(lastHeaders().get('Content-Type')).toBe('application/json');
  });

  it('sends FormData as it is, letting the browser set the content type', async () => {
    const { client, fetchMock, lastInit, lastHeaders } = setup();
    fetchMock.mockResolvedValue(json({ id: 'f', name: 'dd214.pdf' }));
    const form = new FormData();
    form.append('file', new Blob(['%PDF']), 'dd214.pdf');

    await client.post('/files', form, itemSchema);

    expect(lastInit().body).toBe(form);
    expect(lastHeaders().has('Content-Type')).toBe(false);
  });

  it.each([
    ['204 No Content', () => new Response(null, { status: 204 })],
    ['an empty 200', () => new Response('', { status: 200 })],
  ])('resolves with undefined for %s', async (_label, makeResponse) => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(makeResponse());

    await expect(client.request('/threads/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('supports PUT, PATCH and DELETE helpers', async () => {
    const { client, fetchMock, lastInit } = setup();
    fetchMock.mockImplementation(() => Promise.resolve(json({ id: '1', name: 'A' })));

    await client.put('/a', { name: 'A' }, itemSchema);
    expect(lastInit().method).toBe('PUT');
    await client.patch('/a', { name: 'A' }, itemSchema);
    expect(lastInit().method).toBe('PATCH');
    await expect(client.delete('/a')).resolves.toBeUndefined();
    expect(lastInit().method).toBe('DELETE');
  });
});

describe('error envelopes from the server', () => {
  it("keeps the server's code, message, detail, fields and validation flag", async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(
      json(
        {
          code: ERR.INVALID_INPUT,
          message: 'Invalid input provided',
          detail: 'name is required',
          validation: true,
          fields: { name: 'Required' },
        },
        { status: 400 },
      ),
    );

    const error = await captureApiError(client.post('/disabilities', {}, itemSchema));

    expect(error).toMatchObject({
      status: 400,
      code: ERR.INVALID_INPUT,
      message: 'Invalid input provided',
      detail: 'name is required',
      validation: true,
      fields: { name: 'Required' },
    });
    expect(error.isClientError).toBe(true);
  });

  it("keeps the request's id, from the envelope or else the x-request-id header", async () => {
    const { client, fetchMock } = setup({ maxRetries: 0 });
    fetchMock.mockResolvedValueOnce(
      json(
        { code: ERR.INTERNAL, message: 'An unexpected error occurred', request_id: 'req-1' },
        { status: 500, headers: { 'x-request-id': 'req-1' } },
      ),
    );
    expect((await captureApiError(client.request('/chats'))).requestId).toBe('req-1');

    fetchMock.mockResolvedValueOnce(
      new Response('<html>proxy error</html>', {
        status: 502,
        headers: { 'x-request-id': 'req-2' },
      }),
    );
    expect((await captureApiError(client.request('/chats'))).requestId).toBe('req-2');

    fetchMock.mockResolvedValueOnce(
      json({ code: ERR.NOT_FOUND, message: 'Not found' }, { status: 404 }),
    );
    expect((await captureApiError(client.request('/chats'))).requestId).toBeUndefined();
  });

  it("keeps the server's code even when it differs from what the status implies", async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(
      json({ code: ERR.RATE_LIMITED, message: 'Slow down' }, { status: 403 }),
    );

    const error = await captureApiError(client.request('/chats'));

    expect(error).toMatchObject({ status: 403, code: ERR.RATE_LIMITED, message: 'Slow down' });
  });

  it('prefers a valid envelope over the maintenance header', async () => {
    const { client, fetchMock } = setup({ maxRetries: 0 });
    fetchMock.mockResolvedValue(
      json(
        { code: ERR.SERVICE_UNAVAILABLE, message: 'Service temporarily unavailable' },
        { status: 503, headers: { 'x-maintenance': '1' } },
      ),
    );

    const error = await captureApiError(client.request('/health'));

    expect(error.code).toBe(ERR.SERVICE_UNAVAILABLE);
  });

  it('does not trust an envelope with a code outside the catalogue', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(json({ code: 9999, message: 'Made up' }, { status: 404 }));

    const error = await captureApiError(client.request('/x'));

    expect(error).toMatchObject({ status: 404, code: ERR.NOT_FOUND, message: 'Not found' });
  });
});

describe('failures without an envelope', () => {
  it.each([
    [400, ERR.INVALID_INPUT],
    [403, ERR.FORBIDDEN],
    [404, ERR.NOT_FOUND],
    [409, ERR.CONFLICT],
    [413, ERR.TOO_LARGE],
    [422, ERR.INVALID_INPUT],
    [429, ERR.RATE_LIMITED],
    [500, ERR.INTERNAL],
    [418, ERR.UNKNOWN],
    [501, ERR.UNKNOWN],
  ])('maps HTTP %i to code %i with the catalogue message', async (status, code) => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(new Response('<html>proxy error</html>', { status }));

    const error = await captureApiError(client.request('/x', { method: 'POST' }));

    expect(error).toMatchObject({ status, code, message: messageFor(code) });
    expect(error.detail).toBe(`HTTP ${status}`);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('maps a 401 that mentions expiry to "Session expired"', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(json({ message: 'Token has expired' }, { status: 401 }));

    const error = await captureApiError(client.request('/me'));

    expect(error).toMatchObject({
      status: 401,
      code: ERR.SESSION_EXPIRED,
      message: 'Session expired',
    });
  });

  it('maps any other 401 to "Authentication failed"', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(new Response('Unauthorized', { status: 401 }));

    const error = await captureApiError(client.request('/me'));

    expect(error).toMatchObject({ code: ERR.AUTH_FAILED, message: 'Authentication failed' });
  });

  it('maps a 503 with x-maintenance: 1 to maintenance and does not retry it', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(
      new Response('down for maintenance', { status: 503, headers: { 'x-maintenance': '1' } }),
    );

    const error = await captureApiError(client.request('/me'));

    expect(error).toMatchObject({
      status: 503,
      code: ERR.MAINTENANCE,
      message: 'System under maintenance',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('maps a network failure to "Connection error"', async () => {
    const { client, fetchMock } = setup();
    const cause = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValue(cause);

    const error = await captureApiError(client.request('/me'));

    expect(error).toMatchObject({
      status: 0,
      code: ERR.CONNECTION_ERROR,
      message: 'Connection error',
    });
    expect(error.cause).toBe(cause);
  });

  it('maps a network failure while offline to "Connection lost"', async () => {
    const { client, fetchMock } = setup({ isOnline: () => false });
    fetchMock.mockRejectedValue(new TypeError('Load failed'));

    const error = await captureApiError(client.request('/me'));

    expect(error).toMatchObject({
      status: 0,
      code: ERR.CONNECTION_LOST,
      message: 'Connection lost',
    });
  });

  it('reads navigator.onLine by default', async () => {
    const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
    const client = createApiClient({ baseUrl: BASE_URL, fetch: fetchMock });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    const error = await captureApiError(client.request('/me'));

    expect(error.code).toBe(ERR.CONNECTION_LOST);
  });

  it('times out after the default 30 seconds with "Request timed out"', async () => {
    vi.useFakeTimers();
    const { client, fetchMock } = setup({ timeoutMs: undefined });
    fetchMock.mockImplementation(hangingFetch);

    const promise = captureApiError(client.request('/slow'));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await promise;

    expect(error).toMatchObject({ status: 0, code: ERR.TIMEOUT, message: 'Request timed out' });
  });

  it('honours a per-request timeout', async () => {
    vi.useFakeTimers();
    const { client, fetchMock } = setup();
    fetchMock.mockImplementation(hangingFetch);

    const promise = captureApiError(client.request('/slow', { method: 'POST', timeoutMs: 5000 }));
    await vi.advanceTimersByTimeAsync(5000);

    expect((await promise).code).toBe(ERR.TIMEOUT);
  });

  it('maps an unreadable success body to a parse error (5004) with detail', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(
      new Response('<!doctype html><html></html>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      }),
    );

    const error = await captureApiError(client.request('/me'));

    expect(error).toMatchObject({
      status: 200,
      code: ERR.UNKNOWN,
      message: 'An unexpected error occurred',
    });
    expect(error.detail).toMatch(/not valid JSON/);
  });

  it('maps a success body of the wrong shape to 5004 naming the bad path', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(json({ id: 1 }));

    const error = await captureApiError(client.get('/disabilities/1', itemSchema));

    expect(error.code).toBe(ERR.UNKNOWN);
    expect(error.detail).toMatch(/expected shape: id: .*; name: /);
  });

  it('maps an exception thrown by our own code to "unhandled exception" (5001)', async () => {
    const { client, fetchMock } = setup();
    client.setTokenGetter(() => {
      throw new Error('storage exploded');
    });

    const error = await captureApiError(client.request('/me'));

    expect(error).toMatchObject({
      status: 0,
      code: ERR.UNHANDLED_EXCEPTION,
      message: 'An unexpected error occurred',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('maps a body that cannot be serialised to 5001', async () => {
    const { client } = setup();

    const error = await captureApiError(client.request('/x', { method: 'POST', body: { n: 1n } }));

    expect(error.code).toBe(ERR.UNHANDLED_EXCEPTION);
  });
});

describe('retries', () => {
  it('retries an idempotent request on 502/503/504 with exponential backoff', async () => {
    vi.useFakeTimers();
    const { client, fetchMock } = setup();
    fetchMock
      .mockResolvedValueOnce(new Response('bad gateway', { status: 502 }))
      .mockResolvedValueOnce(new Response('unavailable', { status: 503 }))
      .mockResolvedValueOnce(json({ id: '1', name: 'Back' }));

    const promise = client.get('/disabilities/1', itemSchema);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);

    await expect(promise).resolves.toEqual({ id: '1', name: 'Back' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it.each([
    [502, ERR.BAD_GATEWAY],
    [503, ERR.SERVICE_UNAVAILABLE],
    [504, ERR.GATEWAY_TIMEOUT],
  ])('gives up after 2 retries and maps HTTP %i to %i', async (status, code) => {
    vi.useFakeTimers();
    const { client, fetchMock } = setup();
    fetchMock.mockImplementation(() => Promise.resolve(new Response('', { status })));

    const promise = captureApiError(client.request('/me', { method: 'PUT', body: {} }));
    await vi.advanceTimersByTimeAsync(1000);
    const error = await promise;

    expect(error).toMatchObject({ status, code, message: 'Service temporarily unavailable' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it.each(['POST', 'PATCH'] as const)('never retries %s', async (method) => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(new Response('', { status: 503 }));

    const error = await captureApiError(client.request('/x', { method, body: {} }));

    expect(error.code).toBe(ERR.SERVICE_UNAVAILABLE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each(['HEAD', 'DELETE', 'OPTIONS'] as const)('retries %s', async (method) => {
    vi.useFakeTimers();
    const { client, fetchMock } = setup();
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 504 }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));

    const promise = client.request('/x', { method });
    await vi.advanceTimersByTimeAsync(100);

    await expect(promise).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry other statuses', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));

    await captureApiError(client.request('/x'));

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('lets a request turn retries off', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));

    await captureApiError(client.request('/x', { maxRetries: 0 }));

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("the caller's own abort", () => {
  it('rethrows the abort reason instead of mapping it', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();

    const promise = captureError(client.request('/me', { signal: controller.signal }));
    await Promise.resolve();
    controller.abort(new DOMException('Query cancelled', 'AbortError'));
    const error = await promise;

    expect(isApiError(error)).toBe(false);
    expect(error).toMatchObject({ name: 'AbortError', message: 'Query cancelled' });
  });

  it('does not send a request whose signal is already aborted', async () => {
    const { client, fetchMock } = setup();
    const controller = new AbortController();
    controller.abort();

    const error = await captureError(client.request('/me', { signal: controller.signal }));

    expect(error).toMatchObject({ name: 'AbortError' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stops waiting between retries when aborted', async () => {
    vi.useFakeTimers();
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValue(new Response('', { status: 503 }));
    const controller = new AbortController();

    const promise = captureError(client.request('/me', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new DOMException('Navigated away', 'AbortError'));
    const error = await promise;

    expect(error).toMatchObject({ name: 'AbortError', message: 'Navigated away' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('helpers', () => {
  it('getErrorMessage returns a safe message for any value', () => {
    expect(getErrorMessage(new ApiError({ status: 404, code: ERR.NOT_FOUND }))).toBe('Not found');
    expect(getErrorMessage(new Error('Disk full'))).toBe('Disk full');
    expect(getErrorMessage('Plain text')).toBe('Plain text');
    expect(getErrorMessage(new Error(''))).toBe('An unexpected error occurred');
    expect(getErrorMessage({ weird: true })).toBe('An unexpected error occurred');
    expect(getErrorMessage(undefined)).toBe('An unexpected error occurred');
  });

  it('toApiError keeps ApiErrors and maps thrown values', () => {
    const apiError = new ApiError({ status: 409, code: ERR.CONFLICT });
    expect(toApiError(apiError)).toBe(apiError);
    expect(toApiError(new TypeError('Failed to fetch')).code).toBe(ERR.CONNECTION_ERROR);
    expect(toApiError(new Error('boom'))).toMatchObject({
      status: 0,
      code: ERR.UNHANDLED_EXCEPTION,
      message: 'An unexpected error occurred',
    });
    expect(toApiError('boom').code).toBe(ERR.UNHANDLED_EXCEPTION);
  });

  it('rejects paths that do not start with a slash', async () => {
    const { client, fetchMock } = setup();

    const error = await captureApiError(client.request('me'));

    expect(error.code).toBe(ERR.UNHANDLED_EXCEPTION);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('accounts additions', () => {
  it('keeps the quota of a quota answer', async () => {
    const { client, fetchMock } = setup();
    const quota = {
      feature: 'decision_letters',
      used: 1,
      limit: 1,
      resets_at: '2026-12-01T00:00:00.000Z',
    };
    fetchMock.mockResolvedValue(
      json(
        {
          code: ERR.FORBIDDEN,
          message: messageFor(ERR.FORBIDDEN),
          detail: 'decision letter quota reached',
          quota,
        },
        { status: 403 },
      ),
    );

    const error = await captureApiError(client.request('/decision-letters', { method: 'POST' }));

    expect(error.detail).toBe('decision letter quota reached');
    expect(error.quota).toEqual(quota);
  });

  it('calls the unauthorized handler for a 401 only when the token came from the getter', async () => {
    const { client, fetchMock } = setup();
    const onUnauthorized = vi.fn();
    client.setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        json({ code: ERR.SESSION_EXPIRED, message: 'Session expired' }, { status: 401 }),
      ),
    );

    await captureApiError(client.request('/anything'));
    expect(onUnauthorized).not.toHaveBeenCalled();

    client.setTokenGetter(() => 'token');
    const error = await captureApiError(client.request('/anything'));
    expect(onUnauthorized).toHaveBeenCalledWith(error);

    client.setTokenGetter(() => null);
    await captureApiError(
      client.request('/auth/sign-out', { method: 'POST', headers: { Authorization: 'Bearer x' } }),
    );
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('downloads a file with its name, and maps a failed download like any request', async () => {
    const { client, fetchMock, lastHeaders } = setup();
    fetchMock.mockResolvedValueOnce(
      new Response('PK zip bytes', {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="muster-export-2026-11-21.zip"',
        },
      }),
    );

    const file = await client.download('/users/u1/export');

    expect(file.filename).toBe('muster-export-2026-11-21.zip');
    expect(await file.blob.text()).toBe('PK zip bytes');
    expect(lastHeaders().get('Accept')).toBe('*/*');

    fetchMock.mockResolvedValueOnce(
      json({ code: ERR.NOT_FOUND, message: 'Not found' }, { status: 404 }),
    );
    const error = await captureApiError(client.download('/users/u2/export'));
    expect(error.code).toBe(ERR.NOT_FOUND);
  });

  it('reads encoded and plain file names from Content-Disposition', () => {
    expect(filenameFromContentDisposition(null)).toBeUndefined();
    expect(filenameFromContentDisposition('attachment; filename=data.zip')).toBe('data.zip');
    expect(
      filenameFromContentDisposition(
        'attachment; filename="x.zip"; filename*=UTF-8\'\'Jane%20Doe%20export.zip',
      ),
    ).toBe('Jane Doe export.zip');
  });
});

describe('streamed requests', () => {
  it('POSTs JSON with the token and answers the open response for the caller to read', async () => {
    const { client, fetchMock, lastInit, lastHeaders } = setup();
    client.setTokenGetter(() => 'token-123');
    fetchMock.mockResolvedValue(
      new Response('event: start\ndata: {}\n\n', {
        headers: { 'content-type': 'text/event-stream' },
      }),
    );

    const response = await client.stream('/threads/t1/runs', {});

    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${BASE_URL}/threads/t1/runs`);
    expect(lastInit().method).toBe('POST');
    expect(lastInit().body).toBe('{}');
    expect(lastInit().credentials).toBe('omit');
    expect(lastHeaders().get('Authorization')).toBe('Bearer token-123');
    expect(lastHeaders().get('Accept')).toBe('text/event-stream');
    expect(await response.text()).toBe('event: start\ndata: {}\n\n');
  });

  it('maps an error answer before the stream, and reports a 401 to the handler', async () => {
    const { client, fetchMock } = setup();
    client.setTokenGetter(() => 'token-123');
    const onUnauthorized = vi.fn();
    client.setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValueOnce(
      json(
        { code: ERR.FORBIDDEN, message: 'No', detail: 'AI message quota reached' },
        { status: 403 },
      ),
    );
    const quota = await captureApiError(client.stream('/threads/t1/runs', {}));
    expect(quota).toMatchObject({ status: 403, code: ERR.FORBIDDEN });
    expect(quota.detail).toBe('AI message quota reached');
    expect(onUnauthorized).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(
      json({ code: ERR.SESSION_EXPIRED, message: 'Session expired' }, { status: 401 }),
    );
    await captureApiError(client.stream('/threads/t1/runs', {}));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('maps network failures and rethrows the caller’s abort unchanged', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const network = await captureApiError(client.stream('/threads/t1/runs', {}));
    expect(network.code).toBe(ERR.CONNECTION_ERROR);

    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const reason = new DOMException('Stopped', 'AbortError');
    const pending = captureError(
      client.stream('/threads/t1/runs', {}, { signal: controller.signal }),
    );
    controller.abort(reason);
    expect(await pending).toBe(reason);
  });

  it('times out while waiting for the headers, and never retries', async () => {
    vi.useFakeTimers();
    const { client, fetchMock } = setup();
    fetchMock.mockImplementation(hangingFetch);
    const pending = captureApiError(client.stream('/slow', {}, { timeoutMs: 1000 }));
    await vi.advanceTimersByTimeAsync(1000);
    expect((await pending).code).toBe(ERR.TIMEOUT);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
