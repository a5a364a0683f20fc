import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import type { KeyRing } from '#src/lib/crypto.ts';

/**
 * Files kept by the local driver are encrypted in chunks, so any byte range can be read by
 * decrypting only the chunks it touches (page-by-page PDF reading, resumed downloads).
 *
 * Layout: a 36-byte header, then chunks of `chunkSize` plaintext bytes each sealed with AES-256-GCM
 * (ciphertext followed by its 16-byte tag); the last chunk may be shorter, and an empty file is one
 * empty chunk.
 *
 *   header = magic(8) | format(1) | reserved(3) | keyId(u32) | chunkSize(u32) | salt(16)
 *
 * Each file gets its own key, HKDF-SHA256(ring key `keyId`, salt), so chunk IVs can be the chunk
 * index. Each chunk's associated data is the header, its index and whether it is the last one: a
 * chunk moved, dropped, or a file cut short at a chunk boundary fails to authenticate.
 */
export const FILE_MAGIC = Buffer.from([0x89, 0x4d, 0x55, 0x53, 0x54, 0x45, 0x4e, 0x43]);
const FORMAT = 1;
export const FILE_HEADER_BYTES = 36;
export const FILE_CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const IV_BYTES = 12;

export class FileDecryptionError extends Error {}

type Header = { keyId: number; chunkSize: number; salt: Buffer; raw: Buffer };

function fileKey(ring: KeyRing, keyId: number, salt: Buffer): Buffer {
  const master = ring.keys.get(keyId);
  if (!master) throw new FileDecryptionError(`no key ${keyId} in the key ring`);
  return Buffer.from(hkdfSync('sha256', master, salt, 'muster stored file v1', 32));
}

function chunkIv(index: number): Buffer {
  const iv = Buffer.alloc(IV_BYTES);
  iv.writeUInt32BE(index, IV_BYTES - 4);
  return iv;
}

function chunkAad(header: Buffer, index: number, last: boolean): Buffer {
  const tail = Buffer.alloc(5);
  tail.writeUInt32BE(index, 0);
  tail[4] = last ? 1 : 0;
  return Buffer.concat([header, tail]);
}

export function parseHeader(bytes: Buffer): Header | null {
  if (bytes.length < FILE_HEADER_BYTES || !bytes.subarray(0, 8).equals(FILE_MAGIC)) return null;
  if (bytes[8] !== FORMAT) throw new FileDecryptionError(`unknown file format ${bytes[8]}`);
  const chunkSize = bytes.readUInt32BE(16);
  if (chunkSize < 1) throw new FileDecryptionError('bad chunk size');
  return {
    keyId: bytes.readUInt32BE(12),
    chunkSize,
    salt: Buffer.from(bytes.subarray(20, 36)),
    raw: Buffer.from(bytes.subarray(0, FILE_HEADER_BYTES)),
  };
}

/** Plaintext size of an encrypted file of `storedSize` bytes. */
export function plaintextSize(header: Header, storedSize: number): number {
  const body = storedSize - FILE_HEADER_BYTES;
  const chunks = Math.ceil(body / (header.chunkSize + TAG_BYTES));
  const size = body - chunks * TAG_BYTES;
  if (chunks < 1 || size < 0) throw new FileDecryptionError('file is truncated');
  return size;
}

/** Encrypts a byte stream under the ring's current key, chunk by chunk, as it flows. */
export function createEncryptStream(ring: KeyRing, chunkSize = FILE_CHUNK_BYTES): Transform {
  const header = Buffer.alloc(FILE_HEADER_BYTES);
  FILE_MAGIC.copy(header, 0);
  header[8] = FORMAT;
  header.writeUInt32BE(ring.current, 12);
  header.writeUInt32BE(chunkSize, 16);
  const salt = randomBytes(16);
  salt.copy(header, 20);
  const key = fileKey(ring, ring.current, salt);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  let headerSent = false;

  const seal = (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', key, chunkIv(index));
    cipher.setAAD(chunkAad(header, index, last));
    index += 1;
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!headerSent) {
        this.push(header);
        headerSent = true;
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      // Hold back at least one byte: only the end of the stream knows which chunk is last.
      if (pendingBytes > chunkSize) {
        let all = Buffer.concat(pending);
        while (all.length > chunkSize) {
          this.push(seal(all.subarray(0, chunkSize), false));
          all = all.subarray(chunkSize);
        }
        pending = [all];
        pendingBytes = all.length;
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (!headerSent) this.push(header);
      this.push(seal(Buffer.concat(pending), true));
      pending = [];
      callback();
    },
  });
}

/**
 * Reads plaintext bytes `start` to `end` (inclusive) of an encrypted file, decrypting only the
 * chunks the range touches. Yields them in order.
 */
export async function* readDecryptedRange(
  ring: KeyRing,
  handle: FileHandle,
  header: Header,
  storedSize: number,
  start: number,
  end: number,
): AsyncGenerator<Buffer> {
  const total = plaintextSize(header, storedSize);
  if (start > end || end >= total) {
    if (total === 0 && start === 0 && end === -1) return;
    throw new FileDecryptionError('range outside the file');
  }
  const size = header.chunkSize;
  const stride = size + TAG_BYTES;
  const lastIndex = Math.max(0, Math.ceil(total / size) - 1);
  const key = fileKey(ring, header.keyId, header.salt);
  for (let index = Math.floor(start / size); index <= Math.floor(end / size); index++) {
    const plainLength = index === lastIndex ? total - index * size : size;
    const sealed = Buffer.alloc(plainLength + TAG_BYTES);
    const { bytesRead } = await handle.read(
      sealed,
      0,
      sealed.length,
      FILE_HEADER_BYTES + index * stride,
    );
    if (bytesRead !== sealed.length) throw new FileDecryptionError('file is truncated');
    const decipher = createDecipheriv('aes-256-gcm', key, chunkIv(index));
    decipher.setAAD(chunkAad(header.raw, index, index === lastIndex));
    decipher.setAuthTag(sealed.subarray(plainLength));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(sealed.subarray(0, plainLength)), decipher.final()]);
    } catch {
      throw new FileDecryptionError('file chunk does not authenticate');
    }
    const from = index === Math.floor(start / size) ? start - index * size : 0;
    const to = index === Math.floor(end / size) ? end - index * size + 1 : plain.length;
    yield plain.subarray(from, to);
  }
}
