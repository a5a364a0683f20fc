import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlineOverviewSchema } from '@muster/contract/deadlines';
import { todayIn } from '@muster/domain/deadline-guardian';
import { addDays } from '@muster/domain/deadlines';
import { deadlineReminders, intentToFiles, vaClaimSubmissions } from '@muster/db/schema/index';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * What records make a deadline: a stored ITF date that is no calendar day is skipped (not a 500),
 * an intent used up by a filed claim or no longer active makes none, a user with no deadlines gets
 * no calendar (204), and deleting a Board appeal deletes its reminders not yet sent.
 */

let app: TestApp;
const today = todayIn('America/New_York', new Date());

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

async function get(token: string, url: string) {
  return app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function itf(userId: string, values: Partial<typeof intentToFiles.$inferInsert>) {
  await app.database.db.insert(intentToFiles).values({
    userId,
    type: 'compensation',
    intentFileId: `itf-${userId}`,
    status: 'active',
    creationDate: addDays(today, -100),
    expirationDate: addDays(today, 40),
    ...values,
  });
}

async function kinds(token: string) {
  const response = await get(token, '/deadlines');
  expect(response.statusCode, response.body).toBe(200);
  return deadlineOverviewSchema.parse(response.json());
}

describe('[DEADLINES][RECORDS]', () => {
  it('[DEADLINES]: an ITF expiry that is no calendar day is skipped, not a 500', async () => {
    for (const [i, expirationDate] of ['2027-02-30', '2027-02-30T23:59:59-05:00'].entries()) {
      const user = await signIn(app, `bad.itf.${i}@example.com`);
      await itf(user.userId, { expirationDate });
      const overview = await kinds(user.token);
      expect(overview.deadlines).toEqual([]);
      expect(overview.intent_to_file).toBeNull();
      expect((await get(user.token, '/deadlines.ics')).statusCode).toBe(204);
    }
  });

  it('[DEADLINES]: a claim submitted on or after the ITF was recorded ends the ITF deadline everywhere', async () => {
    const user = await signIn(app, 'itf.used@example.com');
    await itf(user.userId, {});
    expect((await kinds(user.token)).intent_to_file).toMatchObject({ days_left: 40 });
    // A claim filed before the intent was recorded does not use it up …
    await app.database.db.insert(vaClaimSubmissions).values({
      userId: user.userId,
      claimKey: 'older',
      status: 'submitted',
      submittedAt: new Date(`${addDays(today, -150)}T15:00:00Z`),
    });
    // … nor does one still being sent or refused.
    await app.database.db.insert(vaClaimSubmissions).values({
      userId: user.userId,
      claimKey: 'failed',
      status: 'failed',
      submittedAt: new Date(`${addDays(today, -5)}T15:00:00Z`),
    });
    expect((await kinds(user.token)).intent_to_file).toMatchObject({ days_left: 40 });
    await app.database.db.insert(vaClaimSubmissions).values({
      userId: user.userId,
      claimKey: 'primary',
      status: 'submitted',
      submittedAt: new Date(`${addDays(today, -5)}T15:00:00Z`),
    });
    const overview = await kinds(user.token);
    expect(overview.intent_to_file).toBeNull();
    expect(overview.deadlines.filter((d) => d.kind === 'itf_expiry')).toEqual([]);
    expect((await get(user.token, '/deadlines.ics')).statusCode).toBe(204);
  });

  it('[DEADLINES]: an intent whose local status is no longer active makes no deadline', async () => {
    const user = await signIn(app, 'itf.received@example.com');
    await itf(user.userId, {});
    expect((await kinds(user.token)).intent_to_file).not.toBeNull();
    await app.database.db
      .update(intentToFiles)
      .set({ status: 'claim_received' })
      .where(eq(intentToFiles.userId, user.userId));
    expect((await kinds(user.token)).intent_to_file).toBeNull();
  });

  it('[DEADLINES]: with no deadlines the calendar answers 204 with no body', async () => {
    const user = await signIn(app, 'no.deadlines@example.com');
    const response = await get(user.token, '/deadlines.ics');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    await itf(user.userId, {});
    const ics = await get(user.token, '/deadlines.ics');
    expect(ics.statusCode).toBe(200);
    expect(ics.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('[DEADLINES]: deleting a Board appeal deletes its unsent reminders, keeping sent ones', async () => {
    const user = await signIn(app, 'appeal.delete@example.com');
    const created = await app.inject({
      method: 'POST',
      url: '/board-appeals',
      headers: bearer(user.token),
      payload: { docket: 'evidence', filed_on: addDays(today, -80) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const appeal = created.json<{ id: string; evidence_due_on: string }>();
    const row = (daysBefore: number, sent: boolean, key = appeal.id) => ({
      userId: user.userId,
      deadlineKey: `board_evidence:${key}:${appeal.evidence_due_on}`,
      kind: 'board_evidence',
      dueOn: appeal.evidence_due_on,
      daysBefore,
      remindOn: addDays(appeal.evidence_due_on, -daysBefore),
      attempts: 1,
      sentAt: sent ? new Date() : null,
    });
    await app.database.db
      .insert(deadlineReminders)
      .values([
        row(30, true),
        row(7, false),
        row(1, false, '00000000-0000-4000-8000-000000000000'),
      ]);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/board-appeals/${appeal.id}`,
      headers: bearer(user.token),
    });
    expect(deleted.statusCode).toBe(204);
    const left = await app.database.db
      .select()
      .from(deadlineReminders)
      .where(eq(deadlineReminders.userId, user.userId));
    expect(left.map((r) => r.daysBefore).sort()).toEqual([1, 30]);
  });
});
