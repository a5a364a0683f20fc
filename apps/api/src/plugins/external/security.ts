import { LAYMAN_TOKEN_HEADER } from '@muster/contract/layman-statements';
import { SHARE_TOKEN_HEADER } from '@muster/contract/vso';
import { PROVIDER_TOKEN_HEADER } from '@muster/contract/nexus-letters';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { ERR } from '@muster/contract/errors';
import { handleError } from '#src/lib/error-handler.ts';
import { AppError } from '#src/lib/errors.ts';
import { registerPathGuard } from './path-guard.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { redisWithMemoryFallback } from './rate-limit-store.ts';

export type SecurityOptions = {
  allowedOrigins: string[];
  rateLimit: { max: number; windowMs: number };
  /** Shared counters for many replicas; memory when absent. */
  redis: Redis | undefined;
  /** Prefix of the counters' keys in Redis. */
  redisPrefix?: string;
};

/** Ambiguous paths refused, Helmet's headers (computed once), CORS for the app and site origins only, and rate limits. */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  registerPathGuard(app);
  registerSecurityHeaders(app, {
    // The docs UI sets its own CSP for its static files; the JSON API needs none beyond default.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'validator.swagger.io'],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // A preflight names its origin and method; anything else sent as OPTIONS gets the envelope
  // here rather than the CORS plugin's plain-text refusal.
  // (Answered here: the CORS plugin's OPTIONS route predates the app's error handler.)
  // Callback style: answering here means not calling done (the request ends with the answer).
  app.addHook('onRequest', (request, reply, done) => {
    if (
      request.method === 'OPTIONS' &&
      (!request.headers.origin || !request.headers['access-control-request-method'])
    ) {
      handleError(
        new AppError(ERR.INVALID_INPUT, { detail: 'Invalid preflight request' }),
        request,
        reply,
      );
      return;
    }
    done();
  });
  await app.register(cors, {
    origin: options.allowedOrigins,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // x-layman-token, x-provider-token, x-share-token: a signing, upload or share link's token,
    // sent by the witness's, the physician's or the representative's page in a header, never a
    // URL.
    allowedHeaders: [
      'authorization',
      'content-type',
      'idempotency-key',
      'x-request-id',
      LAYMAN_TOKEN_HEADER,
      PROVIDER_TOKEN_HEADER,
      SHARE_TOKEN_HEADER,
    ],
    // The auth library returns the bearer token here; uploads read ETags of parts; the request id
    // lets a support message name the failed request.
    exposedHeaders: [
      'set-auth-token',
      'etag',
      'retry-after',
      'content-disposition',
      'x-request-id',
    ],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.windowMs,
    // With Redis, an outage falls back to counting in memory: never to no limit at all.
    ...(options.redis
      ? {
          store: redisWithMemoryFallback({
            redis: options.redis,
            prefix: options.redisPrefix ?? 'muster-rl:',
            log: app.log,
          }).Store as never,
        }
      : {}),
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(ERR.RATE_LIMITED, { detail: `Try again in ${context.after}` }),
  });
}
