import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conditionSearchQuerySchema,
  conditionSearchResultSchema,
} from '@muster/contract/conditions';
import { errorResponses } from '#src/lib/route-errors.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { requireUser } from '#src/modules/auth/require-user.ts';
import { findConditions } from './conditions.service.ts';

/**
 * The condition catalogue (VA.gov's 526EZ labels with their codes), searched with everyday words.
 * Signed-in, like the rest of a claim: the data is public, but only the claim wizard needs it, and
 * an open search endpoint is one more thing to script against.
 */
export const conditionRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  app.get(
    '/conditions',
    {
      schema: {
        tags: ['conditions'],
        summary: 'Catalogue conditions matching everyday words, best first',
        querystring: conditionSearchQuerySchema,
        response: { 200: conditionSearchResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => findConditions({ q: request.query.q, limit: request.query.limit }),
  );
};
