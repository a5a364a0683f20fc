import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_VA_SERVICE,
  vaAuthEndpointParametersSchema,
  vaCallbackQuerySchema,
  vaServiceParamsSchema,
} from '@muster/contract/va-integrations';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import {
  completeConnection,
  connectReturnUrl,
  disconnect,
  getAuthEndpointParameters,
} from './va-integrations.service.ts';

const tags = ['va-integrations'];
const NOT_CONFIGURED =
  'Without VA credentials on the server (`LIGHTHOUSE_CLIENT_ID`, `LIGHTHOUSE_CLIENT_SECRET`) this answers 503 / 3007.';

/**
 * VA.gov's browser return, public: the browser comes back from VA without our bearer token, and
 * the single-use `state` ties it to the user who started.
 */
export const vaCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.get(
    '/va-integrations/callback',
    {
      schema: {
        tags,
        summary: 'VA.gov’s return after the veteran signed in there (browser redirect)',
        description:
          'Redirects to `{APP_URL}/va-forms?message=success|forbidden|service_unavailable`: `forbidden` for a denied consent, an unknown, used or expired state, or a spent code; `service_unavailable` when VA’s token endpoint fails or VA is not configured.',
        querystring: vaCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const message = await completeConnection({
        db: db(),
        va: app.config.va,
        log: request.log,
        query: request.query,
      });
      return reply.redirect(connectReturnUrl(app.config.urls.app, message), 302);
    },
  );
};

/** The connection to VA.gov of the signed-in user: start and disconnect. */
export const vaIntegrationRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;

  app.get(
    '/va-integrations/get-auth-endpoint-parameters/:serviceName',
    {
      schema: {
        tags,
        summary: 'Where to send the browser to connect VA.gov',
        description: `\`serviceName\`: \`${DEFAULT_VA_SERVICE}\` (the default the app uses) or \`veteran-verification\`; anything else answers 404. The answer's \`url\` is VA's authorization URL with PKCE (S256) and a single-use \`state\` valid 15 minutes. ${NOT_CONFIGURED}`,
        params: vaServiceParamsSchema,
        response: { 200: vaAuthEndpointParametersSchema, ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request) =>
      getAuthEndpointParameters({
        db: db(),
        va: app.config.va,
        userId: currentUser(request).id,
        serviceName: request.params.serviceName,
      }),
  );

  app.delete(
    '/va-integrations/:serviceName',
    {
      schema: {
        tags,
        summary: 'Disconnect VA.gov',
        description: `Revokes the token at VA (best effort), forgets it and clears \`is_va_authenticated.<service>\`. 204 also when nothing was connected. ${NOT_CONFIGURED}`,
        params: vaServiceParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await disconnect({
        db: db(),
        va: app.config.va,
        log: request.log,
        userId: currentUser(request).id,
        serviceName: request.params.serviceName,
      });
      return reply.code(204).send(null);
    },
  );
};
