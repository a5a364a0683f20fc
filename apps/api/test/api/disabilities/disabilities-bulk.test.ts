import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_IN_LIST,
  LISTED_TWICE,
  MAX_BULK_DISABILITIES,
  createdDisabilitiesSchema,
} from '@muster/contract/disabilities';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { call, createDisability, listDisabilities } from './disability-fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

const BULK = '/disabilities/bulk';

function expectRefused(response: { status: number; body: unknown }, fields: object) {
  expect(response.status).toBe(400);
  const body = errorEnvelopeSchema.parse(response.body);
  expect(body.code).toBe(ERR.INVALID_INPUT);
  expect(body.validation).toBe(true);
  expect(body.fields).toEqual(fields);
}

describe('[DISABILITIES][BULK]', () => {
  it('[DISABILITIES][BULK]: adds every entry, answers them in the order sent, lists them after', async () => {
    const me = await signIn(app, 'bulk.happy@example.com');
    const veteran = await call(app, me.token, 'POST', '/veterans', {
      first_name: 'Pri',
      last_name: 'Mary',
    });
    const veteranId = veteran.body!.id as string;
    const entries = [
      { title: 'Knee strain, left', side_of_body: 'left', percent: 10 },
      { title: ' Knee strain, right ', diagnosis: 'Patellar tendinitis', veteran_id: null },
      { title: 'Tinnitus', diagnostic_code: '6260', claim_type: 'direct', wizard_step: 'type' },
    ];
    const response = await call(app, me.token, 'POST', BULK, { disabilities: entries });
    expect(response.status, response.text).toBe(201);
    const { results } = createdDisabilitiesSchema.parse(response.body);
    expect(results.map((d) => d.title)).toEqual([
      'Knee strain, left',
      'Knee strain, right',
      'Tinnitus',
    ]);
    expect(results[0]).toMatchObject({ side_of_body: 'left', percent: 10, veteran_id: veteranId });
    expect(results[1]).toMatchObject({ diagnosis: 'Patellar tendinitis', veteran_id: null });
    expect(results[2]).toMatchObject({
      diagnostic_code: '6260',
      claim_type: 'direct',
      wizard_step: 'type',
      veteran_id: veteranId,
    });
    expect(new Set(results.map((d) => d.id)).size).toBe(3);

    // Listed as if added one by one: newest first, or in the order sent oldest first.
    const listed = await listDisabilities(app, me.token);
    expect(listed.meta.total).toBe(3);
    expect(listed.results).toEqual([...results].reverse());
    const oldest = await listDisabilities(app, me.token, '?sort=created_at');
    expect(oldest.results.map((d) => d.id)).toEqual(results.map((d) => d.id));
    for (const made of results) {
      expect((await call(app, me.token, 'GET', `/disabilities/${made.id}`)).body).toEqual(made);
    }
  });

  it('[DISABILITIES][BULK]: a title listed twice (any case, any whitespace) refuses the request', async () => {
    const me = await signIn(app, 'bulk.twice@example.com');
    const response = await call(app, me.token, 'POST', `${BULK}/`, {
      disabilities: [
        { title: 'Knee strain, left' },
        { title: 'Tinnitus' },
        { title: 'Back strain' },
        { title: ' knee  STRAIN,left ' },
        { title: 'TINNITUS' },
      ],
    });
    expectRefused(response, {
      'disabilities.3.title': LISTED_TWICE,
      'disabilities.4.title': LISTED_TWICE,
    });
    expect((await listDisabilities(app, me.token)).meta.total).toBe(0);
  });

  it('[DISABILITIES][BULK]: a title already in the list refuses the request; nothing is saved', async () => {
    const me = await signIn(app, 'bulk.existing@example.com');
    const other = await signIn(app, 'bulk.existing.other@example.com');
    const kept = await createDisability(app, me.token, { title: 'Lower back strain' });
    // Another user's titles are theirs: they do not count.
    await createDisability(app, other.token, { title: 'Migraine' });
    const response = await call(app, me.token, 'POST', BULK, {
      disabilities: [
        { title: 'Migraine' },
        { title: 'Sleep apnea' },
        { title: 'Tinnitus' },
        { title: 'LOWER back  strain' },
      ],
    });
    expectRefused(response, { 'disabilities.3.title': ALREADY_IN_LIST });
    expect((await listDisabilities(app, me.token)).results).toEqual([kept]);
    // Without the repeat, the same request goes through.
    const again = await call(app, me.token, 'POST', BULK, {
      disabilities: [{ title: 'Migraine' }, { title: 'Sleep apnea' }, { title: 'Tinnitus' }],
    });
    expect(again.status, again.text).toBe(201);
    expect((await listDisabilities(app, me.token)).meta.total).toBe(4);
    // A second bulk add of one of them is refused in turn.
    expectRefused(
      await call(app, me.token, 'POST', BULK, {
        disabilities: [{ title: 'Hearing loss' }, { title: 'sleep apnea' }],
      }),
      { 'disabilities.1.title': ALREADY_IN_LIST },
    );
  });

  it('[DISABILITIES][BULK]: one invalid entry refuses the request on its path; nothing is saved', async () => {
    const me = await signIn(app, 'bulk.invalid@example.com');
    const other = await signIn(app, 'bulk.invalid.other@example.com');
    const theirs = await call(app, other.token, 'POST', '/veterans', {
      first_name: 'Not',
      last_name: 'Mine',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'Back', percent: 15 }, 'disabilities.1.percent'],
      [{ title: '' }, 'disabilities.1.title'],
      [{ title: 'Back', side_of_body: 'up' }, 'disabilities.1.side_of_body'],
      [{ title: 'Back', wizard_step: 'nowhere' }, 'disabilities.1.wizard_step'],
      [{ diagnosis: 'No title' }, 'disabilities.1.title'],
    ];
    for (const [entry, field] of cases) {
      const response = await call(app, me.token, 'POST', BULK, {
        disabilities: [{ title: 'Knee' }, entry, { title: 'Tinnitus' }],
      });
      expect(response.status, field).toBe(400);
      expect(Object.keys(errorEnvelopeSchema.parse(response.body).fields ?? {}), field).toEqual([
        field,
      ]);
    }
    // A veteran record that is not the user's, as a single create refuses it.
    const foreign = await call(app, me.token, 'POST', BULK, {
      disabilities: [
        { title: 'Knee' },
        { title: 'Back', veteran_id: theirs.body!.id },
        { title: 'Tinnitus' },
      ],
    });
    expectRefused(foreign, { 'disabilities.1.veteran_id': 'Not one of your veteran records' });
    expect((await listDisabilities(app, me.token)).meta.total).toBe(0);
  });

  it('[DISABILITIES][BULK]: 1 to 50 entries; an empty list, 51 entries or no list answer 400', async () => {
    const me = await signIn(app, 'bulk.size@example.com');
    const many = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, index) => ({ title: `${prefix} ${index + 1}` }));
    const tooMany = await call(app, me.token, 'POST', BULK, {
      disabilities: many(MAX_BULK_DISABILITIES + 1, 'Too many'),
    });
    expect(tooMany.status).toBe(400);
    expect(errorEnvelopeSchema.parse(tooMany.body)).toMatchObject({
      code: ERR.INVALID_INPUT,
      fields: { disabilities: `At most ${MAX_BULK_DISABILITIES} conditions at once` },
    });
    const empty = await call(app, me.token, 'POST', BULK, { disabilities: [] });
    expect(empty.status).toBe(400);
    expect(errorEnvelopeSchema.parse(empty.body)).toMatchObject({
      code: ERR.INVALID_INPUT,
      fields: { disabilities: 'Add at least one condition' },
    });
    for (const body of [{}, { disabilities: 'Tinnitus' }, [{ title: 'Tinnitus' }]]) {
      const response = await call(app, me.token, 'POST', BULK, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(errorEnvelopeSchema.parse(response.body).code).toBe(ERR.INVALID_INPUT);
    }
    expect((await listDisabilities(app, me.token)).meta.total).toBe(0);
    const fifty = await call(app, me.token, 'POST', BULK, {
      disabilities: many(MAX_BULK_DISABILITIES, 'Condition'),
    });
    expect(fifty.status, fifty.text).toBe(201);
    expect(createdDisabilitiesSchema.parse(fifty.body).results).toHaveLength(50);
    expect((await listDisabilities(app, me.token)).meta.total).toBe(50);
  });

  it('[DISABILITIES][BULK]: the same list sent twice at once is added once', async () => {
    const me = await signIn(app, 'bulk.twice-at-once@example.com');
    const payload = { disabilities: [{ title: 'Knee' }, { title: 'Back' }] };
    const answers = await Promise.all([
      call(app, me.token, 'POST', BULK, payload),
      call(app, me.token, 'POST', BULK, payload),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect((await listDisabilities(app, me.token)).meta.total).toBe(2);
  });

  it('[DISABILITIES][BULK]: signed-out callers answer 401, anonymous sessions are refused', async () => {
    const signedOut = await app.inject({
      method: 'POST',
      url: BULK,
      payload: { disabilities: [{ title: 'Tinnitus' }] },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(signedOut.json()).code).toBe(ERR.LOGIN_REQUIRED);
    const anon = await app.inject({ method: 'POST', url: '/auth/sign-in/anonymous', payload: {} });
    const anonymous = await app.inject({
      method: 'POST',
      url: BULK,
      headers: bearer(anon.headers['set-auth-token'] as string),
      payload: { disabilities: [{ title: 'Tinnitus' }] },
    });
    expect([403, 404]).toContain(anonymous.statusCode);
  });
});
