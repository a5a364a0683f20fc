import { expect } from 'vitest';
import { userProfileSchema } from '@muster/contract/users';
import {
  vaAuthEndpointParametersSchema,
  type VaAuthEndpointParameters,
} from '@muster/contract/va-integrations';
import { bearer, signIn } from '../../helpers/auth.ts';
import type { TestApp } from '../../helpers/build-test-app.ts';
import type { FakeLighthouse } from '../../helpers/fake-lighthouse.ts';

export const APP_URL = 'http://app.muster.test';

/** Asks the API where to send the browser to connect VA.gov. */
export async function authParameters(
  app: TestApp,
  token: string,
  service = 'benefit-claims',
): Promise<VaAuthEndpointParameters> {
  const response = await app.inject({
    method: 'GET',
    url: `/va-integrations/get-auth-endpoint-parameters/${service}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return vaAuthEndpointParametersSchema.parse(response.json());
}

/**
 * What a browser does: opens VA's authorize URL, follows VA's redirect to the API's callback, and
 * stops at the API's redirect to the app. Returns the app URL and what VA sent back.
 */
export async function browserConnect(authorizeUrl: string) {
  const atVa = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atVa.status).toBe(302);
  const callback = new URL(atVa.headers.get('location')!);
  const atApi = await fetch(callback, { redirect: 'manual' });
  expect(atApi.status).toBe(302);
  return { callback, final: new URL(atApi.headers.get('location')!) };
}

/** Connects the user to Benefits Claims through the fake; asserts success. */
export async function connect(app: TestApp, token: string, service = 'benefit-claims') {
  const parameters = await authParameters(app, token, service);
  const result = await browserConnect(parameters.url);
  expect(result.final.toString()).toBe(`${APP_URL}/va-forms?message=success`);
  return { parameters, ...result };
}

export async function vaFlags(app: TestApp, token: string, userId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/users/${userId}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return userProfileSchema.parse(response.json()).is_va_authenticated;
}

let icnSequence = 1012670000;

/**
 * Signs `email` in and connects it to VA.gov as a veteran of their own (a fresh ICN, so one
 * test's records at VA never meet another's); `beforeConnect` seeds what VA holds for that ICN.
 */
export async function connectedVeteran(
  app: TestApp,
  fake: FakeLighthouse,
  email: string,
  options: { service?: string; beforeConnect?: (icn: string) => void } = {},
) {
  const me = await signIn(app, email);
  const icn = `${icnSequence++}V762142`;
  fake.patientIcn = icn;
  options.beforeConnect?.(icn);
  await connect(app, me.token, options.service);
  return { ...me, icn };
}
