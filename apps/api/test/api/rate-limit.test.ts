import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { parseConfig } from '#src/config/env.ts';
import { loadKeyRing } from '#src/lib/crypto.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';
import { testRedisUrl } from '../helpers/config.ts';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

describe('[RATE-LIMIT]', () => {
  it('[RATE-LIMIT]: over the limit answers 429 / 3004 in the envelope', async () => {
    const app: TestApp = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    apps.push(app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await app.inject({ method: 'GET', url: '/no-such-route' })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const limited = await app.inject({ method: 'GET', url: '/no-such-route' });
    expect(limited.json()).toMatchObject({ code: 3004, message: 'Too many requests, please try again later' });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('[RATE-LIMIT]: health probes are never limited', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT_MAX: '1' } });
    apps.push(app);
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it.skipIf(!testRedisUrl)('[RATE-LIMIT]: replicas share counters through Redis', async () => {
    const first = await buildTestApp({ env: { RATE_LIMIT_MAX: '4' } });
    apps.push(first);
    const prefix = `test-${Date.now()}`;
    const redis = new Redis(testRedisUrl!, { keyPrefix: `${prefix}:` });
    apps.push({ close: () => redis.quit() });
    // Two apps on one database and one Redis, as two replicas behind a load balancer would be.
    const make = async () => {
      const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: first.dataDir, RATE_LIMIT_MAX: '4' });
      const app = await buildApp({ config, database: first.database, keyRing: loadKeyRing({ encryptionKey: undefined, dataDir: first.dataDir }), redis });
      await app.ready();
      return app;
    };
    const a = await make();
    const b = await make();
    apps.push(a, b);
    const statuses: number[] = [];
    for (const app of [a, b, a, b, a]) statuses.push((await app.inject({ method: 'GET', url: '/nothing-here' })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
  });
});
