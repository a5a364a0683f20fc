import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLighthouse, type FakeLighthouse } from '../../helpers/fake-lighthouse.ts';

/** The fake itself: it must refuse what VA refuses, or the API tests prove nothing. */
let fake: FakeLighthouse;
beforeAll(async () => {
  fake = await startFakeLighthouse();
});
afterAll(async () => fake.close());

const REDIRECT = 'http://127.0.0.1:1/va-integrations/callback';

async function tokensFor(verifier: string, sentVerifier = verifier) {
  const authorize = new URL(`${fake.url}/oauth2/authorization`);
  authorize.search = new URLSearchParams({
    client_id: fake.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid launch/patient claim.read claim.write',
    state: 'state-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const redirect = await fetch(authorize, { redirect: 'manual' });
  const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
  return fetch(`${fake.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: sentVerifier,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    }),
  });
}

describe('[VA][FAKE-LIGHTHOUSE]', () => {
  it('[VA][FAKE]: PKCE is checked; an ITF body outside the v2 schema is refused and recorded', async () => {
    const verifier = randomBytes(32).toString('base64url');
    expect((await tokensFor(verifier, 'another-verifier')).status).toBe(400);
    const answer = (await (await tokensFor(verifier)).json()) as {
      access_token: string;
      patient: string;
    };
    expect(answer.patient).toBe(fake.patientIcn);
    const post = (body: unknown, icn = answer.patient) =>
      fetch(`${fake.url}/services/claims/v2/veterans/${icn}/intent-to-file`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${answer.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    expect((await post({ data: { attributes: { type: 'burial' } } })).status).toBe(400);
    expect(fake.violations).toHaveLength(1);
    expect(fake.violations[0]).toContain('must be equal to one of the allowed values');
    fake.violations.length = 0;
    // Another veteran's ICN with this token: not authorized.
    expect((await post({ data: { attributes: { type: 'compensation' } } }, 'X')).status).toBe(401);
    expect((await post({ data: { attributes: { type: 'compensation' } } })).status).toBe(200);
    expect(fake.violations).toEqual([]);
  });
});
