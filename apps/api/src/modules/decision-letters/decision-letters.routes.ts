import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  createDecisionLetterInputSchema,
  decisionLetterAcceptedSchema,
  decisionLetterListQuerySchema,
  decisionLetterPageSchema,
  decisionLetterSchema,
  REVIEW_KINDS,
} from '@muster/contract/decision-letters';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { createLetter, deleteLetter, getLetter, listLetters } from './decision-letters.service.ts';
import { reviewForm } from './review-forms.service.ts';
import { BOARD_DOCKETS } from './review-forms/review-form.ts';

const tags = ['decision-letters'];
const idParams = z.object({ id: pathIdSchema });
const reviewFormParams = z.object({
  id: pathIdSchema,
  // Checked by the service once the letter is found (400 when not one of them), so another
  // user's letter answers 404 whatever the option; documented as the list it must be.
  kind: z
    .string()
    .max(40)
    .meta({ enum: [...REVIEW_KINDS] })
    .describe('The review option, and so the VA form'),
});
const reviewFormQuery = z.object({
  decisions: z
    .string()
    .regex(/^\d{1,3}(?:,\d{1,3})*$/, 'Decision numbers separated by commas, e.g. 0,2')
    .optional()
    .describe(
      'The decisions to list as issues: their positions in the letter’s `decisions`, from 0, separated by commas. Default: every decision that is not deferred.',
    ),
  docket: z
    .enum(BOARD_DOCKETS)
    .optional()
    .describe(
      'board-appeal only: the docket to check (Part II). Default: none checked, the veteran chooses.',
    ),
});

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

  app.get(
    '/decision-letters/:id/review-forms/:kind',
    {
      schema: {
        tags,
        summary: 'The VA form of a review option, prefilled from the letter',
        description:
          '`supplemental-claim`: VA Form 20-0995; `higher-level-review`: VA Form 20-0996 (informal conference left unchecked); `board-appeal`: VA Form 10182. Filled from the primary veteran record and the chosen decisions, each dated by the letter; issues past the form’s rows continue on attached pages. Left unsigned for the veteran to check and sign. 409 while the letter is not read (queued, processing or failed), or when it holds no decision that can be reviewed.',
        params: reviewFormParams,
        querystring: reviewFormQuery,
        response: {
          200: z.any().describe('application/pdf'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const file = await reviewForm({
        db: db(),
        userId: currentUser(request).id,
        id: request.params.id,
        kind: request.params.kind,
        decisions: request.query.decisions?.split(',').map(Number),
        docket: request.query.docket,
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes));
    },
  );

  app.delete(
    '/decision-letters/:id',
    {
      schema: {
        tags,
        summary: 'Delete a decision letter, its reading and its uploaded file',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteLetter({
        db: db(),
        storage: app.storage,
        userId: currentUser(request).id,
        id: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );
};
