import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { vaClaimListSchema } from '@muster/contract/va-claims';
import { VA_NOT_CONFIGURED_DETAIL } from '@muster/contract/va-integrations';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { APP_URL } from '../va-integrations/va-helpers.ts';

let app: TestApp;
let me: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp({ env: { APP_URL } });
  me = await signIn(app, 'va-claims.unconfigured@example.com');
});
afterAll(async () => app.close());

describe('[VA][CLAIMS][CONFIG]', () => {
  it('[VA][CLAIMS]: without VA.gov the list answers 200, not configured, nothing listed', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/va-forms/claims',
      headers: bearer(me.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(vaClaimListSchema.parse(response.json())).toEqual({
      va_configured: false,
      va_connected: false,
      results: [],
    });
  });

  it('[VA][CLAIMS]: one claim answers 503 / 3007 saying VA.gov is not set up', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/va-forms/claims/600400001',
      headers: bearer(me.token),
    });
    expect(response.statusCode, response.body).toBe(503);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body.code).toBe(ERR.SERVICE_UNAVAILABLE);
    expect(body.detail).toBe(VA_NOT_CONFIGURED_DETAIL);
  });

  it('[VA][CLAIMS]: both need a signed-in user', async () => {
    for (const url of ['/va-forms/claims', '/va-forms/claims/600400001']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
