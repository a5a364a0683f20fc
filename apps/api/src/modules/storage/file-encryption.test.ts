import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { parseKeyRing } from '#src/lib/crypto.ts';
import {
  FILE_HEADER_BYTES,
  FILE_MAGIC,
  FileDecryptionError,
  createEncryptStream,
  parseHeader,
  plaintextSize,
  readDecryptedRange,
} from './file-encryption.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'muster-file-enc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const k1 = randomBytes(32).toString('base64');
const k2 = randomBytes(32).toString('base64');
const ring1 = parseKeyRing(k1);
const CHUNK = 16; // small chunks make every boundary case cheap to reach

async function encryptToBuffer(plain: Buffer, ring = ring1, pieces = 7): Promise<Buffer> {
  // Feed the plaintext in odd-sized pieces so chunking does not depend on how bytes arrive.
  const parts: Buffer[] = [];
  for (let i = 0; i < plain.length; i += pieces) parts.push(plain.subarray(i, i + pieces));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(parts).pipe(createEncryptStream(ring, CHUNK)))
    out.push(chunk as Buffer);
  return Buffer.concat(out);
}

async function readRange(
  stored: Buffer,
  start: number,
  end: number,
  ring = ring1,
): Promise<Buffer> {
  const file = path.join(dir, `f-${randomBytes(4).toString('hex')}`);
  writeFileSync(file, stored);
  const handle = await open(file, 'r');
  try {
    const header = parseHeader(stored)!;
    const out: Buffer[] = [];
    for await (const chunk of readDecryptedRange(ring, handle, header, stored.length, start, end))
      out.push(chunk);
    return Buffer.concat(out);
  } finally {
    await handle.close();
  }
}

describe('[FILE-ENCRYPTION]', () => {
  it('[FILE-ENCRYPTION]: every range of every size reads back exactly, across chunk boundaries', async () => {
    for (const size of [1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 5]) {
      const plain = randomBytes(size);
      const stored = await encryptToBuffer(plain);
      const header = parseHeader(stored)!;
      expect(header.keyId).toBe(1);
      expect(plaintextSize(header, stored.length)).toBe(size);
      expect(stored.length).toBe(
        FILE_HEADER_BYTES + size + 16 * Math.max(1, Math.ceil(size / CHUNK)),
      );
      for (let start = 0; start < size; start += 3) {
        for (let end = start; end < size; end += 5) {
          expect(await readRange(stored, start, end)).toEqual(plain.subarray(start, end + 1));
        }
      }
      expect(await readRange(stored, 0, size - 1)).toEqual(plain);
    }
  });

  it('[FILE-ENCRYPTION]: an empty file is a header and one empty sealed chunk', async () => {
    const stored = await encryptToBuffer(Buffer.alloc(0));
    expect(stored.subarray(0, 8)).toEqual(FILE_MAGIC);
    expect(plaintextSize(parseHeader(stored)!, stored.length)).toBe(0);
    expect(stored.length).toBe(FILE_HEADER_BYTES + 16);
  });

  it('[FILE-ENCRYPTION]: the stored bytes never contain the plaintext', async () => {
    const plain = Buffer.from('Diagnosis: chronic lumbar strain, service connected. '.repeat(20));
    const stored = await encryptToBuffer(plain);
    expect(stored.includes(Buffer.from('lumbar'))).toBe(false);
  });

  it('[FILE-ENCRYPTION]: a changed byte, a file cut at a chunk boundary or a missing key is refused', async () => {
    const plain = randomBytes(3 * CHUNK);
    const stored = await encryptToBuffer(plain);
    const tampered = Buffer.from(stored);
    tampered[FILE_HEADER_BYTES + CHUNK + 16 + 2]! ^= 1;
    await expect(readRange(tampered, CHUNK, 2 * CHUNK - 1)).rejects.toThrow(FileDecryptionError);
    // Untouched chunks still read: one bad chunk does not poison the rest.
    expect(await readRange(tampered, 0, CHUNK - 1)).toEqual(plain.subarray(0, CHUNK));
    // Dropping the last chunk leaves a file whose new last chunk was not sealed as last.
    const cut = stored.subarray(0, stored.length - (CHUNK + 16));
    await expect(readRange(cut, 0, 2 * CHUNK - 1)).rejects.toThrow(FileDecryptionError);
    await expect(readRange(stored, 0, 5, parseKeyRing(`2:${k2}`))).rejects.toThrow(/no key 1/);
  });

  it('[FILE-ENCRYPTION]: after rotation new files use the new key and old ones still read', async () => {
    const old = await encryptToBuffer(Buffer.from('written under key one'));
    const rotated = parseKeyRing(`2:${k2},1:${k1}`);
    const fresh = await encryptToBuffer(Buffer.from('written under key two'), rotated);
    expect(parseHeader(fresh)!.keyId).toBe(2);
    expect((await readRange(old, 0, 20, rotated)).toString()).toBe('written under key one');
    expect((await readRange(fresh, 0, 20, rotated)).toString()).toBe('written under key two');
  });
});
