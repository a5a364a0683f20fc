import { ERR } from '@muster/contract/errors';
import {
  storedFileSchema,
  uploadGrantSchema,
  type CompleteUploadInput,
  type CreateUploadInput,
  type StoredFile,
  type UploadGrant,
} from '@muster/contract/storage';

import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/**
 * The upload endpoints, called by the upload runner in order (grant, bytes, finish), so they are
 * plain fetchers rather than queries. Every kind of upload goes through them.
 */

/** `POST /uploads`: signed URLs for the file's bytes (403 `quota` when storage would be full). */
export function createUpload(input: CreateUploadInput): Promise<UploadGrant> {
  return api.post('/uploads', input, uploadGrantSchema);
}

/**
 * `POST /uploads/{id}/complete`: the API assembles the parts and reads the content; a refusal
 * (another type behind the name, an encrypted PDF, an empty file) answers 400/413 with the reason.
 */
export function completeUpload(fileId: string, input: CompleteUploadInput): Promise<StoredFile> {
  return api.post(`/uploads/${encodeURIComponent(fileId)}/complete`, input, storedFileSchema, {
    // Assembling hundreds of megabytes and reading them takes a while.
    timeoutMs: 120_000,
  });
}

/** `GET /uploads/{id}`: whether the upload is pending, ready or rejected (and why). */
export function getUpload(fileId: string): Promise<StoredFile> {
  return api.get(`/uploads/${encodeURIComponent(fileId)}`, storedFileSchema);
}

/** `DELETE /uploads/{id}`: cancels the upload; one already gone is what was asked for. */
export async function cancelUpload(fileId: string): Promise<void> {
  try {
    await api.delete(`/uploads/${encodeURIComponent(fileId)}`);
  } catch (error) {
    if (isApiError(error) && error.code === ERR.NOT_FOUND) return;
    throw error;
  }
}
