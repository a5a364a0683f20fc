import type { Readable } from 'node:stream';

export type SignedRequest = { url: string; headers: Record<string, string> };

/** Bytes `start` to `end` of an object, both inclusive (as in HTTP Range). */
export type ByteRange = { start: number; end: number };

/**
 * Where file bytes live. Clients upload and download straight to signed URLs; the API only signs,
 * checks and deletes. Both drivers behave alike, so features never know which one runs.
 */
export type StorageDriver = {
  readonly name: 'local' | 's3';
  /** A URL accepting one PUT of exactly `size` bytes to `key`. */
  signPut(
    key: string,
    options: { size: number; contentType: string; expiresIn: number },
  ): Promise<SignedRequest>;
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
  /** Size of a stored object's content (its plaintext), or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The first `length` bytes of an object (fewer if it is shorter). */
  readStart(key: string, length: number): Promise<Buffer>;
  /**
   * Server-side write of a whole object the API made itself (a generated packet), stored as an
   * upload to a signed URL would be: encrypted by the local driver, with server-side encryption on
   * S3. Replaces any object at `key`.
   */
  putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Server-side reads (jobs that process a file): the whole object, or one byte range of it. */
  openRead(key: string, range?: ByteRange): Promise<Readable>;
  /** A download link; `inline` asks the browser to show the file rather than save it. */
  signGet(
    key: string,
    options: {
      expiresIn: number;
      filename: string;
      contentType: string;
      disposition?: 'attachment' | 'inline';
    },
  ): Promise<string>;
  delete(key: string): Promise<void>;
  /**
   * Only for drivers whose signed upload URLs keep working after the upload is finished (S3, where
   * a URL cannot be withdrawn): moves the object to a key no URL was ever signed for and answers
   * that key, so bytes checked once cannot be replaced through the old URL. Drivers that refuse
   * writes to a finished upload themselves (local) have none.
   */
  seal?(key: string): Promise<string>;
  /**
   * Only for drivers that encrypt objects themselves (local): re-encrypts one object under the
   * current key; false when it already was.
   */
  rotateObject?(key: string): Promise<boolean>;
};

export class StorageObjectError extends Error {}
