import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingConfigSchema,
  checkoutSessionInputSchema,
  choosePlanInputSchema,
  redirectUrlSchema,
  returnUrlInputSchema,
  subscriptionSchema,
  verifySessionQuerySchema,
  verifySessionSchema,
} from '@muster/contract/billing';
import { pagedSchema, pageQuerySchema, pathIdSchema } from '@muster/contract/common';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import {
  chooseFreePlan,
  createCheckoutSession,
  createLifetimeCheckout,
  createPortalSession,
  ensureCustomer,
  getBillingConfig,
  getSubscription,
  handleWebhook,
  listSubscriptions,
  verifyCheckoutSession,
  type BillingDeps,
} from './billing.service.ts';
import { createStripeClient } from './stripe-client.ts';

const errors = errorResponses(400, 401, 403, 404, 405, 409);

function billingDeps(app: FastifyInstance): BillingDeps {
  const { config } = app;
  const stripe = config.billing.stripe ? createStripeClient(config.billing.stripe) : undefined;
  return {
    db: app.database.db,
    billing: config.billing,
    stripe,
    returnOrigins: [new URL(config.urls.app).origin],
  };
}

/**
 * Plans and payment (the payment provider's name stays in the paths). With no Stripe key,
 * billing is off: FREE works and the payment calls answer 405 (3005).
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = billingDeps(app);

  app.get(
    '/billing/config',
    {
      schema: {
        tags: ['billing'],
        summary: 'Whether billing is on, and each plan’s price id',
        response: { 200: billingConfigSchema },
      },
    },
    async () => getBillingConfig(deps),
  );

  // The webhook authenticates by signature over the exact bytes, so it reads the raw body.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhook.post(
      '/stripe/webhook',
      {
        config: { rateLimit: false },
        schema: { tags: ['billing'], summary: 'Signed payment-provider events', hide: false },
      },
      async (request) =>
        handleWebhook({
          ...deps,
          rawBody: request.body as Buffer,
          signature: request.headers['stripe-signature'] as string | undefined,
        }),
    );
  });

  await app.register(async (scope) => {
    guardScope(scope, requireUser);
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();

    signedIn.get(
      '/subscriptions',
      {
        schema: {
          tags: ['billing'],
          summary: 'The user’s subscriptions',
          querystring: pageQuerySchema,
          response: { 200: pagedSchema(subscriptionSchema), ...errors },
        },
      },
      async (request) => {
        const all = await listSubscriptions({ ...deps, userId: currentUser(request).id });
        const { page, page_size: pageSize } = request.query;
        const results = all.slice((page - 1) * pageSize, page * pageSize);
        return { results, meta: { page, page_size: pageSize, total: all.length } };
      },
    );
    signedIn.get(
      '/subscriptions/verify-stripe-session',
      {
        schema: {
          tags: ['billing'],
          summary: 'Confirm a checkout after returning from it',
          querystring: verifySessionQuerySchema,
          response: { 200: verifySessionSchema, ...errors },
        },
      },
      async (request) =>
        verifyCheckoutSession({
          ...deps,
          userId: currentUser(request).id,
          sessionId: request.query.session_id,
        }),
    );
    signedIn.get(
      '/subscriptions/:id',
      {
        schema: {
          tags: ['billing'],
          summary: 'One subscription',
          params: z.object({ id: pathIdSchema }),
          response: { 200: subscriptionSchema, ...errors },
        },
      },
      async (request) =>
        getSubscription({ ...deps, userId: currentUser(request).id, id: request.params.id }),
    );
    signedIn.post(
      '/subscriptions/free',
      {
        schema: {
          tags: ['billing'],
          summary: 'Choose the free plan (no payment)',
          body: choosePlanInputSchema,
          response: { 200: subscriptionSchema, ...errors },
        },
      },
      async (request) => chooseFreePlan({ ...deps, userId: currentUser(request).id }),
    );
    signedIn.post(
      '/subscriptions/stripe-customers',
      {
        schema: {
          tags: ['billing'],
          summary: 'Create the billing customer',
          response: { 200: z.object({ customer_id: z.string() }), ...errors },
        },
      },
      async (request) => ({
        customer_id: await ensureCustomer({ ...deps, user: currentUser(request) }),
      }),
    );
    signedIn.post(
      '/subscriptions/stripe-checkout-sessions',
      {
        schema: {
          tags: ['billing'],
          summary: 'Start checkout for a plan',
          body: checkoutSessionInputSchema,
          response: { 200: redirectUrlSchema, ...errors },
        },
      },
      async (request) =>
        createCheckoutSession({ ...deps, user: currentUser(request), input: request.body }),
    );
    signedIn.post(
      '/stripe/lifetime-checkout',
      {
        schema: {
          tags: ['billing'],
          summary: 'Start checkout for lifetime access',
          body: returnUrlInputSchema,
          response: { 200: redirectUrlSchema, ...errors },
        },
      },
      async (request) =>
        createLifetimeCheckout({
          ...deps,
          user: currentUser(request),
          returnUrl: request.body.return_url,
        }),
    );
    for (const [path, kind] of [
      ['/stripe/subscription-portal', 'subscription'],
      ['/stripe/upgrade-subscription-portal', 'upgrade'],
      ['/stripe/customer-portal', 'customer'],
    ] as const) {
      signedIn.post(
        path,
        {
          schema: {
            tags: ['billing'],
            summary: `Open the ${kind} billing portal`,
            body: returnUrlInputSchema,
            response: { 200: redirectUrlSchema, ...errors },
          },
        },
        async (request) =>
          createPortalSession({
            ...deps,
            userId: currentUser(request).id,
            kind,
            returnUrl: request.body.return_url,
          }),
      );
    }
  });
};
