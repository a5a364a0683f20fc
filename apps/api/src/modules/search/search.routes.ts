import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '#src/lib/route-errors.ts';
import { searchQuerySchema, searchResultSchema } from '@muster/contract/search';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { searchEverything } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search the user’s disabilities, documents and threads',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      searchEverything({
        db: app.database.db,
        userId: currentUser(request).id,
        q: request.query.q,
      }),
  );
};
