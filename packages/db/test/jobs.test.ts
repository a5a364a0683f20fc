import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/client.ts';
import { JobPayloadError, JobQueue, defineJob, toJobStatus } from '../src/jobs.ts';
import { createScratchPostgresDatabase, createTestDatabase } from '../src/testing.ts';
import { testPostgresUrl } from './config.ts';
import { createOwnerTable, processOwnerJob, testOwners } from './fixtures/job-definitions.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A queue on the database with the test job registered, stopped after the test. */
function queueOn(database: Database, pollingIntervalSeconds = 0.5) {
  const queue = new JobQueue({
    connection: database.connection,
    db: database.db,
    logger: silent,
    pollingIntervalSeconds,
  });
  queue.register(processOwnerJob);
  cleanups.push(() => queue.stop({ graceful: false }));
  return queue;
}

describe.each(testPostgresUrl ? ['pglite', 'postgres'] : ['pglite'])('[JOBS] on %s', (kind) => {
  async function setup() {
    const database: Database = await createTestDatabase({
      postgresUrl: kind === 'postgres' ? testPostgresUrl : undefined,
    });
    cleanups.push(() => database.close());
    await createOwnerTable(database.db);
    return { database, queue: queueOn(database) };
  }

  it('[JOBS]: runs a job and writes status and progress on the owning row', async () => {
    const { database, queue } = await setup();
    await database.db.insert(testOwners).values({ id: 'o1' });
    await queue.start({ work: false });
    await queue.enqueue(processOwnerJob, { ownerId: 'o1', failFirst: false });
    const [queued] = await database.db.select().from(testOwners).where(eq(testOwners.id, 'o1'));
    expect(queued).toMatchObject({ jobStatus: 'queued', jobProgress: 0 });
    await queue.stop();

    await queueOn(database).start({ work: true });
    const row = await waitFor(
      async () => (await database.db.select().from(testOwners).where(eq(testOwners.id, 'o1')))[0],
      (r) => r?.jobStatus === 'complete',
    );
    expect(row).toMatchObject({
      jobStatus: 'complete',
      jobProgress: 100,
      jobError: null,
      result: 'done on attempt 0',
    });
  });

  it('[JOBS]: a backlog drains job after job, without waiting a polling interval between them', async () => {
    const { database, queue } = await setup();
    const ids = ['b1', 'b2', 'b3', 'b4'];
    await database.db.insert(testOwners).values(ids.map((id) => ({ id })));
    await queue.start({ work: false });
    // A failed attempt, too, sends the worker on to the next job at once: b1's first attempt
    // throws (to be retried), b2 fails for good.
    for (const id of ids) {
      await queue.enqueue(processOwnerJob, {
        ownerId: id,
        failFirst: id === 'b1',
        failForGood: id === 'b2',
      });
    }
    await queue.stop();

    // A worker polls as it starts, then only every 10 minutes: the jobs after b1 are all over long
    // before a second poll only if each attempt that ends sends it to look for the next at once.
    await queueOn(database, 600).start({ work: true });
    const rows = await waitFor(
      () => database.db.select().from(testOwners).orderBy(testOwners.id),
      (all) =>
        all.every((r) => r.id === 'b1' || r.jobStatus === 'complete' || r.jobStatus === 'failed'),
    );
    expect(rows.slice(1).map((r) => [r.id, r.jobStatus, r.result])).toEqual([
      ['b2', 'failed', 'tried on attempt 0'],
      ['b3', 'complete', 'done on attempt 0'],
      ['b4', 'complete', 'done on attempt 0'],
    ]);
    // b1's retry comes due a second or more after its failure: it has run only if the worker
    // happened to look again by then.
    expect([null, 'done on attempt 1']).toContain(rows[0]!.result);
  });

  it('[JOBS]: retries with backoff after a failure, keeping the error until it succeeds', async () => {
    const { database, queue } = await setup();
    await database.db.insert(testOwners).values({ id: 'o2' });
    await queue.start({ work: true });
    await queue.enqueue(processOwnerJob, { ownerId: 'o2', failFirst: true });
    const failedOnce = await waitFor(
      async () => (await database.db.select().from(testOwners).where(eq(testOwners.id, 'o2')))[0],
      (r) => r?.jobError !== null && r?.jobError !== undefined,
    );
    expect(failedOnce).toMatchObject({ jobStatus: 'queued', jobError: 'transient failure (test)' });
    const done = await waitFor(
      async () => (await database.db.select().from(testOwners).where(eq(testOwners.id, 'o2')))[0],
      (r) => r?.jobStatus === 'complete',
    );
    expect(done).toMatchObject({ result: 'done on attempt 1', jobError: null, jobProgress: 100 });
  });

  it('[JOBS]: a permanent failure is recorded at once and never retried', async () => {
    const { database, queue } = await setup();
    await database.db.insert(testOwners).values({ id: 'o3' });
    await queue.start({ work: true });
    await queue.enqueue(processOwnerJob, { ownerId: 'o3', failFirst: false, failForGood: true });
    const failed = await waitFor(
      async () => (await database.db.select().from(testOwners).where(eq(testOwners.id, 'o3')))[0],
      (r) => r?.jobStatus === 'failed',
    );
    expect(failed).toMatchObject({
      jobError: 'nothing to read (test)',
      result: 'tried on attempt 0',
    });
    // Past the retry delay (1 s), nothing has run again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const [later] = await database.db.select().from(testOwners).where(eq(testOwners.id, 'o3'));
    expect(later).toMatchObject({ jobStatus: 'failed', result: 'tried on attempt 0' });
  });

  it('[JOBS]: payloads are checked on enqueue', async () => {
    const { queue } = await setup();
    await queue.start({ work: false });
    await expect(
      queue.enqueue(processOwnerJob, { ownerId: '', failFirst: false }),
    ).rejects.toBeInstanceOf(JobPayloadError);
    const unregistered = defineJob({
      name: 'tests.not-registered',
      payloadSchema: z.object({}),
      handler: async () => undefined,
    });
    await expect(queue.enqueue(unregistered, {})).rejects.toThrow(/not registered/);
    expect(() =>
      defineJob({ name: 'BadName', payloadSchema: z.object({}), handler: async () => undefined }),
    ).toThrow();
  });

  it('[JOBS]: a job sent inside a transaction exists only if the transaction commits', async () => {
    const { database, queue } = await setup();
    await queue.start({ work: false });
    const rolledBack = new Error('rolled back (test)');
    let droppedJob = '';
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(testOwners).values({ id: 'o-rollback' });
        droppedJob = await queue.enqueue(
          processOwnerJob,
          { ownerId: 'o-rollback', failFirst: false },
          { transaction: tx },
        );
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(droppedJob).not.toBe('');
    expect(await queue.state(processOwnerJob.name, droppedJob)).toBeNull();
    expect(
      await database.db.select().from(testOwners).where(eq(testOwners.id, 'o-rollback')),
    ).toEqual([]);

    const keptJob = await database.db.transaction(async (tx) => {
      await tx.insert(testOwners).values({ id: 'o-commit' });
      return queue.enqueue(
        processOwnerJob,
        { ownerId: 'o-commit', failFirst: false },
        { transaction: tx },
      );
    });
    expect(await queue.state(processOwnerJob.name, keptJob)).toBe('created');
    await queue.stop();
    await queueOn(database).start({ work: true });
    const row = await waitFor(
      async () =>
        (await database.db.select().from(testOwners).where(eq(testOwners.id, 'o-commit')))[0],
      (r) => r?.jobStatus === 'complete',
    );
    expect(row).toMatchObject({ result: 'done on attempt 0' });
  });

  it('[JOBS]: a job enqueued before a process restart is worked by the next process', async () => {
    let target: string;
    if (kind === 'postgres') {
      const scratch = await createScratchPostgresDatabase(testPostgresUrl!);
      cleanups.push(() => scratch.drop());
      target = scratch.url;
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'muster-jobs-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      target = path.join(dir, 'pglite');
    }
    const run = (mode: string) =>
      execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(here, 'fixtures/job-process.ts'), mode, target],
        {
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
    const { jobId } = JSON.parse(run('enqueue')) as { jobId: string };
    expect(jobId).toMatch(/[0-9a-f-]{36}/);
    const row = JSON.parse(run('work')) as Record<string, unknown>;
    expect(row).toMatchObject({
      job_status: 'complete',
      job_progress: 100,
      result: 'done on attempt 0',
    });
  });
});

describe('[JOBS] status mapping', () => {
  it('[JOBS]: maps pg-boss states to the wire statuses', () => {
    expect(
      ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'].map(toJobStatus),
    ).toEqual(['queued', 'queued', 'processing', 'complete', 'canceled', 'failed']);
  });
});
