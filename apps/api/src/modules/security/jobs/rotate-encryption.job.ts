import { createHash } from 'node:crypto';
import { and, eq, gt, asc } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@muster/db/client';
import {
  countStaleEncryptedValues,
  findEncryptedColumns,
  rotateEncryptedColumns,
} from '@muster/db/encryption';
import { defineJob, type JobDefinition, type JobQueue } from '@muster/db/jobs';
import * as schema from '@muster/db/schema/index';
import type { KeyRing } from '#src/lib/crypto.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';

const BATCH = 500;

const payloadSchema = z.object({
  key_id: z.number().int().min(1),
  columns_hash: z.string().min(1).max(128),
});
export type RotateEncryptionPayload = z.infer<typeof payloadSchema>;

/**
 * Identifies what a sweep covers: every encrypted column (table, column, label) and whether files
 * are encrypted by us (local driver). Declaring a new encrypted column changes it, so the rows
 * written in plaintext before are swept once.
 */
export function sweepFingerprint(storage: StorageDriver): string {
  const columns = findEncryptedColumns(schema)
    .map((c) => `${c.tableName}.${c.columnName}:${c.label}`)
    .sort();
  const files = storage.rotateObject ? 'files:encrypted' : 'files:store';
  return createHash('sha256')
    .update([...columns, files].join('\n'))
    .digest('hex')
    .slice(0, 32);
}

/**
 * Re-encrypts everything still under an older key, or still plaintext, under the ring's current
 * key: every encrypted column of every table in batches, then every locally stored file. Then,
 * if no value under an older key is left, records the sweep, after which older keys may leave the
 * ring. Idempotent: values and files already under the current key are skipped, so a retry or a
 * rerun only finishes the rest. A sweep for a key that is no longer current does nothing (the
 * newer key has its own).
 */
export function rotateEncryptionJob(deps: { storage: StorageDriver; keyRing: KeyRing }) {
  return defineJob({
    name: 'security.rotate-encryption',
    payloadSchema,
    retry: { limit: 5, delaySeconds: 60, maxDelaySeconds: 3600 },
    timeoutSeconds: 6 * 3600,
    async handler({ payload, db }) {
      if (payload.key_id !== deps.keyRing.current) return;
      const columns = await rotateEncryptedColumns(db, schema, { batchSize: BATCH });
      const valuesRewritten = columns.reduce((sum, c) => sum + c.rewritten, 0);
      let filesRewritten = 0;
      const rotate = deps.storage.rotateObject?.bind(deps.storage);
      if (rotate) {
        let after: string | null = null;
        for (;;) {
          const batch: { id: string; storageKey: string }[] = await db
            .select({ id: schema.files.id, storageKey: schema.files.storageKey })
            .from(schema.files)
            .where(after === null ? undefined : gt(schema.files.id, after))
            .orderBy(asc(schema.files.id))
            .limit(BATCH);
          if (batch.length === 0) break;
          for (const file of batch) if (await rotate(file.storageKey)) filesRewritten += 1;
          after = batch.at(-1)!.id;
        }
      }
      // Recorded only when nothing is left under an older key: a replica still running the old
      // ring may have written since. The retry (with backoff) sweeps those once it has restarted.
      const stale = await countStaleEncryptedValues(db, schema);
      if (stale > 0) throw new Error(`${stale} encrypted values are still under an older key`);
      await db
        .insert(schema.encryptionSweeps)
        .values({
          keyId: payload.key_id,
          columnsHash: payload.columns_hash,
          valuesRewritten,
          filesRewritten,
        })
        .onConflictDoNothing();
    },
  });
}

/**
 * At start: enqueues a sweep unless one is recorded for the current key and the current set of
 * encrypted columns (a new key in ENCRYPTION_KEY, or a newly encrypted column, triggers one).
 * Replicas starting together enqueue it once (one singleton per key and fingerprint).
 */
export async function enqueueEncryptionSweepIfNeeded(options: {
  db: Db;
  jobs: JobQueue;
  definition: JobDefinition<RotateEncryptionPayload>;
  keyRing: KeyRing;
  storage: StorageDriver;
}): Promise<string | null> {
  const payload = {
    key_id: options.keyRing.current,
    columns_hash: sweepFingerprint(options.storage),
  };
  const [done] = await options.db
    .select({ id: schema.encryptionSweeps.id })
    .from(schema.encryptionSweeps)
    .where(
      and(
        eq(schema.encryptionSweeps.keyId, payload.key_id),
        eq(schema.encryptionSweeps.columnsHash, payload.columns_hash),
      ),
    );
  if (done) return null;
  try {
    return await options.jobs.enqueue(options.definition, payload, {
      singletonKey: `${payload.key_id}:${payload.columns_hash}`,
    });
  } catch (error) {
    // Another replica enqueued the same sweep a moment ago: one is enough.
    if (error instanceof Error && /not accepted/.test(error.message)) return null;
    throw error;
  }
}
