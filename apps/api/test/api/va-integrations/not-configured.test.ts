import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { VA_NOT_CONFIGURED_DETAIL } from '@muster/contract/va-integrations';
import { ConfigError, parseConfig } from '#src/config/env.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { APP_URL } from './va-helpers.ts';

let app: TestApp;
let me: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp({ env: { APP_URL } });
  me = await signIn(app, 'va.unconfigured@example.com');
});
afterAll(async () => app.close());

describe('[VA][CONFIG]', () => {
  it('[VA][CONFIG]: without VA credentials every VA route answers 503 / 3007 saying so', async () => {
    const routes = [
      { method: 'GET', url: '/va-integrations/get-auth-endpoint-parameters/benefit-claims' },
      { method: 'GET', url: '/va-integrations/get-auth-endpoint-parameters/veteran-verification' },
      { method: 'DELETE', url: '/va-integrations/benefit-claims' },
      { method: 'POST', url: '/va-forms/intent-to-file', payload: {} },
    ] as const;
    for (const route of routes) {
      const response = await app.inject({ ...route, headers: bearer(me.token) });
      expect(response.statusCode, route.url).toBe(503);
      const body = errorEnvelopeSchema.parse(response.json());
      expect(body.code, route.url).toBe(ERR.SERVICE_UNAVAILABLE);
      expect(body.detail, route.url).toBe(VA_NOT_CONFIGURED_DETAIL);
    }
  });

  it('[VA][CONFIG]: where things stand is still read: not configured, not connected, no intent to file', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/va-forms/intent-to-file',
      headers: bearer(me.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      va_configured: false,
      intent_to_file: null,
      va_active: null,
      va_connected: false,
      can_access_526ez: false,
    });
  });

  it('[VA][CONFIG]: VA’s browser return sends the browser back with service_unavailable', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/va-integrations/callback?code=abc&state=def',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${APP_URL}/va-forms?message=service_unavailable`);
  });

  it('[VA][CONFIG]: the client secret is required with the client id; defaults are VA’s sandbox', () => {
    expect(() => parseConfig({ LIGHTHOUSE_CLIENT_ID: 'id' })).toThrow(ConfigError);
    const config = parseConfig({
      LIGHTHOUSE_CLIENT_ID: 'id',
      LIGHTHOUSE_CLIENT_SECRET: 'secret',
      API_URL: 'https://api.muster.test/',
    });
    expect(config.va).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      authorizationUrl: 'https://sandbox-api.va.gov/oauth2/authorization',
      tokenUrl: 'https://sandbox-api.va.gov/oauth2/token',
      revokeUrl: 'https://sandbox-api.va.gov/oauth2/revoke',
      redirectUri: 'https://api.muster.test/va-integrations/callback',
      claimsApiUrl: 'https://sandbox-api.va.gov/services/claims/v2',
      veteranVerificationApiUrl: 'https://sandbox-api.va.gov/services/veteran_verification/v2',
      timeoutMs: 15_000,
    });
    expect(
      parseConfig({
        LIGHTHOUSE_CLIENT_ID: 'id',
        LIGHTHOUSE_CLIENT_SECRET: 'secret',
        LIGHTHOUSE_ENVIRONMENT: 'production',
      }).va?.claimsApiUrl,
    ).toBe('https://api.va.gov/services/claims/v2');
    expect(parseConfig({}).va).toBeUndefined();
  });
});
