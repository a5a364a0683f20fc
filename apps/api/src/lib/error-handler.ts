import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  ERR,
  ERROR_CATALOGUE,
  serverCodeForStatus,
  type ErrorCode,
  type ErrorEnvelope,
} from '@muster/contract/errors';
import { AppError } from './errors.ts';

type Envelope = ErrorEnvelope & Record<string, unknown>;

/** The one error body, naming the request it answers (the same id as its `x-request-id`). */
function envelope(
  request: FastifyRequest,
  code: ErrorCode,
  extra: Partial<Envelope> = {},
): Envelope {
  return { code, message: ERROR_CATALOGUE[code].message, ...extra, request_id: request.id };
}

/** Reports an unexpected failure to the error tracker, when one is configured. */
export type ErrorReporter = (error: unknown, request: FastifyRequest) => void;

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
};

/** `/a/0/b` → `a.0.b`; a problem with the whole body/query is keyed by its context. */
function fieldsFrom(
  issues: ValidationIssue[],
  context: string | undefined,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || context || 'body';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

const JSON_BODY_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/**
 * Turns any error into the one error envelope: AppError → its code; request validation →
 * 400/2001 with fields; Fastify client errors → the catalogue code for their status; anything else
 * → logged, 500/5000, no internals.
 */
export function handleError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
  report?: ErrorReporter,
) {
  if (error instanceof AppError) {
    const body = envelope(request, error.code, {
      message: error.message,
      ...(error.detail ? { detail: error.detail } : {}),
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.code === ERR.INVALID_INPUT && error.fields ? { validation: true as const } : {}),
      ...error.extra,
    });
    if (error.status >= 500) request.log.error({ err: error }, 'request failed');
    // A 500 is a fault of ours; 502–504 name an outside service that is down (not a bug).
    if (error.status === 500) report?.(error, request);
    return reply.status(error.status).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.status(400).send(
      envelope(request, ERR.INVALID_INPUT, {
        validation: true,
        detail: `Invalid ${error.validationContext ?? 'request'}`,
        fields: fieldsFrom(error.validation as ValidationIssue[], error.validationContext),
      }),
    );
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.code && JSON_BODY_ERRORS.has(fastifyError.code)) {
    return reply
      .status(400)
      .send(envelope(request, ERR.INVALID_INPUT, { detail: 'The request body is not valid JSON' }));
  }
  if (fastifyError.validation) {
    return reply.status(400).send(
      envelope(request, ERR.INVALID_INPUT, {
        validation: true,
        fields: fieldsFrom(
          fastifyError.validation as ValidationIssue[],
          fastifyError.validationContext,
        ),
      }),
    );
  }
  const status = fastifyError.statusCode;
  if (!isResponseSerializationError(error) && status && status >= 400 && status < 500) {
    const code = serverCodeForStatus(status, {
      hasToken: Boolean(request.headers.authorization),
    });
    return reply.status(status).send(envelope(request, code));
  }
  request.log.error(
    { err: error, route: request.routeOptions.url, method: request.method },
    'unexpected error',
  );
  report?.(error, request);
  const code = status === 503 ? ERR.SERVICE_UNAVAILABLE : ERR.INTERNAL;
  return reply.status(code === ERR.SERVICE_UNAVAILABLE ? 503 : 500).send(envelope(request, code));
}

/**
 * The app's error and not-found handlers. `report` receives only unexpected failures (those that
 * answer 5xx), never client errors.
 */
export function registerErrorHandlers(app: FastifyInstance, report?: ErrorReporter) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) =>
    handleError(error, request, reply, report),
  );
  app.setNotFoundHandler(
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the decorator exists only where the rate-limit plugin is registered
    { preHandler: app.rateLimit ? app.rateLimit() : undefined },
    (request, reply) => reply.status(404).send(envelope(request, ERR.NOT_FOUND)),
  );
}

/**
 * Every answer names its request in `x-request-id` (errors also in their body), so a log line
 * and a support message can be matched. The id is always ours: one sent by the client is ignored.
 */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
