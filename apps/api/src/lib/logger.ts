import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions as PinoLoggerOptions } from 'pino';

/**
 * Log fields that may hold secrets or personal/medical data. Values at these paths are replaced
 * before a line is written. Veterans' data is sensitive: when in doubt, add the path here.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  // Link tokens (lay statements, provider uploads, shares with a representative): the serializer
  // logs no header, and if one ever does, these stay out.
  'req.headers["x-layman-token"]',
  'req.headers["x-provider-token"]',
  'req.headers["x-share-token"]',
  'res.headers["set-cookie"]',
  'res.headers["set-auth-token"]',
  'headers.authorization',
  'headers.cookie',
  '*.token',
  '*.accessToken',
  '*.access_token',
  '*.refreshToken',
  '*.refresh_token',
  '*.idToken',
  '*.id_token',
  '*.password',
  '*.secret',
  '*.otp',
  '*.email',
  '*.to',
  '*.content',
  '*.text',
  '*.body',
  '*.statement',
  '*.notes',
  'err.detail',
  'err.where',
  'err.parameters',
  'token',
  'otp',
  'email',
  'content',
  'body',
];

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
/** Six-digit one-time codes and long opaque tokens (JWT-like or base64url runs). */
const OTP = /(?<![\w.])\d{6}(?![\w.])/g;
const TOKEN = /\b(?:eyJ[\w-]+\.[\w-]+\.[\w-]+|[A-Za-z0-9_-]{32,})\b/g;

/** Masks emails, one-time codes and tokens in free text that reached a log call anyway. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(TOKEN, '[token]').replace(OTP, '[code]');
}

/**
 * Logs a URL's path (with token-like segments masked) and query names only: query values (search
 * text, codes, signatures) stay out.
 */
export function safeUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return scrubText(url);
  const params = new URLSearchParams(url.slice(question + 1));
  const names = [...new Set(params.keys())].map((name) => `${name}=…`).join('&');
  return `${scrubText(url.slice(0, question))}?${names}`;
}

/**
 * A failed database query's text without its parameters. Drizzle's `DrizzleQueryError` puts the
 * bound values (titles, search text, anything a veteran typed) in its message and stack as
 * `params: …`; the SQL alone says what failed.
 */
export function withoutQueryParams(error: Error & { query?: unknown; params?: unknown }) {
  let message = error.message;
  let stack = error.stack ?? '';
  if (typeof error.query === 'string' && Array.isArray(error.params)) {
    const safe = `Failed query: ${error.query}\nparams: [redacted]`;
    stack = stack.replace(error.message, safe);
    message = safe;
  }
  // Anything else shaped like it (a wrapped or re-thrown query error).
  const params = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
  return {
    message: message.replace(params, '\nparams: [redacted]'),
    stack: stack.replace(params, '\nparams: [redacted]'),
  };
}

/** The database's own error code (e.g. 23505) of a query error's cause, if any. */
function causeCode(error: Error): unknown {
  const cause = (error as { cause?: unknown }).cause;
  return cause && typeof cause === 'object' && 'code' in cause ? cause.code : undefined;
}

export function loggerOptions(level: string): FastifyLoggerOptions & PinoLoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
    serializers: {
      req(request: { method: string; url: string; id: string; routeOptions?: { url?: string } }) {
        return { id: request.id, method: request.method, url: safeUrl(request.url) };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
      err(error: Error & { code?: unknown; statusCode?: unknown }) {
        const { message, stack } = withoutQueryParams(error);
        return {
          type: error.name,
          message: scrubText(message),
          code: error.code ?? causeCode(error),
          statusCode: error.statusCode,
          stack: scrubText(stack),
        };
      },
    },
  };
}

/** The logger of the request or job being served: its lines carry the request or job id. */
const currentLog = new AsyncLocalStorage<FastifyBaseLogger>();

export type ScopedLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * A logger for code that has no request at hand (the auth library's messages, a job's own
 * reports): it writes through the logger of the request or job being served, so every line made
 * while serving one carries its id, and through `fallback` otherwise.
 */
export function scopedLogger(fallback: FastifyBaseLogger): ScopedLogger {
  const log = () => currentLog.getStore() ?? fallback;
  return {
    info: (obj, msg) => log().info(obj, msg),
    warn: (obj, msg) => log().warn(obj, msg),
    error: (obj, msg) => log().error(obj, msg),
  };
}

/** Runs `work` with `log` as the current logger (a job's child logger carrying the job id). */
export function runWithLog<T>(log: FastifyBaseLogger, work: () => T): T {
  return currentLog.run(log, work);
}

/**
 * Makes each request's logger (which carries its `reqId`) the current logger while its handler
 * runs. Set just before the handler: body parsing may leave the async context behind.
 */
export function registerRequestLogScope(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => {
    currentLog.run(request.log, done);
  });
}
