import type { JobQueue } from '@muster/db/jobs';
import { sweepUploadsJob } from '#src/modules/storage/jobs/sweep-uploads.job.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';

/** Every job of every module, registered once. Feature issues add their jobs here. */
export function registerJobs(queue: JobQueue, deps: { storage: StorageDriver }) {
  const sweepUploads = sweepUploadsJob(deps.storage);
  queue.register(sweepUploads);
  return {
    /** Recurring jobs; stored in the database, so any one instance running them is enough. */
    async schedule() {
      await queue.schedule(sweepUploads, '17 3 * * *', { older_than_hours: 24 });
    },
  };
}
