import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedSchema, pathIdSchema } from '@muster/contract/common';
import {
  createSecondaryDisabilityInputSchema,
  secondaryDisabilityListQuerySchema,
  secondaryDisabilitySchema,
  updateSecondaryDisabilityInputSchema,
} from '@muster/contract/disability-records';
import {
  DISABILITY_PATH,
  disabilityRouteSummary as summary,
} from '@muster/contract/disability-routes';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser } from '#src/modules/auth/require-user.ts';
import {
  createSecondary,
  deleteSecondary,
  getSecondary,
  listSecondaries,
  updateSecondary,
} from './secondary-disabilities.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['disabilities'];
const listPath = `${DISABILITY_PATH}/secondary-disabilities`;
const itemPath = `${listPath}/:secondaryId`;
const listParams = z.object({ id: pathIdSchema });
const itemParams = z.object({ id: pathIdSchema, secondaryId: pathIdSchema });

/**
 * The primaries a secondary disability (the one in the path) rests on. Registered inside the
 * disabilities plugin, whose guard and owner check run first.
 */
export const secondaryDisabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    listPath,
    {
      schema: {
        tags,
        summary: summary('GET', listPath),
        params: listParams,
        querystring: secondaryDisabilityListQuerySchema,
        response: { 200: pagedSchema(secondaryDisabilitySchema), ...errors },
      },
    },
    async (request) =>
      listSecondaries({
        db: db(),
        userId: currentUser(request).id,
        disabilityId: request.params.id,
        query: request.query,
      }),
  );

  app.post(
    listPath,
    {
      schema: {
        tags,
        summary: summary('POST', listPath),
        description:
          'The primaries are other disabilities of the user; none may be this one, and none may already rest on this one (directly or through others).',
        params: listParams,
        body: createSecondaryDisabilityInputSchema,
        response: { 201: secondaryDisabilitySchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createSecondary({
        db: db(),
        userId: currentUser(request).id,
        disabilityId: request.params.id,
        input: request.body,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    itemPath,
    {
      schema: {
        tags,
        summary: summary('GET', itemPath),
        params: itemParams,
        response: { 200: secondaryDisabilitySchema, ...errors },
      },
    },
    async (request) =>
      getSecondary({
        db: db(),
        userId: currentUser(request).id,
        disabilityId: request.params.id,
        id: request.params.secondaryId,
      }),
  );

  app.patch(
    itemPath,
    {
      schema: {
        tags,
        summary: summary('PATCH', itemPath),
        description: 'Fields sent change; `primary_ids` sent replace the old list whole.',
        params: itemParams,
        body: updateSecondaryDisabilityInputSchema,
        response: { 200: secondaryDisabilitySchema, ...errors },
      },
    },
    async (request) =>
      updateSecondary({
        db: db(),
        userId: currentUser(request).id,
        disabilityId: request.params.id,
        id: request.params.secondaryId,
        input: request.body,
      }),
  );

  app.delete(
    itemPath,
    {
      schema: {
        tags,
        summary: summary('DELETE', itemPath),
        params: itemParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSecondary({
        db: db(),
        userId: currentUser(request).id,
        disabilityId: request.params.id,
        id: request.params.secondaryId,
      });
      return reply.code(204).send(null);
    },
  );
};
