import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERR } from '@muster/contract/errors';
import { quotaFeatureSchema } from '@muster/contract/billing';
import { subscriptions } from '@muster/db/schema/index';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { consumeQuota } from '#src/modules/quotas/quotas.service.ts';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';

/** A metered probe route, as every feature will call the quota check. */
let app: TestApp;
beforeAll(async () => {
  // Limits apply while billing is on (a Stripe key is configured; nothing here calls Stripe).
  app = await buildTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_quota_limits', STRIPE_WEBHOOK_SECRET: 'whsec_quota_limits' },
    beforeReady: (instance) => {
      instance.withTypeProvider<ZodTypeProvider>().post(
        '/__probe/metered/:feature',
        {
          preHandler: requireUser,
          schema: { params: z.object({ feature: quotaFeatureSchema }) },
        },
        async (request) =>
          consumeQuota({
            db: instance.database.db,
            userId: currentUser(request).id,
            feature: request.params.feature,
            billingEnabled: instance.config.billing.stripe !== undefined,
          }),
      );
    },
  });
});
afterAll(async () => app.close());

const use = (token: string, feature: string) =>
  app.inject({ method: 'POST', url: `/__probe/metered/${feature}`, headers: bearer(token) });

describe('[QUOTAS]', () => {
  it('[QUOTAS]: a user with no subscription counts as FREE; over the limit → 403 with detail and quota', async () => {
    const me = await signIn(app, 'quota.free@example.com');
    expect((await use(me.token, 'decision_letters')).statusCode).toBe(200);
    const over = await use(me.token, 'decision_letters');
    expect(over.statusCode).toBe(403);
    const body = over.json<{
      code: number;
      detail: string;
      quota: { feature: string; used: number; limit: number; resets_at: string };
    }>();
    expect(body).toMatchObject({
      code: ERR.FORBIDDEN,
      detail: 'decision letter quota reached',
      quota: { feature: 'decision_letters', used: 1, limit: 1 },
    });
    expect(new Date(body.quota.resets_at).getUTCDate()).toBe(1);
    const nexus = await use(me.token, 'nexus_letters');
    expect(nexus.json()).toMatchObject({
      code: ERR.FORBIDDEN,
      detail: 'nexus letter quota reached',
      quota: { used: 0, limit: 0 },
    });
  });

  it('[QUOTAS]: concurrent requests cannot both take the last unit', async () => {
    const me = await signIn(app, 'quota.race@example.com');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => use(me.token, 'buddy_requests')),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(4);
  });

  it('[QUOTAS]: GET /usage reports this month; Pro gets Pro limits; a lapsed plan counts as FREE', async () => {
    const me = await signIn(app, 'quota.pro@example.com');
    await use(me.token, 'ai_messages');
    const usage = await app.inject({ method: 'GET', url: '/usage', headers: bearer(me.token) });
    expect(usage.json()).toMatchObject({
      plan: 'FREE',
      quotas: expect.arrayContaining([
        { feature: 'ai_messages', used: 1, limit: 30, resets_at: expect.any(String) },
      ]),
    });
    await app.database.db.insert(subscriptions).values({
      userId: me.userId,
      plan: 'PRO_MONTHLY',
      priceId: 'p',
      status: 'active',
      provider: 'stripe',
    });
    expect(
      (await app.inject({ method: 'GET', url: '/usage', headers: bearer(me.token) })).json(),
    ).toMatchObject({ plan: 'PRO_MONTHLY' });
    expect((await use(me.token, 'nexus_letters')).statusCode).toBe(200);
    await app.database.db.update(subscriptions).set({ status: 'past_due' });
    expect(
      (await app.inject({ method: 'GET', url: '/usage', headers: bearer(me.token) })).json(),
    ).toMatchObject({ plan: 'FREE' });
  });

  it('[QUOTAS]: months roll over in UTC', async () => {
    const me = await signIn(app, 'quota.month@example.com');
    const january = new Date('2027-01-31T23:00:00Z');
    await consumeQuota({
      db: app.database.db,
      userId: me.userId,
      feature: 'decision_letters',
      now: january,
      billingEnabled: true,
    });
    await expect(
      consumeQuota({
        db: app.database.db,
        userId: me.userId,
        feature: 'decision_letters',
        now: january,
        billingEnabled: true,
      }),
    ).rejects.toMatchObject({ code: ERR.FORBIDDEN });
    await expect(
      consumeQuota({
        db: app.database.db,
        userId: me.userId,
        feature: 'decision_letters',
        now: new Date('2027-02-01T00:00:00Z'),
        billingEnabled: true,
      }),
    ).resolves.toMatchObject({ used: 1 });
  });

  it('[QUOTAS]: with billing off, use is counted and shown but never refused', async () => {
    const off = await buildTestApp();
    try {
      expect(off.config.billing.stripe).toBeUndefined();
      const me = await signIn(off, 'quota.billing.off@example.com');
      const policy = { db: off.database.db, userId: me.userId, billingEnabled: false };
      // FREE allows one decision letter and no nexus letter while billing is on.
      for (let i = 0; i < 3; i++) await consumeQuota({ ...policy, feature: 'decision_letters' });
      await expect(consumeQuota({ ...policy, feature: 'nexus_letters' })).resolves.toMatchObject({
        used: 1,
        limit: null,
      });
      const usage = await off.inject({ method: 'GET', url: '/usage', headers: bearer(me.token) });
      expect(usage.json()).toMatchObject({
        plan: 'FREE',
        quotas: expect.arrayContaining([
          expect.objectContaining({ feature: 'decision_letters', used: 3, limit: null }),
          expect.objectContaining({ feature: 'nexus_letters', used: 1, limit: null }),
        ]),
      });
    } finally {
      await off.close();
    }
  });
});
