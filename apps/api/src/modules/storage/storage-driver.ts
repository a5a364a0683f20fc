import type { Readable } from 'node:stream';

export type SignedRequest = { url: string; headers: Record<string, string> };

/**
 * Where file bytes live. Clients upload and download straight to signed URLs; the API only signs,
 * checks and deletes. Both drivers behave alike, so features never know which one runs.
 */
export type StorageDriver = {
  readonly name: 'local' | 's3';
  /** A URL accepting one PUT of exactly `size` bytes to `key`. */
  signPut(key: string, options: { size: number; contentType: string; expiresIn: number }): Promise<SignedRequest>;
  createMultipart(key: string, options: { contentType: string }): Promise<string>;
  /** A URL accepting one PUT of at most `maxBytes` bytes for part `partNumber`. */
  signPart(
    key: string,
    options: { uploadId: string; partNumber: number; maxBytes: number; expiresIn: number },
  ): Promise<string>;
  completeMultipart(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /** Size of a stored object, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The first `length` bytes of an object (fewer if it is shorter). */
  readStart(key: string, length: number): Promise<Buffer>;
  /** Server-side reads (jobs that process a file). */
  openRead(key: string): Promise<Readable>;
  signGet(
    key: string,
    options: { expiresIn: number; filename: string; contentType: string },
  ): Promise<string>;
  delete(key: string): Promise<void>;
};

export class StorageObjectError extends Error {}
