import { ERR, messageFor, type ErrorCode } from '@muster/contract/errors';
import { vi } from 'vitest';

import { env } from '@/config/env';

/**
 * A fake API behind `fetch`, answering with real `Response` objects (like the api-client tests).
 * Routes are `"METHOD /path"` (the query string is ignored); a route's value is a handler or a
 * fixed answer. Unknown routes answer 404 with the error envelope, and are recorded.
 */
export type ApiRequest = {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
};

export type ApiHandler = (request: ApiRequest) => Response | Promise<Response>;
export type ApiRoutes = Record<string, ApiHandler | Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** An error envelope `{code, message, detail?, fields?, …}` with the catalogue message. */
export function apiError(
  status: number,
  code: ErrorCode,
  extra: {
    message?: string;
    detail?: string;
    fields?: Record<string, string>;
    [key: string]: unknown;
  } = {},
): Response {
  return json({ code, message: extra.message ?? messageFor(code), ...extra }, status);
}

function parseBody(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return init?.body ?? undefined;
  try {
    return JSON.parse(init.body) as unknown;
  } catch {
    return init.body;
  }
}

export function mockApi(initialRoutes: ApiRoutes = {}) {
  const routes: ApiRoutes = { ...initialRoutes };
  const requests: ApiRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.origin === env.API_URL ? url.pathname : url.toString();
    const request: ApiRequest = {
      method,
      path,
      url,
      headers: new Headers(init?.headers),
      body: parseBody(init),
    };
    requests.push(request);
    const route = routes[`${method} ${path}`];
    if (!route) return apiError(404, ERR.NOT_FOUND, { detail: `No mock for ${method} ${path}` });
    // A Response body can be read once: hand out a copy each time.
    return route instanceof Response ? route.clone() : route(request);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    requests,
    /** Adds or replaces routes. */
    use(more: ApiRoutes) {
      Object.assign(routes, more);
    },
    /** Requests to one route, in order. */
    calls(method: string, path: string): ApiRequest[] {
      return requests.filter((request) => request.method === method && request.path === path);
    },
  };
}
