import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DecryptionError, decrypt, encrypt, loadKeyRing, needsRotation, parseKeyRing } from './crypto.ts';

const key = () => randomBytes(32).toString('base64');

describe('[CRYPTO]', () => {
  it('[CRYPTO]: round-trips and never repeats a ciphertext', () => {
    const ring = parseKeyRing(key());
    const a = encrypt(ring, 'va-oauth-refresh-token');
    const b = encrypt(ring, 'va-oauth-refresh-token');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.')).toBe(true);
    expect(decrypt(ring, a)).toBe('va-oauth-refresh-token');
  });

  it('[CRYPTO]: tampering, a wrong key or wrong associated data fail authentication', () => {
    const ring = parseKeyRing(key());
    const value = encrypt(ring, 'secret', 'user_1');
    expect(decrypt(ring, value, 'user_1')).toBe('secret');
    expect(() => decrypt(ring, value, 'user_2')).toThrow(DecryptionError);
    const parts = value.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    expect(() => decrypt(ring, [parts[0], parts[1], parts[2], data.toString('base64url')].join('.'), 'user_1')).toThrow(DecryptionError);
    expect(() => decrypt(parseKeyRing(key()), value, 'user_1')).toThrow(DecryptionError);
    expect(() => decrypt(ring, 'garbage')).toThrow(DecryptionError);
  });

  it('[CRYPTO]: keys rotate: the newest encrypts, older ones still decrypt', () => {
    const oldKey = key();
    const oldRing = parseKeyRing(oldKey);
    const written = encrypt(oldRing, 'kept');
    const rotated = parseKeyRing(`2:${key()},1:${oldKey}`);
    expect(decrypt(rotated, written)).toBe('kept');
    expect(needsRotation(rotated, written)).toBe(true);
    const rewritten = encrypt(rotated, 'kept');
    expect(rewritten.startsWith('v2.')).toBe(true);
    expect(needsRotation(rotated, rewritten)).toBe(false);
    expect(() => decrypt(oldRing, rewritten)).toThrow(/no key version 2/);
  });

  it('[CRYPTO]: bad keys are refused with a clear message', () => {
    expect(() => parseKeyRing('c2hvcnQ=')).toThrow(/32 bytes/);
    expect(() => parseKeyRing(`x:${key()}`)).toThrow(/<version>:<base64 key>/);
    expect(() => parseKeyRing(`1:${key()},1:${key()}`)).toThrow(/twice/);
  });

  it('[CRYPTO]: the embedded mode generates one key file (0600) and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-key-'));
    try {
      const first = loadKeyRing({ encryptionKey: undefined, dataDir: path.join(dir, 'data') });
      const file = path.join(dir, 'data', 'encryption.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const second = loadKeyRing({ encryptionKey: undefined, dataDir: path.join(dir, 'data') });
      expect(second.keys.get(1)).toEqual(first.keys.get(1));
      expect(readFileSync(file, 'utf8').trim()).toHaveLength(44);
      const value = encrypt(first, 'x');
      expect(decrypt(second, value)).toBe('x');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
