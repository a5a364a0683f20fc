import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  createVeteranInputSchema,
  revealQuerySchema,
  updateVeteranInputSchema,
  veteranListQuerySchema,
  veteranPageSchema,
  veteranSchema,
} from '@muster/contract/veterans';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import {
  createVeteran,
  deleteVeteran,
  getVeteran,
  listVeterans,
  updateVeteran,
} from './veterans.service.ts';

const errors = errorResponses(400, 401, 403, 404);
/** Any text is accepted as an id; one that is not a record of the caller's answers 404. */
const idParams = z.object({ id: pathIdSchema });
const MASKING =
  'The SSN and VA file number are masked (last four digits) unless `?reveal=true` is sent.';

/**
 * Veteran records: the identity and service history forms are prefilled from. Everything is the
 * caller's own: another user's record answers 404. One record is the primary.
 */
export const veteranRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;

  app.get(
    '/veterans',
    {
      schema: {
        tags: ['veterans'],
        summary: 'The user’s veteran records, the primary first, then newest first',
        description: MASKING,
        querystring: veteranListQuerySchema,
        response: { 200: veteranPageSchema, ...errors },
      },
    },
    async (request) => {
      const { reveal, ...page } = request.query;
      return listVeterans({
        db: db(),
        userId: currentUser(request).id,
        page,
        reveal: reveal === 'true',
      });
    },
  );

  app.get(
    '/veterans/:id',
    {
      schema: {
        tags: ['veterans'],
        summary: 'One veteran record',
        description: MASKING,
        params: idParams,
        querystring: revealQuerySchema,
        response: { 200: veteranSchema, ...errors },
      },
    },
    async (request) =>
      getVeteran({
        db: db(),
        userId: currentUser(request).id,
        id: request.params.id,
        reveal: request.query.reveal === 'true',
      }),
  );

  app.post(
    '/veterans',
    {
      schema: {
        tags: ['veterans'],
        summary: 'Add a veteran record (the first one becomes the primary)',
        description: `At least the first and last name. ${MASKING}`,
        querystring: revealQuerySchema,
        body: createVeteranInputSchema,
        response: { 201: veteranSchema, ...errors },
      },
    },
    async (request, reply) => {
      const veteran = await createVeteran({
        db: db(),
        userId: currentUser(request).id,
        input: request.body,
        reveal: request.query.reveal === 'true',
      });
      return reply.code(201).send(veteran);
    },
  );

  app.patch(
    '/veterans/:id',
    {
      schema: {
        tags: ['veterans'],
        summary: 'Change a veteran record, or make it the primary',
        description: `Fields sent change, null clears one, lists are replaced whole; \`is_primary: true\` makes this record the primary. ${MASKING}`,
        params: idParams,
        querystring: revealQuerySchema,
        body: updateVeteranInputSchema,
        response: { 200: veteranSchema, ...errors },
      },
    },
    async (request) =>
      updateVeteran({
        db: db(),
        userId: currentUser(request).id,
        id: request.params.id,
        input: request.body,
        reveal: request.query.reveal === 'true',
      }),
  );

  app.delete(
    '/veterans/:id',
    {
      schema: {
        tags: ['veterans'],
        summary:
          'Delete a veteran record (when it was the primary, the newest other one becomes it)',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteVeteran({ db: db(), userId: currentUser(request).id, id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
