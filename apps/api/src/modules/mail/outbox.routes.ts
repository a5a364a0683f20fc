import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxSchema } from '@muster/contract/outbox';
import { findOutboxEmails } from './mailer.ts';

/** `GET /dev/outbox`: mail the embedded transport kept, newest first (development only). */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail kept by the embedded outbox (development only)',
        response: { 200: outboxSchema },
      },
    },
    async () => findOutboxEmails(app.database.db),
  );
};
