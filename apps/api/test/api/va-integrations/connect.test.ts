import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { VA_SCOPES } from '@muster/contract/va-integrations';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { startFakeLighthouse, type FakeLighthouse } from '../../helpers/fake-lighthouse.ts';
import { APP_URL, authParameters, browserConnect, connect, vaFlags } from './va-helpers.ts';

let app: TestApp;
let apiUrl: string;
let fake: FakeLighthouse;
/** Every secret that passed through the flows, checked against the log at the end. */
const secrets = new Set<string>();

beforeAll(async () => {
  fake = await startFakeLighthouse();
  const started = await startTestServer({
    captureLogs: true,
    env: { ...fake.env(), APP_URL },
  });
  app = started.app;
  apiUrl = started.url;
});
afterAll(async () => {
  await app.close();
  await fake.close();
});
beforeEach(() => {
  fake.consent = 'approve';
  fake.tokenFailures.length = 0;
  fake.apiFailures.length = 0;
  expect(fake.violations).toEqual([]);
});

type Raw = Record<string, string | null>;
const rawConnection = async (userId: string) =>
  (await app.database.pool.query<Raw>('SELECT * FROM va_connections WHERE user_id = $1', [userId]))
    .rows;
const rawStates = async (userId: string) =>
  (await app.database.pool.query<Raw>('SELECT * FROM va_oauth_states WHERE user_id = $1', [userId]))
    .rows;

function remember(parameters: { state: string }, callback?: URL) {
  secrets.add(parameters.state);
  const code = callback?.searchParams.get('code');
  if (code) secrets.add(code);
}

describe('[VA][CONNECT]', () => {
  it('[VA][CONNECT]: connects through VA’s sign-in with PKCE; tokens and ICN are stored encrypted and the profile says connected', async () => {
    const me = await signIn(app, 'va.connect@example.com');
    expect(await vaFlags(app, me.token, me.userId)).toEqual({
      benefit_claims: false,
      veteran_verification: false,
    });
    const parameters = await authParameters(app, me.token);
    expect(parameters).toMatchObject({
      client_id: fake.clientId,
      redirect_uri: `${apiUrl}/va-integrations/callback`,
      scope: VA_SCOPES['benefit-claims'],
      response_type: 'code',
    });
    const authorize = new URL(parameters.url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/oauth2/authorization`);
    expect(authorize.searchParams.get('state')).toBe(parameters.state);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('scope')).toBe(parameters.scope);

    const { callback, final } = await browserConnect(parameters.url);
    remember(parameters, callback);
    expect(final.toString()).toBe(`${APP_URL}/va-forms?message=success`);
    expect(await vaFlags(app, me.token, me.userId)).toEqual({
      benefit_claims: true,
      veteran_verification: false,
    });

    // The exchange sent the verifier and the client's credentials in the body.
    const exchange = fake.calls.filter((c) => c.grantType === 'authorization_code').at(-1)!;
    expect(exchange.status).toBe(200);
    expect(exchange.body).toMatchObject({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      redirect_uri: parameters.redirect_uri,
      code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    secrets.add(String(exchange.body!.code_verifier));

    // No plaintext at rest: tokens, ICN and verifier are sealed envelopes.
    const [row] = await rawConnection(me.userId);
    const issuedAccess = [...fake.accessTokens.keys()].at(-1)!;
    const issuedRefresh = [...fake.refreshTokens.keys()].at(-1)!;
    secrets.add(issuedAccess).add(issuedRefresh);
    for (const column of ['access_token', 'refresh_token', 'icn']) {
      expect(row![column], column).toMatch(/^enc:v1:/);
    }
    const text = JSON.stringify(row);
    for (const secret of [issuedAccess, issuedRefresh, fake.patientIcn]) {
      expect(text).not.toContain(secret);
    }
    const [state] = await rawStates(me.userId);
    expect(state!.code_verifier).toMatch(/^enc:v1:/);
    expect(JSON.stringify(state)).not.toContain(parameters.state);
    expect(state!.used_at).not.toBeNull();
  });

  it('[VA][CONNECT]: Veteran Verification connects on its own flag with its own scopes', async () => {
    const me = await signIn(app, 'va.verification@example.com');
    const { parameters, callback } = await connect(app, me.token, 'veteran-verification');
    remember(parameters, callback);
    expect(parameters.scope).toBe(VA_SCOPES['veteran-verification']);
    expect(await vaFlags(app, me.token, me.userId)).toEqual({
      benefit_claims: false,
      veteran_verification: true,
    });
  });

  it('[VA][CONNECT]: an unknown service answers 404 / 3002', async () => {
    const me = await signIn(app, 'va.unknown@example.com');
    for (const [method, url] of [
      ['GET', '/va-integrations/get-auth-endpoint-parameters/claims'],
      ['DELETE', '/va-integrations/everything'],
    ] as const) {
      const response = await app.inject({ method, url, headers: bearer(me.token) });
      expect(response.statusCode, url).toBe(404);
      expect(errorEnvelopeSchema.parse(response.json()).code).toBe(ERR.NOT_FOUND);
    }
  });

  it('[VA][CONNECT]: a denied consent returns forbidden and connects nothing', async () => {
    const me = await signIn(app, 'va.denied@example.com');
    fake.consent = 'deny';
    const parameters = await authParameters(app, me.token);
    remember(parameters);
    const { callback, final } = await browserConnect(parameters.url);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(final.toString()).toBe(`${APP_URL}/va-forms?message=forbidden`);
    expect(await vaFlags(app, me.token, me.userId)).toMatchObject({ benefit_claims: false });
    expect(await rawConnection(me.userId)).toEqual([]);
  });

  it('[VA][CONNECT]: an unknown, reused or expired state returns forbidden', async () => {
    const me = await signIn(app, 'va.state@example.com');
    const callbackAt = (query: string) =>
      fetch(`${apiUrl}/va-integrations/callback?${query}`, { redirect: 'manual' });
    const forbidden = `${APP_URL}/va-forms?message=forbidden`;

    const unknown = await callbackAt('code=whatever&state=not-a-state');
    expect(unknown.headers.get('location')).toBe(forbidden);
    const missing = await callbackAt('code=whatever');
    expect(missing.headers.get('location')).toBe(forbidden);

    // Reused: the first use succeeds, the same redirect again is refused.
    const parameters = await authParameters(app, me.token);
    const atVa = await fetch(parameters.url, { redirect: 'manual' });
    const callback = atVa.headers.get('location')!;
    remember(parameters, new URL(callback));
    expect((await fetch(callback, { redirect: 'manual' })).headers.get('location')).toBe(
      `${APP_URL}/va-forms?message=success`,
    );
    const exchanges = fake.calls.filter((c) => c.grantType === 'authorization_code').length;
    expect((await fetch(callback, { redirect: 'manual' })).headers.get('location')).toBe(forbidden);
    // Refused before VA was asked.
    expect(fake.calls.filter((c) => c.grantType === 'authorization_code')).toHaveLength(exchanges);

    // Expired: older than 15 minutes.
    const late = await authParameters(app, me.token);
    const lateAtVa = await fetch(late.url, { redirect: 'manual' });
    remember(late, new URL(lateAtVa.headers.get('location')!));
    await app.database.pool.query(
      `UPDATE va_oauth_states SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND used_at IS NULL`,
      [me.userId],
    );
    const expired = await fetch(lateAtVa.headers.get('location')!, { redirect: 'manual' });
    expect(expired.headers.get('location')).toBe(forbidden);
  });

  it('[VA][CONNECT]: a spent or expired code (VA says invalid_grant) returns forbidden', async () => {
    const me = await signIn(app, 'va.code@example.com');
    const parameters = await authParameters(app, me.token);
    const atVa = await fetch(parameters.url, { redirect: 'manual' });
    const callback = atVa.headers.get('location')!;
    remember(parameters, new URL(callback));
    fake.expireCodes();
    const response = await fetch(callback, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe(`${APP_URL}/va-forms?message=forbidden`);
    expect(fake.calls.filter((c) => c.grantType === 'authorization_code').at(-1)!.status).toBe(400);
    expect(await vaFlags(app, me.token, me.userId)).toMatchObject({ benefit_claims: false });
  });

  it('[VA][CONNECT]: VA’s token endpoint failing (5xx) returns service_unavailable', async () => {
    const me = await signIn(app, 'va.down@example.com');
    for (const status of [500, 503]) {
      const parameters = await authParameters(app, me.token);
      fake.tokenFailures.push({ status });
      const { callback, final } = await browserConnect(parameters.url);
      remember(parameters, callback);
      expect(final.toString()).toBe(`${APP_URL}/va-forms?message=service_unavailable`);
    }
    expect(await rawConnection(me.userId)).toEqual([]);
  });

  it('[VA][CONNECT]: disconnecting revokes the token at VA, forgets it and clears the flag', async () => {
    const me = await signIn(app, 'va.disconnect@example.com');
    const { parameters, callback } = await connect(app, me.token);
    remember(parameters, callback);
    const refresh = [...fake.refreshTokens.keys()].at(-1)!;
    secrets.add(refresh).add([...fake.accessTokens.keys()].at(-1)!);
    const response = await app.inject({
      method: 'DELETE',
      url: '/va-integrations/benefit-claims',
      headers: bearer(me.token),
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(fake.revoked).toContain(refresh);
    expect(fake.callsTo('POST', '/oauth2/revoke').at(-1)!.body).toMatchObject({
      token_type_hint: 'refresh_token',
      client_id: fake.clientId,
    });
    expect(await rawConnection(me.userId)).toEqual([]);
    expect(await vaFlags(app, me.token, me.userId)).toMatchObject({ benefit_claims: false });

    // Nothing connected: still 204, and VA is not asked.
    const revocations = fake.revoked.length;
    const again = await app.inject({
      method: 'DELETE',
      url: '/va-integrations/benefit-claims',
      headers: bearer(me.token),
    });
    expect(again.statusCode).toBe(204);
    expect(fake.revoked).toHaveLength(revocations);
  });

  it('[VA][CONNECT]: a failed revocation still disconnects', async () => {
    const me = await signIn(app, 'va.revoke-fails@example.com');
    const { parameters, callback } = await connect(app, me.token);
    remember(parameters, callback);
    secrets.add([...fake.refreshTokens.keys()].at(-1)!);
    const closedUrl = 'http://127.0.0.1:9/oauth2/revoke';
    const original = app.config.va!.revokeUrl;
    // The one setting changed for this test: VA's revoke endpoint is unreachable.
    (app.config.va as { revokeUrl: string }).revokeUrl = closedUrl;
    try {
      const response = await app.inject({
        method: 'DELETE',
        url: '/va-integrations/benefit-claims',
        headers: bearer(me.token),
      });
      expect(response.statusCode).toBe(204);
    } finally {
      (app.config.va as { revokeUrl: string }).revokeUrl = original;
    }
    expect(await vaFlags(app, me.token, me.userId)).toMatchObject({ benefit_claims: false });
  });

  it('[VA][LOGS]: no token, code, state, verifier or client secret reaches the log', () => {
    const log = app.logLines.join('\n');
    expect(log).toContain('/va-integrations/callback');
    expect(secrets.size).toBeGreaterThan(10);
    for (const secret of [...secrets, fake.clientSecret]) expect(log, secret).not.toContain(secret);
    expect(fake.violations).toEqual([]);
  });
});
