import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactInputSchema, contactResultSchema } from '@muster/contract/contact';
import { errorEnvelopeSchema } from '@muster/contract/errors';
import { contactMessages } from '@muster/db/schema/index';
import { contactMail } from '#src/modules/mail/templates.ts';

/** Per client: a few messages an hour is plenty for people and useless for spam. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 60 * 60_000 };

/**
 * `POST /contact`: no sign-in needed. Stores the message and emails it to the team through the
 * mail transport. A filled honeypot field is accepted silently and dropped.
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
        response: { 200: contactResultSchema, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const input = request.body;
      if (input.website) return { received: true as const };
      const id = randomUUID();
      await app.database.db
        .insert(contactMessages)
        .values({
          id,
          name: input.name,
          email: input.email,
          topic: input.topic,
          message: input.message,
        });
      try {
        await app.mailer.send(contactMail({ to: app.config.mail.teamEmail, from: input, id }));
      } catch (error) {
        // Stored either way: the team reads the table if mail is down.
        request.log.error({ err: error, contactId: id }, 'contact mail failed');
      }
      return { received: true as const };
    },
  );
};
