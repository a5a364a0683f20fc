import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONDITION_QUERY_MAX,
  CONDITION_RESULTS_DEFAULT,
  CONDITION_RESULTS_MAX,
  conditionSearchResultSchema,
} from '@muster/contract/conditions';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/** The condition catalogue over HTTP: signed-in search with everyday words. */
let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await buildTestApp();
  token = (await signIn(app, 'conditions@example.com')).token;
});
afterAll(async () => app.close());

const get = (query: string, headers: Record<string, string> = bearer(token)) =>
  app.inject({ method: 'GET', url: `/conditions${query}`, headers });

async function search(q: string, extra = '') {
  const response = await get(`?q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return conditionSearchResultSchema.strict().parse(response.json()).results;
}

async function expectInvalid(query: string, field: string) {
  const response = await get(query);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
  const body = errorEnvelopeSchema.parse(response.json());
  expect(body.code, query).toBe(ERR.INVALID_INPUT);
  expect(Object.keys(body.fields ?? {}), query).toContain(field);
}

describe('[CONDITIONS]', () => {
  it('[CONDITIONS]: everyday words find the condition, with its codes, classification and PACT flag', async () => {
    const [tinnitus] = await search('ringing in my ears');
    expect(tinnitus).toEqual({
      label: 'tinnitus (ringing or hissing in ears)',
      side_of_body: null,
      classification: { code: '3140', name: 'Hearing Loss' },
      diagnostic_codes: ['6260'],
      pact_presumptive: false,
    });
    expect((await search("can't sleep"))[0]?.label).toBe('insomnia');
    expect((await search('bad back'))[0]?.label).toBe('back pain or stiffness, diagnosis unknown');
    expect((await search('burn pit'))[0]?.pact_presumptive).toBe(true);
    // Typos and unfinished words.
    expect((await search('hypertention'))[0]?.diagnostic_codes).toEqual(['7101']);
    expect((await search('migra'))[0]?.label).toBe('migraines (headaches)');
  });

  it('[CONDITIONS]: paired body parts come once per side; a side in the query comes first', async () => {
    const knees = await search('knee pain');
    expect(knees.slice(0, 3).map((c) => [c.label, c.side_of_body])).toEqual([
      ['knee pain or stiffness, diagnosis unknown, bilateral', 'bilateral'],
      ['knee pain or stiffness, diagnosis unknown, left', 'left'],
      ['knee pain or stiffness, diagnosis unknown, right', 'right'],
    ]);
    expect((await search('right knee pain'))[0]?.side_of_body).toBe('right');
  });

  it('[CONDITIONS]: 20 results unless asked for fewer or more (at most 50)', async () => {
    expect(await search('arthritis')).toHaveLength(CONDITION_RESULTS_DEFAULT);
    expect(await search('arthritis', '&limit=3')).toHaveLength(3);
    expect(await search('arthritis', `&limit=${CONDITION_RESULTS_MAX}`)).toHaveLength(
      CONDITION_RESULTS_MAX,
    );
  });

  it('[CONDITIONS]: an empty query, or one with nothing to search for, answers an empty list', async () => {
    for (const query of ['', '?q=', '?q=%20%20', '?q=!!!', '?q=left'])
      expect((await get(query)).json(), query).toEqual({ results: [] });
    // Words the catalogue does not know: no suggestion, and no error (free text stays allowed).
    expect(await search('qqqqzzzz xxyyzz')).toEqual([]);
  });

  it('[CONDITIONS]: bad input answers 400 / 2001 naming the field', async () => {
    await expectInvalid(`?q=${'a'.repeat(CONDITION_QUERY_MAX + 1)}`, 'q');
    await expectInvalid('?q=knee%00pain', 'q');
    await expectInvalid('?q=knee%0Apain', 'q');
    for (const limit of ['0', '51', '-1', '2.5', 'abc'])
      await expectInvalid(`?q=knee&limit=${limit}`, 'limit');
    // A repeated parameter is not one text.
    await expectInvalid('?q=knee&q=back', 'q');
    // At the limit is fine.
    expect((await get(`?q=${'a'.repeat(CONDITION_QUERY_MAX)}`)).statusCode).toBe(200);
  });

  it('[CONDITIONS]: signed-in only: 401 without a token, 403 for an anonymous session', async () => {
    const missing = await get('?q=knee', {});
    expect(missing.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(missing.json()).code).toBe(ERR.LOGIN_REQUIRED);
    const anon = await app.inject({ method: 'POST', url: '/auth/sign-in/anonymous', payload: {} });
    const anonymous = await get('?q=knee', bearer(anon.headers['set-auth-token'] as string));
    expect(anonymous.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(anonymous.json()).code).toBe(ERR.FORBIDDEN);
  });
});
