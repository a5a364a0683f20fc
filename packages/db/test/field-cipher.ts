import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FieldCipher } from '../src/encryption.ts';

/**
 * A real AES-256-GCM cipher over random keys, for this package's tests (the app's own cipher lives in
 * the API's key ring, which this package may not import). `keys` maps key id → key, newest first.
 */
export function testFieldCipher(
  keys: Map<number, Buffer> = new Map([[1, randomBytes(32)]]),
): FieldCipher {
  const currentKeyId = [...keys.keys()][0]!;
  return {
    currentKeyId,
    hasKey: (keyId) => keys.has(keyId),
    seal(plaintext, associatedData) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.get(currentKeyId)!, iv);
      cipher.setAAD(associatedData);
      const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]);
    },
    open(keyId, sealed, associatedData) {
      const decipher = createDecipheriv('aes-256-gcm', keys.get(keyId)!, sealed.subarray(0, 12));
      decipher.setAAD(associatedData);
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
    },
  };
}
