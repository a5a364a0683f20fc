import type { Server } from 'node:http';

/**
 * How long a client may take and how many connections it may hold, for every HTTP server we run
 * (api, app and site). Nothing here may be 0: a zero would switch the protection off.
 */
export type HttpLimits = {
  /** From the first byte of a request until its header block is complete. */
  headersTimeoutMs: number;
  /** From the first byte of a request until its body is complete. Routes marked `longRequest` are exempt. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing is sent or received for this long is closed. */
  idleTimeoutMs: number;
  /** The whole exchange on a `longRequest` route (large uploads and downloads, event streams). */
  longRequestTimeoutMs: number;
  /** Open connections per process; further ones are closed at once. */
  maxConnections: number;
};

export const DEFAULT_HTTP_LIMITS: Readonly<HttpLimits> = Object.freeze({
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  // Longer than the usual load-balancer idle timeout (60 s), so the balancer never reuses a
  // connection the server is about to close (a 502 for the user).
  keepAliveTimeoutMs: 72_000,
  idleTimeoutMs: 60_000,
  longRequestTimeoutMs: 60 * 60_000,
  maxConnections: 10_000,
});

/**
 * Node checks the header and request deadlines on a timer; it runs at least once a second (and
 * four times per shortest deadline), so a slow client is cut off close to its deadline.
 */
export function checkingIntervalMs(limits: HttpLimits): number {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return Math.max(25, Math.min(1000, Math.floor(shortest / 4)));
}

/** The Fastify constructor options that carry the limits down to Node's HTTP server. */
export function fastifyServerOptions(
  limits: HttpLimits,
  http: { requireHostHeader?: boolean } = {},
) {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: checkingIntervalMs(limits),
      ...http,
    },
  };
}

/** Limits Node only takes on the server object itself. */
export function applyServerLimits(server: Server, limits: HttpLimits) {
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = limits.headersTimeoutMs;
}
