import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '@muster/db/client';
import { createScratchPostgresDatabase } from '@muster/db/testing';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { buildApp } from '#src/app.ts';
import { parseConfig } from '#src/config/env.ts';
import { loadKeyRing } from '#src/lib/crypto.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { testPostgresUrl } from '../../helpers/config.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('[HEALTH]', () => {
  it('[HEALTH]: /health answers while the process is up', async () => {
    app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('[HEALTH]: /ready is ready on a migrated database', async () => {
    app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up', migrations: 'applied' });
  });

  it('[HEALTH]: /ready answers 503 (3007) when the database is unreachable', async () => {
    app = await buildTestApp();
    await app.database.pool.end();
    const response = await app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(503);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body).toMatchObject({
      code: ERR.SERVICE_UNAVAILABLE,
      message: 'Service temporarily unavailable',
      detail: 'database unreachable',
    });
  });

  it('[HEALTH]: /ready answers 503 (3007) while migrations are pending', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'muster-ready-'));
    const scratch = testPostgresUrl
      ? await createScratchPostgresDatabase(testPostgresUrl)
      : undefined;
    const database = await createDatabase({ url: scratch?.url });
    try {
      const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
      const bare = await buildApp({
        config,
        database,
        keyRing: loadKeyRing({ encryptionKey: undefined, dataDir }),
      });
      const response = await bare.inject({ method: 'GET', url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: ERR.SERVICE_UNAVAILABLE,
        detail: 'database migrations pending',
      });
      await bare.close();
    } finally {
      await database.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('[HEALTH]: trailing slashes are ignored', async () => {
    app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/health/' });
    expect(response.statusCode).toBe(200);
  });
});
