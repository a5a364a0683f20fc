import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { S3Config } from '#src/config/env.ts';
import type { StorageDriver } from './storage-driver.ts';

/**
 * Objects are stored with server-side encryption (SSE-S3, AES-256): the store encrypts them with keys
 * it manages. A single PUT signs the header, so an upload without it is refused; multipart uploads
 * set it once when they are created. A store that does not offer SSE-S3 (MinIO without a KMS)
 * refuses the uploads rather than keeping files unencrypted.
 */
export const SERVER_SIDE_ENCRYPTION = 'AES256';
const SSE_HEADER = 'x-amz-server-side-encryption';

/** AWS S3 or any S3-compatible store (R2, MinIO). Uploads and downloads use presigned URLs. */
export function createS3Driver(options: S3Config): StorageDriver & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: otherwise the SDK signs a checksum of the empty body
    // into every presigned upload URL, and the store refuses the real file as corrupt.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  return {
    name: 's3',
    client,
    async signPut(key, { size, contentType, expiresIn }) {
      // Content-Length, Content-Type and the encryption header are signed: the store refuses any
      // other size or type, and an upload that does not ask for encryption.
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket,
          Key: key,
          ContentLength: size,
          ContentType: contentType,
          ServerSideEncryption: SERVER_SIDE_ENCRYPTION,
        }),
        { expiresIn, signableHeaders: new Set(['content-length', 'content-type', SSE_HEADER]) },
      );
      return {
        url,
        headers: { 'content-type': contentType, [SSE_HEADER]: SERVER_SIDE_ENCRYPTION },
      };
    },
    async createMultipart(key, { contentType }) {
      const result = await client.send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key: key,
          ContentType: contentType,
          ServerSideEncryption: SERVER_SIDE_ENCRYPTION,
        }),
      );
      if (!result.UploadId) throw new Error('store returned no upload id');
      return result.UploadId;
    },
    async signPart(key, { uploadId, partNumber, expiresIn }) {
      return getSignedUrl(
        client,
        new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
        { expiresIn },
      );
    },
    async completeMultipart(key, uploadId, parts) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.partNumber - b.partNumber)
              .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
          },
        }),
      );
    },
    async abortMultipart(key, uploadId) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound')
          return null;
        throw error;
      }
    },
    async readStart(key, length) {
      const result = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${length - 1}` }),
      );
      const bytes = await result.Body?.transformToByteArray();
      return Buffer.from(bytes ?? new Uint8Array()).subarray(0, length);
    },
    async putObject(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: contentType,
          ServerSideEncryption: SERVER_SIDE_ENCRYPTION,
        }),
      );
    },
    async openRead(key, range) {
      const result = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = result.Body as Readable;
      if (!range) return body;
      // A store may answer with more than the range asked for (the whole object, as HTTP allows, or
      // a wider range): cut the requested bytes out of what came back.
      const served = /^bytes (\d+)-(\d+)\//.exec(result.ContentRange ?? '');
      const servedStart = served ? Number(served[1]) : 0;
      const servedEnd = served ? Number(served[2]) : Number.POSITIVE_INFINITY;
      if (servedStart === range.start && servedEnd === range.end) return body;
      return Readable.from(sliceStream(body, range.start - servedStart, range.end - servedStart));
    },
    async signGet(key, { expiresIn, filename, contentType, disposition }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: contentType,
          ResponseContentDisposition: contentDisposition(filename, disposition),
        }),
        { expiresIn },
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async seal(key) {
      const sealed = sealedKeyOf(key);
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: sealed,
          // The source names the object by its URL path: each segment encoded.
          CopySource: `${Bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
          ServerSideEncryption: SERVER_SIDE_ENCRYPTION,
          MetadataDirective: 'COPY',
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      return sealed;
    },
  };
}

/** Where a finished upload's object is moved: the same name under `s/` instead of `u/`. */
export function sealedKeyOf(key: string): string {
  return key.startsWith('u/') ? `s/${key.slice(2)}` : `s/${key}`;
}

async function* sliceStream(source: AsyncIterable<Buffer>, start: number, end: number) {
  let offset = 0;
  for await (const chunk of source) {
    const from = Math.max(0, start - offset);
    const to = Math.min(chunk.length, end - offset + 1);
    if (to > from) yield chunk.subarray(from, to);
    offset += chunk.length;
    if (offset > end) break;
  }
}

/**
 * `attachment` (save) or `inline` (open in the browser), with an ASCII fallback and the UTF-8 name
 * (RFC 6266).
 */
export function contentDisposition(
  filename: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
