import { randomUUID } from 'node:crypto';
import { CFILE_MAX_PAGES } from '@muster/contract/cfiles';
import type { Db } from '@muster/db/client';
import type { CfileRow } from '@muster/db/schema/index';
import { findConditions } from '@muster/domain/cfile/conditions';
import { findMedications } from '@muster/domain/cfile/medications';
import { isProtectedHealth } from '@muster/domain/protected-health';
import { createOcr } from '#src/lib/pdf-text/extract-pages.ts';
import { findPdftotext } from '#src/lib/pdf-text/pdftotext.ts';
import {
  countPdfPages,
  openPdf,
  PdfReadError,
  storageSource,
  type Ocr,
  type OpenPdf,
} from '#src/lib/pdf-text/read-pages.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import { listReadyFiles } from '#src/modules/storage/storage.service.ts';
import * as repository from './cfiles.repository.ts';
import { claimedConditions, type StoredCondition } from './cfiles.service.ts';
import { acquirePlainCopy, dropPlainCopy } from './plain-copy.ts';

/**
 * How C-files are read in the background. The row's job columns are written here, not by the
 * queue: one C-file is many jobs (a plan, a job per chunk of pages, a finish), and only the last
 * one completes it.
 */
export type CfileSettings = {
  /** Use Poppler's pdftotext for text pages when it is installed. */
  pdftotext: boolean;
  /** How long a worker holds a chunk without reporting; renewed after every page. */
  leaseSeconds: number;
  chunkPages: number;
  /**
   * A folder in memory (tmpfs) where decrypted copies for pdftotext are written (owner-only), or
   * null where there is none: the fast path is then off, since a copy on disk would leave the
   * veteran's file unencrypted there.
   */
  tmpDir: string | null;
};

/**
 * This process's mark on the chunks it reads (`<worker>:<run>` in `lease_owner`, kept once the
 * chunk is done), so support can tell which worker read which pages.
 */
const WORKER = randomUUID().slice(0, 8);

/** The words stored on a C-file that cannot be read (ours, never the file's). */
export const CFILE_ERRORS = {
  fileGone: 'The uploaded file was deleted before it was read. Upload the C-file again.',
  encrypted:
    'This PDF is password-protected. Open it, save or print it as a new PDF without a password, and upload that.',
  invalid:
    'This file is not a PDF that can be read (it may be damaged or incomplete). Download your C-file again and upload the PDF.',
  empty: 'This PDF has no pages.',
  tooLong: (pages: number) =>
    `This PDF has ${pages.toLocaleString('en-US')} pages; at most ${CFILE_MAX_PAGES.toLocaleString('en-US')} can be read. Split it into parts and upload each one.`,
  readFailed: 'Part of the file could not be read. Try again later, or upload the C-file again.',
} as const;

/** The stored object of the C-file's upload, or null once it is gone from the vault. */
async function storedObject(options: { db: Db; storage: StorageDriver; row: CfileRow }) {
  const { row } = options;
  if (!row.fileId) return null;
  const file = (await listReadyFiles({ db: options.db, ownerId: row.userId })).find(
    (candidate) => candidate.id === row.fileId,
  );
  if (!file) return null;
  const size = await options.storage.size(file.storageKey);
  return size === null ? null : { key: file.storageKey, size };
}

/**
 * The first step: counts the pages (only the page tree is read, by byte ranges), refuses a file
 * that cannot be read or is too long with words the veteran can act on, records the chunks, and
 * queues one job per chunk not yet done. Run again (a restart), it finds the count and the chunks
 * already there.
 */
export async function planCfile(options: {
  db: Db;
  storage: StorageDriver;
  settings: CfileSettings;
  cfileId: string;
  enqueueChunk: (firstPage: number) => Promise<void>;
  enqueueFinish: () => Promise<void>;
}): Promise<void> {
  const { db, cfileId } = options;
  const row = await repository.findCfileById({ db, id: cfileId });
  if (!row || !(await repository.startProcessing({ db, id: cfileId }))) return;
  let pagesTotal = row.pagesTotal;
  if (pagesTotal === null) {
    const object = await storedObject({ db, storage: options.storage, row });
    if (!object) return repository.failCfile({ db, id: cfileId, error: CFILE_ERRORS.fileGone });
    try {
      pagesTotal = await countPdfPages(storageSource(options.storage, object.key, object.size));
    } catch (error) {
      if (!(error instanceof PdfReadError)) throw error;
      const message = error.kind === 'encrypted' ? CFILE_ERRORS.encrypted : CFILE_ERRORS.invalid;
      return repository.failCfile({ db, id: cfileId, error: message });
    }
    if (pagesTotal === 0) {
      return repository.failCfile({ db, id: cfileId, error: CFILE_ERRORS.empty });
    }
    if (pagesTotal > CFILE_MAX_PAGES) {
      return repository.failCfile({ db, id: cfileId, error: CFILE_ERRORS.tooLong(pagesTotal) });
    }
  }
  const { wrote, open } = await repository.writePlan({
    db,
    id: cfileId,
    pagesTotal,
    chunkPages: options.settings.chunkPages,
  });
  // Only the run that made the plan queues its chunks: a plan run again (a retry) would queue
  // each one twice; chunks it failed to queue are found by the sweep.
  if (wrote) for (const chunk of open) await options.enqueueChunk(chunk.firstPage);
  if (open.length === 0 && (await repository.markAllRead({ db, id: cfileId }))) {
    await options.enqueueFinish();
  }
}

/**
 * How many times a chunk may be taken. A page that stops the process (out of memory) leaves its
 * chunk's lease to run out, and the sweep queues it again: past this, the C-file fails with our
 * words instead of the chunk being taken forever.
 */
export const MAX_CHUNK_ATTEMPTS = 5;
/** Leases a chunk may go without a page kept before its lease is no longer renewed. */
const STALLED_AFTER_LEASES = 3;

type ReadChunkOptions = {
  db: Db;
  storage: StorageDriver;
  settings: CfileSettings;
  cfileId: string;
  firstPage: number;
  signal: AbortSignal;
  /** This run is the last try: a failure fails the C-file. */
  isLastAttempt: boolean;
  /** Names the worker in the lease (one per job queue; this process's by default). */
  worker?: string;
  enqueueFinish: () => Promise<void>;
};

/**
 * What one job keeps from chunk to chunk: the PDF, opened once (its page tree is read once) and
 * opened again only once it holds RELOAD_BYTES, and one OCR engine for every chunk, started on the
 * first scanned page; both are closed when the job ends.
 */
type ReadSession = {
  pdf: (open: () => Promise<OpenPdf>) => Promise<OpenPdf>;
  ocr: () => Promise<Ocr>;
};

/**
 * pdf.js keeps every part of the file it has read until the document is closed: a job reading a
 * long file closes and opens it again once it holds this much, so its memory stays bounded
 * whatever the file's size (opening again reads the page tree again: a few megabytes).
 */
const RELOAD_BYTES = 64 * 1024 * 1024;

/**
 * Reads one chunk of pages: takes its lease (or leaves it to the worker that holds it), reads each
 * page not yet kept, keeps it (counted once, progress moved) and renews the lease, and stops
 * quietly at the next page when the C-file is canceled or deleted. The lease is renewed while
 * pages are kept (a slow OCR page included), never after the job is stopped or once no page was
 * kept for three leases (a read that hangs), so another worker can take the chunk. A chunk taken
 * too many times fails its C-file. Answers whether this chunk completed the last one (the caller
 * queues the finish). Pages read before a restart are skipped, never read again.
 */
async function readChunk(options: ReadChunkOptions, session: ReadSession): Promise<boolean> {
  const { db, cfileId, firstPage, settings } = options;
  const worker = options.worker ?? WORKER;
  const owner = `${worker}:${randomUUID()}`;
  const lease = { db, cfileId, firstPage, owner };
  const chunk = await repository.claimChunk({ ...lease, leaseSeconds: settings.leaseSeconds });
  if (!chunk) return false; // done, another worker holds it, or the C-file is no longer processing
  if (chunk.attempts > MAX_CHUNK_ATTEMPTS) {
    await repository.failCfile({ db, id: cfileId, error: CFILE_ERRORS.readFailed });
    return false;
  }
  const leaseMs = settings.leaseSeconds * 1000;
  let lastKept = Date.now();
  const heartbeat = setInterval(
    () => {
      if (options.signal.aborted || Date.now() - lastKept > STALLED_AFTER_LEASES * leaseMs) {
        clearInterval(heartbeat);
        return;
      }
      void repository
        .renewLease({ ...lease, leaseSeconds: settings.leaseSeconds })
        // A renewal that fails (the database briefly away) is tried again at the next beat; the
        // page writes renew the lease too.
        .catch(() => undefined);
    },
    Math.max(250, leaseMs / 3),
  );
  heartbeat.unref();
  const stopBeating = () => clearInterval(heartbeat);
  options.signal.addEventListener('abort', stopBeating, { once: true });
  let copy: Awaited<ReturnType<typeof acquirePlainCopy>> | undefined;
  try {
    const row = await repository.findCfileById({ db, id: cfileId });
    if (!row) return false;
    const object = await storedObject({ db, storage: options.storage, row });
    if (!object) {
      await repository.failCfile({ db, id: cfileId, error: CFILE_ERRORS.fileGone });
      return false;
    }
    const done = await repository.findReadPages({
      db,
      cfileId,
      first: chunk.firstPage,
      last: chunk.lastPage,
    });
    if (done.size < chunk.lastPage - chunk.firstPage + 1) {
      const program = settings.pdftotext && settings.tmpDir ? await findPdftotext() : null;
      if (program && settings.tmpDir) {
        // Without room for the copy (or any other trouble making it), pdf.js reads the pages.
        copy = await acquirePlainCopy({
          dir: settings.tmpDir,
          cfileId,
          worker,
          size: object.size,
          leftoverMs: leaseMs,
          open: () => options.storage.openRead(object.key),
        }).catch(() => undefined);
      }
      const pdf = await session.pdf(() =>
        openPdf(storageSource(options.storage, object.key, object.size), { ocr: session.ocr }),
      );
      const pages = pdf.pages({
        first: chunk.firstPage,
        last: chunk.lastPage,
        skip: done,
        pdftotext: program && copy ? { path: program, file: copy.file } : null,
        signal: options.signal,
      });
      for await (const page of pages) {
        const saved = await repository.savePage({
          ...lease,
          leaseSeconds: settings.leaseSeconds,
          page: { ...page, protected7332: isProtectedHealth(page.text) },
        });
        // Canceled, deleted or failed meanwhile, or the lease was lost: stop here, quietly.
        if (saved === 'stop') return false;
        lastKept = Date.now();
      }
    }
    return (
      (await repository.completeChunk(lease)) && (await repository.markAllRead({ db, id: cfileId }))
    );
  } catch (error) {
    await repository.releaseChunk(lease);
    if (options.isLastAttempt && !options.signal.aborted) {
      await repository.failCfile({ db, id: cfileId, error: CFILE_ERRORS.readFailed });
    }
    throw error;
  } finally {
    stopBeating();
    options.signal.removeEventListener('abort', stopBeating);
    copy?.release();
  }
}

/** How long one job goes on from chunk to chunk before leaving the rest to their own jobs. */
const GO_ON_MS = 10 * 60 * 1000;

/**
 * Reads the chunk a job names, then goes on with the C-file's next open chunk until none is left,
 * so a worker is never idle between chunks waiting for the queue to hand it the next one. Several
 * workers doing this split the file between them, each chunk under its own lease; the jobs queued
 * for chunks already read find them done and end at once. The PDF is opened once for them all.
 * The worker that completes the last chunk queues the finish; queuing it may fail without failing
 * the C-file (every page is kept), the sweep queues it then.
 */
export async function readChunks(options: ReadChunkOptions): Promise<void> {
  const started = Date.now();
  let opened: Promise<OpenPdf> | undefined;
  let engine: Promise<Ocr> | undefined;
  const session: ReadSession = {
    pdf: (open) => (opened ??= open()),
    ocr: () => (engine ??= createOcr()),
  };
  let completed = false;
  try {
    let firstPage: number | null = options.firstPage;
    while (firstPage !== null && !options.signal.aborted) {
      if (await readChunk({ ...options, firstPage }, session)) completed = true;
      const pdf = await opened?.catch(() => undefined);
      if (pdf && pdf.loadedBytes() > RELOAD_BYTES) {
        opened = undefined;
        await pdf.close();
      }
      // Well inside the job's own time limit: the chunks left keep the jobs queued for them.
      if (completed || Date.now() - started > GO_ON_MS) break;
      firstPage =
        (await repository.findOpenChunk({ db: options.db, cfileId: options.cfileId }))?.firstPage ??
        null;
    }
  } finally {
    try {
      const pdf = await opened?.catch(() => undefined);
      await pdf?.close();
    } finally {
      await (await engine?.catch(() => undefined))?.close();
    }
  }
  if (completed) await options.enqueueFinish().catch(() => undefined);
}

/** Fails a C-file whose reading failed every try (the job's own error is not the veteran's). */
export async function failReading(options: { db: Db; cfileId: string }): Promise<void> {
  await repository.failCfile({
    db: options.db,
    id: options.cfileId,
    error: CFILE_ERRORS.readFailed,
  });
}

/** Pages' text read at a time when the findings are gathered. */
const FINISH_BATCH = 200;

/**
 * The last step, once every page is read: the pages' text (in batches, decrypted as read) goes
 * through the medication and condition engines, and the findings replace any written before (so
 * a finish run twice never doubles them). Completes the C-file.
 */
export async function finishCfile(options: { db: Db; cfileId: string }): Promise<void> {
  const { db, cfileId } = options;
  const row = await repository.findCfileById({ db, id: cfileId });
  if (!row || row.jobStatus !== 'processing') return;
  if (await repository.hasUnreadChunks({ db, id: cfileId })) return;
  // The row is touched as the finish goes on, so the sweep does not take a long finish for a lost
  // one and queue it again.
  await repository.touchCfile({ db, id: cfileId });
  const pages: { page: number; text: string }[] = [];
  for (let after = 0; ;) {
    const batch = await repository.findPageBatch({ db, cfileId, after, limit: FINISH_BATCH });
    await repository.touchCfile({ db, id: cfileId });
    pages.push(...batch);
    if (batch.length < FINISH_BATCH) break;
    after = batch.at(-1)!.page;
  }
  const claimed = await claimedConditions({ db, userId: row.userId });
  await repository.touchCfile({ db, id: cfileId });
  const medications = findMedications(pages);
  const conditions: StoredCondition[] = findConditions(pages, { claimed }).map((found) => ({
    name: found.name,
    diagnostic_code: found.diagnostic_code,
    pages: found.pages,
    sides: found.sides,
    presumptive: found.presumptive,
    protected_7332: found.protected_7332,
    evidence: found.evidence,
    codes: found.diagnostic_code ? [found.diagnostic_code] : [],
  }));
  await repository.saveFindings({
    db,
    id: cfileId,
    medications: JSON.stringify(medications),
    conditions: JSON.stringify(conditions),
    medicationsCount: medications.length,
    conditionsCount: conditions.length,
  });
  await dropPlainCopy(cfileId);
}

/**
 * How many leases a C-file may sit without moving before its queued work counts as lost. Queued
 * jobs survive a restart (they are rows in the database), so this only catches work whose
 * queuing failed half-way; a busy queue leaves a file waiting that long, and its chunks queued
 * again are skipped at once (taken or done).
 */
const LOST_AFTER_LEASES = 10;

/**
 * Restarts what a stopped server left: chunks whose lease ran out (their worker stopped) at once;
 * a C-file whose pages are all read but not gathered after a lease's time (the finish was not
 * queued); and, after ten leases without a move, the plan of a C-file whose pages were never
 * counted, or its chunks nobody holds. Queuing a chunk twice is harmless: its lease lets one
 * worker read it, and pages read are skipped.
 */
export async function sweepCfiles(options: {
  db: Db;
  settings: CfileSettings;
  enqueuePlan: (cfileId: string) => Promise<void>;
  enqueueChunk: (cfileId: string, firstPage: number) => Promise<void>;
  enqueueFinish: (cfileId: string) => Promise<void>;
}): Promise<void> {
  const { db } = options;
  const lease = options.settings.leaseSeconds;
  const { idle, expired } = await repository.findStalled({ db, staleSeconds: lease });
  for (const chunk of expired) await options.enqueueChunk(chunk.cfileId, chunk.firstPage);
  for (const cfile of idle) {
    const isLost =
      Date.now() - (cfile.updatedAt?.getTime() ?? 0) > LOST_AFTER_LEASES * lease * 1000;
    if (cfile.pagesTotal === null) {
      if (!isLost) continue;
      await repository.touchCfile({ db, id: cfile.id });
      await options.enqueuePlan(cfile.id);
      continue;
    }
    const open = await repository.findOpenChunks({ db, id: cfile.id });
    if (open.length === 0) {
      await repository.touchCfile({ db, id: cfile.id });
      await repository.markAllRead({ db, id: cfile.id });
      await options.enqueueFinish(cfile.id);
      continue;
    }
    const unheld = open.filter((chunk) => chunk.status === 'pending');
    if (!isLost || unheld.length === 0) continue;
    await repository.touchCfile({ db, id: cfile.id });
    for (const chunk of unheld) await options.enqueueChunk(cfile.id, chunk.firstPage);
  }
}
