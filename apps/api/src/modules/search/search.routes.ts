import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@muster/contract/errors';
import { searchQuerySchema, searchResultSchema, type SearchResult } from '@muster/contract/search';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';

/**
 * One owner-scoped search for the palette. Each feature registers a group provider here as it
 * lands (disabilities, documents, threads); until then the groups answer empty.
 */
export type SearchProvider = {
  group: keyof SearchResult;
  search(options: { userId: string; q: string }): Promise<SearchResult[keyof SearchResult]>;
};

export const searchProviders: SearchProvider[] = [];

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search the user’s disabilities, documents and threads',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const result: SearchResult = { disabilities: [], documents: [], threads: [] };
      const userId = currentUser(request).id;
      for (const provider of searchProviders) {
        (result[provider.group] as unknown[]) = await provider.search({
          userId,
          q: request.query.q,
        });
      }
      return result;
    },
  );
};
