import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  ANSWER_STEPS,
  answerStepSchema,
  bulkCreateDisabilitiesInputSchema,
  createDisabilityInputSchema,
  createdDisabilitiesSchema,
  disabilityAnswersSchema,
  disabilityListQuerySchema,
  disabilityPageSchema,
  disabilitySchema,
  disabilityWizardStepSchemas,
  updateDisabilityInputSchema,
  type AnswerStep,
} from '@muster/contract/disabilities';
import {
  DISABILITY_BASE,
  DISABILITY_BULK_PATH,
  DISABILITY_PATH,
  disabilityRouteSummary as summary,
} from '@muster/contract/disability-routes';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser } from '#src/modules/auth/require-user.ts';
import {
  createDisabilities,
  createDisability,
  deleteDisability,
  getAnswerStep,
  getAnswers,
  getDisability,
  listDisabilities,
  saveAnswerStep,
  updateDisability,
} from './disabilities.service.ts';
import { disabilityRecordRoutes } from './disability-records.routes.ts';
import { secondaryDisabilityRoutes } from './secondary-disabilities.routes.ts';
import { guardOwnDisability } from './own-disability-guard.ts';

const errors = errorResponses(400, 401, 403, 404);
/** Any text is accepted as an id; one that is not a disability of the caller's answers 404. */
const idParams = z.object({ id: pathIdSchema });
const tags = ['disabilities'];

/**
 * Disabilities, their wizard answers and (in the plugins registered below) every record kept under
 * them. Everything is the caller's own: another user's disability, or a record under one, answers
 * 404, and so does a path that mixes ids that do not belong together.
 */
export const disabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  guardOwnDisability(app);
  const db = () => app.database.db;

  app.get(
    DISABILITY_BASE,
    {
      schema: {
        tags,
        summary: summary('GET', DISABILITY_BASE),
        querystring: disabilityListQuerySchema,
        response: { 200: disabilityPageSchema, ...errors },
      },
    },
    async (request) =>
      listDisabilities({ db: db(), userId: currentUser(request).id, query: request.query }),
  );

  app.post(
    DISABILITY_BASE,
    {
      schema: {
        tags,
        summary: summary('POST', DISABILITY_BASE),
        description:
          'Without `veteran_id`, the disability belongs to the primary veteran record (none while there is no record).',
        body: createDisabilityInputSchema,
        response: { 201: disabilitySchema, ...errors },
      },
    },
    async (request, reply) => {
      const disability = await createDisability({
        db: db(),
        userId: currentUser(request).id,
        input: request.body,
      });
      return reply.code(201).send(disability);
    },
  );

  app.post(
    DISABILITY_BULK_PATH,
    {
      schema: {
        tags,
        summary: summary('POST', DISABILITY_BULK_PATH),
        description:
          'Each entry is checked as `POST /disabilities` checks one. A title listed twice, or already among the user’s disabilities (any case, any whitespace), is refused on its entry (`fields["disabilities.3.title"]`); any refusal saves nothing. The answer lists the disabilities in the order sent.',
        body: bulkCreateDisabilitiesInputSchema,
        response: { 201: createdDisabilitiesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createDisabilities({
        db: db(),
        userId: currentUser(request).id,
        input: request.body,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    DISABILITY_PATH,
    {
      schema: {
        tags,
        summary: summary('GET', DISABILITY_PATH),
        params: idParams,
        response: { 200: disabilitySchema, ...errors },
      },
    },
    async (request) =>
      getDisability({ db: db(), userId: currentUser(request).id, id: request.params.id }),
  );

  app.patch(
    DISABILITY_PATH,
    {
      schema: {
        tags,
        summary: summary('PATCH', DISABILITY_PATH),
        description: 'Fields sent change; null clears one.',
        params: idParams,
        body: updateDisabilityInputSchema,
        response: { 200: disabilitySchema, ...errors },
      },
    },
    async (request) =>
      updateDisability({
        db: db(),
        userId: currentUser(request).id,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    DISABILITY_PATH,
    {
      schema: {
        tags,
        summary: summary('DELETE', DISABILITY_PATH),
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDisability({ db: db(), userId: currentUser(request).id, id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  const answersPath = `${DISABILITY_PATH}/answers`;
  app.get(
    answersPath,
    {
      schema: {
        tags,
        summary: summary('GET', answersPath),
        params: idParams,
        response: { 200: disabilityAnswersSchema, ...errors },
      },
    },
    async (request) =>
      getAnswers({ db: db(), userId: currentUser(request).id, disabilityId: request.params.id }),
  );

  const stepRoutes = <S extends AnswerStep>(step: S) => {
    const path = `${answersPath}/${step}`;
    const stepSchema = answerStepSchema(step);
    app.get(
      path,
      {
        schema: {
          tags,
          summary: summary('GET', path),
          description: '`answers` and `updated_at` are null until the step is first saved.',
          params: idParams,
          response: { 200: stepSchema, ...errors },
        },
      },
      async (request) =>
        getAnswerStep({
          db: db(),
          userId: currentUser(request).id,
          disabilityId: request.params.id,
          step,
        }),
    );
    app.put(
      path,
      {
        schema: {
          tags,
          summary: summary('PUT', path),
          description:
            'What is sent replaces the step’s answers; sending the same answers again changes nothing but `updated_at`.',
          params: idParams,
          body: disabilityWizardStepSchemas[step],
          response: { 200: stepSchema, ...errors },
        },
      },
      async (request) =>
        saveAnswerStep({
          db: db(),
          userId: currentUser(request).id,
          disabilityId: request.params.id,
          step,
          answers: request.body,
        }),
    );
  };
  for (const step of ANSWER_STEPS) stepRoutes(step);

  await app.register(secondaryDisabilityRoutes);
  await app.register(disabilityRecordRoutes);
};
