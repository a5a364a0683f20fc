import { randomUUID } from 'node:crypto';
import { ERR } from '@muster/contract/errors';
import {
  DOWNLOAD_URL_TTL_SECONDS,
  FILE_KINDS,
  MULTIPART_PART_BYTES,
  MULTIPART_THRESHOLD_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  partCount,
  type CompleteUploadInput,
  type CreateUploadInput,
  type DownloadUrl,
  type FileKind,
  type StoredFile,
  type UploadGrant,
} from '@muster/contract/storage';
import type { Db } from '@muster/db/client';
import type { FileRow } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import { SNIFF_BYTES, sniffContentType } from './sniff.ts';
import type { StorageDriver } from './storage-driver.ts';
import { storageLimitBytes, storageQuotaError } from '#src/modules/quotas/quotas.service.ts';
import {
  deleteFileRows,
  findOwnedFile,
  findStale,
  findStatusByKey,
  findReadyFiles,
  findStorageTotal,
  insertFile,
  insertFileWithin,
  markDeleting,
  markReady,
  markRejected,
  moveStorageKey,
} from './storage.repository.ts';

type Deps = { db: Db; storage: StorageDriver; ownerId: string };

const MB = 1024 * 1024;
const PDF = 'application/pdf';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function toStoredFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    kind: row.kind as FileKind,
    filename: row.filename,
    content_type: row.contentType,
    size: row.size,
    // A file being deleted is gone as far as its owner can tell.
    status: row.status === 'deleting' ? 'rejected' : row.status,
    rejection_reason: row.rejectionReason,
    created_at: row.createdAt.toISOString(),
  };
}

/** Whether the object at `storageKey` is an upload still waiting for its bytes. */
export async function isPendingUpload(options: { db: Db; storageKey: string }): Promise<boolean> {
  return (await findStatusByKey(options)) === 'pending';
}

/** The bytes the owner keeps in storage now. */
export async function storageUsedBytes(options: { db: Db; ownerId: string }): Promise<number> {
  return findStorageTotal(options);
}

/** What the owner keeps and may keep (null: no cap). */
export async function storageUsage(options: {
  db: Db;
  ownerId: string;
  billingEnabled: boolean;
}): Promise<{ used_bytes: number; limit_bytes: number | null }> {
  return {
    used_bytes: await findStorageTotal(options),
    limit_bytes: await storageLimitBytes({
      db: options.db,
      userId: options.ownerId,
      billingEnabled: options.billingEnabled,
    }),
  };
}

/**
 * Grants an upload: checks the kind's size and type limits and the owner's storage cap (with
 * billing on), records a pending file and returns signed URLs (one PUT, or one per part above the
 * multipart threshold). An upload that would pass the cap is refused before any byte is sent.
 */
export async function createUpload({
  db,
  storage,
  ownerId,
  input,
  billingEnabled = false,
}: Deps & { input: CreateUploadInput; billingEnabled?: boolean }): Promise<UploadGrant> {
  const kind = FILE_KINDS[input.kind];
  if (input.size > kind.maxBytes) {
    throw new AppError(ERR.TOO_LARGE, {
      detail: `${input.kind} files can be at most ${Math.floor(kind.maxBytes / MB)} MB`,
      fields: { size: 'File is too large' },
    });
  }
  const limitBytes = await storageLimitBytes({ db, userId: ownerId, billingEnabled });
  if (limitBytes !== null) {
    const usedBytes = await findStorageTotal({ db, ownerId });
    if (usedBytes + input.size > limitBytes) throw storageQuotaError({ usedBytes, limitBytes });
  }
  const declared = input.content_type.toLowerCase().split(';')[0]!.trim();
  if (!(kind.types as readonly string[]).includes(declared)) {
    throw new AppError(ERR.INVALID_FORMAT, {
      detail: `${input.kind} files must be one of: ${kind.types.join(', ')}`,
      fields: { content_type: 'This file type is not accepted' },
    });
  }
  const fileId = randomUUID();
  const key = `u/${encodeURIComponent(ownerId)}/${fileId}`;
  const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
  const multipart = input.size > MULTIPART_THRESHOLD_BYTES;
  const uploadId = multipart ? await storage.createMultipart(key, { contentType: declared }) : null;

  const row = {
    id: fileId,
    ownerId,
    kind: input.kind,
    storageKey: key,
    filename: input.filename,
    declaredType: declared,
    size: input.size,
    multipartUploadId: uploadId,
  };
  try {
    if (limitBytes === null) await insertFile({ db, row });
    else if ((await insertFileWithin({ db, row, limitBytes })) === null) {
      // Another upload took the room meanwhile.
      if (uploadId) await storage.abortMultipart(key, uploadId);
      throw storageQuotaError({ usedBytes: await findStorageTotal({ db, ownerId }), limitBytes });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Without its row, the sweep job could never find the unfinished upload: abort it now. If that
    // fails too, both failures travel up (and reach the log) so the orphan can be cleaned by hand.
    if (uploadId) {
      try {
        await storage.abortMultipart(key, uploadId);
      } catch (abortError) {
        throw new AggregateError(
          [error, abortError],
          `file row not saved; aborting multipart upload ${uploadId} of ${key} failed`,
        );
      }
    }
    throw error;
  }

  if (!uploadId) {
    const signed = await storage.signPut(key, {
      size: input.size,
      contentType: declared,
      expiresIn: UPLOAD_URL_TTL_SECONDS,
    });
    return {
      file_id: fileId,
      method: 'single',
      url: signed.url,
      headers: signed.headers,
      expires_at: expiresAt,
    };
  }
  const count = partCount(input.size);
  const parts = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      part_number: index + 1,
      url: await storage.signPart(key, {
        uploadId,
        partNumber: index + 1,
        maxBytes: MULTIPART_PART_BYTES,
        expiresIn: UPLOAD_URL_TTL_SECONDS,
      }),
    })),
  );
  return {
    file_id: fileId,
    method: 'multipart',
    headers: {},
    part_size: MULTIPART_PART_BYTES,
    parts,
    expires_at: expiresAt,
  };
}

/**
 * Stores a file the API made itself (a claim packet) for the owner, ready at once: counted against
 * storage as uploads are, and refused with the storage quota error (403, billing on) before any byte
 * is written when it would pass the cap. The row is recorded as pending first (so it counts, and a
 * crash half-way leaves an upload the sweep finishes), then the bytes go to the driver's
 * server-side put, then the row is marked ready. A failed write takes its object and row away.
 */
export async function storeGeneratedFile({
  db,
  storage,
  ownerId,
  kind,
  filename,
  contentType,
  bytes,
  billingEnabled = false,
}: Deps & {
  kind: FileKind;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  billingEnabled?: boolean;
}): Promise<StoredFile> {
  const limitBytes = await storageLimitBytes({ db, userId: ownerId, billingEnabled });
  if (limitBytes !== null) {
    const usedBytes = await findStorageTotal({ db, ownerId });
    if (usedBytes + bytes.byteLength > limitBytes) {
      throw storageQuotaError({ usedBytes, limitBytes });
    }
  }
  const fileId = randomUUID();
  const key = `u/${encodeURIComponent(ownerId)}/${fileId}`;
  const row = {
    id: fileId,
    ownerId,
    kind,
    storageKey: key,
    filename,
    declaredType: contentType,
    size: bytes.byteLength,
  };
  if (limitBytes === null) await insertFile({ db, row });
  else if ((await insertFileWithin({ db, row, limitBytes })) === null) {
    // Another file took the room meanwhile.
    throw storageQuotaError({ usedBytes: await findStorageTotal({ db, ownerId }), limitBytes });
  }
  try {
    await storage.putObject(key, bytes, contentType);
    const ready = await markReady({ db, fileId, contentType });
    if (!ready) throw new Error(`generated file ${fileId} was no longer pending`);
    return toStoredFile(ready);
  } catch (error) {
    // Nothing half-saved: the object (if any of it was written) and the row go. Should that fail
    // too, the row stays pending and the sweep removes both later.
    try {
      await storage.delete(key);
      await deleteFileRows({ db, fileIds: [fileId] });
    } catch (cleanupError) {
      throw new AggregateError(
        [error, cleanupError],
        `storing generated file ${fileId} failed; cleanup is left to the sweep`,
      );
    }
    throw error;
  }
}

async function getOwnedFile(db: Db, ownerId: string, fileId: string): Promise<FileRow> {
  const row = await findOwnedFile({ db, ownerId, fileId });
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return row;
}

/**
 * Refuses a finished upload: the object goes, the row stays `rejected` with the reason (so a later
 * look at the upload says why), and the request answers the reason.
 */
async function reject(
  db: Db,
  storage: StorageDriver,
  row: FileRow,
  detail: string,
  field: string,
  code: typeof ERR.INVALID_FORMAT | typeof ERR.TOO_LARGE = ERR.INVALID_FORMAT,
): Promise<never> {
  if (row.multipartUploadId) {
    await storage.abortMultipart(row.storageKey, row.multipartUploadId).catch(() => undefined);
  }
  await storage.delete(row.storageKey);
  await markRejected({ db, fileId: row.id, reason: detail });
  throw new AppError(code, { detail, fields: { [field]: detail } });
}

/** Bytes read from the end of a PDF, where its trailer says whether it is encrypted. */
const PDF_TAIL_BYTES = 64 * 1024;
const PDF_ENCRYPT = /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/;

/**
 * Whether a PDF is encrypted (password-protected or locked), which nothing downstream can read:
 * the trailer (or, in newer files, the cross-reference stream) names an /Encrypt dictionary. Both
 * the start (linearized files) and the end of the file are read.
 */
async function isEncryptedPdf(
  storage: StorageDriver,
  key: string,
  size: number,
  start: Buffer,
): Promise<boolean> {
  if (PDF_ENCRYPT.test(start.toString('latin1'))) return true;
  if (size <= start.length) return false;
  const read = async (from: number, to: number) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.openRead(key, { start: from, end: to })) {
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('latin1');
  };
  const tailFrom = Math.max(start.length, size - PDF_TAIL_BYTES);
  const tail = await read(tailFrom, size - 1);
  if (PDF_ENCRYPT.test(tail)) return true;
  // The last cross-reference section (a stream in newer files) may sit further from the end than
  // the tail read: follow `startxref` to it.
  const offsets = [...tail.matchAll(/startxref\s+(\d+)/g)].map((match) => Number(match[1]));
  const offset = offsets.at(-1);
  if (offset === undefined || offset >= tailFrom || offset < start.length || offset >= size) {
    return false;
  }
  return PDF_ENCRYPT.test(await read(offset, Math.min(size - 1, offset + PDF_TAIL_BYTES - 1)));
}

/**
 * Finalizes an upload: assembles parts, checks the stored size against the declared one, sniffs
 * the content's magic bytes and only then marks the file ready. A mismatch deletes the object.
 */
export async function completeUpload({
  db,
  storage,
  ownerId,
  fileId,
  input,
}: Deps & { fileId: string; input: CompleteUploadInput }): Promise<StoredFile> {
  let row = await getOwnedFile(db, ownerId, fileId);
  if (row.status !== 'pending') {
    throw new AppError(ERR.INVALID_STATE, { detail: `upload is already ${row.status}` });
  }
  if (row.multipartUploadId) {
    const expected = partCount(row.size);
    const parts = input.parts ?? [];
    const numbers = new Set(parts.map((p) => p.part_number));
    if (
      parts.length !== expected ||
      numbers.size !== expected ||
      [...numbers].some((n) => n > expected)
    ) {
      throw new AppError(ERR.INVALID_INPUT, {
        detail: `expected ETags for parts 1 to ${expected}`,
        fields: { parts: `List each of the ${expected} parts once` },
      });
    }
    try {
      await storage.completeMultipart(
        row.storageKey,
        row.multipartUploadId,
        parts.map((p) => ({ partNumber: p.part_number, etag: p.etag })),
      );
    } catch {
      throw new AppError(ERR.CHECK_INPUT, { detail: 'the uploaded parts could not be assembled' });
    }
  }
  if ((await storage.size(row.storageKey)) === null) {
    throw new AppError(ERR.INVALID_STATE, { detail: 'nothing has been uploaded yet' });
  }
  // Where the upload URL could still write after this (S3), the object is moved out of its reach
  // first, and every check below reads the moved object: the bytes checked are the bytes kept.
  if (storage.seal) {
    const sealedKey = await storage.seal(row.storageKey);
    if (!(await moveStorageKey({ db, fileId: row.id, storageKey: sealedKey }))) {
      await storage.delete(sealedKey);
      throw new AppError(ERR.CONFLICT, { detail: 'upload was finalized concurrently' });
    }
    row = { ...row, storageKey: sealedKey };
  }
  const size = await storage.size(row.storageKey);
  if (size === null) {
    throw new AppError(ERR.INVALID_STATE, { detail: 'nothing has been uploaded yet' });
  }
  if (size === 0) {
    return reject(db, storage, row, 'The file is empty', 'size');
  }
  if (size !== row.size) {
    return reject(
      db,
      storage,
      row,
      `The upload holds ${size} bytes, but the file was announced as ${row.size} bytes`,
      'size',
      size > row.size ? ERR.TOO_LARGE : ERR.INVALID_FORMAT,
    );
  }
  const start = await storage.readStart(row.storageKey, SNIFF_BYTES);
  const sniffed = await sniffContentType(start);
  const allowed = FILE_KINDS[row.kind as FileKind].types as readonly string[];
  // DOCX is a ZIP; when its entries lie past the sniffed window it reads as a plain ZIP.
  const effective =
    sniffed === 'application/zip' && row.declaredType === DOCX && /\.docx$/i.test(row.filename)
      ? DOCX
      : sniffed;
  if (!effective || !allowed.includes(effective)) {
    return reject(
      db,
      storage,
      row,
      `The file's content is not one of the accepted types (${allowed.join(', ')}), whatever its name says`,
      'content_type',
    );
  }
  // An accepted type behind another's name (a picture named .pdf) is refused too: what the
  // file says it is must be what it is.
  if (effective !== row.declaredType) {
    return reject(
      db,
      storage,
      row,
      `The file's content is ${effective}, but it was sent as ${row.declaredType}. Check the file and upload it again.`,
      'content_type',
    );
  }
  if (effective === PDF && (await isEncryptedPdf(storage, row.storageKey, size, start))) {
    return reject(
      db,
      storage,
      row,
      'The PDF is password-protected or encrypted. Save or print it as an unprotected PDF and upload that.',
      'content_type',
    );
  }
  const ready = await markReady({ db, fileId: row.id, contentType: effective });
  if (!ready) throw new AppError(ERR.CONFLICT, { detail: 'upload was finalized concurrently' });
  return toStoredFile(ready);
}

export async function getFile({ db, ownerId, fileId }: Omit<Deps, 'storage'> & { fileId: string }) {
  return toStoredFile(await getOwnedFile(db, ownerId, fileId));
}

/** A short-lived URL to download a ready file (`inline`: to open it in the browser). */
export async function getDownloadUrl({
  db,
  storage,
  ownerId,
  fileId,
  disposition = 'attachment',
  filename,
  expiresInSeconds = DOWNLOAD_URL_TTL_SECONDS,
}: Deps & {
  fileId: string;
  disposition?: 'attachment' | 'inline';
  /** The name the download is saved under; the uploaded file's name by default. */
  filename?: string;
  /** How long the URL works; the usual few minutes by default. */
  expiresInSeconds?: number;
}): Promise<DownloadUrl> {
  const row = await getOwnedFile(db, ownerId, fileId);
  if (row.status !== 'ready' || !row.contentType) {
    throw new AppError(ERR.INVALID_STATE, { detail: 'file is not ready' });
  }
  const url = await storage.signGet(row.storageKey, {
    expiresIn: expiresInSeconds,
    filename: filename ?? row.filename,
    contentType: row.contentType,
    disposition,
  });
  return { url, expires_at: new Date(Date.now() + expiresInSeconds * 1000).toISOString() };
}

/**
 * Deletes a file: the row is marked `deleting` (hidden from then on), the object goes (with any
 * unfinished multipart upload), then the row, and rows hanging off it (a vault document) with it.
 * When a step fails, the sweep finishes the delete later: no object is left without its row, and
 * no row points to an object that is gone.
 */
export async function deleteFile({
  db,
  storage,
  ownerId,
  fileId,
}: Deps & { fileId: string }): Promise<void> {
  const row = await markDeleting({ db, ownerId, fileId });
  if (row) return removeStored(db, storage, row);
  // Not marked: no such file, or a refused upload, whose object went when it was refused (and
  // whose bytes no longer count), so only its row is left.
  const refused = await getOwnedFile(db, ownerId, fileId);
  await deleteFileRows({ db, fileIds: [refused.id] });
}

async function removeStored(db: Db, storage: StorageDriver, row: FileRow): Promise<void> {
  if (row.multipartUploadId) {
    await storage.abortMultipart(row.storageKey, row.multipartUploadId).catch(() => undefined);
  }
  await storage.delete(row.storageKey);
  await deleteFileRows({ db, fileIds: [row.id] });
}

/**
 * Finishes what was left: uploads pending since before `pendingCutoff` (abandoned) and deletes
 * that stopped half-way. Idempotent.
 */
export async function sweepStoredFiles(options: {
  db: Db;
  storage: StorageDriver;
  pendingCutoff: Date;
  onProgress?: (done: number, total: number) => Promise<void>;
}): Promise<number> {
  const stale = [
    ...(await findStale({ db: options.db, status: 'pending', cutoff: options.pendingCutoff })),
    ...(await findStale({ db: options.db, status: 'deleting', cutoff: new Date() })),
  ];
  for (const [index, row] of stale.entries()) {
    await removeStored(options.db, options.storage, row);
    await options.onProgress?.(index + 1, stale.length);
  }
  return stale.length;
}

/**
 * The whole content of one of the owner's ready files, for server-side work on files of bounded
 * size (a decision letter is at most 50 MB); larger files are read as streams.
 */
export async function readStoredFile({
  db,
  storage,
  ownerId,
  fileId,
}: Deps & { fileId: string }): Promise<{ bytes: Buffer; contentType: string; kind: FileKind }> {
  const row = await getOwnedFile(db, ownerId, fileId);
  if (row.status !== 'ready' || !row.contentType) {
    throw new AppError(ERR.INVALID_STATE, { detail: 'file is not ready' });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.openRead(row.storageKey)) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), contentType: row.contentType, kind: row.kind as FileKind };
}

/** The owner's ready files, as stored (for the account export). */
export async function listReadyFiles({ db, ownerId }: Omit<Deps, 'storage'>): Promise<FileRow[]> {
  return findReadyFiles({ db, ownerId });
}
