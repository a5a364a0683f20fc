import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { parseConfig } from '#src/config/env.ts';
import { loadKeyRing } from '#src/lib/crypto.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { testRedisUrl } from '../../helpers/config.ts';
import { ERR } from '@muster/contract/errors';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

describe('[RATE-LIMIT]', () => {
  it('[RATE-LIMIT]: over the limit answers 429 / 3004 in the envelope', async () => {
    const app: TestApp = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    apps.push(app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await app.inject({ method: 'GET', url: '/no-such-route' })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const limited = await app.inject({ method: 'GET', url: '/no-such-route' });
    expect(limited.json()).toMatchObject({
      code: ERR.RATE_LIMITED,
      message: 'Too many requests, please try again later',
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('[RATE-LIMIT]: health probes are never limited', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT_MAX: '1' } });
    apps.push(app);
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it.skipIf(!testRedisUrl)('[RATE-LIMIT]: replicas share counters through Redis', async () => {
    const first = await buildTestApp({ env: { RATE_LIMIT_MAX: '4' } });
    apps.push(first);
    const prefix = `test-${Date.now()}`;
    const redis = new Redis(testRedisUrl!, { keyPrefix: `${prefix}:` });
    apps.push({ close: () => redis.quit() });
    // Two apps on one database and one Redis, as two replicas behind a load balancer would be.
    const make = async () => {
      const config = parseConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: first.dataDir,
        RATE_LIMIT_MAX: '4',
      });
      const app = await buildApp({
        config,
        database: first.database,
        keyRing: loadKeyRing({ encryptionKey: undefined, dataDir: first.dataDir }),
        redis,
      });
      await app.ready();
      return app;
    };
    const a = await make();
    const b = await make();
    apps.push(a, b);
    const statuses: number[] = [];
    for (const app of [a, b, a, b, a])
      statuses.push((await app.inject({ method: 'GET', url: '/nothing-here' })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
  });

  /** An app on the given Redis client, sharing `base`'s database, logging into `lines`. */
  async function appOnRedis(
    base: TestApp,
    redis: Redis,
    env: Record<string, string>,
    lines: string[] = [],
  ) {
    const config = parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: base.dataDir,
      ...env,
    });
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        callback();
      },
    });
    const app = await buildApp({
      config,
      database: base.database,
      keyRing: loadKeyRing({ encryptionKey: undefined, dataDir: base.dataDir }),
      redis,
      logStream,
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  it('[RATE-LIMIT]: with Redis unreachable, limits count in memory (never unlimited) and the switch is logged once', async () => {
    const base = await buildTestApp();
    apps.push(base);
    // Nothing listens on port 1: every command fails at once, as during an outage.
    const down = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 500,
      lazyConnect: true,
    });
    down.on('error', () => undefined);
    apps.push({ close: async () => down.disconnect() });
    const lines: string[] = [];
    const app = await appOnRedis(base, down, { RATE_LIMIT_MAX: '3' }, lines);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await app.inject({ method: 'GET', url: '/no-such-route' })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    // The per-email sign-in code limit holds too.
    const sends: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/email-otp/send-verification-otp',
        remoteAddress: `10.9.0.${i}`,
        payload: { email: 'redis.down@example.com', type: 'sign-in' },
      });
      sends.push(response.statusCode);
    }
    expect(sends.filter((s) => s === 200)).toHaveLength(5);
    expect(sends.slice(5)).toEqual([429, 429]);
    expect(lines.filter((line) => line.includes('Redis unreachable'))).toHaveLength(1);
  });

  it.skipIf(!testRedisUrl)(
    "[RATE-LIMIT]: the Redis key prefix keeps two deployments' counters apart",
    async () => {
      const base = await buildTestApp();
      apps.push(base);
      const redis = new Redis(testRedisUrl!);
      apps.push({ close: () => redis.quit() });
      const stamp = Date.now().toString(36);
      const blue = await appOnRedis(base, redis, {
        RATE_LIMIT_MAX: '2',
        RATE_LIMIT_REDIS_PREFIX: `blue-${stamp}:`,
      });
      const green = await appOnRedis(base, redis, {
        RATE_LIMIT_MAX: '2',
        RATE_LIMIT_REDIS_PREFIX: `green-${stamp}:`,
      });
      const statuses: number[] = [];
      for (const app of [blue, blue, green, green, blue])
        statuses.push((await app.inject({ method: 'GET', url: '/nothing' })).statusCode);
      expect(statuses).toEqual([404, 404, 404, 404, 429]);
      expect(await redis.keys(`blue-${stamp}:*`)).not.toEqual([]);
      expect(await redis.keys(`green-${stamp}:*`)).not.toEqual([]);
      // The sign-in code's own limiters are keyed by their names, under the prefix.
      const red = await appOnRedis(base, redis, { RATE_LIMIT_REDIS_PREFIX: `red-${stamp}:` });
      const send = await red.inject({
        method: 'POST',
        url: '/auth/email-otp/send-verification-otp',
        payload: { email: `keys-${stamp}@example.com`, type: 'sign-in' },
      });
      expect(send.statusCode).toBe(200);
      const keys = await redis.keys(`red-${stamp}:*`);
      expect(keys.filter((key) => key.includes('otp-email:'))).toHaveLength(1);
      expect(keys.filter((key) => key.includes('otp-ip:'))).toHaveLength(1);
      expect(keys.filter((key) => key.includes('undefined'))).toEqual([]);
    },
  );
});
