import { z } from 'zod';
import { safeText } from './text.ts';

const MB = 1024 * 1024;

/** Uploads above this size go in parts (resumable, parallel); at or below it, one signed PUT. */
export const MULTIPART_THRESHOLD_BYTES = 64 * MB;
/** Size of each part but the last (S3 needs ≥ 5 MB). */
export const MULTIPART_PART_BYTES = 16 * MB;
/** How long a signed upload or download URL works. */
export const UPLOAD_URL_TTL_SECONDS = 60 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

const PDF = 'application/pdf';
const JPEG = 'image/jpeg';
const PNG = 'image/png';
const WEBP = 'image/webp';
const HEIC = 'image/heic';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TEXT = 'text/plain';

/**
 * What may be uploaded, per use. The content is sniffed on finalize; the declared type alone never
 * decides. Sizes: a full C-file or a scanned record set runs to hundreds of pages.
 */
export const FILE_KINDS = {
  document: { maxBytes: 500 * MB, types: [PDF, JPEG, PNG, WEBP, HEIC, DOCX, TEXT] },
  'decision-letter': { maxBytes: 50 * MB, types: [PDF, JPEG, PNG] },
  'c-file': { maxBytes: 500 * MB, types: [PDF] },
  avatar: { maxBytes: 5 * MB, types: [JPEG, PNG, WEBP] },
} as const satisfies Record<string, { maxBytes: number; types: readonly string[] }>;

export type FileKind = keyof typeof FILE_KINDS;
export const fileKindSchema = z.enum(Object.keys(FILE_KINDS) as [FileKind, ...FileKind[]]);

export const createUploadInputSchema = z.object({
  kind: fileKindSchema,
  filename: safeText({ min: 1, max: 255 }).refine(
    (name) => !/[\\/]/.test(name),
    'must not contain slashes',
  ),
  content_type: safeText({ min: 3, max: 255 }),
  size: z.number().int().min(1),
});
export type CreateUploadInput = z.infer<typeof createUploadInputSchema>;

export const uploadPartSchema = z.object({ part_number: z.number().int().min(1), url: z.url() });

export const uploadGrantSchema = z.object({
  file_id: z.uuid(),
  method: z.enum(['single', 'multipart']),
  /** single: PUT the whole file here with these headers. */
  url: z.url().optional(),
  headers: z.record(z.string(), z.string()),
  /** multipart: PUT each part (part_size bytes, the last may be shorter) and keep its ETag. */
  part_size: z.number().int().optional(),
  parts: z.array(uploadPartSchema).optional(),
  expires_at: z.iso.datetime(),
});
export type UploadGrant = z.infer<typeof uploadGrantSchema>;

export const completeUploadInputSchema = z.object({
  parts: z
    .array(
      z.object({
        part_number: z.number().int().min(1).max(10_000),
        etag: safeText({ min: 1, max: 200, trim: false }),
      }),
    )
    .max(10_000)
    .optional(),
});
export type CompleteUploadInput = z.infer<typeof completeUploadInputSchema>;

export const storedFileSchema = z.object({
  id: z.uuid(),
  kind: fileKindSchema,
  filename: z.string(),
  content_type: z.string().nullable(),
  size: z.number().int(),
  status: z.enum(['pending', 'ready', 'rejected']),
  /** Why a `rejected` upload was refused, in words the owner can act on; null otherwise. */
  rejection_reason: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const downloadUrlSchema = z.object({ url: z.url(), expires_at: z.iso.datetime() });
export type DownloadUrl = z.infer<typeof downloadUrlSchema>;

/** Number of parts for a file of `size` bytes. */
export function partCount(size: number): number {
  return Math.ceil(size / MULTIPART_PART_BYTES);
}
