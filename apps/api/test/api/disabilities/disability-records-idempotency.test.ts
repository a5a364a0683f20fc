import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { call, collectionUrl, createDisability } from './disability-fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

/** A POST with an `Idempotency-Key`, as the web app sends a new record. */
async function postWithKey(token: string, url: string, key: string, payload: unknown) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: payload as Record<string, unknown>,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const KEY = '3f6c1f0e-8b1a-4c5d-9e2f-0a1b2c3d4e5f';

describe('[DISABILITIES][RECORDS][IDEMPOTENT CREATE]', () => {
  it('[DISABILITIES][RECORDS][IDEMPOTENT CREATE]: the same create sent twice makes one record, answered both times', async () => {
    const me = await signIn(app, 'idempotent.twice@example.com');
    const disability = await createDisability(app, me.token, { title: 'Knee' });
    const url = collectionUrl('treatments', disability.id);

    const first = await postWithKey(me.token, url, KEY, { facility_name: 'Temple VA' });
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(KEY);
    // The answer was lost; the client sends it again.
    const again = await postWithKey(me.token, url, KEY, { facility_name: 'Temple VA' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const list = await call(app, me.token, 'GET', url);
    expect((list.body!.results as unknown[]).length).toBe(1);
  });

  it('[DISABILITIES][RECORDS][IDEMPOTENT CREATE]: sent at once, the same create still makes one record', async () => {
    const me = await signIn(app, 'idempotent.race@example.com');
    const disability = await createDisability(app, me.token, { title: 'Back' });
    const url = collectionUrl('treatments', disability.id);
    const key = '9d4b2a10-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postWithKey(me.token, url, key, { facility_name: 'Clinic' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const list = await call(app, me.token, 'GET', url);
    expect((list.body!.results as unknown[]).length).toBe(1);
  });

  it('[DISABILITIES][RECORDS][IDEMPOTENT CREATE]: a key used elsewhere is a conflict, never another user’s record', async () => {
    const owner = await signIn(app, 'idempotent.owner@example.com');
    const other = await signIn(app, 'idempotent.other@example.com');
    const mine = await createDisability(app, owner.token, { title: 'Tinnitus' });
    const theirs = await createDisability(app, other.token, { title: 'Tinnitus' });
    const key = '0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f';
    const made = await postWithKey(owner.token, collectionUrl('treatments', mine.id), key, {
      facility_name: 'Private notes of the owner',
    });
    expect(made.status).toBe(201);

    for (const [token, url] of [
      [other.token, collectionUrl('treatments', theirs.id)],
      [owner.token, collectionUrl('exposures', mine.id)],
    ] as const) {
      const reused = await postWithKey(token, url, key, {
        facility_name: 'Clinic',
        kind: 'camp_lejeune',
      });
      expect(reused.status).toBe(409);
      const envelope = errorEnvelopeSchema.parse(reused.body);
      expect(envelope.code).toBe(ERR.CONFLICT);
      expect(JSON.stringify(reused.body)).not.toContain('Private notes');
    }
  });

  it('[DISABILITIES][RECORDS][IDEMPOTENT CREATE]: a key that is not a UUID answers 400, and nothing is made', async () => {
    const me = await signIn(app, 'idempotent.bad@example.com');
    const disability = await createDisability(app, me.token, { title: 'Knee' });
    const url = collectionUrl('treatments', disability.id);
    const bad = await postWithKey(me.token, url, 'not-a-uuid', { facility_name: 'Clinic' });
    expect(bad.status).toBe(400);
    expect(errorEnvelopeSchema.parse(bad.body).code).toBe(ERR.INVALID_INPUT);
    const list = await call(app, me.token, 'GET', url);
    expect((list.body!.results as unknown[]).length).toBe(0);
  });
});
