import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { ERR, ERROR_CATALOGUE, serverCodeForStatus, type ErrorCode } from '@muster/contract/errors';
import { handleError } from '#src/lib/error-handler.ts';
import { AppError } from '#src/lib/errors.ts';
import { applyServerLimits, fastifyServerOptions, type HttpLimits } from '#src/lib/http-limits.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route moves large bodies or streams for a long time (signed uploads and downloads, event
     * streams): it is exempt from the request deadline and bounded by the long-request one instead.
     */
    longRequest?: boolean;
    /**
     * A public answer that holds no personal data and may be cached: its Cache-Control. Every
     * other answer is `no-store`.
     */
    cacheControl?: string;
  }
}

const NO_STORE = 'no-store';

function envelopeBody(code: ErrorCode, detail?: string, requestId?: string): string {
  return JSON.stringify({
    code,
    message: ERROR_CATALOGUE[code].message,
    ...(detail ? { detail } : {}),
    ...(requestId ? { request_id: requestId } : {}),
  });
}

/**
 * A complete HTTP answer carrying the error envelope, for the cases where Node has no request
 * object to answer through (malformed requests, deadlines). It always closes the connection.
 */
export function rawErrorResponse(status: number, code: ErrorCode, detail?: string): string {
  const body = envelopeBody(code, detail);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'x-content-type-options: nosniff',
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

type ClientFailure = { status: number; code: ErrorCode; detail: string };

/** Which answer a connection-level failure gets; the raw bytes are never echoed or logged. */
function clientFailure(errorCode: string | undefined): ClientFailure {
  switch (errorCode) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: serverCodeForStatus(408),
        detail: 'The request did not arrive in time',
      };
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: serverCodeForStatus(431),
        detail: 'The request headers are too large',
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: serverCodeForStatus(413), detail: 'The request is too large' };
    default:
      return { status: 400, code: ERR.INVALID_INPUT, detail: 'The request is not valid HTTP' };
  }
}

/** Sockets currently carrying a `longRequest` exchange. */
export class LongRequests {
  readonly #sockets = new WeakSet<Socket>();

  has(socket: Socket): boolean {
    return this.#sockets.has(socket);
  }

  /** Marks the socket until the answer is finished, and bounds the whole exchange. */
  track(request: IncomingMessage, response: ServerResponse, timeoutMs: number) {
    const socket = request.socket;
    this.#sockets.add(socket);
    const timer = setTimeout(() => {
      if (socket.destroyed) return;
      if (!response.headersSent && socket.writable) {
        socket.write(rawErrorResponse(408, serverCodeForStatus(408), 'The transfer took too long'));
      }
      socket.destroy();
    }, timeoutMs);
    timer.unref();
    response.once('close', () => {
      clearTimeout(timer);
      this.#sockets.delete(socket);
    });
  }
}

/**
 * Answers what Node rejects before a request exists (malformed requests, oversize headers, the
 * header and request deadlines) with the envelope, then closes the connection. A request deadline
 * on a `longRequest` exchange is ignored: that exchange has its own bound.
 */
function clientErrorHandler(longRequests: LongRequests) {
  return function onClientError(
    this: FastifyInstance,
    error: Error & { code?: string },
    socket: Socket,
  ) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && longRequests.has(socket)) return;
    const failure = clientFailure(error.code);
    this.log.debug({ code: error.code, status: failure.status }, 'client error');
    // An answer already under way on this connection must not be corrupted by a second one.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      socket.write(rawErrorResponse(failure.status, failure.code, failure.detail));
    }
    socket.destroy();
  };
}

/** Router failures (an over-long or malformed path): the envelope, never the path itself. */
function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ code: error.code }, 'router failure');
  const code = status === 500 ? ERR.INTERNAL : serverCodeForStatus(status);
  const detail =
    status === 414
      ? 'The address is too long'
      : status === 400
        ? 'The address is not valid'
        : undefined;
  // The router failed before any hook ran: the request id header is set here.
  void reply
    .status(status)
    .header('cache-control', NO_STORE)
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(envelopeBody(code, detail, request.id));
}

/**
 * Deadlines, a connection cap and envelope answers for failures outside any route. `options` go
 * into the Fastify constructor; `register` runs once the instance exists.
 */
export function httpHardening(limits: HttpLimits) {
  const longRequests = new LongRequests();
  const options = {
    ...fastifyServerOptions(limits, { requireHostHeader: false }),
    clientErrorHandler: clientErrorHandler(longRequests),
    frameworkErrors: handleFrameworkError,
  } satisfies Partial<FastifyServerOptions>;

  function register(app: FastifyInstance) {
    applyServerLimits(app.server, limits);
    // `Expect` values other than 100-continue: Node would answer a bare 417.
    app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
      const body = envelopeBody(serverCodeForStatus(417), 'Unsupported Expect header');
      response.writeHead(417, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'cache-control': NO_STORE,
        connection: 'close',
      });
      response.end(body);
    });

    // Callback style (as below): these checks never wait, so no promise per request.
    app.addHook('onRequest', (request, reply, done) => {
      // HTTP/1.1 requires a Host header; Node's own check would answer without a body.
      // Answered directly: routes registered before the app's error handler would not use it.
      // (Answering in a callback-style hook means not calling done: the request ends here.)
      if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
        const missingHost = new AppError(ERR.INVALID_INPUT, {
          detail: 'The Host header is missing',
        });
        handleError(missingHost, request, reply);
        return;
      }
      if (request.routeOptions.config.longRequest) {
        longRequests.track(request.raw, reply.raw, limits.longRequestTimeoutMs);
      }
      done();
    });

    // Answers carry personal data unless a route declares itself public: nothing is stored by
    // browsers or shared caches, and errors are never cached even on public routes.
    app.addHook('onSend', (request, reply, payload, done) => {
      const publicPolicy = request.routeOptions.config.cacheControl;
      if (publicPolicy && reply.statusCode < 400) {
        reply.header('cache-control', publicPolicy);
      } else if (!/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))) {
        reply.header('cache-control', NO_STORE);
      }
      done(null, payload);
    });
  }

  return { options, register };
}
