import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '#src/lib/route-errors.ts';
import { healthSchema, readinessSchema } from '@muster/contract/health';
import { checkReadiness } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      // Public and personal-data free; caches must ask again each time.
      config: { rateLimit: false, cacheControl: 'no-cache' },
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthSchema } },
    },
    async () => ({ status: 'ok' as const, uptime_s: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'The database is reachable and migrations are applied',
        response: { 200: readinessSchema, ...errorResponses(503) },
      },
    },
    async () => checkReadiness({ pool: app.database.pool }),
  );
};
