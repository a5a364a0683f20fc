import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@muster/contract/errors';
import { subscriptions } from '@muster/db/schema/index';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { startFakeStripe, type FakeStripe } from '../../fakes/stripe-server.ts';

const APP = 'http://localhost:3000';
const PRICES = {
  FREE: 'price_free_1',
  PRO_MONTHLY: 'price_pro_m',
  PRO_BIANNUALLY: 'price_pro_6',
  LIFETIME: 'price_life',
};

let stripe: FakeStripe;
let app: TestApp;
let url: string;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: PRICES });
  ({ app, url } = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      STRIPE_PRICE_FREE: PRICES.FREE,
      STRIPE_PRICE_PRO_MONTHLY: PRICES.PRO_MONTHLY,
      STRIPE_PRICE_PRO_BIANNUALLY: PRICES.PRO_BIANNUALLY,
      STRIPE_PRICE_LIFETIME: PRICES.LIFETIME,
    },
  }));
  stripe.setWebhookUrl(`${url}/stripe/webhook`);
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const post = (path: string, token: string, payload: unknown = {}) =>
  app.inject({ method: 'POST', url: path, headers: bearer(token), payload: payload as object });
const statusOf = async (userId: string) =>
  (await app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]
    ?.status;

async function subscribe(email: string, plan: keyof typeof PRICES = 'PRO_MONTHLY') {
  const me = await signIn(app, email);
  const checkout = await post('/subscriptions/stripe-checkout-sessions', me.token, {
    return_url: { scheme: 'http', domain: 'localhost:3000', path: '/stripe-portal-return' },
    price_id: PRICES[plan],
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const sessionId = new URL(checkout.json<{ url: string }>().url).pathname.split('/').pop()!;
  return { ...me, sessionId };
}

describe('[BILLING] with Stripe', () => {
  it('[BILLING]: config lists the prices and says billing is on', async () => {
    expect((await app.inject({ method: 'GET', url: '/billing/config' })).json()).toEqual({
      enabled: true,
      prices: PRICES,
    });
  });

  it('[BILLING]: checkout → webhook → active Pro; the session can be verified on return', async () => {
    const me = await subscribe('pro.vet@example.com');
    const session = stripe.sessions.get(me.sessionId)!;
    expect(session).toMatchObject({ mode: 'subscription', client_reference_id: me.userId });
    expect(String(session.success_url)).toBe(
      'http://localhost:3000/stripe-portal-return?session_id={CHECKOUT_SESSION_ID}',
    );
    await stripe.completeCheckout(me.sessionId);
    expect(await statusOf(me.userId)).toBe('active');
    const verified = await app.inject({
      method: 'GET',
      url: `/subscriptions/verify-stripe-session?session_id=${me.sessionId}`,
      headers: bearer(me.token),
    });
    expect(verified.json()).toEqual({ status: 'complete', subscription_status: 'active' });
    const profile = await app.inject({
      method: 'GET',
      url: `/users/${me.userId}`,
      headers: bearer(me.token),
    });
    expect(profile.json()).toMatchObject({
      subscription_status: 'active',
      plan: 'PRO_MONTHLY',
      price_id: PRICES.PRO_MONTHLY,
    });
    const list = await app.inject({
      method: 'GET',
      url: '/subscriptions',
      headers: bearer(me.token),
    });
    expect(list.json()).toMatchObject({
      results: [{ plan: 'PRO_MONTHLY', status: 'active' }],
      meta: { page: 1, page_size: 20, total: 1 },
    });
    // The list pages like every other list.
    const past = await app.inject({
      method: 'GET',
      url: '/subscriptions?page=2&page_size=1',
      headers: bearer(me.token),
    });
    expect(past.json()).toEqual({ results: [], meta: { page: 2, page_size: 1, total: 1 } });
    const bad = await app.inject({
      method: 'GET',
      url: '/subscriptions?page_size=0',
      headers: bearer(me.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ERR.INVALID_INPUT });
    const id = list.json<{ results: { id: string }[] }>().results[0]!.id;
    expect(
      (await app.inject({ method: 'GET', url: `/subscriptions/${id}`, headers: bearer(me.token) }))
        .statusCode,
    ).toBe(200);
    const other = await signIn(app, 'peeker@example.com');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/subscriptions/${id}`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/subscriptions/verify-stripe-session?session_id=${me.sessionId}`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('[BILLING]: status changes follow webhooks; replays and older events never move a status wrongly', async () => {
    const me = await subscribe('status.vet@example.com');
    await stripe.completeCheckout(me.sessionId);
    const subscriptionId = String(stripe.sessions.get(me.sessionId)!.subscription);
    const subscription = stripe.subscriptions.get(subscriptionId)!;
    for (const status of [
      'past_due',
      'unpaid',
      'paused',
      'active',
      'trialing',
      'canceled',
      'incomplete',
      'incomplete_expired',
    ]) {
      await stripe.setSubscriptionStatus(subscriptionId, status);
      expect(await statusOf(me.userId)).toBe(status);
    }
    const t = Math.floor(Date.now() / 1000) + 100;
    const newer = await stripe.sendEvent(
      'customer.subscription.updated',
      { ...subscription, status: 'active' },
      { created: t, id: 'evt_newer' },
    );
    expect(newer.status).toBe(200);
    expect(await statusOf(me.userId)).toBe('active');
    // An older event arriving late is acknowledged and ignored.
    const older = await stripe.sendEvent(
      'customer.subscription.updated',
      { ...subscription, status: 'past_due' },
      { created: t - 50, id: 'evt_older' },
    );
    expect(older.status).toBe(200);
    expect(await statusOf(me.userId)).toBe('active');
    // A replay of an applied event changes nothing even if state moved since.
    await stripe.sendEvent(
      'customer.subscription.updated',
      { ...subscription, status: 'unpaid' },
      { created: t + 10, id: 'evt_unpaid' },
    );
    expect(await statusOf(me.userId)).toBe('unpaid');
    await stripe.sendEvent(
      'customer.subscription.updated',
      { ...subscription, status: 'active' },
      { created: t + 20, id: 'evt_active_again' },
    );
    const replay = await stripe.sendEvent(
      'customer.subscription.updated',
      { ...subscription, status: 'unpaid' },
      { created: t + 10, id: 'evt_unpaid' },
    );
    expect(replay.status).toBe(200);
    expect(await statusOf(me.userId)).toBe('active');
  });

  it('[BILLING]: lifetime checkout records a lifetime status that subscription events cannot undo', async () => {
    const me = await signIn(app, 'lifer@example.com');
    const checkout = await post('/stripe/lifetime-checkout', me.token, {
      return_url: `${APP}/dashboard`,
    });
    expect(checkout.statusCode).toBe(200);
    const sessionId = new URL(checkout.json<{ url: string }>().url).pathname.split('/').pop()!;
    expect(stripe.sessions.get(sessionId)).toMatchObject({ mode: 'payment' });
    await stripe.completeCheckout(sessionId);
    expect(await statusOf(me.userId)).toBe('lifetime');
    const again = await post('/stripe/lifetime-checkout', me.token, {
      return_url: `${APP}/dashboard`,
    });
    expect(again.json()).toMatchObject({ code: ERR.INVALID_STATE });
  });

  it('[BILLING]: the billing portals answer a URL; 404 with no billing account yet', async () => {
    const fresh = await signIn(app, 'no.customer@example.com');
    const missing = await post('/stripe/subscription-portal', fresh.token, {
      return_url: `${APP}/dashboard`,
    });
    expect(missing.statusCode).toBe(404);
    const me = await subscribe('portal.vet@example.com');
    await stripe.completeCheckout(me.sessionId);
    for (const path of [
      '/stripe/subscription-portal',
      '/stripe/upgrade-subscription-portal',
      '/stripe/customer-portal',
    ]) {
      const response = await post(path, me.token, { return_url: `${APP}/dashboard?from=%2Fvault` });
      expect(response.statusCode, path).toBe(200);
      expect(response.json<{ url: string }>().url).toMatch(/\/portal\/bps_/);
    }
  });

  it('[BILLING]: return addresses must be in the app; prices must be paid plans', async () => {
    const me = await signIn(app, 'redirect@example.com');
    const evil = await post('/stripe/lifetime-checkout', me.token, {
      return_url: 'https://evil.example/steal',
    });
    expect(evil.json()).toMatchObject({
      code: ERR.INVALID_INPUT,
      fields: { return_url: 'Not an app address' },
    });
    const free = await post('/subscriptions/stripe-checkout-sessions', me.token, {
      return_url: { scheme: 'http', domain: 'localhost:3000', path: '/' },
      price_id: PRICES.FREE,
    });
    expect(free.json()).toMatchObject({
      code: ERR.INVALID_INPUT,
      fields: { price_id: 'Not a paid plan' },
    });
  });

  it('[BILLING]: webhooks must be signed', async () => {
    const response = await fetch(`${url}/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      body: '{"id":"evt_x"}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: ERR.INVALID_INPUT,
      detail: 'Invalid webhook signature',
    });
  });

  it('[BILLING]: FREE needs no payment, and a canceled user can pick it', async () => {
    const me = await subscribe('downgrade@example.com');
    await stripe.completeCheckout(me.sessionId);
    expect((await post('/subscriptions/free', me.token, { plan: 'FREE' })).json()).toMatchObject({
      code: ERR.INVALID_STATE,
    });
    await stripe.setSubscriptionStatus(
      String(stripe.sessions.get(me.sessionId)!.subscription),
      'canceled',
    );
    const free = await post('/subscriptions/free', me.token, { plan: 'FREE' });
    expect(free.json()).toMatchObject({ plan: 'FREE', status: 'active', price_id: PRICES.FREE });
  });
});

describe('[BILLING] off (no Stripe key)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await buildTestApp();
  });
  afterAll(async () => off.close());

  it('[BILLING]: FREE works; payment calls answer 405 / 3005', async () => {
    expect((await off.inject({ method: 'GET', url: '/billing/config' })).json()).toMatchObject({
      enabled: false,
    });
    const me = await signIn(off, 'free.only@example.com');
    const free = await off.inject({
      method: 'POST',
      url: '/subscriptions/free',
      headers: bearer(me.token),
      payload: { plan: 'FREE' },
    });
    expect(free.json()).toMatchObject({ plan: 'FREE', status: 'active' });
    const checkout = await off.inject({
      method: 'POST',
      url: '/stripe/lifetime-checkout',
      headers: bearer(me.token),
      payload: { return_url: `${APP}/` },
    });
    expect(checkout.statusCode).toBe(405);
    expect(checkout.json()).toMatchObject({
      code: ERR.NOT_ALLOWED,
      detail: 'Billing is not enabled on this server',
    });
  });
});
