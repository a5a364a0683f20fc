import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, deadlineFrom } from '@muster/domain/deadlines';
import { deadlineReminders, intentToFiles, vaClaimSubmissions } from '@muster/db/schema/index';
import { deadlineRemindersJob } from '#src/modules/deadlines/jobs/deadline-reminders.job.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
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

  it('[DEADLINES]: an unsent reminder whose ITF was used up by a filed claim is dropped, not retried', async () => {
    const email = 'smtp.used.itf@example.com';
    const user = await signIn(app, email);
    await app.database.db.insert(intentToFiles).values({
      userId: user.userId,
      type: 'compensation',
      intentFileId: 'itf-smtp-used',
      status: 'active',
      creationDate: '2027-06-01',
      expirationDate: '2028-03-17',
    });
    const rows = () =>
      app.database.db
        .select()
        .from(deadlineReminders)
        .where(eq(deadlineReminders.userId, user.userId));
    const before = received.length;
    refuse = 1;
    await run('2028-03-10T14:00:00Z');
    expect(await rows()).toMatchObject([{ daysBefore: 7, sentAt: null }]);
    // The claim is filed before the retry.
    await app.database.db.insert(vaClaimSubmissions).values({
      userId: user.userId,
      claimKey: 'primary',
      status: 'submitted',
      submittedAt: new Date('2028-03-10T14:30:00Z'),
    });
    await run('2028-03-10T15:00:00Z');
    await run('2028-03-10T16:00:00Z');
    expect(received.length).toBe(before);
    expect(await rows()).toEqual([]);
  });

  it('[DEADLINES]: an unsent Board evidence reminder is gone with its appeal and never sent', async () => {
    const email = 'smtp.appeal@example.com';
    const user = await signIn(app, email);
    const filedOn = '2026-11-02';
    const due = deadlineFrom(filedOn, { days: 90 });
    const created = await app.inject({
      method: 'POST',
      url: '/board-appeals',
      headers: bearer(user.token),
      payload: { docket: 'evidence', filed_on: filedOn },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rows = () =>
      app.database.db
        .select()
        .from(deadlineReminders)
        .where(eq(deadlineReminders.userId, user.userId));
    const before = received.length;
    refuse = 1;
    await run(`${addDays(due, -7)}T15:00:00Z`);
    expect(await rows()).toMatchObject([{ kind: 'board_evidence', daysBefore: 7, sentAt: null }]);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/board-appeals/${created.json<{ id: string }>().id}`,
      headers: bearer(user.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await rows()).toEqual([]);
    await run(`${addDays(due, -7)}T16:00:00Z`);
    expect(received.length).toBe(before);
  });

  it('[DEADLINES]: a retry whose deadline is gone from the list is dropped even if the row was left', async () => {
    const email = 'smtp.orphan@example.com';
    const user = await signIn(app, email);
    // A reminder row left behind by a deadline that no longer exists (no such appeal).
    await app.database.db.insert(deadlineReminders).values({
      userId: user.userId,
      deadlineKey: 'board_evidence:00000000-0000-4000-8000-000000000001:2030-05-01',
      kind: 'board_evidence',
      dueOn: '2030-05-01',
      daysBefore: 7,
      remindOn: '2030-04-24',
      attempts: 1,
      createdAt: new Date('2030-04-24T14:00:00Z'),
    });
    const before = received.length;
    await run('2030-04-24T15:00:00Z');
    expect(received.length).toBe(before);
    expect(
      await app.database.db
        .select()
        .from(deadlineReminders)
        .where(eq(deadlineReminders.userId, user.userId)),
    ).toEqual([]);
  });
});
