import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { files } from '@muster/db/schema/index';
import { defineJob } from '@muster/db/jobs';
import type { StorageDriver } from '../storage-driver.ts';

/** Pending uploads older than this were abandoned: their signed URLs expired long ago. */
export const ABANDONED_UPLOAD_HOURS = 24;

/**
 * Deletes abandoned uploads (objects, unfinished multipart uploads and their rows). Idempotent:
 * a retry finds fewer rows.
 */
export function sweepUploadsJob(storage: StorageDriver) {
  return defineJob({
    name: 'storage.sweep-uploads',
    payloadSchema: z.object({
      older_than_hours: z.number().int().min(1).default(ABANDONED_UPLOAD_HOURS),
    }),
    retry: { limit: 2, delaySeconds: 60 },
    async handler({ payload, db, progress }) {
      const cutoff = new Date(Date.now() - payload.older_than_hours * 3600 * 1000);
      const stale = await db
        .select()
        .from(files)
        .where(and(eq(files.status, 'pending'), lt(files.createdAt, cutoff)));
      for (const [index, row] of stale.entries()) {
        if (row.multipartUploadId) {
          await storage
            .abortMultipart(row.storageKey, row.multipartUploadId)
            .catch(() => undefined);
        }
        await storage.delete(row.storageKey);
        await db.delete(files).where(eq(files.id, row.id));
        await progress(((index + 1) / stale.length) * 100);
      }
    },
  });
}
