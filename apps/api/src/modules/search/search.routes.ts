import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '#src/lib/route-errors.ts';
import { searchQuerySchema, searchResultSchema, type SearchResult } from '@muster/contract/search';
import type { Db } from '@muster/db/client';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { threadSearchProvider } from '#src/modules/threads/threads.search.ts';

/**
 * One owner-scoped search for the palette. Each feature adds its group provider to the list below
 * as it lands (threads today; disabilities and documents with their features); a group without a
 * provider answers empty.
 */
export type SearchProvider = {
  group: keyof SearchResult;
  search(options: { db: Db; userId: string; q: string }): Promise<SearchResult[keyof SearchResult]>;
};

export const searchProviders: readonly SearchProvider[] = [threadSearchProvider];

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
    async (request) => {
      const result: SearchResult = { disabilities: [], documents: [], threads: [] };
      const userId = currentUser(request).id;
      const found = await Promise.all(
        searchProviders.map((provider) =>
          provider.search({ db: app.database.db, userId, q: request.query.q }),
        ),
      );
      searchProviders.forEach((provider, index) => {
        (result[provider.group] as unknown[]) = found[index] ?? [];
      });
      return result;
    },
  );
};
