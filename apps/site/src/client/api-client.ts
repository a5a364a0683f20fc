import type { ErrorEnvelope } from '@muster/contract/errors';

/**
 * The site's only way to call the API: JSON POSTs to the public endpoints. Types come from the
 * contract with `import type`, so no schema code (zod) ships to the browser.
 */

export type ApiFailure = {
  /** HTTP status, or 0 when no answer came back (offline, blocked, timed out). */
  status: number;
  /** A sentence to show the visitor. */
  message: string;
  /** Per-field messages from a validation answer, keyed by field path (`email`, `ratings.0.percent`). */
  fields: Record<string, string>;
};

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

export const RATE_LIMITED_MESSAGE =
  'Too many requests in a short time. Please wait a while, then try again.';
export const CONNECTION_MESSAGE =
  'We couldn’t reach Muster. Check your connection, then try again.';
export const UNEXPECTED_MESSAGE = 'Something went wrong on our side. Please try again later.';

const REQUEST_TIMEOUT_MS = 15_000;

function isErrorBody(body: unknown): body is Pick<ErrorEnvelope, 'message' | 'fields' | 'detail'> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}

/** Turns a failed answer (status and parsed body, if any) into what the page shows. */
export function describeFailure(status: number, body: unknown): ApiFailure {
  const fields = isErrorBody(body) && body.fields ? body.fields : {};
  if (status === 429) return { status, message: RATE_LIMITED_MESSAGE, fields };
  if (status === 0) return { status, message: CONNECTION_MESSAGE, fields };
  if (status >= 500 || !isErrorBody(body)) return { status, message: UNEXPECTED_MESSAGE, fields };
  return { status, message: body.message, fields };
}

/** The API origin the server wrote into `<meta name="muster:api-url">` (no trailing slash). */
export function readApiUrl(doc: Document): string {
  const content = doc.querySelector('meta[name="muster:api-url"]')?.getAttribute('content') ?? '';
  return content.replace(/\/+$/, '');
}

export async function postJson<T>(
  apiUrl: string,
  path: string,
  body: unknown,
  fetchImpl: typeof fetch = fetch,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetchImpl(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    // Network failure, CORS/CSP block or timeout: all the visitor can do is retry.
    return { ok: false, error: describeFailure(0, null) };
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    // A non-JSON answer (a proxy's error page): described by its status alone.
  }
  if (response.ok) return { ok: true, data: parsed as T };
  return { ok: false, error: describeFailure(response.status, parsed) };
}
