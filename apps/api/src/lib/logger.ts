import type { FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions as PinoLoggerOptions } from 'pino';

/**
 * Log fields that may hold secrets or personal/medical data. Values at these paths are replaced
 * before a line is written. Veterans' data is sensitive: when in doubt, add the path here.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
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
        return {
          type: error.name,
          message: scrubText(error.message),
          code: error.code,
          statusCode: error.statusCode,
          stack: error.stack ? scrubText(error.stack) : '',
        };
      },
    },
  };
}
