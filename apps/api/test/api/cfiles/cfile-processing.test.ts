import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CFILE_ERRORS,
  MAX_CHUNK_ATTEMPTS,
  planCfile,
  readChunks,
  type CfileSettings,
} from '#src/modules/cfiles/cfile-processing.service.ts';
import { acquirePlainCopy, dropPlainCopy } from '#src/modules/cfiles/plain-copy.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * The C-file reading steps called one by one (the queue runs no workers here), for what the
 * routes cannot show: a chunk that keeps killing its worker, a read that hangs, a finish that
 * cannot be queued, and the decrypted copy for pdftotext when there is no room for it.
 */

const SETTINGS: CfileSettings = { pdftotext: false, leaseSeconds: 1, chunkPages: 3, tmpDir: null };
const never = () => Promise.resolve();

async function textPdf(count: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= count; page++) {
    doc.addPage([612, 792]).drawText(`Progress note page ${page}, nothing of note today.`, {
      x: 60,
      y: 740,
      size: 11,
      font,
    });
  }
  return Buffer.from(await doc.save());
}

describe('[CFILES][STEPS]', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await buildTestApp({ withJobs: true, env: { CFILE_PDFTOTEXT: 'false' } });
    ({ token } = await signIn(app, 'cfiles.steps@example.com'));
  });
  afterAll(async () => app.close());

  const db = () => app.database.db;
  const query = <T extends object>(sql: string, values: unknown[]) =>
    app.database.pool.query<T>(sql, values).then((result) => result.rows);

  /** A C-file of `pages` text pages, planned (its chunks recorded, none queued). */
  async function plannedCfile(pages: number): Promise<string> {
    const bytes = await textPdf(pages);
    const call = (method: string, url: string, payload?: object) =>
      app.inject({ method: method as 'POST', url, headers: bearer(token), payload });
    const grant = await call('POST', '/uploads', {
      kind: 'c-file',
      filename: 'C-file.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
    });
    const { file_id: fileId, url } = grant.json<{ file_id: string; url: string }>();
    await app.inject({ method: 'PUT', url: new URL(url).pathname, payload: bytes });
    await call('POST', `/uploads/${fileId}/complete`, {});
    const made = await call('POST', '/cfiles', { file_id: fileId });
    expect(made.statusCode, made.body).toBe(202);
    const id = made.json<{ id: string }>().id;
    await planCfile({
      db: db(),
      storage: app.storage,
      settings: SETTINGS,
      cfileId: id,
      enqueueChunk: never,
      enqueueFinish: never,
    });
    return id;
  }

  const status = async (id: string) =>
    (
      await query<{ job_status: string; job_error: string | null }>(
        'select job_status, job_error from cfiles where id = $1',
        [id],
      )
    )[0];
  const pagesKept = async (id: string) =>
    (await query('select page from cfile_pages where cfile_id = $1', [id])).length;

  const readOptions = (id: string, overrides: Partial<Parameters<typeof readChunks>[0]> = {}) => ({
    db: db(),
    storage: app.storage,
    settings: SETTINGS,
    cfileId: id,
    firstPage: 1,
    signal: new AbortController().signal,
    isLastAttempt: false,
    enqueueFinish: never,
    ...overrides,
  });

  it('[CFILES]: a chunk taken too many times fails its C-file instead of being read again', async () => {
    const id = await plannedCfile(3);
    // As a page that kills its worker leaves it, each crash followed by the sweep's requeue.
    await query('update cfile_chunks set attempts = $2 where cfile_id = $1', [
      id,
      MAX_CHUNK_ATTEMPTS,
    ]);
    await readChunks(readOptions(id));
    expect(await status(id)).toEqual({ job_status: 'failed', job_error: CFILE_ERRORS.readFailed });
    expect(await pagesKept(id)).toBe(0);
  });

  it('[CFILES]: a read that hangs stops renewing its lease, so another worker can take the chunk', async () => {
    const id = await plannedCfile(3);
    const hanging: StorageDriver = {
      ...app.storage,
      size: (key) => app.storage.size(key),
      // A storage read that never answers (a stalled connection).
      openRead: () => Promise.resolve(new Readable({ read: () => undefined })),
    };
    const reading = readChunks(readOptions(id, { storage: hanging }));
    reading.catch(() => undefined);
    const leaseUntil = async () =>
      (
        await query<{ lease_until: Date | null }>(
          'select lease_until from cfile_chunks where cfile_id = $1 and first_page = 1',
          [id],
        )
      )[0]?.lease_until?.getTime() ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Renewed while it may still be a slow page.
    expect(await leaseUntil()).toBeGreaterThan(Date.now());
    // Three leases without a page kept: no longer renewed, and the lease runs out.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(await leaseUntil()).toBeLessThan(Date.now());
  }, 15_000);

  it('[CFILES]: a stopped job stops renewing its lease at once', async () => {
    const id = await plannedCfile(3);
    const hanging: StorageDriver = {
      ...app.storage,
      size: (key) => app.storage.size(key),
      openRead: () => Promise.resolve(new Readable({ read: () => undefined })),
    };
    const controller = new AbortController();
    const reading = readChunks(readOptions(id, { storage: hanging, signal: controller.signal }));
    reading.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 1800));
    const [chunk] = await query<{ lease_until: Date | null }>(
      'select lease_until from cfile_chunks where cfile_id = $1 and first_page = 1',
      [id],
    );
    expect(chunk?.lease_until?.getTime() ?? 0).toBeLessThan(Date.now());
  }, 10_000);

  it('[CFILES]: a finish that cannot be queued on the last try leaves the read C-file to the sweep', async () => {
    const id = await plannedCfile(3);
    await readChunks(
      readOptions(id, {
        isLastAttempt: true,
        enqueueFinish: () => Promise.reject(new Error('the queue is away')),
      }),
    );
    expect(await pagesKept(id)).toBe(3);
    expect((await status(id))?.job_status).toBe('processing');
    const chunks = await query<{ status: string }>(
      'select status from cfile_chunks where cfile_id = $1',
      [id],
    );
    expect(chunks.map((chunk) => chunk.status)).toEqual(['done']);
  });

  it('[CFILES]: without room for a decrypted copy, pages are read without pdftotext', async () => {
    const id = await plannedCfile(3);
    // A "folder" that is a file: no copy can be made there.
    const blocked = path.join(app.dataDir, 'not-a-folder');
    writeFileSync(blocked, '');
    await readChunks(
      readOptions(id, { settings: { ...SETTINGS, pdftotext: true, tmpDir: blocked } }),
    );
    expect(await pagesKept(id)).toBe(3);
  });
});

describe('[CFILES][PLAIN COPY]', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'muster-plain-copy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const bytes = () => Promise.resolve(Readable.from([Buffer.from('%PDF-1.7 test')]));

  it('[CFILES]: a copy is not made when the folder has no room for it', async () => {
    await expect(
      acquirePlainCopy({
        dir,
        cfileId: 'too-big',
        worker: 'w1',
        size: Number.MAX_SAFE_INTEGER,
        open: bytes,
      }),
    ).rejects.toThrow('not enough room');
    expect(readdirSync(dir).filter((name) => name.startsWith('too-big'))).toEqual([]);
  });

  it("[CFILES]: copies carry their worker's mark; leftovers are removed, not another's fresh copy", async () => {
    const folder = mkdtempSync(path.join(dir, 'shared-'));
    const old = path.join(folder, 'gone-x9.pdf');
    const fresh = path.join(folder, 'busy-y7.pdf');
    writeFileSync(old, 'left by a stopped process');
    writeFileSync(fresh, "another process's copy");
    const longAgo = new Date(Date.now() - 10 * 60 * 1000);
    utimesSync(old, longAgo, longAgo);
    const copy = await acquirePlainCopy({
      dir: folder,
      cfileId: 'mine',
      worker: 'w1',
      size: 13,
      open: bytes,
      leftoverMs: 60_000,
    });
    try {
      expect(path.basename(copy.file)).toBe('mine-w1.pdf');
      expect(statSync(copy.file).mode & 0o777).toBe(0o600);
      expect(readdirSync(folder).sort()).toEqual(['busy-y7.pdf', 'mine-w1.pdf']);
    } finally {
      copy.release();
      await dropPlainCopy('mine');
    }
    expect(readdirSync(folder)).toEqual(['busy-y7.pdf']);
  });
});
