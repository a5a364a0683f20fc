import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { intentToFileStateSchema } from '@muster/contract/intent-to-file';
import { VA_AUTH_EXPIRED_DETAIL, VA_NOT_CONNECTED_DETAIL } from '@muster/contract/va-integrations';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { startFakeLighthouse, type FakeLighthouse } from '../../helpers/fake-lighthouse.ts';
import { APP_URL, connectedVeteran as connectAs, vaFlags } from './va-helpers.ts';

let app: TestApp;
let fake: FakeLighthouse;

beforeAll(async () => {
  fake = await startFakeLighthouse();
  ({ app } = await startTestServer({ captureLogs: true, env: { ...fake.env(), APP_URL } }));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(() => {
  fake.tokenFailures.length = 0;
  fake.apiFailures.length = 0;
  fake.itfPostDelayMs = 0;
  expect(fake.violations).toEqual([]);
});

/** A signed-in user connected to Benefits Claims as a veteran of their own (a fresh ICN). */
const connectedVeteran = (email: string) => connectAs(app, fake, email);

const getItf = (token: string) =>
  app.inject({ method: 'GET', url: '/va-forms/intent-to-file', headers: bearer(token) });
const postItf = (token: string) =>
  app.inject({
    method: 'POST',
    url: '/va-forms/intent-to-file',
    headers: bearer(token),
    payload: {},
  });
const filings = (icn: string) =>
  fake.callsTo('POST', `/veterans/${icn}/intent-to-file`).filter((c) => c.status === 200);

describe('[VA][INTENT-TO-FILE]', () => {
  it('[VA][ITF]: files once with VA (body per the v2 schema); a second POST answers the active one without filing', async () => {
    const me = await connectedVeteran('itf.once@example.com');
    const before = intentToFileStateSchema.parse((await getItf(me.token)).json());
    expect(before).toEqual({
      va_configured: true,
      intent_to_file: null,
      va_active: null,
      va_connected: true,
      can_access_526ez: false,
    });

    const first = await postItf(me.token);
    expect(first.statusCode, first.body).toBe(201);
    const filed = intentToFileStateSchema.parse(first.json());
    expect(filed.can_access_526ez).toBe(true);
    expect(filed.intent_to_file).toMatchObject({
      type: 'compensation',
      status: 'active',
      is_active: true,
      intent_file_id: fake.itfs.at(-1)!.id,
      expiration_date: fake.itfs.at(-1)!.expirationDate,
    });
    expect(filings(me.icn)).toHaveLength(1);
    expect(filings(me.icn)[0]!.body).toEqual({
      data: { type: 'intent_to_file', attributes: { type: 'compensation' } },
    });

    const second = await postItf(me.token);
    expect(second.statusCode, second.body).toBe(200);
    expect(intentToFileStateSchema.parse(second.json()).intent_to_file?.intent_file_id).toBe(
      filed.intent_to_file?.intent_file_id,
    );
    expect(filings(me.icn)).toHaveLength(1);

    const state = intentToFileStateSchema.parse((await getItf(me.token)).json());
    expect(state.can_access_526ez).toBe(true);
    expect(state.va_active?.intent_file_id).toBe(filed.intent_to_file?.intent_file_id);
    expect(fake.violations).toEqual([]);
  });

  it('[VA][ITF]: an intent VA already has is stored and answered (200), nothing filed', async () => {
    const me = await connectedVeteran('itf.existing@example.com');
    fake.itfs.push({
      id: '193685',
      icn: me.icn,
      type: 'compensation',
      status: 'active',
      creationDate: '2026-01-10',
      expirationDate: '2027-01-10',
    });
    const response = await postItf(me.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(intentToFileStateSchema.parse(response.json()).intent_to_file).toMatchObject({
      intent_file_id: '193685',
      creation_date: '2026-01-10',
    });
    expect(filings(me.icn)).toHaveLength(0);
  });

  it('[VA][ITF]: two POSTs at once file once', async () => {
    const me = await connectedVeteran('itf.race@example.com');
    fake.itfPostDelayMs = 300;
    const answers = await Promise.all([postItf(me.token), postItf(me.token), postItf(me.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(filings(me.icn)).toHaveLength(1);
    const ids = answers.map(
      (a) => intentToFileStateSchema.parse(a.json()).intent_to_file?.intent_file_id,
    );
    expect(new Set(ids).size).toBe(1);
  });

  it('[VA][ITF]: an expired access token is refreshed (rotated, stored) before the call', async () => {
    const me = await connectedVeteran('itf.refresh@example.com');
    const [before] = (
      await app.database.pool.query<{ token_version: number; refresh_token: string }>(
        'SELECT token_version, refresh_token FROM va_connections WHERE user_id = $1',
        [me.userId],
      )
    ).rows;
    await app.database.pool.query(
      `UPDATE va_connections SET access_token_expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [me.userId],
    );
    const mark = fake.calls.length;
    const response = await getItf(me.token);
    expect(response.statusCode, response.body).toBe(200);
    const seen = fake.calls.slice(mark).map((c) => `${c.method} ${c.grantType ?? c.path}`);
    expect(seen).toEqual([
      'POST refresh_token',
      `GET /services/claims/v2/veterans/${me.icn}/intent-to-file/compensation`,
    ]);
    const [after] = (
      await app.database.pool.query<{ token_version: number; refresh_token: string }>(
        'SELECT token_version, refresh_token FROM va_connections WHERE user_id = $1',
        [me.userId],
      )
    ).rows;
    expect(after!.token_version).toBe(before!.token_version + 1);
    expect(after!.refresh_token).not.toBe(before!.refresh_token);
    // The rotated refresh token is the one kept: another refresh works.
    await app.database.pool.query(
      `UPDATE va_connections SET access_token_expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [me.userId],
    );
    expect((await getItf(me.token)).statusCode).toBe(200);
  });

  it('[VA][ITF]: VA answering 401 is met with one refresh and a retry', async () => {
    const me = await connectedVeteran('itf.401@example.com');
    fake.expireAccessTokens();
    const mark = fake.calls.length;
    const response = await getItf(me.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.calls.slice(mark).map((c) => `${c.method} ${c.grantType ?? c.status}`)).toEqual([
      'GET 401',
      'POST refresh_token',
      'GET 404',
    ]);
  });

  it('[VA][ITF]: a refresh VA refuses forgets the connection: 403 / 1003 "VA.gov authentication expired"', async () => {
    const me = await connectedVeteran('itf.expired@example.com');
    fake.expireAccessTokens();
    fake.spendRefreshTokens();
    const response = await postItf(me.token);
    expect(response.statusCode, response.body).toBe(403);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body.code).toBe(ERR.ACCESS_DENIED);
    expect(body.detail).toBe(VA_AUTH_EXPIRED_DETAIL);
    expect(await vaFlags(app, me.token, me.userId)).toMatchObject({ benefit_claims: false });
    const state = intentToFileStateSchema.parse((await getItf(me.token)).json());
    expect(state).toMatchObject({ va_connected: false, can_access_526ez: false });
  });

  it('[VA][ITF]: VA failing maps to 502 (5xx) and 503 (token endpoint down); nothing is stored', async () => {
    const me = await connectedVeteran('itf.va-down@example.com');
    fake.apiFailures.push(500);
    const failed = await postItf(me.token);
    expect(failed.statusCode, failed.body).toBe(502);
    expect(errorEnvelopeSchema.parse(failed.json()).code).toBe(ERR.BAD_GATEWAY);

    fake.expireAccessTokens();
    await app.database.pool.query(
      `UPDATE va_connections SET access_token_expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [me.userId],
    );
    fake.tokenFailures.push({ status: 503 });
    const unavailable = await getItf(me.token);
    expect(unavailable.statusCode, unavailable.body).toBe(503);
    expect(errorEnvelopeSchema.parse(unavailable.json()).code).toBe(ERR.SERVICE_UNAVAILABLE);
    // Still connected: a VA outage is not an expired sign-in.
    expect(await vaFlags(app, me.token, me.userId)).toMatchObject({ benefit_claims: true });
    // The lease was released: the next try files.
    expect((await postItf(me.token)).statusCode).toBe(201);
    expect(filings(me.icn)).toHaveLength(1);
  });

  it('[VA][ITF]: each user’s own connection only; not connected → 403 on POST, never a VA call', async () => {
    const alice = await connectedVeteran('itf.alice@example.com');
    const bob = await connectedVeteran('itf.bob@example.com');
    expect((await postItf(alice.token)).statusCode).toBe(201);
    const bobState = intentToFileStateSchema.parse((await getItf(bob.token)).json());
    expect(bobState).toMatchObject({ intent_to_file: null, va_active: null });
    expect((await postItf(bob.token)).statusCode).toBe(201);
    expect(filings(alice.icn)).toHaveLength(1);
    expect(filings(bob.icn)).toHaveLength(1);
    expect(fake.itfs.filter((r) => r.icn === alice.icn || r.icn === bob.icn)).toHaveLength(2);

    const carol = await signIn(app, 'itf.carol@example.com');
    const mark = fake.calls.length;
    const refused = await postItf(carol.token);
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(refused.json()).detail).toBe(VA_NOT_CONNECTED_DETAIL);
    expect(intentToFileStateSchema.parse((await getItf(carol.token)).json())).toEqual({
      va_configured: true,
      intent_to_file: null,
      va_active: null,
      va_connected: false,
      can_access_526ez: false,
    });
    expect(fake.calls.length).toBe(mark);
  });

  it('[VA][LOGS]: no token reaches the log', () => {
    const log = app.logLines.join('\n');
    const tokens = [...fake.accessTokens.keys(), ...fake.refreshTokens.keys()];
    expect(tokens.length).toBeGreaterThan(5);
    for (const token of tokens) expect(log).not.toContain(token);
    expect(fake.violations).toEqual([]);
  });
});
