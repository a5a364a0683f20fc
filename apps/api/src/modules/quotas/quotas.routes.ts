import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usageSchema } from '@muster/contract/billing';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { storageUsedBytes } from '#src/modules/storage/storage.service.ts';
import { getUsage } from './quotas.service.ts';

export const quotaRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  app.get(
    '/usage',
    {
      schema: {
        tags: ['billing'],
        summary: 'This month’s use and limits',
        response: { 200: usageSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      return getUsage({
        db: app.database.db,
        userId,
        billingEnabled: app.config.billing.stripe !== undefined,
        storageBytes: await storageUsedBytes({ db: app.database.db, ownerId: userId }),
      });
    },
  );
};
