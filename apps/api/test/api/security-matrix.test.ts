import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@muster/contract/errors';
import { bearer, signIn } from '../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

/**
 * The authorization matrix, built from the API's route table. Every route must be listed here
 * with how it is protected; a route missing from the matrix fails the test, so a new route cannot
 * ship without a decision. Kinds:
 * - public: open (probes, docs, sign-in steps, the public calculator later);
 * - signature: authenticated by its own signature (webhooks, signed storage links);
 * - user: needs a signed-in (non-anonymous) user;
 * - owned: needs a user AND names a resource by id: another user's id answers 404.
 */
type Kind = 'public' | 'signature' | 'user' | 'owned';
const MATRIX: Record<string, Kind> = {
  'GET /health': 'public',
  'GET /ready': 'public',
  'GET /openapi.json': 'public',
  'GET /auth/providers': 'public',
  'POST /auth/email-otp/send-verification-otp': 'public',
  'POST /auth/sign-in/email-otp': 'public',
  'GET /auth-bridge/oauth/:providerId/start': 'public',
  'GET /auth-bridge/oauth/complete': 'public',
  'POST /auth-bridge/exchange': 'public',
  'GET /auth/get-session': 'public',
  'POST /auth/sign-out': 'public',
  'POST /auth/sign-in/anonymous': 'public',
  'GET /auth/callback/:providerId': 'public',
  'GET /dev/outbox': 'public',
  'PUT /storage/local/:token': 'signature',
  'GET /storage/local/:token': 'signature',
  'POST /stripe/webhook': 'signature',
  'GET /users/:id': 'owned',
  'PATCH /users/:userId': 'owned',
  'POST /users/:userId/request-deletion': 'owned',
  'POST /users/:userId/cancel-deletion': 'owned',
  'GET /users/:userId/export': 'owned',
  'GET /billing/config': 'public',
  'GET /subscriptions': 'user',
  'GET /subscriptions/verify-stripe-session': 'user',
  'GET /subscriptions/:id': 'owned',
  'POST /subscriptions/free': 'user',
  'POST /subscriptions/stripe-customers': 'user',
  'POST /subscriptions/stripe-checkout-sessions': 'user',
  'POST /stripe/lifetime-checkout': 'user',
  'POST /stripe/subscription-portal': 'user',
  'POST /stripe/upgrade-subscription-portal': 'user',
  'POST /stripe/customer-portal': 'user',
  'GET /usage': 'user',
  'POST /calculator/combined-rating': 'public',
  'POST /calculator/compensation': 'public',
  'GET /user-profiles/:userId/theme-preferences': 'owned',
  'POST /user-profiles/:userId/theme-preferences': 'owned',
  'PATCH /user-profiles/:userId/theme-preferences': 'owned',
  'GET /search': 'user',
  'POST /contact': 'public',
  'GET /threads': 'user',
  'POST /threads': 'user',
  'GET /threads/:id': 'owned',
  'DELETE /threads/:id': 'owned',
};

let app: TestApp;
let owner: { token: string; userId: string };
let intruder: { token: string; userId: string };
let anonymous: string;

beforeAll(async () => {
  app = await buildTestApp({ withJobs: true });
  owner = await signIn(app, 'matrix.owner@example.com');
  intruder = await signIn(app, 'matrix.intruder@example.com');
  const anon = await app.inject({ method: 'POST', url: '/auth/sign-in/anonymous', payload: {} });
  anonymous = anon.headers['set-auth-token'] as string;
});
afterAll(async () => app.close());

const routes = () => app.routeTable.filter((r) => !r.url.startsWith('/docs')).map((r) => `${r.method} ${r.url}`);
const fill = (key: string, id: string) => key.split(' ')[1]!.replace(/:[A-Za-z]+/g, id);
const methodOf = (key: string) => key.split(' ')[0] as 'GET';
const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? {} : { payload: {} });

describe('[SECURITY][MATRIX]', () => {
  it('[SECURITY]: every route of the API is in the matrix, and nothing stale is', () => {
    const actual = new Set(routes());
    expect([...actual].filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !actual.has(r))).toEqual([]);
  });

  it('[SECURITY]: protected routes answer 401 / 1004 without a token', async () => {
    for (const key of Object.keys(MATRIX).filter((k) => MATRIX[k] === 'user' || MATRIX[k] === 'owned')) {
      const response = await app.inject({ method: methodOf(key), url: fill(key, owner.userId), ...bodyFor(methodOf(key)) });
      expect(response.statusCode, key).toBe(401);
      expect(errorEnvelopeSchema.parse(response.json()).code, key).toBe(1004);
    }
  });

  it("[SECURITY]: another user's ids answer 404 on owned routes", async () => {
    const subscription = await app.inject({ method: 'POST', url: '/subscriptions/free', headers: bearer(owner.token), payload: { plan: 'FREE' } });
    const thread = await app.inject({ method: 'POST', url: '/threads', headers: bearer(owner.token), payload: { title: 'Owner only' } });
    const ids: Record<string, string> = {
      '/subscriptions/:id': subscription.json<{ id: string }>().id,
      '/threads/:id': thread.json<{ id: string }>().id,
    };
    for (const key of Object.keys(MATRIX).filter((k) => MATRIX[k] === 'owned')) {
      const path = key.split(' ')[1]!;
      const id = ids[path] ?? owner.userId;
      const response = await app.inject({ method: methodOf(key), url: fill(key, id), headers: bearer(intruder.token), ...bodyFor(methodOf(key)) });
      // Bodies are validated before the handler looks the resource up; send a valid one.
      const valid = key.includes('theme-preferences') ? { theme_enabled: true } : { first_name: 'X' };
      const retried =
        response.statusCode === 400
          ? await app.inject({ method: methodOf(key), url: fill(key, id), headers: bearer(intruder.token), payload: valid })
          : response;
      expect(retried.statusCode, key).toBe(404);
      expect(errorEnvelopeSchema.parse(retried.json()).code, key).toBe(3002);
    }
  });

  it('[SECURITY]: an anonymous session reaches no user route (403 or 404)', async () => {
    for (const key of Object.keys(MATRIX).filter((k) => MATRIX[k] === 'user' || MATRIX[k] === 'owned')) {
      const response = await app.inject({ method: methodOf(key), url: fill(key, owner.userId), headers: bearer(anonymous), ...bodyFor(methodOf(key)) });
      expect([403, 404], key).toContain(response.statusCode);
    }
  });
});
