import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FieldDecryptionError,
  fieldKeyId,
  openField,
  registerFieldCipher,
  sealField,
} from '@muster/db/encryption';
import {
  DecryptionError,
  createFieldCipher,
  decrypt,
  encrypt,
  loadKeyRing,
  needsRotation,
  parseKeyRing,
} from './crypto.ts';

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
    expect(() =>
      decrypt(ring, [parts[0], parts[1], parts[2], data.toString('base64url')].join('.'), 'user_1'),
    ).toThrow(DecryptionError);
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

describe('[CRYPTO] encrypted columns', () => {
  it('[CRYPTO]: a column value is sealed under the current key id and opens only for its column', () => {
    const unregister = registerFieldCipher(createFieldCipher(parseKeyRing(`3:${key()}`)));
    try {
      const stored = sealField('Tinnitus since 2009 deployment', 'statement');
      expect(stored).toMatch(/^enc:v1:3:[A-Za-z0-9+/]+=*$/);
      expect(stored).not.toContain('Tinnitus');
      expect(sealField('Tinnitus since 2009 deployment', 'statement')).not.toBe(stored);
      expect(fieldKeyId(stored)).toBe(3);
      expect(openField(stored, 'statement')).toBe('Tinnitus since 2009 deployment');
      expect(() => openField(stored, 'other_column')).toThrow(FieldDecryptionError);
      // A changed character well inside the payload (not in base64 padding bits).
      const at = 'enc:v1:3:'.length + 20;
      const flipped = stored.slice(0, at) + (stored[at] === 'A' ? 'B' : 'A') + stored.slice(at + 1);
      expect(() => openField(flipped, 'statement')).toThrow(FieldDecryptionError);
      expect(() => openField('enc:v1:3:not base64!', 'statement')).toThrow(/malformed/);
    } finally {
      unregister();
    }
  });

  it('[CRYPTO]: legacy plaintext reads as is; older keys still open; new values use the newest key', () => {
    const oldKey = key();
    const unregisterOld = registerFieldCipher(createFieldCipher(parseKeyRing(oldKey)));
    const old = sealField('Jane Q. Veteran', 'name');
    unregisterOld();
    const unregister = registerFieldCipher(
      createFieldCipher(parseKeyRing(`2:${key()},1:${oldKey}`)),
    );
    try {
      expect(fieldKeyId(old)).toBe(1);
      expect(openField(old, 'name')).toBe('Jane Q. Veteran');
      expect(fieldKeyId(sealField('Jane Q. Veteran', 'name'))).toBe(2);
      expect(openField('written before encryption', 'name')).toBe('written before encryption');
      expect(fieldKeyId('written before encryption')).toBeNull();
    } finally {
      unregister();
    }
    expect(() => openField(old, 'name')).toThrow(/no key 1/);
    expect(() => sealField('x', 'name')).toThrow(/no field cipher/);
  });
});
