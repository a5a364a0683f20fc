import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  createDecisionLetterInputSchema,
  decisionLetterAcceptedSchema,
  decisionLetterListQuerySchema,
  decisionLetterPageSchema,
  decisionLetterSchema,
} from '@muster/contract/decision-letters';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { createLetter, deleteLetter, getLetter, listLetters } from './decision-letters.service.ts';

const tags = ['decision-letters'];
const idParams = z.object({ id: pathIdSchema });

/**
 * VA decision letters read for the veteran: accepted (an upload or pasted text) and analysed in
 * the background; the reading (every decision, the ratings and amounts stated, the evidence, the
 * review deadlines) is the owner's alone: another user's letter answers 404.
 */
export const decisionLetterRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;

  app.post(
    '/decision-letters',
    {
      schema: {
        tags,
        summary: 'Read a decision letter',
        description:
          '`{file_id}` of a finished `decision-letter` upload (PDF, JPEG or PNG), or `{text}` of a pasted letter. Answers 202; the reading runs in the background (`GET /decision-letters/{id}` for its status and progress). Counts against the month’s `decision_letters` (403 with `quota` when spent, with billing on).',
        body: createDecisionLetterInputSchema,
        response: { 202: decisionLetterAcceptedSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const accepted = await createLetter({
        db: db(),
        userId: currentUser(request).id,
        input: request.body,
        billingEnabled: app.config.billing.stripe !== undefined,
        jobs: app.jobs,
        job: app.jobDefinitions.analyzeLetter,
      });
      return reply.code(202).send(accepted);
    },
  );

  app.get(
    '/decision-letters',
    {
      schema: {
        tags,
        summary: 'The user’s decision letters, newest first',
        querystring: decisionLetterListQuerySchema,
        response: { 200: decisionLetterPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listLetters({ db: db(), userId: currentUser(request).id, page: request.query }),
  );

  app.get(
    '/decision-letters/:id',
    {
      schema: {
        tags,
        summary: 'One decision letter: its status, and once read, what it decided',
        params: idParams,
        response: { 200: decisionLetterSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getLetter({ db: db(), userId: currentUser(request).id, id: request.params.id }),
  );

  app.delete(
    '/decision-letters/:id',
    {
      schema: {
        tags,
        summary: 'Delete a decision letter and its reading',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteLetter({ db: db(), userId: currentUser(request).id, id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
