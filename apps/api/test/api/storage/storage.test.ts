import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { files } from '@muster/db/schema/index';
import {
  MULTIPART_PART_BYTES,
  MULTIPART_THRESHOLD_BYTES,
  type UploadGrant,
} from '@muster/contract/storage';
import { AppError } from '#src/lib/errors.ts';
import {
  completeUpload,
  createUpload,
  deleteFile,
  getDownloadUrl,
  getFile,
} from '#src/modules/storage/storage.service.ts';
import {
  FILE_CHUNK_BYTES,
  FILE_HEADER_BYTES,
  FILE_MAGIC,
} from '#src/modules/storage/file-encryption.ts';
import { EXE_BYTES, PDF_BYTES, PNG_BYTES, pdfOfSize } from '../../fixtures/files.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { startS3Server } from '../../helpers/s3-server.ts';

const OWNER = 'user_storage_owner';
const OTHER = 'user_someone_else';

async function put(url: string, body: Buffer, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'PUT',
    body,
    headers: { 'content-length': String(body.length), ...headers },
  });
}

async function uploadSingle(
  app: TestApp,
  input: {
    kind: 'document' | 'c-file' | 'decision-letter';
    filename: string;
    content_type: string;
  },
  bytes: Buffer,
) {
  const grant = await createUpload({
    db: app.database.db,
    storage: app.storage,
    ownerId: OWNER,
    input: { ...input, size: bytes.length },
  });
  expect(grant.method).toBe('single');
  const response = await put(grant.url!, bytes, grant.headers);
  expect(response.status).toBe(200);
  return grant;
}

/** Where a file's object is kept now (a finished S3 upload is moved out of its URL's reach). */
async function storedKey(app: TestApp, fileId: string): Promise<string> {
  const [row] = await app.database.db
    .select({ key: files.storageKey })
    .from(files)
    .where(eq(files.id, fileId));
  return row!.key;
}

/** A PDF of `size` bytes whose every offset holds a different-looking byte, so a misplaced range shows. */
function patternedPdf(size: number, text = ''): Buffer {
  const bytes = pdfOfSize(size);
  for (let i = 10; i < size - 7; i++) bytes[i] = 0x21 + ((i * 7 + (i >> 8)) % 90);
  Buffer.from(text, 'latin1').copy(bytes, 10);
  return bytes;
}

async function expectAppError(promise: Promise<unknown>, code: number) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
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
    const grant = await uploadSingle(
      app,
      { kind: 'decision-letter', filename: 'Decision – 2024.pdf', content_type: 'application/pdf' },
      PDF_BYTES,
    );
    const pending = await getFile({ db: app.database.db, ownerId: OWNER, fileId: grant.file_id });
    expect(pending.status).toBe('pending');
    await expectAppError(
      getDownloadUrl({
        db: app.database.db,
        storage: app.storage,
        ownerId: OWNER,
        fileId: grant.file_id,
      }),
      ERR.INVALID_STATE,
    );

    const ready = await completeUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
      input: {},
    });
    expect(ready).toMatchObject({
      status: 'ready',
      content_type: 'application/pdf',
      size: PDF_BYTES.length,
    });

    const download = await getDownloadUrl({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
    });
    const response = await fetch(download.url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF_BYTES);
    expect(response.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Decision%20%E2%80%93%202024.pdf",
    );

    await expectAppError(
      completeUpload({
        db: app.database.db,
        storage: app.storage,
        ownerId: OWNER,
        fileId: grant.file_id,
        input: {},
      }),
      ERR.INVALID_STATE,
    );
  });

  it('[STORAGE]: content that is not an accepted type is rejected and deleted', async () => {
    const grant = await uploadSingle(
      app,
      { kind: 'c-file', filename: 'cfile.pdf', content_type: 'application/pdf' },
      EXE_BYTES,
    );
    const error = await expectAppError(
      completeUpload({
        db: app.database.db,
        storage: app.storage,
        ownerId: OWNER,
        fileId: grant.file_id,
        input: {},
      }),
      ERR.INVALID_FORMAT,
    );
    expect(error.detail).toMatch(/^The file's content is not one of the accepted types/);
    const row = await getFile({ db: app.database.db, ownerId: OWNER, fileId: grant.file_id });
    expect(row.status).toBe('rejected');
    expect(await app.storage.size(`u/${OWNER}/${grant.file_id}`)).toBeNull();
  });

  it('[STORAGE]: a PUT to the upload URL after the upload is finished changes nothing kept', async () => {
    const grant = await uploadSingle(
      app,
      { kind: 'document', filename: 'kept.pdf', content_type: 'application/pdf' },
      PDF_BYTES,
    );
    await completeUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
      input: {},
    });
    // Other bytes of the same length, through the same (still unexpired) URL.
    const other = Buffer.alloc(PDF_BYTES.length, 0x41);
    const late = await put(grant.url!, other, grant.headers);
    if (driver === 'local') expect(late.status).toBeGreaterThanOrEqual(400);
    const key = await storedKey(app, grant.file_id);
    if (driver === 's3') expect(key).toBe(`s/${OWNER}/${grant.file_id}`);
    const kept = await app.storage.readStart(key, PDF_BYTES.length);
    expect(kept.equals(PDF_BYTES)).toBe(true);
  });

  it.runIf(driver === 's3')(
    '[STORAGE]: S3 uploads are stored with server-side encryption, a header the signed URL signs',
    async () => {
      const grant = await createUpload({
        db: app.database.db,
        storage: app.storage,
        ownerId: OWNER,
        input: {
          kind: 'document',
          filename: 'sse.pdf',
          content_type: 'application/pdf',
          size: PDF_BYTES.length,
        },
      });
      expect(grant.headers).toEqual({
        'content-type': 'application/pdf',
        'x-amz-server-side-encryption': 'AES256',
      });
      // Signed as a header, not carried in the query: S3 refuses a PUT that leaves it out. (s3rver,
      // the stand-in here, does not check signed headers, so the URL itself is what is asserted.)
      const url = new URL(grant.url!);
      expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain(
        'x-amz-server-side-encryption',
      );
      expect([...url.searchParams.keys()].map((k) => k.toLowerCase())).not.toContain(
        'x-amz-server-side-encryption',
      );
      // No checksum is signed in advance (it would be the empty body's, and S3 would refuse the file).
      expect(
        [...url.searchParams.keys()].filter((k) => k.toLowerCase().startsWith('x-amz-checksum')),
      ).toEqual([]);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).not.toMatch(/checksum/);
      const accepted = await put(grant.url!, PDF_BYTES, grant.headers);
      expect(accepted.status).toBe(200);
    },
  );

  it('[STORAGE]: the content must be the type declared, even when that other type is accepted', async () => {
    const grant = await uploadSingle(
      app,
      { kind: 'document', filename: 'scan.pdf', content_type: 'application/pdf' },
      PNG_BYTES,
    );
    const error = await expectAppError(
      completeUpload({
        db: app.database.db,
        storage: app.storage,
        ownerId: OWNER,
        fileId: grant.file_id,
        input: {},
      }),
      ERR.INVALID_FORMAT,
    );
    expect(error.detail).toMatch(/content is image\/png, but it was sent as application\/pdf/);
    const picture = await uploadSingle(
      app,
      { kind: 'document', filename: 'scan.png', content_type: 'image/png' },
      PNG_BYTES,
    );
    const ready = await completeUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: picture.file_id,
      input: {},
    });
    expect(ready.content_type).toBe('image/png');
  });

  it('[STORAGE]: limits are checked before anything is signed', async () => {
    await expectAppError(
      createUpload({
        db: app.database.db,
        storage: app.storage,
        ownerId: OWNER,
        input: {
          kind: 'decision-letter',
          filename: 'big.pdf',
          content_type: 'application/pdf',
          size: 51 * 1024 * 1024,
        },
      }),
      ERR.TOO_LARGE,
    );
    await expectAppError(
      createUpload({
        db: app.database.db,
        storage: app.storage,
        ownerId: OWNER,
        input: {
          kind: 'c-file',
          filename: 'x.exe',
          content_type: 'application/x-msdownload',
          size: 10,
        },
      }),
      ERR.INVALID_FORMAT,
    );
  });

  it('[STORAGE]: finalize before upload is an invalid state', async () => {
    const grant = await createUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      input: {
        kind: 'document',
        filename: 'a.pdf',
        content_type: 'application/pdf',
        size: PDF_BYTES.length,
      },
    });
    await expectAppError(
      completeUpload({
        db: app.database.db,
        storage: app.storage,
        ownerId: OWNER,
        fileId: grant.file_id,
        input: {},
      }),
      ERR.INVALID_STATE,
    );
  });

  it("[STORAGE]: another owner's file answers 404 for every operation", async () => {
    const grant = await uploadSingle(
      app,
      { kind: 'document', filename: 'mine.pdf', content_type: 'application/pdf' },
      PDF_BYTES,
    );
    const deps = {
      db: app.database.db,
      storage: app.storage,
      ownerId: OTHER,
      fileId: grant.file_id,
    };
    await expectAppError(completeUpload({ ...deps, input: {} }), ERR.NOT_FOUND);
    await expectAppError(getDownloadUrl(deps), ERR.NOT_FOUND);
    await expectAppError(deleteFile(deps), ERR.NOT_FOUND);
    await expectAppError(getFile(deps), ERR.NOT_FOUND);
  });

  it('[STORAGE]: delete removes the object and the row', async () => {
    const grant = await uploadSingle(
      app,
      { kind: 'document', filename: 'gone.pdf', content_type: 'application/pdf' },
      PDF_BYTES,
    );
    await completeUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
      input: {},
    });
    await deleteFile({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
    });
    expect(await app.storage.size(`u/${OWNER}/${grant.file_id}`)).toBeNull();
    await expectAppError(
      getFile({ db: app.database.db, ownerId: OWNER, fileId: grant.file_id }),
      ERR.NOT_FOUND,
    );
  });

  it('[STORAGE]: files above the threshold upload in signed parts', async () => {
    const bytes = pdfOfSize(MULTIPART_THRESHOLD_BYTES + 1234);
    const grant: UploadGrant = await createUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      input: {
        kind: 'c-file',
        filename: 'c-file.pdf',
        content_type: 'application/pdf',
        size: bytes.length,
      },
    });
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
    await expectAppError(
      completeUpload({
        db: app.database.db,
        storage: app.storage,
        ownerId: OWNER,
        fileId: grant.file_id,
        input: { parts: etags.slice(1) },
      }),
      ERR.INVALID_INPUT,
    );
    const ready = await completeUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
      input: { parts: etags.reverse() },
    });
    expect(ready).toMatchObject({
      status: 'ready',
      size: bytes.length,
      content_type: 'application/pdf',
    });
    const head = await app.storage.readStart(await storedKey(app, grant.file_id), 8);
    expect(head.toString('latin1')).toBe('%PDF-1.7');
    if (driver === 'local') {
      // Parts and the assembled object are ciphertext on disk; the parts are gone afterwards.
      const stored = readFileSync(path.join(app.dataDir, 'files', `u/${OWNER}/${grant.file_id}`));
      expect(stored.subarray(0, 8)).toEqual(FILE_MAGIC);
      expect(stored.includes(Buffer.from('%PDF-1.7'))).toBe(false);
      expect(readdirSync(path.join(app.dataDir, 'files', '.multipart'))).toEqual([]);
    }
  });

  it('[STORAGE]: a server-side read of a byte range returns exactly those bytes', async () => {
    const bytes = patternedPdf(3 * FILE_CHUNK_BYTES + 100);
    const grant = await uploadSingle(
      app,
      { kind: 'document', filename: 'pages.pdf', content_type: 'application/pdf' },
      bytes,
    );
    await completeUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
      input: {},
    });
    const key = await storedKey(app, grant.file_id);
    for (const [start, end] of [
      [0, 0],
      [FILE_CHUNK_BYTES - 3, FILE_CHUNK_BYTES + 2],
      [10, 2 * FILE_CHUNK_BYTES + 50],
      [bytes.length - 5, bytes.length - 1],
    ] as const) {
      const chunks: Buffer[] = [];
      for await (const chunk of await app.storage.openRead(key, { start, end }))
        chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(bytes.subarray(start, end + 1));
    }
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
      createUpload({
        db: failingDb,
        storage,
        ownerId: OWNER,
        input: { kind: 'c-file', filename: 'c-file.pdf', content_type: 'application/pdf', size },
      }),
    ).rejects.toThrow('database unavailable');
    expect(created).toHaveLength(1);
    expect(aborted).toEqual(created);

    // An abort that fails as well is not swallowed: both failures reach the caller.
    storage.abortMultipart = () => Promise.reject(new Error('storage unavailable'));
    const both = await createUpload({
      db: failingDb,
      storage,
      ownerId: OWNER,
      input: { kind: 'c-file', filename: 'c-file.pdf', content_type: 'application/pdf', size },
    }).catch((error: unknown) => error);
    expect(both).toBeInstanceOf(AggregateError);
    expect((both as AggregateError).errors.map((e: Error) => e.message)).toEqual([
      'database unavailable',
      'storage unavailable',
    ]);
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
    const grant = await createUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      input: { kind: 'document', filename: 'a.pdf', content_type: 'application/pdf', size: 10 },
    });
    const response = await put(grant.url!, PDF_BYTES);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: ERR.TOO_LARGE });
    expect(await app.storage.size(`u/${OWNER}/${grant.file_id}`)).toBeNull();
  });

  it('[STORAGE]: a forged or altered link is refused with 403 / 1007', async () => {
    const grant = await createUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      input: {
        kind: 'document',
        filename: 'a.pdf',
        content_type: 'application/pdf',
        size: PDF_BYTES.length,
      },
    });
    const slash = grant.url!.lastIndexOf('/');
    const [body, signature] = grant.url!.slice(slash + 1).split('.');
    const forged = `${grant.url!.slice(0, slash + 1)}${body}x.${signature}`;
    const response = await put(forged, PDF_BYTES);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: ERR.FORBIDDEN,
      detail: 'This link is invalid or has expired',
    });
    const download = await fetch(grant.url!);
    expect(download.status).toBe(403);
  });

  it('[STORAGE]: the sweep job deletes uploads abandoned for a day, and nothing else', async () => {
    const { sweepUploadsJob } = await import('#src/modules/storage/jobs/sweep-uploads.job.ts');
    const { files } = await import('@muster/db/schema/index');
    const { eq } = await import('drizzle-orm');
    const db = app.database.db;
    const stale = await uploadSingle(
      app,
      { kind: 'document', filename: 'old.pdf', content_type: 'application/pdf' },
      PDF_BYTES,
    );
    const fresh = await uploadSingle(
      app,
      { kind: 'document', filename: 'new.pdf', content_type: 'application/pdf' },
      PDF_BYTES,
    );
    await db
      .update(files)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(files.id, stale.file_id));
    const job = sweepUploadsJob(app.storage);
    const progress: number[] = [];
    await job.handler({
      payload: { older_than_hours: 24 },
      jobId: 'j',
      attempt: 0,
      signal: new AbortController().signal,
      db,
      progress: async (p) => void progress.push(p),
    });
    expect(await app.storage.size(`u/${OWNER}/${stale.file_id}`)).toBeNull();
    expect(await db.select().from(files).where(eq(files.id, stale.file_id))).toHaveLength(0);
    expect(await app.storage.size(`u/${OWNER}/${fresh.file_id}`)).toBe(PDF_BYTES.length);
    expect(progress.at(-1)).toBe(100);
  });

  it('[STORAGE]: a delete that stopped half-way is hidden at once and finished by the sweep', async () => {
    const { sweepUploadsJob } = await import('#src/modules/storage/jobs/sweep-uploads.job.ts');
    const { files } = await import('@muster/db/schema/index');
    const { eq } = await import('drizzle-orm');
    const db = app.database.db;
    const grant = await uploadSingle(
      app,
      { kind: 'document', filename: 'gone.pdf', content_type: 'application/pdf' },
      PDF_BYTES,
    );
    await completeUpload({
      db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
      input: {},
    });
    // The object store fails during the delete: the row stays, marked, and is no longer offered.
    const failing = Object.create(app.storage) as typeof app.storage;
    failing.delete = () => Promise.reject(new Error('storage unavailable'));
    await expect(
      deleteFile({ db, storage: failing, ownerId: OWNER, fileId: grant.file_id }),
    ).rejects.toThrow('storage unavailable');
    const [marked] = await db.select().from(files).where(eq(files.id, grant.file_id));
    expect(marked?.status).toBe('deleting');
    await expectAppError(
      getDownloadUrl({ db, storage: app.storage, ownerId: OWNER, fileId: grant.file_id }),
      ERR.INVALID_STATE,
    );
    await sweepUploadsJob(app.storage).handler({
      payload: { older_than_hours: 24 },
      jobId: 'j',
      attempt: 0,
      signal: new AbortController().signal,
      db,
      progress: async () => undefined,
    });
    expect(await app.storage.size(`u/${OWNER}/${grant.file_id}`)).toBeNull();
    expect(await db.select().from(files).where(eq(files.id, grant.file_id))).toHaveLength(0);
  });

  it('[STORAGE]: a local upload is encrypted as it streams in: no plaintext on disk, not even a temporary file', async () => {
    const marker = 'Veteran reports lumbosacral strain since 2011. ';
    const bytes = patternedPdf(2 * FILE_CHUNK_BYTES + 4321, marker.repeat(3000));
    const grant = await createUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      input: {
        kind: 'document',
        filename: 'statement.pdf',
        content_type: 'application/pdf',
        size: bytes.length,
      },
    });
    const folder = path.join(app.dataDir, 'files', 'u', OWNER);
    const half = Math.floor(bytes.length / 2);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.subarray(0, half));
        await released;
        controller.enqueue(bytes.subarray(half));
        controller.close();
      },
    });
    const uploading = fetch(grant.url!, {
      method: 'PUT',
      body,
      duplex: 'half',
      headers: grant.headers,
    } as RequestInit);
    // Mid-upload, the only file for this object is the temporary one, and it holds ciphertext.
    const temporary = async () => {
      for (;;) {
        const names = readdirSync(folder, { withFileTypes: true }).filter((e) =>
          e.name.startsWith(grant.file_id),
        );
        const file = names[0] && path.join(folder, names[0].name);
        if (file && readFileSync(file).length > FILE_HEADER_BYTES + FILE_CHUNK_BYTES)
          return { names, file };
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const midway = await temporary();
    expect(midway.names).toHaveLength(1);
    expect(midway.file.endsWith('.part')).toBe(true);
    const partial = readFileSync(midway.file);
    expect(partial.subarray(0, 8)).toEqual(FILE_MAGIC);
    expect(partial.includes(Buffer.from('lumbosacral'))).toBe(false);
    release();
    expect((await uploading).status).toBe(200);

    const stored = readFileSync(path.join(folder, grant.file_id));
    expect(stored.subarray(0, 8)).toEqual(FILE_MAGIC);
    expect(stored.includes(Buffer.from('lumbosacral'))).toBe(false);
    expect(stored.includes(Buffer.from('%PDF'))).toBe(false);
    expect(stored.length).toBe(
      FILE_HEADER_BYTES + bytes.length + 16 * Math.ceil(bytes.length / FILE_CHUNK_BYTES),
    );
    expect(readdirSync(folder).filter((name) => name.startsWith(grant.file_id))).toEqual([
      grant.file_id,
    ]);
    // Finalize sniffs and sizes the plaintext.
    expect(await app.storage.size(`u/${OWNER}/${grant.file_id}`)).toBe(bytes.length);
    const ready = await completeUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
      input: {},
    });
    expect(ready).toMatchObject({
      status: 'ready',
      content_type: 'application/pdf',
      size: bytes.length,
    });
  });

  it('[STORAGE]: a signed GET answers byte ranges across chunk boundaries, and 416 in the envelope past the end', async () => {
    const bytes = patternedPdf(3 * FILE_CHUNK_BYTES + 777);
    const grant = await uploadSingle(
      app,
      { kind: 'document', filename: 'ranges.pdf', content_type: 'application/pdf' },
      bytes,
    );
    await completeUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
      input: {},
    });
    const { url } = await getDownloadUrl({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
    });
    const size = bytes.length;
    const cases: [string, number, number][] = [
      [
        `bytes=${FILE_CHUNK_BYTES - 6}-${2 * FILE_CHUNK_BYTES + 9}`,
        FILE_CHUNK_BYTES - 6,
        2 * FILE_CHUNK_BYTES + 9,
      ],
      [`bytes=${FILE_CHUNK_BYTES}-${FILE_CHUNK_BYTES}`, FILE_CHUNK_BYTES, FILE_CHUNK_BYTES],
      [`bytes=${3 * FILE_CHUNK_BYTES - 1}-`, 3 * FILE_CHUNK_BYTES - 1, size - 1],
      ['bytes=-1000', size - 1000, size - 1],
      [`bytes=5-${size + 500}`, 5, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await fetch(url, { headers: { range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(start, end + 1));
    }
    const whole = await fetch(url, { headers: { range: 'bytes=0-1,5-6' } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    const past = await fetch(url, { headers: { range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    const envelope = errorEnvelopeSchema.parse(await past.json());
    expect(envelope.code).toBeGreaterThanOrEqual(2000);
    expect(envelope.code).toBeLessThan(5000);
  });

  it('[STORAGE]: an expired link is refused', async () => {
    const { createTokenSigner } = await import('#src/modules/storage/signed-token.ts');
    const signer = createTokenSigner(app.keyRing);
    const token = signer.sign({
      op: 'put',
      key: `u/${OWNER}/x`,
      size: 5,
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    const response = await put(
      `${app.config.urls.api}/storage/local/${token}`,
      Buffer.from('hello'),
    );
    expect(response.status).toBe(403);
  });
});
