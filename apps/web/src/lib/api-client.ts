import { ERR, clientCodeForFailure, type ClientFailure } from '@muster/contract/errors';
import type { z } from 'zod';

import { env } from '@/config/env';
import { ApiError, errorFromResponse, parseJson, toApiError } from '@/lib/api-error';
import { API_MAX_RETRIES, API_RETRY_BASE_DELAY_MS, API_TIMEOUT_MS } from '@/config/constants';

/**
 * The one way the web app talks to the API. Every failure, whatever its cause, reaches callers as an
 * `ApiError` carrying a code from the error catalogue and the message a veteran may see.
 *
 * - A response whose body is a valid error envelope keeps the server's code, message, detail and fields.
 * - Anything else is mapped with `clientCodeForFailure` and given the catalogue message.
 * - A caller's own abort (`signal`) is not a failure: the abort reason is rethrown unchanged so
 *   TanStack Query can treat it as a cancellation.
 *
 * 401 handling lives here and nowhere else: a 401 answer to a request that carried the session's
 * token calls the handler the auth layer registered (`setUnauthorizedHandler`), which signs out.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Methods that may be sent again without changing the outcome. */
const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set([
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  'OPTIONS',
]);
/** Gateway answers worth retrying: 502, 503 and 504. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions = {
  method?: HttpMethod;
  query?: QueryParams;
  /** Sent as JSON, except `FormData`, `Blob` and `URLSearchParams`, which are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Cancels the request; the abort reason is rethrown unchanged. */
  signal?: AbortSignal;
  /** Per-attempt limit covering the response and its body. */
  timeoutMs?: number;
  /** Retries on 502/503/504 for idempotent methods; ignored for POST and PATCH. */
  maxRetries?: number;
  /** `false` sends no bearer token (sign-in calls): their 401 says nothing about a session. */
  authenticate?: boolean;
};

/** A file the API sent (e.g. the data export), with the name from `Content-Disposition`. */
export type DownloadedFile = { blob: Blob; filename: string | undefined };

/** Called when an answer is 401 although the request carried the session's token. */
export type UnauthorizedHandler = (error: ApiError) => void;

export type TokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

export type ApiClientOptions = {
  /** API origin, without a trailing slash. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxRetries?: number;
  /** Delay before the first retry; doubles for each further retry. */
  retryBaseDelayMs?: number;
  /** `false` when the browser reports it is offline. */
  isOnline?: () => boolean;
};

type RequestWithoutMethod = Omit<RequestOptions, 'method' | 'body'>;

export type StreamOptions = Pick<RequestOptions, 'headers' | 'signal' | 'timeoutMs'> & {
  /** What the response is expected to be; `text/event-stream` by default. */
  accept?: string;
};

export type ApiClient = {
  /** With `schema`, the JSON body is validated and typed by it; without, it is `unknown`. */
  request<S extends z.ZodType>(
    path: string,
    options: RequestOptions & { schema: S },
  ): Promise<z.output<S>>;
  request(path: string, options?: RequestOptions): Promise<unknown>;
  get<S extends z.ZodType>(
    path: string,
    schema: S,
    options?: RequestWithoutMethod,
  ): Promise<z.output<S>>;
  post<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: RequestWithoutMethod,
  ): Promise<z.output<S>>;
  put<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: RequestWithoutMethod,
  ): Promise<z.output<S>>;
  patch<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: RequestWithoutMethod,
  ): Promise<z.output<S>>;
  /** Resolves with nothing; a body, if any, is ignored. */
  delete(path: string, options?: RequestWithoutMethod): Promise<void>;
  /** GETs a file (any content type); failures are mapped like any other request. */
  download(path: string, options?: RequestWithoutMethod): Promise<DownloadedFile>;
  /**
   * POSTs `body` (JSON) and answers the open response once its headers arrive, for a body the
   * caller reads as it streams (`text/event-stream`). Failures before that point (an error answer,
   * the network, the timeout) are mapped like any other request's; the body is the caller's to
   * read or cancel, and the caller's `signal` also ends it. Never retried.
   */
  stream(path: string, body: unknown, options?: StreamOptions): Promise<Response>;
  /** Sets where the bearer token comes from. Called once at startup by the auth layer. */
  setTokenGetter(getToken: TokenGetter): void;
  /** Sets what a 401 to an authenticated request does (the auth layer signs out). */
  setUnauthorizedHandler(handler: UnauthorizedHandler | null): void;
};

function defaultIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function buildUrl(baseUrl: string, path: string, query: QueryParams | undefined): string {
  if (!path.startsWith('/')) throw new Error(`API paths start with "/": ${path}`);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const queryString = search.toString();
  return `${baseUrl}${path}${queryString ? `?${queryString}` : ''}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Marks the caller's own cancellation so it is rethrown as-is rather than mapped. */
class CallerAbort {
  constructor(readonly reason: unknown) {}
}

/** `attachment; filename="muster-export.zip"` → `muster-export.zip`. */
export function filenameFromContentDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoded name: fall back to the plain one below.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || undefined;
}

type ResponseBody = { kind: 'text'; text: string } | { kind: 'blob'; blob: Blob };

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const defaultTimeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const defaultMaxRetries = options.maxRetries ?? API_MAX_RETRIES;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? API_RETRY_BASE_DELAY_MS;
  const isOnline = options.isOnline ?? defaultIsOnline;
  let getToken: TokenGetter = () => null;
  let onUnauthorized: UnauthorizedHandler | null = null;

  /** One attempt: the response and its whole body, within the timeout. */
  async function attempt(
    url: string,
    init: RequestInit,
    timeoutMs: number,
    callerSignal: AbortSignal | undefined,
    wantsBlob: boolean,
  ): Promise<{ response: Response; body: ResponseBody }> {
    const controller = new AbortController();
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort();
    }, timeoutMs);
    const handleCallerAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', handleCallerAbort, { once: true });

    try {
      const response = await fetchImpl(url, { ...init, signal: controller.signal });
      // Error answers are always read as text: they carry the JSON envelope.
      const body: ResponseBody =
        wantsBlob && response.ok
          ? { kind: 'blob', blob: await response.blob() }
          : { kind: 'text', text: await response.text() };
      return { response, body };
    } catch (error) {
      if (callerSignal?.aborted) throw new CallerAbort(callerSignal.reason);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by the timeout timer while the request was awaited
      if (isTimedOut) {
        throw new ApiError({
          status: 0,
          code: clientCodeForFailure({ kind: 'timeout' }),
          cause: error,
        });
      }
      const failure: ClientFailure = { kind: 'network', offline: !isOnline() };
      throw new ApiError({ status: 0, code: clientCodeForFailure(failure), cause: error });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', handleCallerAbort);
    }
  }

  async function send(
    path: string,
    requestOptions: RequestOptions & { schema?: z.ZodType; wantsBlob?: boolean },
  ): Promise<unknown> {
    const { method = 'GET', query, body, headers, signal, schema } = requestOptions;
    const timeoutMs = requestOptions.timeoutMs ?? defaultTimeoutMs;
    const maxRetries = IDEMPOTENT_METHODS.has(method)
      ? (requestOptions.maxRetries ?? defaultMaxRetries)
      : 0;
    if (signal?.aborted) throw new CallerAbort(signal.reason);

    const url = buildUrl(options.baseUrl, path, query);
    const requestHeaders = new Headers({ Accept: 'application/json', ...headers });
    let requestBody: BodyInit | undefined;
    if (body !== undefined) {
      if (isRawBody(body)) {
        requestBody = body;
      } else {
        requestBody = JSON.stringify(body);
        requestHeaders.set('Content-Type', 'application/json');
      }
    }
    const token = requestOptions.authenticate === false ? null : await getToken();
    if (token) requestHeaders.set('Authorization', `Bearer ${token}`);
    const wantsBlob = requestOptions.wantsBlob === true;
    if (wantsBlob) requestHeaders.set('Accept', '*/*');

    const init: RequestInit = {
      method,
      headers: requestHeaders,
      body: requestBody,
      // The API authenticates with the bearer token only; cookies never travel cross-origin.
      credentials: 'omit',
    };

    for (let retry = 0; ; retry += 1) {
      const { response, body: responseBody } = await attempt(
        url,
        init,
        timeoutMs,
        signal,
        wantsBlob,
      );

      if (responseBody.kind === 'blob') {
        const file: DownloadedFile = {
          blob: responseBody.blob,
          filename: filenameFromContentDisposition(response.headers.get('content-disposition')),
        };
        return file;
      }
      const { text } = responseBody;

      if (!response.ok) {
        const error = errorFromResponse(response, text);
        // Only a request that carried the session's token can reveal that the session ended.
        if (response.status === 401 && token) onUnauthorized?.(error);
        const isRetryable =
          retry < maxRetries &&
          RETRYABLE_STATUSES.has(response.status) &&
          error.code !== ERR.MAINTENANCE;
        if (!isRetryable) throw error;
        try {
          await wait(retryBaseDelayMs * 2 ** retry, signal);
        } catch (reason) {
          throw new CallerAbort(reason);
        }
        continue;
      }

      if (text.trim() === '')
        return schema ? parseWith(schema, undefined, response.status) : undefined;
      const parsed = parseJson(text);
      if (!parsed.ok) {
        throw new ApiError({
          status: response.status,
          code: ERR.UNKNOWN,
          detail: 'The server response could not be read: it is not valid JSON.',
        });
      }
      return schema ? parseWith(schema, parsed.value, response.status) : parsed.value;
    }
  }

  /** The response of a streamed POST: the timeout covers the headers only, not the body. */
  async function openStream(
    path: string,
    body: unknown,
    streamOptions: StreamOptions,
  ): Promise<Response> {
    const { signal, headers, accept = 'text/event-stream' } = streamOptions;
    const timeoutMs = streamOptions.timeoutMs ?? defaultTimeoutMs;
    if (signal?.aborted) throw new CallerAbort(signal.reason);
    const requestHeaders = new Headers({ ...headers, Accept: accept });
    requestHeaders.set('Content-Type', 'application/json');
    const token = await getToken();
    if (token) requestHeaders.set('Authorization', `Bearer ${token}`);
    if (signal?.aborted) throw new CallerAbort(signal.reason);

    const controller = new AbortController();
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort();
    }, timeoutMs);
    // Stays attached after the headers: the caller's abort also ends the body being read.
    const handleCallerAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', handleCallerAbort, { once: true });

    let response: Response;
    try {
      response = await fetchImpl(buildUrl(options.baseUrl, path, undefined), {
        method: 'POST',
        headers: requestHeaders,
        body: JSON.stringify(body ?? {}),
        credentials: 'omit',
        signal: controller.signal,
      });
      if (!response.ok) {
        const text = await response.text();
        const error = errorFromResponse(response, text);
        if (response.status === 401 && token) onUnauthorized?.(error);
        throw error;
      }
    } catch (error) {
      signal?.removeEventListener('abort', handleCallerAbort);
      if (error instanceof ApiError) throw error;
      if (signal?.aborted) throw new CallerAbort(signal.reason);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by the timeout timer while the request was awaited
      if (isTimedOut) {
        throw new ApiError({
          status: 0,
          code: clientCodeForFailure({ kind: 'timeout' }),
          cause: error,
        });
      }
      const failure: ClientFailure = { kind: 'network', offline: !isOnline() };
      throw new ApiError({ status: 0, code: clientCodeForFailure(failure), cause: error });
    } finally {
      clearTimeout(timer);
    }
    return response;
  }

  function parseWith(schema: z.ZodType, value: unknown, status: number): unknown {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    throw new ApiError({
      status,
      code: ERR.UNKNOWN,
      detail: `The server response did not have the expected shape: ${describeIssues(result.error)}`,
      cause: result.error,
    });
  }

  async function request(
    path: string,
    requestOptions: RequestOptions & { schema?: z.ZodType; wantsBlob?: boolean } = {},
  ): Promise<unknown> {
    try {
      return await send(path, requestOptions);
    } catch (error) {
      if (error instanceof CallerAbort) throw error.reason;
      throw toApiError(error);
    }
  }

  /** The body was validated by `schema`, so its output type is what the promise holds. */
  function withSchema<S extends z.ZodType>(
    path: string,
    schema: S,
    requestOptions: RequestOptions,
  ): Promise<z.output<S>> {
    return request(path, { ...requestOptions, schema }) as Promise<z.output<S>>;
  }

  return {
    request: request as ApiClient['request'],
    get: (path, schema, rest) => withSchema(path, schema, { ...rest, method: 'GET' }),
    post: (path, body, schema, rest) => withSchema(path, schema, { ...rest, method: 'POST', body }),
    put: (path, body, schema, rest) => withSchema(path, schema, { ...rest, method: 'PUT', body }),
    patch: (path, body, schema, rest) =>
      withSchema(path, schema, { ...rest, method: 'PATCH', body }),
    delete: async (path, rest) => {
      await request(path, { ...rest, method: 'DELETE' });
    },
    download: (path, rest) =>
      request(path, { ...rest, method: 'GET', wantsBlob: true }) as Promise<DownloadedFile>,
    stream: async (path, body, rest = {}) => {
      try {
        return await openStream(path, body, rest);
      } catch (error) {
        if (error instanceof CallerAbort) throw error.reason;
        throw toApiError(error);
      }
    },
    setTokenGetter: (nextGetToken) => {
      getToken = nextGetToken;
    },
    setUnauthorizedHandler: (handler) => {
      onUnauthorized = handler;
    },
  };
}

/** The app's client, pointed at the configured API. */
export const api: ApiClient = createApiClient({ baseUrl: env.API_URL });
