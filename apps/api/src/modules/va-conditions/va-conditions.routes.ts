import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  vaConditionsSchema,
  vaConditionsWhatIfInputSchema,
  vaConditionsWhatIfSchema,
} from '@muster/contract/va-conditions';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import {
  createVaRatingsCache,
  getVaConditions,
  getVaConditionsWhatIf,
} from './va-conditions.service.ts';

const tags = ['va-conditions'];
const errors = errorResponses(400, 401, 403, 422, 502, 503);
const VA_ERRORS =
  'Not configured or not connected: 200 with `va_configured` / `va_connected` false; so too when VA refuses the VA.gov sign-in (the connection is then forgotten). VA down: 502 / 5002 or 503 / 3007.';

/** The veteran's rated conditions through VA.gov Veteran Verification, and the what-if. */
export const vaConditionRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  // VA's answer per user, reused for a minute by both routes (one per server instance).
  const ratingsCache = createVaRatingsCache();
  const options = (request: Parameters<typeof currentUser>[0]) => ({
    db: app.database.db,
    va: app.config.va,
    log: request.log,
    userId: currentUser(request).id,
    ratingsCache,
  });

  app.get(
    '/va-conditions',
    {
      schema: {
        tags,
        summary: 'The conditions VA has rated, the combined rating and what it pays each month',
        description: `VA is asked (Veteran Verification \`GET /disability_rating\`) and its answer is reused for up to a minute, also by the what-if; nothing is stored. Conditions VA found not service connected, and deferred ones, are listed but not counted. \`monthly_amount\` is for a veteran alone. ${VA_ERRORS}`,
        response: { 200: vaConditionsSchema, ...errors },
      },
    },
    async (request) => getVaConditions(options(request)),
  );

  app.post(
    '/va-conditions/what-if',
    {
      schema: {
        tags,
        summary: 'The combined rating and monthly amount with planned conditions added',
        description: `VA's counted ratings (when VA.gov is connected) plus the planned ones; without a connection only the planned ones count. ${VA_ERRORS}`,
        body: vaConditionsWhatIfInputSchema,
        response: { 200: vaConditionsWhatIfSchema, ...errors },
      },
    },
    async (request) => getVaConditionsWhatIf({ ...options(request), input: request.body }),
  );
};
