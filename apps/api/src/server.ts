import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createDatabase } from '@muster/db/client';
import { JobQueue } from '@muster/db/jobs';
import { runMigrations } from '@muster/db/migrate';
import { buildApp } from './app.ts';
import { ConfigError, loadConfigFromProcess, type Config } from './config/env.ts';
import { loadKeyRing } from './lib/crypto.ts';
import { RUNTIME_FILES } from './lib/runtime-files.ts';
import { registerJobs } from './jobs/registry.ts';
import { enqueueEncryptionSweepIfNeeded } from './modules/security/jobs/rotate-encryption.job.ts';
import { createWebHosts } from './static-host.ts';

/**
 * Everything the API needs, started in order: database (PGlite or PostgreSQL) and migrations,
 * the key ring, Redis for shared rate limits, the job queue (workers unless ROLE=api), then the
 * HTTP app. Closing the app stops them in reverse.
 */
export async function startApi(
  config: Config,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const database = await createDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  let jobs: JobQueue | undefined;
  let redis: Redis | undefined;
  try {
    await runMigrations(database.pool, RUNTIME_FILES.migrations);
    const keyRing = loadKeyRing({ encryptionKey: config.encryptionKey, dataDir: config.dataDir });
    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        connectTimeout: 2000,
      });
      redis.on('error', () => undefined); // rate limits count in memory meanwhile; see rate-limit-store.ts
    }
    const app = await buildApp({ config, database, keyRing, redis, ...options });
    jobs = new JobQueue({ connection: database.connection, db: database.db, logger: app.log });
    const registry = registerJobs(jobs, app.jobDefinitions);
    await jobs.start({ work: config.role !== 'api' });
    await registry.schedule();
    await enqueueEncryptionSweepIfNeeded({
      db: database.db,
      jobs,
      definition: app.jobDefinitions.rotateEncryption,
      keyRing,
      storage: app.storage,
    });
    app.jobs = jobs;
    app.addHook('onClose', async () => {
      await jobs?.stop({ graceful: true, timeoutMs: 10_000 });
      await redis?.quit().catch(() => undefined);
      await database.close();
    });
    return app;
  } catch (error) {
    await jobs?.stop({ graceful: false }).catch(() => undefined);
    redis?.disconnect();
    await database.close();
    throw error;
  }
}

/** Closes the app on SIGTERM/SIGINT, finishing in-flight requests and jobs; forced after 15 s. */
export function closeOnSignals(close: () => Promise<void>, log: (msg: string) => void) {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

export function configOrExit(): Config {
  try {
    return loadConfigFromProcess();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.lines) process.stderr.write(`${line}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = configOrExit();
  const app = await startApi(config);
  // SERVE_WEB (the container): the app and site from their builds too, as `npm start` serves them.
  const web = config.serveWeb
    ? await createWebHosts(config, {
        app: RUNTIME_FILES.appBuild,
        site: RUNTIME_FILES.siteBuild,
      }).catch(async (error: unknown) => {
        await app.close();
        throw error;
      })
    : undefined;
  closeOnSignals(
    async () => {
      await web?.close();
      await app.close();
    },
    (msg) => app.log.info(msg),
  );
  await app.listen({ port: config.ports.api, host: config.host });
  await web?.listen();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`Muster API failed to start: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
