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
import {
  deleteOwnedFile,
  findOwnedFile,
  findReadyFiles,
  insertFile,
  markReady,
  markRejected,
} from './storage.repository.ts';

type Deps = { db: Db; storage: StorageDriver; ownerId: string };

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function toStoredFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    kind: row.kind as FileKind,
    filename: row.filename,
    content_type: row.contentType,
    size: row.size,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Grants an upload: checks the kind's size and type limits, records a pending file and returns
 * signed URLs (one PUT, or one per part above the multipart threshold).
 */
export async function createUpload({
  db,
  storage,
  ownerId,
  input,
}: Deps & { input: CreateUploadInput }): Promise<UploadGrant> {
  const kind = FILE_KINDS[input.kind];
  if (input.size > kind.maxBytes) {
    throw new AppError(ERR.TOO_LARGE, {
      detail: `${input.kind} files can be at most ${Math.floor(kind.maxBytes / (1024 * 1024))} MB`,
      fields: { size: 'File is too large' },
    });
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

  try {
    await insertFile({
      db,
      row: {
        id: fileId,
        ownerId,
        kind: input.kind,
        storageKey: key,
        filename: input.filename,
        declaredType: declared,
        size: input.size,
        multipartUploadId: uploadId,
      },
    });
  } catch (error) {
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

async function getOwnedFile(db: Db, ownerId: string, fileId: string): Promise<FileRow> {
  const row = await findOwnedFile({ db, ownerId, fileId });
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return row;
}

async function reject(
  db: Db,
  storage: StorageDriver,
  row: FileRow,
  detail: string,
  field: string,
): Promise<never> {
  await storage.delete(row.storageKey);
  await markRejected({ db, fileId: row.id });
  throw new AppError(ERR.INVALID_FORMAT, { detail, fields: { [field]: detail } });
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
  const row = await getOwnedFile(db, ownerId, fileId);
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
  const size = await storage.size(row.storageKey);
  if (size === null) {
    throw new AppError(ERR.INVALID_STATE, { detail: 'nothing has been uploaded yet' });
  }
  if (size !== row.size) {
    return reject(db, storage, row, `uploaded ${size} bytes but declared ${row.size}`, 'size');
  }
  const sniffed = await sniffContentType(await storage.readStart(row.storageKey, SNIFF_BYTES));
  const allowed = FILE_KINDS[row.kind as FileKind].types as readonly string[];
  // DOCX is a ZIP; when its entries lie past the sniffed window it reads as a plain ZIP.
  const effective =
    sniffed === 'application/zip' && row.declaredType === DOCX && /\.docx$/i.test(row.filename)
      ? DOCX
      : sniffed;
  if (!effective || !allowed.includes(effective)) {
    return reject(db, storage, row, 'the file content is not an accepted type', 'content_type');
  }
  const ready = await markReady({ db, fileId: row.id, contentType: effective });
  if (!ready) throw new AppError(ERR.CONFLICT, { detail: 'upload was finalized concurrently' });
  return toStoredFile(ready);
}

export async function getFile({ db, ownerId, fileId }: Omit<Deps, 'storage'> & { fileId: string }) {
  return toStoredFile(await getOwnedFile(db, ownerId, fileId));
}

/** A short-lived URL to download a ready file. */
export async function getDownloadUrl({
  db,
  storage,
  ownerId,
  fileId,
}: Deps & { fileId: string }): Promise<DownloadUrl> {
  const row = await getOwnedFile(db, ownerId, fileId);
  if (row.status !== 'ready' || !row.contentType) {
    throw new AppError(ERR.INVALID_STATE, { detail: 'file is not ready' });
  }
  const url = await storage.signGet(row.storageKey, {
    expiresIn: DOWNLOAD_URL_TTL_SECONDS,
    filename: row.filename,
    contentType: row.contentType,
  });
  return { url, expires_at: new Date(Date.now() + DOWNLOAD_URL_TTL_SECONDS * 1000).toISOString() };
}

/** Deletes the object (and any unfinished multipart upload), then the row. */
export async function deleteFile({
  db,
  storage,
  ownerId,
  fileId,
}: Deps & { fileId: string }): Promise<void> {
  const row = await getOwnedFile(db, ownerId, fileId);
  if (row.multipartUploadId) await storage.abortMultipart(row.storageKey, row.multipartUploadId);
  await storage.delete(row.storageKey);
  await deleteOwnedFile({ db, ownerId, fileId: row.id });
}

/** The owner's ready files, as stored (for the account export). */
export async function listReadyFiles({ db, ownerId }: Omit<Deps, 'storage'>): Promise<FileRow[]> {
  return findReadyFiles({ db, ownerId });
}
