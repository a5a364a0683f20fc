import type { JobQueue } from '@muster/db/jobs';
import { sweepUploadsJob } from '#src/modules/storage/jobs/sweep-uploads.job.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';

/** Every job of every module, registered once. Feature issues add their jobs here. */
export function registerJobs(queue: JobQueue, deps: { storage: StorageDriver }) {
  queue.register(sweepUploadsJob(deps.storage));
}
