import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletionStatusSchema,
  updateUserProfileInputSchema,
  userProfileSchema,
} from '@muster/contract/users';
import { userIdSchema } from '@muster/contract/common';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import {
  cancelDeletion,
  exportAccount,
  getUserProfile,
  requestDeletion,
  updateUserProfile,
} from './users.service.ts';

const errors = errorResponses(400, 401, 403, 404);

/** Users and their profiles. Every call is scoped to the signed-in user. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const owner = (requesterId: string, userId: string) => ({
    db: app.database.db,
    requesterId,
    userId,
  });

  app.get(
    '/users/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'The profile',
        params: z.object({ userId: userIdSchema }),
        response: { 200: userProfileSchema, ...errors },
      },
    },
    async (request) => getUserProfile(owner(currentUser(request).id, request.params.userId)),
  );
  app.patch(
    '/users/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'Update the profile (names, served branches)',
        params: z.object({ userId: userIdSchema }),
        body: updateUserProfileInputSchema,
        response: { 200: userProfileSchema, ...errors },
      },
    },
    async (request) =>
      updateUserProfile({
        ...owner(currentUser(request).id, request.params.userId),
        input: request.body,
      }),
  );
  app.post(
    '/users/:userId/request-deletion',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete the account after the grace period; signs out everywhere',
        params: z.object({ userId: userIdSchema }),
        response: { 200: deletionStatusSchema, ...errors, ...errorResponses(503) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      try {
        return await requestDeletion({
          ...owner(userId, request.params.userId),
          jobs: app.jobs,
          eraseJob: app.jobDefinitions.eraseAccount,
        });
      } finally {
        // Sessions ended or the account's state changed: this instance forgets its copies at once.
        app.sessionCache.evictUser(userId);
      }
    },
  );
  app.post(
    '/users/:userId/cancel-deletion',
    {
      // "Keep my account" is the one change an account pending deletion can make.
      config: { allowedWhileDeletionPending: true },
      schema: {
        tags: ['users'],
        summary: 'Keep the account (during the grace period)',
        params: z.object({ userId: userIdSchema }),
        response: { 200: deletionStatusSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      try {
        return await cancelDeletion({
          ...owner(userId, request.params.userId),
          jobs: app.jobs,
          eraseJob: app.jobDefinitions.eraseAccount,
        });
      } finally {
        // Sessions ended or the account's state changed: this instance forgets its copies at once.
        app.sessionCache.evictUser(userId);
      }
    },
  );
  app.get(
    '/users/:userId/export',
    {
      schema: {
        tags: ['users'],
        summary: 'Export all my data (zip of JSON and files)',
        params: z.object({ userId: userIdSchema }),
        response: { 200: z.any().describe('application/zip'), ...errors },
      },
    },
    async (request, reply) => {
      const stream = await exportAccount({
        ...owner(currentUser(request).id, request.params.userId),
        storage: app.storage,
      });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="muster-export-${date}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
