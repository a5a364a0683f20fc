import { z } from 'zod';
import { defineJob } from '@muster/db/jobs';
import type { StorageDriver } from '../storage-driver.ts';
import { sweepStoredFiles } from '../storage.service.ts';

/** Pending uploads older than this were abandoned: their signed URLs expired long ago. */
export const ABANDONED_UPLOAD_HOURS = 24;

/**
 * Deletes abandoned uploads (objects, unfinished multipart uploads and their rows) and finishes
 * deletes that stopped half-way. Idempotent: a retry finds fewer rows.
 */
export function sweepUploadsJob(storage: StorageDriver) {
  return defineJob({
    name: 'storage.sweep-uploads',
    payloadSchema: z.object({
      older_than_hours: z.number().int().min(1).default(ABANDONED_UPLOAD_HOURS),
    }),
    retry: { limit: 2, delaySeconds: 60 },
    async handler({ payload, db, progress }) {
      await sweepStoredFiles({
        db,
        storage,
        pendingCutoff: new Date(Date.now() - payload.older_than_hours * 3600 * 1000),
        onProgress: (done, total) => progress((done / total) * 100),
      });
    },
  });
}
