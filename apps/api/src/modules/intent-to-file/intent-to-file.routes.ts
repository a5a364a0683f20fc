import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fileIntentToFileInputSchema,
  intentToFileStateSchema,
} from '@muster/contract/intent-to-file';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { fileIntentToFile, getIntentToFileState } from './intent-to-file.service.ts';

const tags = ['intent-to-file'];
const errors = errorResponses(400, 401, 403, 409, 422, 502, 503);
const VA_ERRORS =
  'Not configured: 503 / 3007. Not connected (POST) or VA.gov authentication expired: 403 / 1003 with a detail saying which. VA down: 502 / 5002 or 503 / 3007.';

/** Intent to File (VA Form 21-0966, compensation) through VA.gov Benefits Claims v2. */
export const intentToFileRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const options = (request: Parameters<typeof currentUser>[0]) => ({
    db: app.database.db,
    va: app.config.va,
    log: request.log,
    userId: currentUser(request).id,
  });

  app.get(
    '/va-forms/intent-to-file',
    {
      schema: {
        tags,
        summary: 'The intent to file: the stored one, VA’s active one, and 526EZ access',
        description: `While VA.gov is connected, VA is asked for the active compensation intent to file each time. \`can_access_526ez\`: connected and an active, unexpired intent to file. On a server without VA.gov set up, 200 with \`va_configured: false\`. ${VA_ERRORS}`,
        response: { 200: intentToFileStateSchema, ...errors },
      },
    },
    async (request) => getIntentToFileState(options(request)),
  );

  app.post(
    '/va-forms/intent-to-file',
    {
      schema: {
        tags,
        summary: 'File an intent to file for compensation with VA (once)',
        description: `Asks VA for an active compensation intent to file first: if there is one it is stored and answered (200) and nothing is filed; else VA files one (201). Retries and concurrent requests file once. ${VA_ERRORS}`,
        body: fileIntentToFileInputSchema,
        response: { 200: intentToFileStateSchema, 201: intentToFileStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { state, created } = await fileIntentToFile(options(request));
      return reply.code(created ? 201 : 200).send(state);
    },
  );
};
