import type { FastifyBaseLogger } from 'fastify';
import {
  PermanentJobError,
  retryLimitOf,
  type AnyJobDefinition,
  type JobQueue,
} from '@muster/db/jobs';
import type { AiProviderConfig } from '#src/config/env.ts';
import type { CfileSettings } from '#src/modules/cfiles/cfile-processing.service.ts';
import { cfileJobs } from '#src/modules/cfiles/jobs/process-cfile.job.ts';
import type { KeyRing } from '#src/lib/crypto.ts';
import { runWithLog } from '#src/lib/logger.ts';
import { analyzeLetterJob } from '#src/modules/decision-letters/jobs/analyze-letter.job.ts';
import { deadlineRemindersJob } from '#src/modules/deadlines/jobs/deadline-reminders.job.ts';
import type { ReminderLog } from '#src/modules/deadlines/reminders.service.ts';
import { rotateEncryptionJob } from '#src/modules/security/jobs/rotate-encryption.job.ts';
import { sweepUploadsJob } from '#src/modules/storage/jobs/sweep-uploads.job.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import { eraseAccountJob } from '#src/modules/users/jobs/erase-account.job.ts';

/** Every job of every module. Feature issues add theirs here. */
export function createJobDefinitions(deps: {
  storage: StorageDriver;
  keyRing: KeyRing;
  /** The configured outside model, if any (a letter's explanation). */
  ai: AiProviderConfig | undefined;
  /** How mail leaves and the app the mails link into (deadline reminders). */
  mail: { smtpUrl: string | undefined; from: string };
  appUrl: string;
  /** The app's logger, for what a job reports besides its own success or failure. */
  log: ReminderLog;
  /** How C-files are read (the pdftotext fast path, the chunk lease and size). */
  cfiles: CfileSettings;
  /** The running queue, for jobs that queue the next step (it exists once the app is built). */
  jobs: () => JobQueue | undefined;
}) {
  return {
    sweepUploads: sweepUploadsJob(deps.storage),
    eraseAccount: eraseAccountJob(deps.storage),
    rotateEncryption: rotateEncryptionJob(deps),
    analyzeLetter: analyzeLetterJob({ storage: deps.storage, ai: deps.ai }),
    ...cfileJobs({ storage: deps.storage, settings: deps.cfiles, jobs: deps.jobs }),
    deadlineReminders: deadlineRemindersJob({
      mail: deps.mail,
      appUrl: deps.appUrl,
      log: deps.log,
    }),
  };
}
export type JobDefinitions = ReturnType<typeof createJobDefinitions>;

/** Reports a job's failure to the error tracker, tagged with the job's name and id. */
export type JobFailureReporter = (error: unknown, tags: { job: string; job_id: string }) => void;

/**
 * Runs each job's handler with a logger that carries the job's name and id (what its own code
 * logs is then traceable to the job, as a request's lines are to the request), and reports the
 * last failed attempt of a job, or a permanent failure, when `report` is given. Earlier attempts
 * are retried and not reported.
 */
export function superviseJobs(
  definitions: JobDefinitions,
  options: { log: FastifyBaseLogger; report: JobFailureReporter | undefined },
) {
  for (const definition of Object.values(definitions) as AnyJobDefinition[]) {
    const handler = definition.handler.bind(definition);
    const retryLimit = retryLimitOf(definition);
    // The definition object itself is kept (queues and sibling jobs hold it): its handler is wrapped.
    definition.handler = (context) =>
      runWithLog(options.log.child({ job: definition.name, jobId: context.jobId }), async () => {
        try {
          await handler(context);
        } catch (error) {
          if (error instanceof PermanentJobError || context.attempt >= retryLimit) {
            options.report?.(error, { job: definition.name, job_id: context.jobId });
          }
          throw error;
        }
      });
  }
}

/** Registers every job on the queue and returns the recurring schedules to install. */
export function registerJobs(queue: JobQueue, definitions: JobDefinitions) {
  queue.register(...Object.values(definitions));
  return {
    /** Recurring jobs; stored in the database, so any one instance running them is enough. */
    async schedule() {
      await queue.schedule(definitions.sweepUploads, '17 3 * * *', { older_than_hours: 24 });
      // Hourly, so each time zone's reminders go out early on its own day.
      await queue.schedule(definitions.deadlineReminders, '7 * * * *', {});
      // C-file work a stopped server left: restarted now, and looked for every minute.
      await queue.schedule(definitions.sweepCfiles, '* * * * *', {});
      await queue.enqueue(definitions.sweepCfiles, {});
    },
  };
}
