import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardAppealListSchema,
  boardAppealSchema,
  deadlineOverviewSchema,
  reminderSettingsSchema,
} from '@muster/contract/deadlines';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { todayIn } from '@muster/domain/deadline-guardian';
import { addDays, deadlineFrom } from '@muster/domain/deadlines';
import { decisionLetters, intentToFiles, veterans } from '@muster/db/schema/index';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/**
 * The deadline guardian through HTTP: every kind of deadline in one list with the Intent to File
 * countdown, the calendar file, reminder settings refused when bad, Board appeals the owner's own.
 */

let app: TestApp;
let me: { token: string; userId: string };
let other: { token: string; userId: string };
// The default zone (no zone chosen yet) decides "today".
const today = todayIn('America/New_York', new Date());

beforeAll(async () => {
  app = await buildTestApp();
  me = await signIn(app, 'deadlines.vet@example.com');
  other = await signIn(app, 'deadlines.other@example.com');
  const db = app.database.db;
  await db.insert(intentToFiles).values({
    userId: me.userId,
    type: 'compensation',
    intentFileId: '600123456',
    status: 'active',
    creationDate: addDays(today, -325),
    expirationDate: `${addDays(today, 40)}T23:59:59-05:00`,
  });
  await db.insert(veterans).values({
    userId: me.userId,
    isPrimary: true,
    firstName: 'Pat',
    lastName: 'Doe',
    servicePeriods: JSON.stringify([
      {
        branch: 'Army',
        component: 'active',
        start_date: '2010-01-01',
        end_date: addDays(today, 150),
        character_of_discharge: null,
      },
    ]),
  });
  await db.insert(decisionLetters).values({
    userId: me.userId,
    source: 'text',
    text: 'letter',
    jobStatus: 'complete',
    result: JSON.stringify({ letter_date: addDays(today, -200), decisions: [] }),
  });
});
afterAll(async () => app.close());

async function call(token: string, method: string, url: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function expectError(response: { statusCode: number; json(): unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  return errorEnvelopeSchema.parse(response.json());
}

describe('[DEADLINES]', () => {
  it('[DEADLINES]: records a Board appeal on the evidence docket with its 90-day evidence deadline', async () => {
    const filedOn = addDays(today, -10);
    const response = await call(me.token, 'POST', '/board-appeals', {
      docket: 'evidence',
      filed_on: filedOn,
    });
    expect(response.statusCode, response.body).toBe(201);
    const appeal = boardAppealSchema.parse(response.json());
    expect(appeal.evidence_due_on).toBe(deadlineFrom(filedOn, { days: 90 }));
    const direct = await call(me.token, 'POST', '/board-appeals', {
      docket: 'direct',
      filed_on: filedOn,
    });
    expect(boardAppealSchema.parse(direct.json()).evidence_due_on).toBeNull();
    const list = boardAppealListSchema.parse(
      (await call(me.token, 'GET', '/board-appeals')).json(),
    );
    expect(list).toHaveLength(2);
  });

  it('[DEADLINES]: lists ITF, Board evidence, BDD and review deadlines soonest first, with the ITF countdown', async () => {
    const response = await call(me.token, 'GET', '/deadlines');
    expect(response.statusCode, response.body).toBe(200);
    const overview = deadlineOverviewSchema.parse(response.json());
    expect(overview.today).toBe(today);
    expect(overview.time_zone).toBe('America/New_York');
    const byKind = Object.fromEntries(overview.deadlines.map((d) => [d.kind, d]));
    expect(Object.keys(byKind).sort()).toEqual([
      'bdd_window',
      'board_evidence',
      'decision_review',
      'itf_expiry',
    ]);
    expect(byKind.itf_expiry).toMatchObject({ due_on: addDays(today, 40), days_left: 40 });
    expect(overview.intent_to_file).toEqual({ due_on: addDays(today, 40), days_left: 40 });
    expect(byKind.bdd_window).toMatchObject({
      due_on: addDays(today, 60),
      opens_on: null, // 150 days out: the window (180 to 90 days before) is already open
    });
    expect(byKind.decision_review!.due_on).toBe(deadlineFrom(addDays(today, -200), { years: 1 }));
    expect(byKind.board_evidence!.due_on).toBe(deadlineFrom(addDays(today, -10), { days: 90 }));
    const dues = overview.deadlines.map((d) => d.due_on);
    expect(dues).toEqual([...dues].sort());
    // Only one evidence-docket deadline: the direct docket has none.
    expect(overview.deadlines.filter((d) => d.kind === 'board_evidence')).toHaveLength(1);
    for (const deadline of overview.deadlines) {
      expect(deadline.key).not.toMatch(/Pat|Doe|letter/);
      expect(deadline.path.startsWith('/')).toBe(true);
    }
  });

  it('[DEADLINES]: exports the deadlines as an .ics attachment', async () => {
    const response = await call(me.token, 'GET', '/deadlines.ics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="muster-deadlines.ics"',
    );
    const ics = response.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DTSTART;VALUE=DATE:${addDays(today, 40).replace(/-/g, '')}`);
    // The UID names the kind and the record, never the due day (a moved day updates the event).
    expect(unfolded).toMatch(/\r\nUID:itf_expiry:[0-9a-f-]{36}@muster\r\n/);
    expect(unfolded).toMatch(/\r\nSEQUENCE:\d+\r\n/);
    expect(unfolded).toContain('URL:http://localhost:');
  });

  it('[DEADLINES]: settings start at the default zone and accept a real zone and kinds', async () => {
    const first = reminderSettingsSchema.parse(
      (await call(me.token, 'GET', '/deadlines/settings')).json(),
    );
    expect(first).toEqual({
      time_zone: 'America/New_York',
      time_zone_chosen: false,
      reminders_off: [],
    });
    const changed = await call(me.token, 'PATCH', '/deadlines/settings', {
      time_zone: 'America/Chicago',
      reminders_off: ['bdd_window', 'bdd_window'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(reminderSettingsSchema.parse(changed.json())).toEqual({
      time_zone: 'America/Chicago',
      time_zone_chosen: true,
      reminders_off: ['bdd_window'],
    });
    const overview = deadlineOverviewSchema.parse(
      (await call(me.token, 'GET', '/deadlines')).json(),
    );
    expect(overview.time_zone).toBe('America/Chicago');
  });

  it('[DEADLINES]: refuses an unknown zone, an unknown kind and an empty change with 400', async () => {
    const zone = expectError(
      await call(me.token, 'PATCH', '/deadlines/settings', { time_zone: 'Mars/Olympus_Mons' }),
      400,
    );
    expect(zone.code).toBe(ERR.INVALID_INPUT);
    expect(zone.fields?.time_zone).toBeDefined();
    const kind = expectError(
      await call(me.token, 'PATCH', '/deadlines/settings', { reminders_off: ['moon_landing'] }),
      400,
    );
    expect(kind.code).toBe(ERR.INVALID_INPUT);
    expectError(await call(me.token, 'PATCH', '/deadlines/settings', {}), 400);
    expectError(
      await call(me.token, 'PATCH', '/deadlines/settings', { time_zone: 'UTC', extra: 1 }),
      400,
    );
    const after = reminderSettingsSchema.parse(
      (await call(me.token, 'GET', '/deadlines/settings')).json(),
    );
    expect(after.time_zone).toBe('America/Chicago');
  });

  it('[DEADLINES]: refuses a Board appeal dated in the future, a bad docket or another user’s letter', async () => {
    expectError(
      await call(me.token, 'POST', '/board-appeals', {
        docket: 'evidence',
        filed_on: addDays(today, 5),
      }),
      400,
    );
    expectError(
      await call(me.token, 'POST', '/board-appeals', { docket: 'fast', filed_on: today }),
      400,
    );
    expectError(
      await call(me.token, 'POST', '/board-appeals', { docket: 'direct', filed_on: '2026-02-30' }),
      400,
    );
    const [letter] = await app.database.db
      .insert(decisionLetters)
      .values({ userId: other.userId, source: 'text', text: 'x', jobStatus: 'complete' })
      .returning();
    const refused = expectError(
      await call(me.token, 'POST', '/board-appeals', {
        docket: 'direct',
        filed_on: today,
        decision_letter_id: letter!.id,
      }),
      400,
    );
    expect(refused.fields?.decision_letter_id).toBeDefined();
  });

  it('[DEADLINES]: appeals and deadlines are the owner’s alone: another user’s id answers 404', async () => {
    const [mine] = boardAppealListSchema.parse(
      (await call(me.token, 'GET', '/board-appeals')).json(),
    );
    expect(
      boardAppealListSchema.parse((await call(other.token, 'GET', '/board-appeals')).json()),
    ).toEqual([]);
    expect(
      deadlineOverviewSchema.parse((await call(other.token, 'GET', '/deadlines')).json()),
    ).toMatchObject({ deadlines: [], intent_to_file: null });
    expectError(await call(other.token, 'DELETE', `/board-appeals/${mine!.id}`), 404);
    expectError(await call(me.token, 'DELETE', '/board-appeals/not-a-uuid'), 404);
    expect((await call(me.token, 'DELETE', `/board-appeals/${mine!.id}`)).statusCode).toBe(204);
    expectError(await call(me.token, 'DELETE', `/board-appeals/${mine!.id}`), 404);
  });

  it('[DEADLINES]: signed-out requests are refused', async () => {
    for (const url of ['/deadlines', '/deadlines.ics', '/deadlines/settings', '/board-appeals']) {
      expectError(await app.inject({ method: 'GET', url }), 401);
    }
  });
});
