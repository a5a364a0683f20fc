import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@muster/contract/errors';
import { AppError } from '#src/lib/errors.ts';
import { FILE_MAGIC } from '#src/modules/storage/file-encryption.ts';
import { SERVER_SIDE_ENCRYPTION } from '#src/modules/storage/s3-driver.ts';
import {
  createUpload,
  getDownloadUrl,
  readStoredFile,
  storageUsedBytes,
  storeGeneratedFile,
} from '#src/modules/storage/storage.service.ts';
import { pdfOfSize } from '../../fixtures/files.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { startS3Server } from '../../helpers/s3-server.ts';

/**
 * Files the API makes itself (a claim packet) go through the drivers' server-side put: stored as
 * uploads are (encrypted by the local driver, with server-side encryption on S3), ready at once,
 * counted against storage, and taken away whole when the write fails.
 */

const OWNER = 'user_generated_owner';

function markedPdf(marker: string): Buffer {
  const bytes = pdfOfSize(64 * 1024);
  Buffer.from(marker.repeat(200), 'latin1').copy(bytes, 10);
  return bytes;
}

describe.each(['local', 's3'] as const)('[STORAGE][GENERATED] on the %s driver', (driver) => {
  let app: TestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  const sent: Record<string, unknown>[] = [];

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3Server() : undefined;
    ({ app } = await startTestServer({ env: s3?.env ?? {} }));
    expect(app.storage.name).toBe(driver);
    if (driver === 's3') {
      // What the driver asks the store for, to check the encryption it requests.
      (app.storage as unknown as { client: S3Client }).client.middlewareStack.add(
        (next) => async (args) => {
          sent.push(args.input as Record<string, unknown>);
          return next(args);
        },
        { step: 'initialize' },
      );
    }
  });
  afterAll(async () => {
    await app.close();
    await s3?.close();
  });

  it('[STORAGE][GENERATED]: a generated file is stored encrypted, ready, counted and downloadable', async () => {
    const bytes = markedPdf('Lumbosacral strain since 2011. ');
    const before = await storageUsedBytes({ db: app.database.db, ownerId: OWNER });
    const stored = await storeGeneratedFile({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      kind: 'document',
      filename: 'claim-packet.pdf',
      contentType: 'application/pdf',
      bytes,
    });
    expect(stored).toMatchObject({
      kind: 'document',
      status: 'ready',
      content_type: 'application/pdf',
      size: bytes.length,
      filename: 'claim-packet.pdf',
    });
    expect(await storageUsedBytes({ db: app.database.db, ownerId: OWNER })).toBe(
      before + bytes.length,
    );
    const read = await readStoredFile({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: stored.id,
    });
    expect(read.bytes.equals(bytes)).toBe(true);
    const link = await getDownloadUrl({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: stored.id,
    });
    const response = await fetch(link.url);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);

    if (driver === 'local') {
      const onDisk = readFileSync(path.join(app.dataDir, 'files', 'u', OWNER, stored.id));
      expect(onDisk.subarray(0, FILE_MAGIC.length)).toEqual(FILE_MAGIC);
      expect(onDisk.includes(Buffer.from('Lumbosacral'))).toBe(false);
    } else {
      const put = sent.find((input) => input.Key === `u/${OWNER}/${stored.id}` && 'Body' in input);
      expect(put).toMatchObject({
        ServerSideEncryption: SERVER_SIDE_ENCRYPTION,
        ContentType: 'application/pdf',
        ContentLength: bytes.length,
      });
    }
  });

  it('[STORAGE][GENERATED]: a write that fails leaves neither object nor row', async () => {
    const before = await storageUsedBytes({ db: app.database.db, ownerId: OWNER });
    let key = '';
    const failing = {
      ...app.storage,
      async putObject(objectKey: string) {
        key = objectKey;
        throw new Error('the store is unavailable');
      },
    };
    await expect(
      storeGeneratedFile({
        db: app.database.db,
        storage: failing,
        ownerId: OWNER,
        kind: 'document',
        filename: 'claim-packet.pdf',
        contentType: 'application/pdf',
        bytes: markedPdf('x'),
      }),
    ).rejects.toThrow('the store is unavailable');
    expect(key).toMatch(new RegExp(`^u/${OWNER}/`));
    expect(await app.storage.size(key)).toBeNull();
    expect(await storageUsedBytes({ db: app.database.db, ownerId: OWNER })).toBe(before);
  });
});

describe('[STORAGE][GENERATED][CAP]', () => {
  let billed: TestApp;
  beforeAll(async () => {
    ({ app: billed } = await startTestServer({
      env: { STRIPE_SECRET_KEY: 'sk_test_generated', STRIPE_WEBHOOK_SECRET: 'whsec_generated' },
    }));
  });
  afterAll(async () => billed.close());

  it('[STORAGE][GENERATED][CAP]: with billing on, a file past the cap is refused before any byte is written', async () => {
    const ownerId = 'user_generated_capped';
    // An upload under way leaves less room than the file needs.
    await createUpload({
      db: billed.database.db,
      storage: billed.storage,
      ownerId,
      billingEnabled: true,
      input: {
        kind: 'document',
        filename: 'c-file.pdf',
        content_type: 'application/pdf',
        size: 500 * 1024 * 1024 - 100,
      },
    });
    let written = false;
    const watching = {
      ...billed.storage,
      async putObject(...args: Parameters<typeof billed.storage.putObject>) {
        written = true;
        return billed.storage.putObject(...args);
      },
    };
    const error = await storeGeneratedFile({
      db: billed.database.db,
      storage: watching,
      ownerId,
      kind: 'document',
      filename: 'packet.pdf',
      contentType: 'application/pdf',
      bytes: markedPdf('x'),
      billingEnabled: true,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ERR.FORBIDDEN);
    expect(written).toBe(false);
    expect(await storageUsedBytes({ db: billed.database.db, ownerId })).toBe(
      500 * 1024 * 1024 - 100,
    );
  });
});
