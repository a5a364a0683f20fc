import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANSWER_STEPS,
  disabilityAnswerStepSchema,
  disabilityAnswersSchema,
} from '@muster/contract/disabilities';
import { ERR } from '@muster/contract/errors';
import { signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { FULL_ANSWERS, call, createDisability } from './disability-fixtures.ts';

let app: TestApp;
let me: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp();
  me = await signIn(app, 'answers@example.com');
});
afterAll(async () => app.close());

describe('[DISABILITIES][ANSWERS]', () => {
  it('[DISABILITIES][ANSWERS]: every step starts unanswered; each is saved whole and read back', async () => {
    const disability = await createDisability(app, me.token, { title: 'Left knee' });
    const base = `/disabilities/${disability.id}/answers`;
    const empty = disabilityAnswersSchema.parse((await call(app, me.token, 'GET', base)).body);
    expect(empty.results).toEqual(
      ANSWER_STEPS.map((step) => ({ step, answers: null, updated_at: null })),
    );
    for (const step of ANSWER_STEPS) {
      const unanswered = await call(app, me.token, 'GET', `${base}/${step}`);
      expect(unanswered.status).toBe(200);
      expect(unanswered.body).toEqual({ step, answers: null, updated_at: null });

      const saved = await call(app, me.token, 'PUT', `${base}/${step}`, FULL_ANSWERS[step]);
      expect(saved.status, saved.text).toBe(200);
      const parsed = disabilityAnswerStepSchema.parse(saved.body);
      expect(parsed).toEqual({ step, answers: FULL_ANSWERS[step], updated_at: expect.any(String) });
      expect((await call(app, me.token, 'GET', `${base}/${step}`)).body).toEqual(saved.body);
    }
    const all = disabilityAnswersSchema.parse((await call(app, me.token, 'GET', base)).body);
    expect(all.results.map((entry) => [entry.step, entry.answers])).toEqual(
      ANSWER_STEPS.map((step) => [step, FULL_ANSWERS[step]]),
    );
    // Another disability's steps are its own.
    const other = await createDisability(app, me.token, { title: 'Right knee' });
    const others = await call(app, me.token, 'GET', `/disabilities/${other.id}/answers`);
    expect(
      disabilityAnswersSchema.parse(others.body).results.every((entry) => entry.answers === null),
    ).toBe(true);
  });

  it('[DISABILITIES][ANSWERS]: PUT replaces the step (fields left out are gone) and is idempotent', async () => {
    const disability = await createDisability(app, me.token, { title: 'Back' });
    const url = `/disabilities/${disability.id}/answers/flare-ups`;
    const first = await call(app, me.token, 'PUT', url, FULL_ANSWERS['flare-ups']);
    const again = await call(app, me.token, 'PUT', url, FULL_ANSWERS['flare-ups']);
    expect(again.body!.answers).toEqual(first.body!.answers);
    expect(new Date(again.body!.updated_at as string).getTime()).toBeGreaterThanOrEqual(
      new Date(first.body!.updated_at as string).getTime(),
    );
    const replaced = await call(app, me.token, 'PUT', url, { severity: 3, triggers: '  ' });
    // Blank text is no answer: it is stored as null.
    expect(replaced.body!.answers).toEqual({ severity: 3, triggers: null });
    expect((await call(app, me.token, 'GET', url)).body!.answers).toEqual({
      severity: 3,
      triggers: null,
    });
    const cleared = await call(app, me.token, 'PUT', url, {});
    expect(cleared.body!.answers).toEqual({});
  });

  it('[DISABILITIES][ANSWERS]: bad answers are refused per field and the step keeps what it had', async () => {
    const disability = await createDisability(app, me.token, { title: 'Shoulder' });
    const base = `/disabilities/${disability.id}/answers`;
    await call(app, me.token, 'PUT', `${base}/flare-ups`, FULL_ANSWERS['flare-ups']);
    const cases: [string, Record<string, unknown>, string][] = [
      ['flare-ups', { severity: 0 }, 'severity'],
      ['flare-ups', { severity: 11 }, 'severity'],
      ['flare-ups', { severity: 5.5 }, 'severity'],
      ['flare-ups', { frequency: 'hourly' }, 'frequency'],
      ['flare-ups', { duration: 'forever' }, 'duration'],
      ['flare-ups', { limitations: 'x'.repeat(5001) }, 'limitations'],
      ['flare-ups', { triggers: 'x'.repeat(2001) }, 'triggers'],
      ['flare-ups', { has_flare_ups: 'yes' }, 'has_flare_ups'],
      ['military-symptoms', { started_on: '2999-01-01' }, 'started_on'],
      ['military-symptoms', { started_on: '2001-02-30' }, 'started_on'],
      ['military-symptoms', { symptoms: [''] }, 'symptoms.0'],
      ['military-symptoms', { symptoms: Array(31).fill('Pain') }, 'symptoms'],
      ['military-symptoms', { description: 'a\u0000b' }, 'description'],
      ['post-military-symptoms', { trend: 'sideways' }, 'trend'],
      ['professional-impacts', { missed_days_per_month: 32 }, 'missed_days_per_month'],
      ['professional-impacts', { employment_status: 'astronaut' }, 'employment_status'],
      ['social-impacts', { relationships: 42 }, 'relationships'],
    ];
    for (const [step, payload, field] of cases) {
      const refused = await call(app, me.token, 'PUT', `${base}/${step}`, payload);
      expect(refused.status, `${step} ${field}`).toBe(400);
      expect(refused.body, `${step} ${field}`).toMatchObject({ code: ERR.INVALID_INPUT });
      expect(Object.keys(refused.body!.fields as object), `${step} ${field}`).toContain(field);
    }
    expect((await call(app, me.token, 'GET', `${base}/flare-ups`)).body!.answers).toEqual(
      FULL_ANSWERS['flare-ups'],
    );
    // Unknown steps are not resources.
    const unknown = await call(app, me.token, 'PUT', `${base}/type`, {});
    expect(unknown.status).toBe(404);
  });

  it('[DISABILITIES][ANSWERS]: a deleted disability takes its answers with it', async () => {
    const disability = await createDisability(app, me.token, { title: 'Gone soon' });
    const url = `/disabilities/${disability.id}/answers/social-impacts`;
    await call(app, me.token, 'PUT', url, FULL_ANSWERS['social-impacts']);
    await call(app, me.token, 'DELETE', `/disabilities/${disability.id}`);
    expect((await call(app, me.token, 'GET', url)).status).toBe(404);
    expect((await call(app, me.token, 'PUT', url, {})).status).toBe(404);
    const rows = await app.database.pool.query(
      'SELECT count(*)::int AS n FROM disability_answers WHERE disability_id = $1',
      [disability.id],
    );
    expect(rows.rows[0]).toEqual({ n: 0 });
  });
});
