import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { KeyRing } from '#src/lib/crypto.ts';
import {
  FILE_HEADER_BYTES,
  createEncryptStream,
  parseHeader,
  plaintextSize,
  readDecryptedRange,
} from './file-encryption.ts';
import type { ByteRange, StorageDriver } from './storage-driver.ts';
import { StorageObjectError } from './storage-driver.ts';
import type { TokenSigner } from './signed-token.ts';

/** Object keys are ours (`u/<owner>/<uuid>`), but never trust a key to stay inside the root. */
function resolveInside(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(root + path.sep)) throw new StorageObjectError('key escapes storage root');
  return full;
}

const UPLOAD_ID = /^[0-9a-f-]{36}$/;

type OpenObject = {
  handle: FileHandle;
  /** Plaintext size. */
  size: number;
  /** The encryption key id, or null for a file stored before files were encrypted. */
  keyId: number | null;
  read(range: ByteRange): AsyncGenerator<Buffer>;
};

/**
 * Opens a stored object for reading plaintext. Files written before encryption was introduced have
 * no header and read as they are; the rotation job encrypts them.
 */
async function openObject(ring: KeyRing, file: string): Promise<OpenObject> {
  const handle = await open(file, 'r');
  try {
    const info = await handle.stat();
    const start = Buffer.alloc(FILE_HEADER_BYTES);
    const { bytesRead } = await handle.read(start, 0, FILE_HEADER_BYTES, 0);
    const header = parseHeader(start.subarray(0, bytesRead));
    if (!header) {
      return {
        handle,
        size: info.size,
        keyId: null,
        async *read({ start: from, end }) {
          for (let offset = from; offset <= end; offset += 64 * 1024) {
            const buffer = Buffer.alloc(Math.min(64 * 1024, end - offset + 1));
            const { bytesRead: got } = await handle.read(buffer, 0, buffer.length, offset);
            if (got === 0) return;
            yield buffer.subarray(0, got);
          }
        },
      };
    }
    return {
      handle,
      size: plaintextSize(header, info.size),
      keyId: header.keyId,
      read: ({ start: from, end }) =>
        readDecryptedRange(ring, handle, header, info.size, from, end),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** A stream of plaintext bytes `range` (the whole object by default); closes the file at the end. */
async function plaintextStream(ring: KeyRing, file: string, range?: ByteRange): Promise<Readable> {
  const object = await openObject(ring, file);
  if (range && (range.start < 0 || range.end < range.start || range.end >= object.size)) {
    await object.handle.close();
    throw new StorageObjectError('range outside the object');
  }
  const wanted = range ?? { start: 0, end: object.size - 1 };
  async function* chunks() {
    try {
      if (wanted.end >= wanted.start) yield* object.read(wanted);
    } finally {
      await object.handle.close();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * Files under `$DATA_DIR/files`, encrypted with the key ring in chunks (`file-encryption.ts`);
 * plaintext never touches the disk, not even as a temporary file. Signed URLs point at the API's
 * own `/storage/local/:token` routes, with the same expiry and size bounds S3's presigned URLs carry.
 */
export function createLocalDriver(options: {
  root: string;
  apiUrl: string;
  signer: TokenSigner;
  keyRing: KeyRing;
}): StorageDriver & {
  writeObject: typeof writeObject;
  partsDir: (uploadId: string) => string;
  rotateObject: (key: string) => Promise<boolean>;
} {
  const ring = options.keyRing;
  const root = path.resolve(options.root);
  const multipartRoot = path.join(root, '.multipart');
  const now = () => Math.floor(Date.now() / 1000);
  const urlFor = (token: string) => `${options.apiUrl}/storage/local/${token}`;
  const partsDir = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw new StorageObjectError('bad upload id');
    return path.join(multipartRoot, uploadId);
  };

  /**
   * Streams a request body to `file`, encrypting as it flows and refusing more than `maxBytes`.
   * Writes to a temporary file (ciphertext only) and renames, so a failed upload never leaves a
   * half object. Returns the plaintext size and an MD5 ETag of the plaintext, as S3 would.
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
        createEncryptStream(ring),
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
      // Each part is decrypted, checked against its ETag and re-encrypted into one object as it flows.
      async function* assembled() {
        for (const part of [...parts].sort((a, b) => a.partNumber - b.partNumber)) {
          const file = path.join(dir, String(part.partNumber));
          const stream = await plaintextStream(ring, file).catch(() => {
            throw new StorageObjectError(`part ${part.partNumber} was not uploaded`);
          });
          const hash = createHash('md5');
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            hash.update(chunk);
            yield chunk;
          }
          if (`"${hash.digest('hex')}"` !== normaliseEtag(part.etag)) {
            throw new StorageObjectError(`part ${part.partNumber} ETag does not match`);
          }
        }
      }
      try {
        await pipeline(
          assembled(),
          createEncryptStream(ring),
          createWriteStream(temporary, { mode: 0o600 }),
        );
        await rename(temporary, target);
        await rm(dir, { recursive: true, force: true });
      } catch (error) {
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
        if (!info.isFile()) return null;
      } catch {
        return null;
      }
      const object = await openObject(ring, resolveInside(root, key));
      await object.handle.close();
      return object.size;
    },
    async readStart(key, length) {
      const object = await openObject(ring, resolveInside(root, key));
      try {
        const end = Math.min(length, object.size) - 1;
        const chunks: Buffer[] = [];
        if (end >= 0) for await (const chunk of object.read({ start: 0, end })) chunks.push(chunk);
        return Buffer.concat(chunks);
      } finally {
        await object.handle.close();
      }
    },
    async putObject(key, bytes) {
      // The same path as an upload's PUT: encrypted as it flows, renamed into place when whole.
      await writeObject(
        resolveInside(root, key),
        Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
        bytes.byteLength,
      );
    },
    async openRead(key, range) {
      return plaintextStream(ring, resolveInside(root, key), range);
    },
    /** Re-encrypts an object under the current key (or encrypts a legacy one); false if already current. */
    async rotateObject(key) {
      const file = resolveInside(root, key);
      const object = await openObject(ring, file).catch(() => null);
      if (!object) return false;
      const { ino } = await object.handle.stat();
      await object.handle.close();
      if (object.keyId === ring.current) return false;
      const temporary = `${file}.${randomUUID()}.part`;
      try {
        await pipeline(
          await plaintextStream(ring, file),
          createEncryptStream(ring),
          createWriteStream(temporary, { mode: 0o600 }),
        );
        // A file deleted (or replaced) meanwhile must not come back as the re-encrypted copy.
        const still = await stat(file).catch(() => null);
        if (!still || still.ino !== ino) {
          await rm(temporary, { force: true });
          return false;
        }
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return true;
    },
    async signGet(key, { expiresIn, filename, contentType, disposition }) {
      resolveInside(root, key);
      return urlFor(
        options.signer.sign({
          op: 'get',
          key,
          filename,
          contentType,
          ...(disposition === 'inline' ? { disposition } : {}),
          exp: now() + expiresIn,
        }),
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
