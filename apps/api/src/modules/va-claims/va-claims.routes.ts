import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vaClaimListSchema, vaClaimParamsSchema, vaClaimSchema } from '@muster/contract/va-claims';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { findVaClaims, getVaClaim } from './va-claims.service.ts';

const tags = ['va-claims'];
const VA_ERRORS = 'VA.gov authentication expired: 403 / 1003. VA down: 502 / 5002 or 503 / 3007.';

/** The veteran's claims at VA (status, phase, what VA asks of them) through Benefits Claims v2. */
export const vaClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const options = (request: Parameters<typeof currentUser>[0]) => ({
    db: app.database.db,
    va: app.config.va,
    log: request.log,
    userId: currentUser(request).id,
  });

  app.get(
    '/va-forms/claims',
    {
      schema: {
        tags,
        summary: 'The veteran’s claims at VA, with their step in plain words',
        description: `Asked of VA each time. Without VA.gov on this server, not connected, or once VA no longer accepts the connection: 200 with \`va_configured\` / \`va_connected\` false and no results. ${VA_ERRORS}`,
        response: { 200: vaClaimListSchema, ...errorResponses(401, 403, 502, 503) },
      },
    },
    async (request) => findVaClaims(options(request)),
  );

  app.get(
    '/va-forms/claims/:claimId',
    {
      schema: {
        tags,
        summary: 'One claim at VA: steps, what VA asks for, documents and conditions',
        description: `Not configured: 503 / 3007. Not connected: 403 / 1003. A claim VA does not have for this veteran: 404. ${VA_ERRORS}`,
        params: vaClaimParamsSchema,
        response: { 200: vaClaimSchema, ...errorResponses(400, 401, 403, 404, 502, 503) },
      },
    },
    async (request) => getVaClaim({ ...options(request), claimId: request.params.claimId }),
  );
};
