import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deadlineReminders,
  intentToFiles,
  outboxEmails,
  userProfiles,
  veterans,
} from '@muster/db/schema/index';
import { deadlineRemindersJob } from '#src/modules/deadlines/jobs/deadline-reminders.job.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * The reminder job against the embedded outbox, its handler called directly with a fixed clock:
 * each reminder is in the outbox exactly once however often and concurrently the job runs, a kind
 * switched off sends nothing, the user's time zone decides the day, missed days catch up once.
 */

const APP_URL = 'https://app.muster.test';
let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

type Logged = { obj: object; msg: string };

function jobAt(iso: string, logged?: Logged[]) {
  const at = new Date(iso);
  return deadlineRemindersJob({
    mail: { smtpUrl: undefined, from: 'Muster <reminders@muster.test>' },
    appUrl: APP_URL,
    now: () => at,
    log: { warn: (obj, msg) => logged?.push({ obj, msg }) },
  });
}

async function run(iso: string, times = 1, logged?: Logged[]) {
  const job = jobAt(iso, logged);
  await job.handler({
    payload: {},
    jobId: 'test',
    attempt: 0,
    signal: new AbortController().signal,
    db: app.database.db,
    progress: async () => undefined,
  });
  for (let i = 1; i < times; i++) await run(iso);
}

async function runConcurrently(iso: string, count: number) {
  await Promise.all(Array.from({ length: count }, () => run(iso)));
}

/** A signed-in user with an active intent to file expiring on `due`, and settings. */
async function userWithItf(
  email: string,
  due: string,
  settings?: { time_zone?: string; reminders_off?: string[] },
) {
  const user = await signIn(app, email);
  await app.database.db.insert(intentToFiles).values({
    userId: user.userId,
    type: 'compensation',
    intentFileId: `itf-${email}`,
    status: 'active',
    creationDate: '2026-04-01',
    expirationDate: due,
  });
  if (settings) {
    const response = await app.inject({
      method: 'PATCH',
      url: '/deadlines/settings',
      headers: bearer(user.token),
      payload: settings,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return user;
}

async function remindersTo(email: string) {
  const rows = await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
  return rows.filter((row) => row.subject.startsWith('Reminder:'));
}

async function reminderRows(userId: string) {
  return app.database.db
    .select()
    .from(deadlineReminders)
    .where(eq(deadlineReminders.userId, userId));
}

describe('[DEADLINES][REMINDERS]', () => {
  it('[DEADLINES]: the 30-day reminder is in the outbox once after runs twice and 4× at once', async () => {
    const email = 'once@example.com';
    const user = await userWithItf(email, '2027-04-09');
    await run('2027-03-10T15:00:00Z', 2);
    await runConcurrently('2027-03-10T15:00:00Z', 4);
    // A later hour of the same day and a "restart" (a new job instance) change nothing.
    await run('2027-03-10T22:00:00Z');
    const mails = await remindersTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Reminder: Intent to File expiry on April 9, 2027');
    expect(mail.text).toContain('in 30 days');
    expect(mail.text).toContain(`${APP_URL}/va-forms/526ez`);
    expect(mail.html).toContain(`${APP_URL}/va-forms/526ez`);
    const rows = await reminderRows(user.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'itf_expiry',
      dueOn: '2027-04-09',
      daysBefore: 30,
      remindOn: '2027-03-10',
      attempts: 1,
    });
    expect(rows[0]!.sentAt).not.toBeNull();
    expect(rows[0]!.deadlineKey).toMatch(/^itf_expiry:[0-9a-f-]{36}:2027-04-09$/);
  });

  it('[DEADLINES]: nothing is sent the day before the 30-day mark or after the deadline', async () => {
    const email = 'early@example.com';
    await userWithItf(email, '2027-05-20');
    await run('2027-04-19T15:00:00Z'); // 31 days before
    expect(await remindersTo(email)).toHaveLength(0);
    const late = 'late@example.com';
    await userWithItf(late, '2027-01-01');
    await run('2027-01-02T15:00:00Z');
    expect(await remindersTo(late)).toHaveLength(0);
  });

  it('[DEADLINES]: a kind switched off sends no reminder', async () => {
    const email = 'off@example.com';
    const user = await userWithItf(email, '2027-04-09', { reminders_off: ['itf_expiry'] });
    await runConcurrently('2027-03-10T15:00:00Z', 2);
    expect(await remindersTo(email)).toHaveLength(0);
    expect(await reminderRows(user.userId)).toHaveLength(0);
  });

  it('[DEADLINES]: the user’s time zone decides the day (Kiritimati vs Adak around midnight UTC)', async () => {
    const east = 'kiritimati@example.com';
    const west = 'adak@example.com';
    await userWithItf(east, '2027-04-10', { time_zone: 'Pacific/Kiritimati' });
    await userWithItf(west, '2027-04-10', { time_zone: 'America/Adak' });
    // 2027-03-10 23:30 UTC: already 11 March in Kiritimati (UTC+14), still 10 March in Adak (UTC-10).
    await run('2027-03-10T23:30:00Z');
    expect(await remindersTo(east)).toHaveLength(1);
    expect(await remindersTo(west)).toHaveLength(0);
    // Twenty-four hours later Adak reaches 11 March; Kiritimati already had its reminder.
    await run('2027-03-11T23:30:00Z');
    expect(await remindersTo(east)).toHaveLength(1);
    expect(await remindersTo(west)).toHaveLength(1);
  });

  it('[DEADLINES]: a missed reminder day catches up once with the most urgent reminder only', async () => {
    const email = 'catchup@example.com';
    const user = await userWithItf(email, '2027-03-15');
    // The job did not run on 15 February (30 days) nor 8 March (7 days): on 10 March, 5 days left.
    await run('2027-03-10T15:00:00Z');
    await run('2027-03-11T15:00:00Z');
    let rows = await reminderRows(user.userId);
    expect(rows.map((row) => row.daysBefore)).toEqual([7]);
    expect(await remindersTo(email)).toHaveLength(1);
    expect((await remindersTo(email))[0]!.text).toContain('in 5 days');
    // The day before, the 1-day reminder.
    await runConcurrently('2027-03-14T15:00:00Z', 3);
    rows = await reminderRows(user.userId);
    expect(rows.map((row) => row.daysBefore).sort()).toEqual([1, 7]);
    const mails = await remindersTo(email);
    expect(mails).toHaveLength(2);
    expect(mails.some((mail) => mail.text.includes('tomorrow'))).toBe(true);
    const dayBefore = await app.database.db
      .select()
      .from(deadlineReminders)
      .where(and(eq(deadlineReminders.userId, user.userId), eq(deadlineReminders.daysBefore, 1)));
    expect(dayBefore[0]!.remindOn).toBe('2027-03-14');
  });

  it('[DEADLINES]: one user whose records cannot be read does not stop the others’ reminders', async () => {
    const bad = await userWithItf('unreadable@example.com', '2028-04-09');
    await app.database.db.insert(veterans).values({
      userId: bad.userId,
      isPrimary: true,
      firstName: 'Pat',
      lastName: 'Doe',
      servicePeriods: '[]',
    });
    // A stored value that no longer decrypts: reading this user's records throws.
    await app.database.db.execute(
      sql`update ${veterans} set service_periods = 'enc:not-sealed' where user_id = ${bad.userId}`,
    );
    const others = ['good.a@example.com', 'good.b@example.com', 'good.c@example.com'];
    for (const email of others) await userWithItf(email, '2028-04-09');
    const logged: Logged[] = [];
    await run('2028-03-10T15:00:00Z', 1, logged);
    for (const email of others) expect(await remindersTo(email)).toHaveLength(1);
    expect(await remindersTo('unreadable@example.com')).toHaveLength(0);
    expect(logged).toEqual([
      {
        obj: { user_id: bad.userId, error: 'FieldDecryptionError' },
        msg: 'deadline reminders failed for one user',
      },
    ]);
    // The failed user is not marked looked at: the next run tries again.
    const [profile] = await app.database.db
      .select({ checked: userProfiles.remindersCheckedOn })
      .from(userProfiles)
      .where(eq(userProfiles.id, bad.userId));
    expect(profile!.checked).toBeNull();
  });

  it('[DEADLINES]: a stored ITF date that is no calendar day is skipped, other users still reminded', async () => {
    await userWithItf('feb30@example.com', '2028-02-30T23:59:59-05:00');
    await userWithItf('after.feb30@example.com', '2028-03-31');
    const logged: Logged[] = [];
    await run('2028-03-01T15:00:00Z', 1, logged);
    expect(await remindersTo('after.feb30@example.com')).toHaveLength(1);
    expect(await remindersTo('feb30@example.com')).toHaveLength(0);
    expect(logged.filter((l) => JSON.stringify(l).includes('RangeError'))).toEqual([]);
  });

  it('[DEADLINES]: a user is looked at once a day in their zone; a record added later waits for the next day', async () => {
    const email = 'checked.once@example.com';
    const user = await userWithItf(email, '2029-09-01');
    await run('2029-06-01T15:00:00Z');
    const checked = async () =>
      (
        await app.database.db
          .select({ on: userProfiles.remindersCheckedOn })
          .from(userProfiles)
          .where(eq(userProfiles.id, user.userId))
      )[0]!.on;
    expect(await checked()).toBe('2029-06-01');
    // An intent VA reports later that day (written by another module, straight to the table).
    await app.database.db
      .update(intentToFiles)
      .set({ expirationDate: '2029-07-01' })
      .where(eq(intentToFiles.userId, user.userId));
    await run('2029-06-01T16:00:00Z');
    expect(await remindersTo(email)).toHaveLength(0); // already looked at today: skipped
    // The next day the 30-day reminder catches up (29 days left).
    await run('2029-06-02T15:00:00Z');
    expect(await remindersTo(email)).toHaveLength(1);
    expect(await checked()).toBe('2029-06-02');
  });
});
