import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userIdSchema } from '@muster/contract/common';
import {
  themePreferencesSchema,
  updateThemePreferencesInputSchema,
} from '@muster/contract/preferences';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { getThemePreferences, updateThemePreferences } from './preferences.service.ts';

/** Military theme preferences per user: `GET`, and `POST` or `PATCH` (same effect). */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const params = z.object({ userId: userIdSchema });
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    '/user-profiles/:userId/theme-preferences',
    {
      schema: {
        tags: ['preferences'],
        summary: 'Military theme preferences',
        params,
        response: { 200: themePreferencesSchema, ...errors },
      },
    },
    async (request) =>
      getThemePreferences({
        db: app.database.db,
        requesterId: currentUser(request).id,
        userId: request.params.userId,
      }),
  );

  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/user-profiles/:userId/theme-preferences',
      schema: {
        tags: ['preferences'],
        summary:
          method === 'POST' ? 'Save theme preferences (first time)' : 'Update theme preferences',
        params,
        body: updateThemePreferencesInputSchema,
        response: { 200: themePreferencesSchema, ...errors },
      },
      handler: async (request) =>
        updateThemePreferences({
          db: app.database.db,
          requesterId: currentUser(request).id,
          userId: request.params.userId,
          input: request.body,
        }),
    });
  }
};
