import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  NEXUS_LETTERS_PATH,
  NEXUS_LETTER_PATH,
  disabilityRouteSummary as summary,
} from '@muster/contract/disability-routes';
import {
  createNexusLetterInputSchema,
  negativeConditionsSchema,
  nexusLetterDocumentQuerySchema,
  nexusLetterListQuerySchema,
  nexusLetterPageSchema,
  nexusLetterSchema,
  replaceNegativeConditionsInputSchema,
  updateNexusLetterInputSchema,
} from '@muster/contract/nexus-letters';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser } from '#src/modules/auth/require-user.ts';
import { guardOwnDisability } from '#src/modules/disabilities/own-disability-guard.ts';
import {
  createLetter,
  deleteLetter,
  generateContent,
  getLetter,
  getOwnLetter,
  getNegativeConditions,
  letterDocument,
  listLetters,
  replaceNegativeConditions,
  updateLetter,
} from './nexus-letters.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['nexus-letters'];
const listParams = z.object({ id: pathIdSchema });
const itemParams = z.object({ id: pathIdSchema, letterId: pathIdSchema });
const negativePath = `${NEXUS_LETTER_PATH}/negative-conditions`;
const generatePath = `${NEXUS_LETTER_PATH}/generate-content`;
const documentPath = `${NEXUS_LETTER_PATH}/generate-letter-document`;

/**
 * Nexus letters: medical opinions drafted for the veteran's physician, under one of the veteran's
 * disabilities, plus the list of all of them. Paths under a disability are guarded as the
 * disabilities' are: another user's disability, or a letter under it, answers 404.
 */
export const nexusLetterRoutes: FastifyPluginAsyncZod = async (app) => {
  guardOwnDisability(app);
  const db = () => app.database.db;
  const placeOf = (request: { params: { id: string } }, userId: string) => ({
    db: db(),
    userId,
    disabilityId: request.params.id,
  });
  const itemOf = (request: { params: { id: string; letterId: string } }, userId: string) => ({
    ...placeOf(request, userId),
    id: request.params.letterId,
  });

  app.get(
    '/nexus-letters',
    {
      schema: {
        tags,
        summary: 'The user’s nexus letters across their disabilities, newest first',
        querystring: nexusLetterListQuerySchema,
        response: { 200: nexusLetterPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listLetters({ db: db(), userId: currentUser(request).id, page: request.query }),
  );

  app.get(
    // Named letterId, not id: this plugin's guard reads an `id` as the disability's.
    '/nexus-letters/:letterId',
    {
      schema: {
        tags,
        summary: 'One of the user’s nexus letters, by its id alone',
        params: z.object({ letterId: pathIdSchema }),
        response: { 200: nexusLetterSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getOwnLetter({ db: db(), userId: currentUser(request).id, id: request.params.letterId }),
  );

  app.get(
    NEXUS_LETTERS_PATH,
    {
      schema: {
        tags,
        summary: summary('GET', NEXUS_LETTERS_PATH),
        params: listParams,
        querystring: nexusLetterListQuerySchema,
        response: { 200: nexusLetterPageSchema, ...errors },
      },
    },
    async (request) =>
      listLetters({ ...placeOf(request, currentUser(request).id), page: request.query }),
  );

  app.post(
    NEXUS_LETTERS_PATH,
    {
      schema: {
        tags,
        summary: summary('POST', NEXUS_LETTERS_PATH),
        description:
          'Every field is optional. What is left out is taken from the disability: its diagnosis, the opinion basis from its claim type (secondary → secondary, worsened by service → aggravated, else caused), the primary condition of a secondary one, the in-service event, and its records. Counts against the month’s `nexus_letters` quota (403 with `quota` when none is left, while billing is on).',
        params: listParams,
        body: createNexusLetterInputSchema,
        response: { 201: nexusLetterSchema, ...errors },
      },
    },
    async (request, reply) => {
      const letter = await createLetter({
        ...placeOf(request, currentUser(request).id),
        input: request.body,
        billingEnabled: app.config.billing.stripe !== undefined,
      });
      return reply.code(201).send(letter);
    },
  );

  app.get(
    NEXUS_LETTER_PATH,
    {
      schema: {
        tags,
        summary: summary('GET', NEXUS_LETTER_PATH),
        params: itemParams,
        response: { 200: nexusLetterSchema, ...errors },
      },
    },
    async (request) => getLetter(itemOf(request, currentUser(request).id)),
  );

  app.patch(
    NEXUS_LETTER_PATH,
    {
      schema: {
        tags,
        summary: summary('PATCH', NEXUS_LETTER_PATH),
        description:
          'The fields sent change; `details` are merged field by field (the provider too). An empty text or `null` clears a field; `content: null` clears the text.',
        params: itemParams,
        body: updateNexusLetterInputSchema,
        response: { 200: nexusLetterSchema, ...errors },
      },
    },
    async (request) =>
      updateLetter({ ...itemOf(request, currentUser(request).id), input: request.body }),
  );

  app.delete(
    NEXUS_LETTER_PATH,
    {
      schema: {
        tags,
        summary: summary('DELETE', NEXUS_LETTER_PATH),
        params: itemParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteLetter(itemOf(request, currentUser(request).id));
      return reply.code(204).send(null);
    },
  );

  app.get(
    negativePath,
    {
      schema: {
        tags,
        summary: summary('GET', negativePath),
        params: itemParams,
        response: { 200: negativeConditionsSchema, ...errors },
      },
    },
    async (request) => getNegativeConditions(itemOf(request, currentUser(request).id)),
  );

  app.put(
    negativePath,
    {
      schema: {
        tags,
        summary: summary('PUT', negativePath),
        description: 'The whole list, replacing the one saved; an empty list clears it.',
        params: itemParams,
        body: replaceNegativeConditionsInputSchema,
        response: { 200: negativeConditionsSchema, ...errors },
      },
    },
    async (request) =>
      replaceNegativeConditions({
        ...itemOf(request, currentUser(request).id),
        negativeConditions: request.body.negative_conditions,
      }),
  );

  app.post(
    generatePath,
    {
      schema: {
        tags,
        summary: summary('POST', generatePath),
        description:
          'Drafts the letter’s text from its details, the disability and the facts against the claim, with the opinion in VA’s standard of proof for its basis, and saves it as `content` (replacing what was there). Nothing is sent to an outside model.',
        params: itemParams,
        response: { 200: nexusLetterSchema, ...errors },
      },
    },
    async (request) => generateContent(itemOf(request, currentUser(request).id)),
  );

  app.get(
    documentPath,
    {
      schema: {
        tags,
        summary: summary('GET', documentPath),
        description:
          '`pdf` to print and sign, `docx` for the physician to edit. The saved text, or when none is saved yet, the text drafted from the details.',
        params: itemParams,
        querystring: nexusLetterDocumentQuerySchema,
        response: {
          200: z.any().describe('application/pdf or the Word document'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await letterDocument({
        ...itemOf(request, currentUser(request).id),
        format: request.query.format,
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes));
    },
  );
};
