import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  READINESS_PATH,
  READINESS_SUMMARY_PATH,
  disabilityRouteSummary as summary,
} from '@muster/contract/disability-routes';
import { readinessSchema, readinessSummarySchema } from '@muster/contract/readiness';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser } from '#src/modules/auth/require-user.ts';
import { guardOwnDisability } from '#src/modules/disabilities/own-disability-guard.ts';
import { getReadiness, getReadinessSummary } from './readiness.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['disabilities'];

/**
 * Claim readiness, computed from what the veteran has recorded each time it is asked for (nothing
 * is stored). Guarded as the disabilities' paths are.
 */
export const readinessRoutes: FastifyPluginAsyncZod = async (app) => {
  guardOwnDisability(app);
  const db = () => app.database.db;

  app.get(
    READINESS_SUMMARY_PATH,
    {
      schema: {
        tags,
        summary: summary('GET', READINESS_SUMMARY_PATH),
        response: { 200: readinessSummarySchema, ...errors },
      },
    },
    async (request) => getReadinessSummary({ db: db(), userId: currentUser(request).id }),
  );

  app.get(
    READINESS_PATH,
    {
      schema: {
        tags,
        summary: summary('GET', READINESS_PATH),
        description:
          'Each element of service connection is `met`, `weak` or `missing`, with what supports it and the one next step that would help most.',
        params: z.object({ id: pathIdSchema }),
        response: { 200: readinessSchema, ...errors },
      },
    },
    async (request) =>
      getReadiness({ db: db(), userId: currentUser(request).id, id: request.params.id }),
  );
};
