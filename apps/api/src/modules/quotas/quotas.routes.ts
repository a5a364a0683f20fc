import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usageSchema } from '@muster/contract/billing';
import { errorEnvelopeSchema } from '@muster/contract/errors';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { getUsage } from './quotas.service.ts';

export const quotaRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  app.get(
    '/usage',
    {
      schema: {
        tags: ['billing'],
        summary: 'This month’s use and limits',
        response: { 200: usageSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) =>
      getUsage({
        db: app.database.db,
        userId: currentUser(request).id,
        billingEnabled: app.config.billing.stripe !== undefined,
      }),
  );
};
