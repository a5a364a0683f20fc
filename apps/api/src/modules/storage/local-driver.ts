import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageDriver } from './storage-driver.ts';
import { StorageObjectError } from './storage-driver.ts';
import type { TokenSigner } from './signed-token.ts';

/** Object keys are ours (`u/<owner>/<uuid>`), but never trust a key to stay inside the root. */
function resolveInside(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(root + path.sep)) throw new StorageObjectError('key escapes storage root');
  return full;
}

const UPLOAD_ID = /^[0-9a-f-]{36}$/;

/**
 * Files under `$DATA_DIR/files`. Signed URLs point at the API's own `/storage/local/:token`
 * routes, with the same expiry and size bounds S3's presigned URLs carry.
 */
export function createLocalDriver(options: {
  root: string;
  apiUrl: string;
  signer: TokenSigner;
}): StorageDriver & { writeObject: typeof writeObject; partsDir: (uploadId: string) => string } {
  const root = path.resolve(options.root);
  const multipartRoot = path.join(root, '.multipart');
  const now = () => Math.floor(Date.now() / 1000);
  const urlFor = (token: string) => `${options.apiUrl}/storage/local/${token}`;
  const partsDir = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw new StorageObjectError('bad upload id');
    return path.join(multipartRoot, uploadId);
  };

  /**
   * Streams a request body to `file`, refusing more than `maxBytes`. Writes to a temporary file and
   * renames, so a failed upload never leaves a half object. Returns the size and an MD5 ETag.
   */
  async function writeObject(file: string, body: Readable, maxBytes: number) {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.part`;
    const hash = createHash('md5');
    let size = 0;
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > maxBytes) throw new StorageObjectError('body larger than signed size');
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(temporary, { mode: 0o600 }),
      );
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { size, etag: `"${hash.digest('hex')}"` };
  }

  return {
    name: 'local',
    writeObject,
    partsDir,
    async signPut(key, { size, contentType, expiresIn }) {
      resolveInside(root, key);
      const token = options.signer.sign({ op: 'put', key, size, exp: now() + expiresIn });
      return { url: urlFor(token), headers: { 'content-type': contentType } };
    },
    async createMultipart(key) {
      resolveInside(root, key);
      const uploadId = randomUUID();
      await mkdir(partsDir(uploadId), { recursive: true });
      return uploadId;
    },
    async signPart(key, { uploadId, partNumber, maxBytes, expiresIn }) {
      const token = options.signer.sign({
        op: 'part',
        key,
        uploadId,
        partNumber,
        maxBytes,
        exp: now() + expiresIn,
      });
      return urlFor(token);
    },
    async completeMultipart(key, uploadId, parts) {
      const dir = partsDir(uploadId);
      const target = resolveInside(root, key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      const output = createWriteStream(temporary, { mode: 0o600 });
      try {
        for (const part of [...parts].sort((a, b) => a.partNumber - b.partNumber)) {
          const file = path.join(dir, String(part.partNumber));
          const data = await readWhole(file).catch(() => {
            throw new StorageObjectError(`part ${part.partNumber} was not uploaded`);
          });
          const etag = `"${createHash('md5').update(data).digest('hex')}"`;
          if (etag !== normaliseEtag(part.etag)) {
            throw new StorageObjectError(`part ${part.partNumber} ETag does not match`);
          }
          if (!output.write(data)) await new Promise<void>((resolve) => output.once('drain', () => resolve()));
        }
        await new Promise<void>((resolve, reject) => output.end((error?: Error | null) => (error ? reject(error) : resolve())));
        await rename(temporary, target);
        await rm(dir, { recursive: true, force: true });
      } catch (error) {
        output.destroy();
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async abortMultipart(_key, uploadId) {
      await rm(partsDir(uploadId), { recursive: true, force: true });
    },
    async size(key) {
      try {
        const info = await stat(resolveInside(root, key));
        return info.isFile() ? info.size : null;
      } catch {
        return null;
      }
    },
    async readStart(key, length) {
      const handle = await open(resolveInside(root, key), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async openRead(key) {
      return createReadStream(resolveInside(root, key));
    },
    async signGet(key, { expiresIn, filename, contentType }) {
      resolveInside(root, key);
      return urlFor(
        options.signer.sign({ op: 'get', key, filename, contentType, exp: now() + expiresIn }),
      );
    },
    async delete(key) {
      await rm(resolveInside(root, key), { force: true });
    },
  };
}

function normaliseEtag(etag: string): string {
  const trimmed = etag.trim();
  return trimmed.startsWith('"') ? trimmed : `"${trimmed}"`;
}

async function readWhole(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Removes multipart leftovers older than `maxAgeMs` (abandoned uploads). */
export async function sweepMultipart(root: string, maxAgeMs: number): Promise<number> {
  const dir = path.join(path.resolve(root), '.multipart');
  let removed = 0;
  const entries = await readdir(dir).catch(() => [] as string[]);
  for (const entry of entries) {
    const info = await stat(path.join(dir, entry)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > maxAgeMs) {
      await rm(path.join(dir, entry), { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}
