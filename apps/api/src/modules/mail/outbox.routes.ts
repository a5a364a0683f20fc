import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findOutboxEmails } from './mailer.ts';

export const outboxEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});

/** `GET /dev/outbox`: mail the embedded transport kept, newest first (development only). */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail kept by the embedded outbox (development only)',
        response: { 200: z.array(outboxEmailSchema) },
      },
    },
    async () => findOutboxEmails(app.database.db),
  );
};
