import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@muster/db/client';
import { defineJob, type JobQueue } from '@muster/db/jobs';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import {
  failReading,
  finishCfile,
  planCfile,
  readChunks,
  sweepCfiles,
  type CfileSettings,
} from '../cfile-processing.service.ts';

/** Tries of a chunk after the first; a chunk that fails them all fails its C-file. */
const CHUNK_RETRIES = 3;
/** Tries of the plan and the finish after the first. */
const RETRIES = 3;

/**
 * Runs a step; when its last try fails too, the C-file fails with our words (else it would wait
 * for the sweep forever), and the error goes on to the queue.
 */
async function failingOnLastAttempt(
  options: { db: Db; cfileId: string; isLast: boolean },
  step: () => Promise<void>,
) {
  try {
    await step();
  } catch (error) {
    if (options.isLast) await failReading({ db: options.db, cfileId: options.cfileId });
    throw error;
  }
}

/**
 * The jobs that read a C-file (status, progress and counts live on its row; see
 * `cfile-processing.service.ts`):
 * - `cfiles.plan` counts the pages, records the chunks and queues a `cfiles.read-chunk` for each,
 *   which the queue spreads over every worker process;
 * - `cfiles.read-chunk` reads one chunk's pages under a lease, page by page, then the file's next
 *   open chunk, until none is left;
 * - `cfiles.finish`, queued by whoever completes the last chunk, gathers the findings;
 * - `cfiles.sweep`, every minute and when the queue starts, restarts what a stopped server left.
 * `jobs` answers the running queue (it exists only once the app is built).
 */
export function cfileJobs(deps: {
  storage: StorageDriver;
  settings: CfileSettings;
  jobs: () => JobQueue | undefined;
}) {
  const { storage, settings } = deps;
  // Each app's queue is a worker of its own (two in one test process are told apart).
  const worker = randomUUID().slice(0, 8);
  const queue = () => {
    const jobs = deps.jobs();
    if (!jobs) throw new Error('the job queue is not running');
    return jobs;
  };
  const enqueueChunk = (cfileId: string, firstPage: number) =>
    queue()
      .enqueue(readChunkJob, { cfile_id: cfileId, first_page: firstPage })
      .then(() => undefined);
  const enqueueFinish = (cfileId: string) =>
    queue()
      .enqueue(finishJob, { cfile_id: cfileId })
      .then(() => undefined);

  const planJob = defineJob({
    name: 'cfiles.plan',
    payloadSchema: z.object({ cfile_id: z.uuid() }),
    retry: { limit: RETRIES, delaySeconds: 10 },
    timeoutSeconds: 10 * 60,
    async handler({ payload, db, attempt }) {
      await failingOnLastAttempt(
        { db, cfileId: payload.cfile_id, isLast: attempt >= RETRIES },
        () =>
          planCfile({
            db,
            storage,
            settings,
            cfileId: payload.cfile_id,
            enqueueChunk: (firstPage) => enqueueChunk(payload.cfile_id, firstPage),
            enqueueFinish: () => enqueueFinish(payload.cfile_id),
          }),
      );
    },
  });

  const readChunkJob = defineJob({
    name: 'cfiles.read-chunk',
    payloadSchema: z.object({ cfile_id: z.uuid(), first_page: z.number().int().min(1) }),
    retry: { limit: CHUNK_RETRIES, delaySeconds: 5 },
    // Twenty scanned pages by OCR take a minute or two; the lease, not this, finds a stopped worker.
    timeoutSeconds: 30 * 60,
    async handler({ payload, db, signal, attempt }) {
      await readChunks({
        db,
        storage,
        settings,
        cfileId: payload.cfile_id,
        firstPage: payload.first_page,
        signal,
        isLastAttempt: attempt >= CHUNK_RETRIES,
        worker,
        enqueueFinish: () => enqueueFinish(payload.cfile_id),
      });
    },
  });

  const finishJob = defineJob({
    name: 'cfiles.finish',
    payloadSchema: z.object({ cfile_id: z.uuid() }),
    retry: { limit: RETRIES, delaySeconds: 10 },
    timeoutSeconds: 15 * 60,
    async handler({ payload, db, attempt }) {
      await failingOnLastAttempt(
        { db, cfileId: payload.cfile_id, isLast: attempt >= RETRIES },
        () => finishCfile({ db, cfileId: payload.cfile_id }),
      );
    },
  });

  const sweepJob = defineJob({
    name: 'cfiles.sweep',
    payloadSchema: z.object({}),
    retry: { limit: 0, delaySeconds: 60 },
    timeoutSeconds: 5 * 60,
    async handler({ db }) {
      await sweepCfiles({
        db,
        settings,
        enqueuePlan: (cfileId) =>
          queue()
            .enqueue(planJob, { cfile_id: cfileId })
            .then(() => undefined),
        enqueueChunk,
        enqueueFinish,
      });
    },
  });

  return {
    planCfile: planJob,
    readCfileChunk: readChunkJob,
    finishCfile: finishJob,
    sweepCfiles: sweepJob,
  };
}
