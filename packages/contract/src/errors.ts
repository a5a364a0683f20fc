import { z } from 'zod';

/**
 * The error catalogue: every code with its user message and the HTTP status the
 * API answers with when it raises that code. Codes 4xxx and 5001–5004 never leave the server: the web
 * client produces them for failures that have no server answer (network, timeout, gateway, crash).
 */
export const ERR = {
  AUTH_FAILED: 1001,
  SESSION_EXPIRED: 1002,
  ACCESS_DENIED: 1003,
  LOGIN_REQUIRED: 1004,
  INVALID_CREDENTIALS: 1005,
  ACCOUNT_LOCKED: 1006,
  FORBIDDEN: 1007,
  REFRESH_FAILED: 1008,
  INVALID_INPUT: 2001,
  REQUIRED_FIELD: 2002,
  INVALID_FORMAT: 2003,
  ALREADY_EXISTS: 2004,
  INVALID_EMAIL: 2005,
  WEAK_PASSWORD: 2006,
  CHECK_INPUT: 2007,
  TOO_LARGE: 2008,
  TRANSACTION_FAILED: 3001,
  NOT_FOUND: 3002,
  CONFLICT: 3003,
  RATE_LIMITED: 3004,
  NOT_ALLOWED: 3005,
  UNABLE_TO_COMPLETE: 3006,
  SERVICE_UNAVAILABLE: 3007,
  INVALID_STATE: 3008,
  CONNECTION_ERROR: 4001,
  // The catalogue gives 4002 and 4004 the same message and no further meaning, and this client
  // raises neither: each is named by its number, and both count as an outage when an answer
  // carries one.
  SERVICE_UNAVAILABLE_4002: 4002,
  TIMEOUT: 4003,
  SERVICE_UNAVAILABLE_4004: 4004,
  MAINTENANCE: 4005,
  CONNECTION_LOST: 4006,
  INTERNAL: 5000,
  UNHANDLED_EXCEPTION: 5001,
  BAD_GATEWAY: 5002,
  GATEWAY_TIMEOUT: 5003,
  UNKNOWN: 5004,
} as const;

export type ErrorCode = (typeof ERR)[keyof typeof ERR];

export type CatalogueEntry = {
  /** The message a veteran sees. */
  message: string;
  /** HTTP status the API answers with; 0 for codes only the client produces. */
  status: number;
};

const UNAVAILABLE = 'Service temporarily unavailable';
const UNEXPECTED = 'An unexpected error occurred';

export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, CatalogueEntry>> = Object.freeze({
  1001: { message: 'Authentication failed', status: 401 },
  1002: { message: 'Session expired', status: 401 },
  1003: { message: 'Access denied', status: 403 },
  1004: { message: 'Please log in to continue', status: 401 },
  1005: { message: 'Invalid username or password', status: 401 },
  1006: { message: 'Account temporarily locked', status: 403 },
  1007: { message: "You don't have permission to perform this action", status: 403 },
  1008: { message: 'Unable to refresh session', status: 401 },
  2001: { message: 'Invalid input provided', status: 400 },
  2002: { message: 'Required field missing', status: 400 },
  2003: { message: 'Invalid format', status: 400 },
  2004: { message: 'This entry already exists', status: 409 },
  2005: { message: 'Invalid email address', status: 400 },
  2006: { message: 'Password does not meet security requirements', status: 400 },
  2007: { message: 'Please check your input and try again', status: 400 },
  2008: { message: 'File or input too large', status: 413 },
  3001: { message: 'Transaction failed', status: 500 },
  3002: { message: 'Not found', status: 404 },
  3003: { message: 'Resource conflict', status: 409 },
  3004: { message: 'Too many requests, please try again later', status: 429 },
  3005: { message: 'Operation not allowed', status: 405 },
  3006: { message: 'Unable to complete request', status: 422 },
  3007: { message: UNAVAILABLE, status: 503 },
  3008: { message: 'Invalid operation for current state', status: 409 },
  4001: { message: 'Connection error', status: 0 },
  4002: { message: UNAVAILABLE, status: 0 },
  4003: { message: 'Request timed out', status: 0 },
  4004: { message: UNAVAILABLE, status: 0 },
  4005: { message: 'System under maintenance', status: 503 },
  4006: { message: 'Connection lost', status: 0 },
  5000: { message: UNEXPECTED, status: 500 },
  5001: { message: UNEXPECTED, status: 0 },
  5002: { message: UNAVAILABLE, status: 502 },
  5003: { message: UNAVAILABLE, status: 504 },
  5004: { message: UNEXPECTED, status: 0 },
});

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE).map(Number) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'number' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function messageFor(code: ErrorCode): string {
  return ERROR_CATALOGUE[code].message;
}

/** What a refused sign-in code leaves the person able to do; all members optional. */
export const signInErrorInfoSchema = z.object({
  /** Wrong codes still allowed before the email is locked. */
  attempts_left: z.number().int().min(0).optional(),
  /** When a locked email can sign in again. */
  locked_until: z.iso.datetime().optional(),
  /** The code expired: only a new code can sign in. */
  code_expired: z.boolean().optional(),
});
export type SignInErrorInfo = z.infer<typeof signInErrorInfoSchema>;

/** The one error body on the wire, at the top level of the response. */
export const errorEnvelopeSchema = z
  .object({
    code: z.number().int().refine(isErrorCode, 'unknown error code'),
    message: z.string(),
    detail: z.string().optional(),
    validation: z.literal(true).optional(),
    fields: z.record(z.string(), z.string()).optional(),
    /** On quota answers (403): which monthly limit was reached. */
    quota: z
      .object({
        feature: z.string(),
        used: z.number().int(),
        limit: z.number().int().nullable(),
        resets_at: z.string(),
      })
      .optional(),
    /** On sign-in code answers: what the person can do next. */
    sign_in: signInErrorInfoSchema.optional(),
    /** On a chat run (409): the veteran must first choose whether an outside AI model may be used. */
    consent_required: z.literal(true).optional(),
    /**
     * The server's id of the failed request (also its `x-request-id` header), so a support message
     * can name it. Absent on answers made before a request existed (malformed HTTP, deadlines).
     */
    request_id: z.string().optional(),
  })
  .meta({ id: 'ErrorEnvelope', description: 'The error body every failing request answers with.' });

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema> & { code: ErrorCode };

/**
 * Server side: which catalogue code a failure with this HTTP status produces when nothing more
 * specific was thrown. 401s depend on the credentials that came with the request.
 */
export function serverCodeForStatus(
  status: number,
  auth: { hasToken?: boolean; expired?: boolean } = {},
): ErrorCode {
  switch (status) {
    case 400:
    case 422:
      return ERR.INVALID_INPUT;
    case 401:
      if (!auth.hasToken) return ERR.LOGIN_REQUIRED;
      return auth.expired ? ERR.SESSION_EXPIRED : ERR.AUTH_FAILED;
    case 403:
      return ERR.FORBIDDEN;
    case 404:
      return ERR.NOT_FOUND;
    case 405:
      return ERR.NOT_ALLOWED;
    case 409:
      return ERR.CONFLICT;
    case 413:
    case 414:
    case 431:
      return ERR.TOO_LARGE;
    case 415:
      return ERR.INVALID_FORMAT;
    case 429:
      return ERR.RATE_LIMITED;
    case 503:
      return ERR.SERVICE_UNAVAILABLE;
    default:
      return status >= 400 && status < 500 ? ERR.CHECK_INPUT : ERR.INTERNAL;
  }
}

/** What went wrong on the client side, before or instead of a usable server answer. */
export type ClientFailure =
  | { kind: 'network'; offline?: boolean; wasOnline?: boolean }
  | { kind: 'timeout' }
  | { kind: 'maintenance' }
  | { kind: 'exception'; message?: string }
  | { kind: 'http'; status: number; message?: string; validation?: boolean };

/**
 * Client side: the code for a failure whose body was not a valid envelope (a valid envelope always
 * keeps the server's code), by kind of failure and HTTP status.
 */
export function clientCodeForFailure(failure: ClientFailure): ErrorCode {
  switch (failure.kind) {
    case 'network':
      // Connection dropped while the browser reports it is offline → "Connection lost".
      return failure.offline ? ERR.CONNECTION_LOST : ERR.CONNECTION_ERROR;
    case 'timeout':
      return ERR.TIMEOUT;
    case 'maintenance':
      return ERR.MAINTENANCE;
    case 'exception':
      return failure.message?.includes('Failed to fetch')
        ? ERR.CONNECTION_ERROR
        : ERR.UNHANDLED_EXCEPTION;
    case 'http':
      switch (failure.status) {
        case 0:
          return ERR.CONNECTION_ERROR;
        case 400:
        case 422:
          return ERR.INVALID_INPUT;
        case 401:
          return failure.message?.toLowerCase().includes('expired')
            ? ERR.SESSION_EXPIRED
            : ERR.AUTH_FAILED;
        case 403:
          return ERR.FORBIDDEN;
        case 404:
          return ERR.NOT_FOUND;
        case 409:
          return ERR.CONFLICT;
        case 413:
          return ERR.TOO_LARGE;
        case 429:
          return ERR.RATE_LIMITED;
        case 500:
          return ERR.INTERNAL;
        case 502:
          return ERR.BAD_GATEWAY;
        case 503:
          return ERR.SERVICE_UNAVAILABLE;
        case 504:
          return ERR.GATEWAY_TIMEOUT;
        default:
          return ERR.UNKNOWN;
      }
  }
}
