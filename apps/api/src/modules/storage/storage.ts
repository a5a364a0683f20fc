import path from 'node:path';
import type { S3Config } from '#src/config/env.ts';
import type { KeyRing } from '#src/lib/crypto.ts';
import { createLocalDriver } from './local-driver.ts';
import { createS3Driver } from './s3-driver.ts';
import { createTokenSigner } from './signed-token.ts';
import type { StorageDriver } from './storage-driver.ts';

export type LocalStorage = ReturnType<typeof createLocalDriver>;

/** The one place the storage driver is chosen: S3 when a bucket is configured, else a folder. */
export function createStorage(options: {
  s3: S3Config | undefined;
  dataDir: string;
  apiUrl: string;
  keyRing: KeyRing;
}): {
  driver: StorageDriver;
  local: LocalStorage | undefined;
  signer: ReturnType<typeof createTokenSigner>;
} {
  const signer = createTokenSigner(options.keyRing);
  if (options.s3) return { driver: createS3Driver(options.s3), local: undefined, signer };
  const local = createLocalDriver({
    root: path.join(options.dataDir, 'files'),
    apiUrl: options.apiUrl,
    signer,
    keyRing: options.keyRing,
  });
  return { driver: local, local, signer };
}
