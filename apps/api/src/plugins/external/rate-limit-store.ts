import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result: Result | null) => void;
type Store = {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read?(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
};
type RouteOptions = {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  routeInfo: { method: string; url: string };
};
type StoreConstructor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  ...rest: unknown[]
) => Store;

// The plugin's own stores (CommonJS files without type declarations).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreConstructor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreConstructor;

export type RateLimitLog = {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
};

/**
 * Counters in Redis, shared by every replica; while Redis cannot be reached, counters in this
 * process's memory instead. A limit never stops counting: an outage makes the limit per replica
 * for a while, never absent. The switch is logged once each way.
 */
export function redisWithMemoryFallback(options: {
  redis: Redis;
  prefix: string;
  log: RateLimitLog;
}) {
  const state = { usingMemory: false };
  const onRedisError = (error: Error) => {
    if (state.usingMemory) return;
    state.usingMemory = true;
    options.log.warn(
      { err: { message: error.message } },
      'rate limits: Redis unreachable, counting in this process until it is back',
    );
  };
  const onRedisOk = () => {
    if (!state.usingMemory) return;
    state.usingMemory = false;
    options.log.info({}, 'rate limits: Redis reachable again, counters shared again');
  };

  class FallbackStore implements Store {
    private readonly redisStore: Store;
    private readonly memoryStore: Store;

    constructor(
      params: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      pair?: { redis: Store; memory: Store },
    ) {
      this.redisStore =
        pair?.redis ??
        new RedisStore(
          Boolean(params.continueExceeding),
          Boolean(params.exponentialBackoff),
          options.redis,
          options.prefix,
        );
      this.memoryStore =
        pair?.memory ??
        new LocalStore(Boolean(params.continueExceeding), Boolean(params.exponentialBackoff));
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.redisStore.incr(
        key,
        (error, result) => {
          if (!error) {
            onRedisOk();
            return callback(null, result);
          }
          onRedisError(error);
          this.memoryStore.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    read(key: string, callback: Callback, timeWindow: number, max: number) {
      this.redisStore.read!(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          onRedisError(error);
          this.memoryStore.read!(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): Store {
      // A route's counters are keyed by its method and path. A limiter made in code has neither
      // (its own key generator names it): without this its keys would read "undefinedundefined".
      const keyed: RouteOptions = routeOptions.routeInfo.method
        ? routeOptions
        : { ...routeOptions, routeInfo: { method: '', url: 'limiter' } };
      return new FallbackStore(keyed, {
        redis: this.redisStore.child(keyed),
        memory: this.memoryStore.child(keyed),
      });
    }
  }
  return { Store: FallbackStore, state };
}
