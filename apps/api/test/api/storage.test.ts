import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES, type UploadGrant } from '@muster/contract/storage';
import { AppError } from '#src/lib/errors.ts';
import {
  completeUpload,
  createUpload,
  deleteFile,
  getDownloadUrl,
  getFile,
} from '#src/modules/storage/storage.service.ts';
import { EXE_BYTES, PDF_BYTES, PNG_BYTES, pdfOfSize } from '../fixtures/files.ts';
import { startTestServer, type TestApp } from '../helpers/build-test-app.ts';
import { startS3Server } from '../helpers/s3-server.ts';

const OWNER = 'user_storage_owner';
const OTHER = 'user_someone_else';

async function put(url: string, body: Buffer, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'PUT', body, headers: { 'content-length': String(body.length), ...headers } });
}

async function uploadSingle(app: TestApp, input: { kind: 'document' | 'c-file' | 'decision-letter'; filename: string; content_type: string }, bytes: Buffer) {
  const grant = await createUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, input: { ...input, size: bytes.length } });
  expect(grant.method).toBe('single');
  const response = await put(grant.url!, bytes, grant.headers);
  expect(response.status).toBe(200);
  return grant;
}

async function expectAppError(promise: Promise<unknown>, code: number) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

describe.each(['local', 's3'] as const)('[STORAGE] on the %s driver', (driver) => {
  let app: TestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3Server() : undefined;
    ({ app } = await startTestServer({ env: s3?.env ?? {} }));
    expect(app.storage.name).toBe(driver);
  });
  afterAll(async () => {
    await app.close();
    await s3?.close();
  });

  it('[STORAGE]: a single signed PUT, finalize by sniffing, then a signed download', async () => {
    const grant = await uploadSingle(app, { kind: 'decision-letter', filename: 'Decision – 2024.pdf', content_type: 'application/pdf' }, PDF_BYTES);
    const pending = await getFile({ db: app.database.db, ownerId: OWNER, fileId: grant.file_id });
    expect(pending.status).toBe('pending');
    await expectAppError(getDownloadUrl({ db: app.database.db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id }), 3008);

    const ready = await completeUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id, input: {} });
    expect(ready).toMatchObject({ status: 'ready', content_type: 'application/pdf', size: PDF_BYTES.length });

    const download = await getDownloadUrl({ db: app.database.db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id });
    const response = await fetch(download.url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF_BYTES);
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''Decision%20%E2%80%93%202024.pdf");

    await expectAppError(completeUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id, input: {} }), 3008);
  });

  it('[STORAGE]: content that is not an accepted type is rejected and deleted', async () => {
    const grant = await uploadSingle(app, { kind: 'c-file', filename: 'cfile.pdf', content_type: 'application/pdf' }, EXE_BYTES);
    const error = await expectAppError(completeUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id, input: {} }), 2003);
    expect(error.detail).toBe('the file content is not an accepted type');
    const row = await getFile({ db: app.database.db, ownerId: OWNER, fileId: grant.file_id });
    expect(row.status).toBe('rejected');
    expect(await app.storage.size(`u/${OWNER}/${grant.file_id}`)).toBeNull();
  });

  it('[STORAGE]: the sniffed type wins over the declared one', async () => {
    const grant = await uploadSingle(app, { kind: 'document', filename: 'scan.pdf', content_type: 'application/pdf' }, PNG_BYTES);
    const ready = await completeUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id, input: {} });
    expect(ready.content_type).toBe('image/png');
  });

  it('[STORAGE]: limits are checked before anything is signed', async () => {
    await expectAppError(createUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, input: { kind: 'decision-letter', filename: 'big.pdf', content_type: 'application/pdf', size: 51 * 1024 * 1024 } }), 2008);
    await expectAppError(createUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, input: { kind: 'c-file', filename: 'x.exe', content_type: 'application/x-msdownload', size: 10 } }), 2003);
  });

  it('[STORAGE]: finalize before upload is an invalid state', async () => {
    const grant = await createUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, input: { kind: 'document', filename: 'a.pdf', content_type: 'application/pdf', size: PDF_BYTES.length } });
    await expectAppError(completeUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id, input: {} }), 3008);
  });

  it("[STORAGE]: another owner's file answers 404 for every operation", async () => {
    const grant = await uploadSingle(app, { kind: 'document', filename: 'mine.pdf', content_type: 'application/pdf' }, PDF_BYTES);
    const deps = { db: app.database.db, storage: app.storage, ownerId: OTHER, fileId: grant.file_id };
    await expectAppError(completeUpload({ ...deps, input: {} }), 3002);
    await expectAppError(getDownloadUrl(deps), 3002);
    await expectAppError(deleteFile(deps), 3002);
    await expectAppError(getFile(deps), 3002);
  });

  it('[STORAGE]: delete removes the object and the row', async () => {
    const grant = await uploadSingle(app, { kind: 'document', filename: 'gone.pdf', content_type: 'application/pdf' }, PDF_BYTES);
    await completeUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id, input: {} });
    await deleteFile({ db: app.database.db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id });
    expect(await app.storage.size(`u/${OWNER}/${grant.file_id}`)).toBeNull();
    await expectAppError(getFile({ db: app.database.db, ownerId: OWNER, fileId: grant.file_id }), 3002);
  });

  it('[STORAGE]: files above the threshold upload in signed parts', async () => {
    const bytes = pdfOfSize(MULTIPART_THRESHOLD_BYTES + 1234);
    const grant: UploadGrant = await createUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, input: { kind: 'c-file', filename: 'c-file.pdf', content_type: 'application/pdf', size: bytes.length } });
    expect(grant.method).toBe('multipart');
    expect(grant.parts).toHaveLength(Math.ceil(bytes.length / MULTIPART_PART_BYTES));
    const etags: { part_number: number; etag: string }[] = [];
    for (const part of grant.parts!) {
      const start = (part.part_number - 1) * MULTIPART_PART_BYTES;
      const response = await put(part.url, bytes.subarray(start, start + MULTIPART_PART_BYTES));
      expect(response.status).toBe(200);
      etags.push({ part_number: part.part_number, etag: response.headers.get('etag')! });
    }
    // Missing a part is refused and leaves the upload pending.
    await expectAppError(completeUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id, input: { parts: etags.slice(1) } }), 2001);
    const ready = await completeUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id, input: { parts: etags.reverse() } });
    expect(ready).toMatchObject({ status: 'ready', size: bytes.length, content_type: 'application/pdf' });
    const head = await app.storage.readStart(`u/${OWNER}/${grant.file_id}`, 8);
    expect(head.toString('latin1')).toBe('%PDF-1.7');
  });

  it('[STORAGE]: a multipart upload whose row cannot be saved is aborted at the storage', async () => {
    const created: { key: string; uploadId: string }[] = [];
    const aborted: { key: string; uploadId: string }[] = [];
    const storage = Object.create(app.storage) as typeof app.storage;
    storage.createMultipart = async (key, options) => {
      const uploadId = await app.storage.createMultipart(key, options);
      created.push({ key, uploadId });
      return uploadId;
    };
    // Recorded, not forwarded: s3rver (the S3 stand-in) does not implement AbortMultipartUpload.
    storage.abortMultipart = async (key, uploadId) => {
      aborted.push({ key, uploadId });
    };
    const failingDb = {
      insert: () => ({ values: () => Promise.reject(new Error('database unavailable')) }),
    } as unknown as typeof app.database.db;
    const size = MULTIPART_THRESHOLD_BYTES + 1;
    await expect(
      createUpload({ db: failingDb, storage, ownerId: OWNER, input: { kind: 'c-file', filename: 'c-file.pdf', content_type: 'application/pdf', size } }),
    ).rejects.toThrow('database unavailable');
    expect(created).toHaveLength(1);
    expect(aborted).toEqual(created);

    // An abort that fails as well is not swallowed: both failures reach the caller.
    storage.abortMultipart = () => Promise.reject(new Error('storage unavailable'));
    const both = await createUpload({ db: failingDb, storage, ownerId: OWNER, input: { kind: 'c-file', filename: 'c-file.pdf', content_type: 'application/pdf', size } }).catch((error: unknown) => error);
    expect(both).toBeInstanceOf(AggregateError);
    expect((both as AggregateError).errors.map((e: Error) => e.message)).toEqual(['database unavailable', 'storage unavailable']);
    expect((both as AggregateError).message).toContain(created[1]!.uploadId);
  });
});

describe('[STORAGE] local signed URLs', () => {
  let app: TestApp;
  beforeAll(async () => {
    ({ app } = await startTestServer());
  });
  afterAll(async () => app.close());

  it('[STORAGE]: a PUT larger than signed is refused with 413 / 2008 and stores nothing', async () => {
    const grant = await createUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, input: { kind: 'document', filename: 'a.pdf', content_type: 'application/pdf', size: 10 } });
    const response = await put(grant.url!, PDF_BYTES);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 2008 });
    expect(await app.storage.size(`u/${OWNER}/${grant.file_id}`)).toBeNull();
  });

  it('[STORAGE]: a forged or altered link is refused with 403 / 1007', async () => {
    const grant = await createUpload({ db: app.database.db, storage: app.storage, ownerId: OWNER, input: { kind: 'document', filename: 'a.pdf', content_type: 'application/pdf', size: PDF_BYTES.length } });
    const slash = grant.url!.lastIndexOf('/');
    const [body, signature] = grant.url!.slice(slash + 1).split('.');
    const forged = `${grant.url!.slice(0, slash + 1)}${body}x.${signature}`;
    const response = await put(forged, PDF_BYTES);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 1007, detail: 'This link is invalid or has expired' });
    const download = await fetch(grant.url!);
    expect(download.status).toBe(403);
  });

  it('[STORAGE]: the sweep job deletes uploads abandoned for a day, and nothing else', async () => {
    const { sweepUploadsJob } = await import('#src/modules/storage/jobs/sweep-uploads.job.ts');
    const { files } = await import('@muster/db/schema/index');
    const { eq } = await import('drizzle-orm');
    const db = app.database.db;
    const stale = await uploadSingle(app, { kind: 'document', filename: 'old.pdf', content_type: 'application/pdf' }, PDF_BYTES);
    const fresh = await uploadSingle(app, { kind: 'document', filename: 'new.pdf', content_type: 'application/pdf' }, PDF_BYTES);
    await db.update(files).set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) }).where(eq(files.id, stale.file_id));
    const job = sweepUploadsJob(app.storage);
    const progress: number[] = [];
    await job.handler({ payload: { older_than_hours: 24 }, jobId: 'j', attempt: 0, signal: new AbortController().signal, db, progress: async (p) => void progress.push(p) });
    expect(await app.storage.size(`u/${OWNER}/${stale.file_id}`)).toBeNull();
    expect((await db.select().from(files).where(eq(files.id, stale.file_id)))).toHaveLength(0);
    expect(await app.storage.size(`u/${OWNER}/${fresh.file_id}`)).toBe(PDF_BYTES.length);
    expect(progress.at(-1)).toBe(100);
  });

  it('[STORAGE]: an expired link is refused', async () => {
    const { createTokenSigner } = await import('#src/modules/storage/signed-token.ts');
    const signer = createTokenSigner(app.keyRing);
    const token = signer.sign({ op: 'put', key: `u/${OWNER}/x`, size: 5, exp: Math.floor(Date.now() / 1000) - 1 });
    const response = await put(`${app.config.urls.api}/storage/local/${token}`, Buffer.from('hello'));
    expect(response.status).toBe(403);
  });
});
