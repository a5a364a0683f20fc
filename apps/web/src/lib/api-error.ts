import {
  ERR,
  clientCodeForFailure,
  errorEnvelopeSchema,
  isErrorCode,
  messageFor,
  type ClientFailure,
  type ErrorCode,
  type SignInErrorInfo,
} from '@muster/contract/errors';
import { quotaSchema, type Quota } from '@muster/contract/billing';

/**
 * The one error the web app's API calls fail with, carrying a code from the error catalogue and the
 * message a veteran may see, and the mapping of any failure onto it. The client that raises it is
 * `api-client.ts`.
 */

export type ApiErrorInit = {
  status: number;
  code: ErrorCode;
  /** Defaults to the catalogue message for `code`. */
  message?: string;
  detail?: string;
  fields?: Record<string, string>;
  validation?: boolean;
  /** Quota answers (403, code 1007) say which quota ran out. */
  quota?: Quota;
  /** Refused sign-in codes say what is left: tries, the end of a lock, or an expired code. */
  signIn?: SignInErrorInfo;
  /** The server's id of the failed request, so a support message can name it. */
  requestId?: string;
  cause?: unknown;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status of the response; 0 when no response arrived (network, timeout, client exception). */
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string | undefined;
  /** Per-field messages, keyed by form field path, for `form.setError`. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  readonly validation: boolean | undefined;
  readonly quota: Quota | undefined;
  readonly signIn: SignInErrorInfo | undefined;
  /** The server's id of the failed request (absent when no answer arrived). */
  readonly requestId: string | undefined;

  constructor({
    status,
    code,
    message,
    detail,
    fields,
    validation,
    quota,
    signIn,
    requestId,
    cause,
  }: ApiErrorInit) {
    super(message ?? messageFor(code), { cause });
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.fields = fields;
    this.validation = validation;
    this.quota = quota;
    this.signIn = signIn;
    this.requestId = requestId;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const UNEXPECTED_MESSAGE = messageFor(ERR.UNKNOWN);

/** A message that is safe to show for any caught value; use it instead of casting in `catch`. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return UNEXPECTED_MESSAGE;
}

/** Wraps any thrown value in an `ApiError` (code 5001, or 4001 for a thrown "Failed to fetch"). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({
    status: 0,
    code: clientCodeForFailure({ kind: 'exception', message }),
    cause: error,
  });
}

/** Parses a body that may not be JSON. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A `message` (or `error`) string from a JSON body that is not an error envelope. */
function looseMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record.message === 'string') return record.message;
  if (typeof record.error === 'string') return record.error;
  return undefined;
}

/**
 * The `ApiError` for an answer that is not ok: a valid error envelope keeps the server's code,
 * message, detail and fields; anything else is mapped with `clientCodeForFailure`.
 */
export function errorFromResponse(response: Response, text: string): ApiError {
  const { status } = response;
  const headerId = response.headers.get('x-request-id') ?? undefined;
  const parsed = parseJson(text);
  const json = parsed.ok ? parsed.value : undefined;

  const envelope = errorEnvelopeSchema.safeParse(json);
  if (envelope.success && isErrorCode(envelope.data.code)) {
    const {
      code,
      message,
      detail,
      fields,
      validation,
      sign_in: signIn,
      request_id: requestId,
    } = envelope.data;
    const quota = quotaSchema.safeParse((json as { quota?: unknown }).quota);
    return new ApiError({
      status,
      code,
      message,
      detail,
      fields,
      validation,
      quota: quota.success ? quota.data : undefined,
      signIn,
      requestId: requestId ?? headerId,
    });
  }

  if (status === 503 && response.headers.get('x-maintenance') === '1') {
    return new ApiError({ status, code: ERR.MAINTENANCE, requestId: headerId });
  }

  const failure: ClientFailure = {
    kind: 'http',
    status,
    message: looseMessage(json) ?? (parsed.ok ? undefined : text.slice(0, 200)),
    validation: (json as { validation?: unknown } | undefined)?.validation === true,
  };
  return new ApiError({
    status,
    code: clientCodeForFailure(failure),
    detail: `HTTP ${status}`,
    requestId: headerId,
  });
}
