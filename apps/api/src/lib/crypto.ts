import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FieldCipher } from '@muster/db/encryption';

/**
 * Authenticated encryption (AES-256-GCM) for secrets at rest: VA OAuth tokens, sensitive
 * identifiers. Ciphertext is `v<version>.<iv>.<tag>.<data>` in base64url, so keys can rotate:
 * the first key of the ring encrypts, any key of the ring decrypts the values it wrote.
 *
 * ENCRYPTION_KEY is either one base64 key of 32 bytes (version 1) or a comma list of
 * `<version>:<base64 key>`, newest first (e.g. `2:…,1:…`).
 */
export type KeyRing = { current: number; keys: ReadonlyMap<number, Buffer> };

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class DecryptionError extends Error {
  constructor(reason: string) {
    super(`cannot decrypt: ${reason}`);
  }
}

function decodeKey(text: string, label: string): Buffer {
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${label} must be 32 bytes of base64 (got ${key.length})`);
  return key;
}

export function parseKeyRing(value: string): KeyRing {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 1 && !parts[0]!.includes(':')) {
    return { current: 1, keys: new Map([[1, decodeKey(parts[0]!, 'ENCRYPTION_KEY')]]) };
  }
  const keys = new Map<number, Buffer>();
  for (const part of parts) {
    const [versionText, keyText] = part.split(':', 2);
    const version = Number(versionText);
    if (!Number.isInteger(version) || version < 1 || !keyText) {
      throw new Error('ENCRYPTION_KEY entries must look like <version>:<base64 key>');
    }
    if (keys.has(version)) throw new Error(`ENCRYPTION_KEY has version ${version} twice`);
    keys.set(version, decodeKey(keyText, `ENCRYPTION_KEY version ${version}`));
  }
  const current = [...keys.keys()][0];
  if (current === undefined) throw new Error('ENCRYPTION_KEY is empty');
  return { current, keys };
}

/**
 * The configured key ring; in the embedded mode (no ENCRYPTION_KEY) a key is generated once into
 * `$DATA_DIR/encryption.key` with mode 0600 and reused on every start.
 */
export function loadKeyRing(options: {
  encryptionKey: string | undefined;
  dataDir: string;
}): KeyRing {
  if (options.encryptionKey) return parseKeyRing(options.encryptionKey);
  const file = path.join(options.dataDir, 'encryption.key');
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return parseKeyRing(readFileSync(file, 'utf8').trim());
}

export function encrypt(ring: KeyRing, plaintext: string, associatedData?: string): string {
  const key = ring.keys.get(ring.current)!;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  if (associatedData) cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [`v${ring.current}`, iv, tag, data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decrypt(ring: KeyRing, ciphertext: string, associatedData?: string): string {
  const parts = ciphertext.split('.');
  if (parts.length !== 4 || !parts[0]!.startsWith('v'))
    throw new DecryptionError('malformed value');
  const version = Number(parts[0]!.slice(1));
  const key = ring.keys.get(version);
  if (!key) throw new DecryptionError(`no key version ${version}`);
  const iv = Buffer.from(parts[1]!, 'base64url');
  const tag = Buffer.from(parts[2]!, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
    throw new DecryptionError('malformed value');
  const decipher = createDecipheriv(ALGORITHM, key, iv);
  if (associatedData) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([
      decipher.update(Buffer.from(parts[3]!, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new DecryptionError('authentication failed');
  }
}

/** True when the value was written with an older key and should be re-encrypted. */
export function needsRotation(ring: KeyRing, ciphertext: string): boolean {
  return !ciphertext.startsWith(`v${ring.current}.`);
}

/**
 * The key ring as the database layer's column cipher: AES-256-GCM, a fresh 96-bit IV per value,
 * output `iv | tag | ciphertext`; the envelope around it (with the key id) is the db layer's.
 */
export function createFieldCipher(ring: KeyRing): FieldCipher {
  return {
    currentKeyId: ring.current,
    hasKey: (keyId) => ring.keys.has(keyId),
    seal(plaintext, associatedData) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, ring.keys.get(ring.current)!, iv);
      cipher.setAAD(associatedData);
      const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]);
    },
    open(keyId, sealed, associatedData) {
      const key = ring.keys.get(keyId);
      if (!key) throw new DecryptionError(`no key version ${keyId}`);
      if (sealed.length < IV_BYTES + TAG_BYTES) throw new DecryptionError('malformed value');
      const decipher = createDecipheriv(ALGORITHM, key, sealed.subarray(0, IV_BYTES));
      decipher.setAAD(associatedData);
      decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]);
      } catch {
        throw new DecryptionError('authentication failed');
      }
    },
  };
}
