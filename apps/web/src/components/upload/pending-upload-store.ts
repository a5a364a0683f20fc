import { fileKindSchema, uploadGrantSchema } from '@muster/contract/storage';
import { z } from 'zod';

import { STORAGE_KEYS } from '@/config/storage-keys';

/**
 * An unfinished multipart upload kept in localStorage, so it can be resumed after a reload: its
 * file id and grant (part URLs, part size, expiry), what identifies the file, and the ETag of every
 * part already stored. One per user and upload slot; nothing of the file's content is kept.
 */

const pendingUploadSchema = z.object({
  version: z.literal(1),
  file_id: z.uuid(),
  kind: fileKindSchema,
  content_type: z.string().min(1),
  grant: uploadGrantSchema,
  file: z.object({
    name: z.string().min(1),
    size: z.number().int().min(1),
    lastModified: z.number(),
  }),
  etags: z.array(z.object({ part_number: z.number().int().min(1), etag: z.string().min(1) })),
});
export type PendingUpload = z.infer<typeof pendingUploadSchema>;

/** Where the upload of `slot` (usually the file kind) is kept for `userId`. */
export function pendingUploadKey(userId: string, slot: string): string {
  return `${STORAGE_KEYS.PENDING_UPLOAD}:${userId}:${slot}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage turned off (private mode, a policy): uploads still work, they just cannot resume.
    return null;
  }
}

/** The kept upload, or null; a record that no longer reads as one is dropped. */
export function readPendingUpload(key: string): PendingUpload | null {
  const store = storage();
  const text = store?.getItem(key) ?? null;
  if (text === null) return null;
  try {
    const parsed = pendingUploadSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: dropped below like any other unreadable record.
  }
  store?.removeItem(key);
  return null;
}

export function writePendingUpload(key: string, record: PendingUpload): void {
  try {
    storage()?.setItem(key, JSON.stringify(record));
  } catch {
    // Storage full or refused: the upload goes on; only resuming after a reload is lost.
  }
}

export function clearPendingUpload(key: string): void {
  storage()?.removeItem(key);
}

/** The kept ETags by part number. */
export function etagsOf(record: Pick<PendingUpload, 'etags'>): Record<number, string> {
  return Object.fromEntries(record.etags.map((part) => [part.part_number, part.etag]));
}

/** The record with `etags` as its finished parts, in part order. */
export function withEtags(record: PendingUpload, etags: Record<number, string>): PendingUpload {
  return {
    ...record,
    etags: Object.entries(etags)
      .map(([partNumber, etag]) => ({ part_number: Number(partNumber), etag }))
      .sort((a, b) => a.part_number - b.part_number),
  };
}
