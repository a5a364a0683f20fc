import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactInputSchema, contactResultSchema } from '@muster/contract/contact';
import { errorResponses } from '#src/lib/route-errors.ts';
import { sendContactMessage } from './contact.service.ts';

/** Per client: a few messages an hour is plenty for people and useless for spam. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 60 * 60_000 };

/**
 * `POST /contact`: no sign-in needed. Stores the message and emails it to the team through the
 * mail transport (see the service).
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: { ...CONTACT_RATE_LIMIT, max: app.config.rateLimit.contactMax } },
      schema: {
        tags: ['contact'],
        summary: 'Send feedback or a question to the Muster team',
        body: contactInputSchema,
        response: { 200: contactResultSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) =>
      sendContactMessage({
        db: app.database.db,
        mailer: app.mailer,
        teamEmail: app.config.mail.teamEmail,
        input: request.body,
        onMailError: (error, contactId) =>
          request.log.error({ err: error, contactId }, 'contact mail failed'),
      }),
  );
};
