import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { schema, type Database } from '@muster/db/client';
import { JobQueue } from '@muster/db/jobs';
import { createTestDatabase } from '@muster/db/testing';
import { registerJobs } from '#src/jobs/registry.ts';
import { buildApp } from '#src/app.ts';
import { parseConfig } from '#src/config/env.ts';
import { loadKeyRing } from '#src/lib/crypto.ts';
import { testPostgresUrl } from './config.ts';

export type TestAppOptions = {
  /** Extra variables, as the process environment would give them. */
  env?: Record<string, string>;
  /** Collect log lines (the log-capture test reads them). */
  captureLogs?: boolean;
  /** Start a job queue (no workers) so routes can enqueue jobs. */
  withJobs?: boolean;
  /** Start the job queue with workers polling every half second, so queued jobs run. */
  runJobs?: boolean;
  /** Add routes before the app is ready (error-handler probes). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * Another instance on the same database as `app` (a second replica): its own connection pool,
   * caches and key ring from the same key, but the same rows.
   */
  sameDatabaseAs?: TestApp;
};

export type TestApp = FastifyInstance & { logLines: string[]; dataDir: string };

/** A new pool on the database `database` reaches; closing it leaves the database alone. */
function secondPool(database: Database): Database {
  const pool = new pg.Pool({
    ...(typeof database.connection === 'string'
      ? { connectionString: database.connection }
      : database.connection),
    max: 5,
  });
  pool.on('error', () => undefined);
  return {
    ...database,
    pool,
    db: drizzle(pool, { schema, casing: 'snake_case' }),
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The real app on a throwaway database (PGlite from a migrated dump, or a fresh PostgreSQL
 * database when the suite runs against PostgreSQL) and a throwaway DATA_DIR. Close it after use.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'muster-api-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.captureLogs ? 'info' : 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '100000',
    ANONYMOUS_SIGN_IN_RATE_LIMIT_MAX: '100000',
    ...options.env,
  });
  const database = options.sameDatabaseAs
    ? secondPool(options.sameDatabaseAs.database)
    : await createTestDatabase({ postgresUrl: testPostgresUrl });
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  try {
    const keyRing = loadKeyRing({
      encryptionKey: config.encryptionKey,
      // A replica shares the first instance's key (kept in its data folder when none is given).
      dataDir: options.sameDatabaseAs?.dataDir ?? dataDir,
    });
    const app = await buildApp({ config, database, keyRing, logStream });
    if (options.withJobs || options.runJobs) {
      const jobs = new JobQueue({
        connection: database.connection,
        db: database.db,
        logger: app.log,
        ...(options.runJobs ? { pollingIntervalSeconds: 0.5 } : {}),
      });
      registerJobs(jobs, app.jobDefinitions);
      await jobs.start({ work: options.runJobs === true });
      app.jobs = jobs;
    }
    app.addHook('onClose', async () => {
      await app.jobs?.stop({ graceful: false });
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    await options.beforeReady?.(app);
    await app.ready();
    return Object.assign(app, { logLines, dataDir });
  } catch (error) {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Like buildTestApp, but listening on a real loopback port that matches API_URL. */
export async function startTestServer(options: TestAppOptions = {}) {
  const port = await freePort();
  const app = await buildTestApp({
    ...options,
    env: { API_PORT: String(port), API_URL: `http://127.0.0.1:${port}`, ...options.env },
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${port}` };
}
