import { z } from 'zod';
import { defineJob } from '@muster/db/jobs';
import { createMailer } from '#src/modules/mail/mailer.ts';
import { runDeadlineReminders, type ReminderLog } from '../reminders.service.ts';

/**
 * Sends the deadline reminder emails due now (30, 7 and 1 days before, in each user's time zone),
 * each once; scheduled hourly so every zone's morning is covered. Idempotent: a run that repeats
 * finds every reminder already recorded. `now` is for tests that fix the clock.
 */
export function deadlineRemindersJob(deps: {
  mail: { smtpUrl: string | undefined; from: string };
  /** The web app's address, which the mails link into. */
  appUrl: string;
  now?: () => Date;
  /** Where one user's failure is reported (their id and the error's name); the console by default. */
  log?: ReminderLog;
}) {
  return defineJob({
    name: 'deadlines.send-reminders',
    payloadSchema: z.object({}),
    retry: { limit: 2, delaySeconds: 60 },
    async handler({ db }) {
      const mailer = createMailer({ smtpUrl: deps.mail.smtpUrl, from: deps.mail.from, db });
      try {
        await runDeadlineReminders({
          db,
          mailer,
          appUrl: deps.appUrl,
          now: deps.now?.() ?? new Date(),
          log: deps.log,
        });
      } finally {
        await mailer.close();
      }
    },
  });
}
