import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlineReminders, intentToFiles } from '@muster/db/schema/index';
import { deadlineRemindersJob } from '#src/modules/deadlines/jobs/deadline-reminders.job.ts';
import { signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * Reminders over real SMTP to a server on loopback: a delivery the server refuses stays recorded
 * but unsent, is counted, and is delivered by a later run; a delivered one is never sent again.
 */

type Received = { to: string[]; subject: string; text: string };
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];
/** While positive, the server refuses that many messages (a temporary failure). */
let refuse = 0;
let app: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refuse > 0) {
            refuse -= 1;
            const error = new Error('Mailbox busy, try again later') as Error & {
              responseCode: number;
            };
            error.responseCode = 451;
            callback(error);
            return;
          }
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  // The app keeps its outbox (sign-in codes); the job is given the SMTP relay.
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function run(iso: string) {
  const at = new Date(iso);
  const job = deadlineRemindersJob({
    mail: { smtpUrl: `smtp://127.0.0.1:${port}?tls=off`, from: 'Muster <reminders@muster.test>' },
    appUrl: 'https://app.muster.test',
    now: () => at,
  });
  await job.handler({
    payload: {},
    jobId: 'test',
    attempt: 0,
    signal: new AbortController().signal,
    db: app.database.db,
    progress: async () => undefined,
  });
}

describe('[DEADLINES][REMINDERS][SMTP]', () => {
  it('[DEADLINES]: a refused delivery is retried on a later run, counted, and sent once', async () => {
    const email = 'smtp.reminder@example.com';
    const user = await signIn(app, email);
    await app.database.db.insert(intentToFiles).values({
      userId: user.userId,
      type: 'compensation',
      intentFileId: 'itf-smtp',
      status: 'active',
      creationDate: '2026-04-01',
      expirationDate: '2027-03-17',
    });
    const rows = () =>
      app.database.db
        .select()
        .from(deadlineReminders)
        .where(eq(deadlineReminders.userId, user.userId));

    refuse = 1;
    await run('2027-03-10T14:00:00Z'); // 7 days before, in New York
    expect(received).toHaveLength(0);
    let [row] = await rows();
    expect(row).toMatchObject({ daysBefore: 7, attempts: 1, sentAt: null });

    // An hour later the relay takes it.
    await run('2027-03-10T15:00:00Z');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      to: [email],
      subject: 'Reminder: Intent to File expiry on March 17, 2027',
    });
    expect(received[0]!.text).toContain('https://app.muster.test/');
    [row] = await rows();
    expect(row!.attempts).toBe(2);
    expect(row!.sentAt).not.toBeNull();

    // Later runs of the same day send nothing more.
    await run('2027-03-10T16:00:00Z');
    await Promise.all([run('2027-03-10T17:00:00Z'), run('2027-03-10T17:00:00Z')]);
    expect(received).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
  });
});
