import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  createThreadInputSchema,
  threadListQuerySchema,
  threadPageSchema,
  threadSchema,
} from '@muster/contract/threads';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { createThread, deleteThread, getThread, listThreads } from './threads.service.ts';

const errors = errorResponses(400, 401, 403, 404);
/** Any text is accepted as an id; one that is not a thread of the caller's answers 404. */
const idParams = z.object({ id: pathIdSchema });

/**
 * Chat threads: list, read, create and delete. Messages and runs arrive
 * with the chat feature. Everything is the caller's own: another user's thread answers 404.
 */
export const threadRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;

  app.get(
    '/threads',
    {
      schema: {
        tags: ['threads'],
        summary: 'The user’s threads, newest first',
        querystring: threadListQuerySchema,
        response: { 200: threadPageSchema, ...errors },
      },
    },
    async (request) =>
      listThreads({ db: db(), userId: currentUser(request).id, page: request.query }),
  );

  app.get(
    '/threads/:id',
    {
      schema: {
        tags: ['threads'],
        summary: 'One thread',
        params: idParams,
        response: { 200: threadSchema, ...errors },
      },
    },
    async (request) =>
      getThread({ db: db(), userId: currentUser(request).id, id: request.params.id }),
  );

  app.post(
    '/threads',
    {
      schema: {
        tags: ['threads'],
        summary: 'Start a thread',
        body: createThreadInputSchema,
        response: { 201: threadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const thread = await createThread({
        db: db(),
        userId: currentUser(request).id,
        title: request.body.title ?? null,
      });
      return reply.code(201).send(thread);
    },
  );

  app.delete(
    '/threads/:id',
    {
      schema: {
        tags: ['threads'],
        summary: 'Delete a thread and everything in it',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteThread({ db: db(), userId: currentUser(request).id, id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
