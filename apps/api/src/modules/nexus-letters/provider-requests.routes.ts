import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  PROVIDER_REQUESTS_PER_DAY,
  PROVIDER_TOKEN_HEADER,
  completeProviderUploadInputSchema,
  createProviderRequestInputSchema,
  providerRequestLinkSchema,
  providerRequestListSchema,
  providerRequestViewSchema,
  providerUploadInputSchema,
} from '@muster/contract/nexus-letters';
import { storedFileSchema, uploadGrantSchema } from '@muster/contract/storage';
import { errorResponses } from '#src/lib/route-errors.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { currentUser, requireSession, requireUser } from '#src/modules/auth/require-user.ts';
import {
  assertOwnLetter,
  completeProviderUpload,
  createProviderRequest,
  grantProviderUpload,
  listProviderRequests,
  providerDraft,
  revokeProviderLink,
  viewProviderRequest,
} from './provider-requests.service.ts';

const tags = ['nexus-letters'];
const letterParams = z.object({ letterId: pathIdSchema });
const idParams = z.object({ id: pathIdSchema });

/** The upload link's token: only ever from its header, never from the URL. */
function linkToken(request: FastifyRequest): string | undefined {
  const value = request.headers[PROVIDER_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

const TOKEN_NOTE = `The link's token goes in the \`X-Provider-Token\` header (never in the URL). An unknown, expired, revoked or used token answers 404, all alike.`;

/**
 * The veteran's side: their letters sent to providers, each the owner's alone. The letter a path
 * names is looked up before the body is read: another user's answers 404 whatever is sent.
 */
const veteranRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;
  app.addHook('preValidation', async (request) => {
    const { letterId } = request.params as { letterId?: unknown };
    if (typeof letterId === 'string') {
      await assertOwnLetter({ db: db(), userId: currentUser(request).id, letterId });
    }
  });

  app.post(
    '/nexus-letters/:letterId/requests',
    {
      schema: {
        tags,
        summary: 'Send the letter to a provider to sign',
        description: `Emails the provider a link (30 days, one upload) to read and print the draft letter as a PDF and upload the signed copy, which is filed in the vault; the letter reads \`requested\` (unless already \`signed\`). Answers the link once: it is not kept and cannot be shown again. At most ${PROVIDER_REQUESTS_PER_DAY} a day per user (429 after).`,
        params: letterParams,
        body: createProviderRequestInputSchema,
        response: {
          201: providerRequestLinkSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const link = await createProviderRequest({
        db: db(),
        userId: currentUser(request).id,
        letterId: request.params.letterId,
        input: request.body,
        mailer: app.mailer,
        appUrl: app.config.urls.app,
      });
      return reply.code(201).send(link);
    },
  );

  app.get(
    '/nexus-letters/:letterId/requests',
    {
      schema: {
        tags,
        summary: 'The providers the letter was sent to, newest first',
        params: letterParams,
        response: { 200: providerRequestListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      listProviderRequests({
        db: db(),
        userId: currentUser(request).id,
        letterId: request.params.letterId,
      }),
  );

  app.delete(
    '/nexus-letter-requests/:id/link',
    {
      schema: {
        tags,
        summary: 'Revoke a provider’s upload link',
        description: 'The link stops working at once; a signed copy already uploaded stays.',
        params: idParams,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeProviderLink({
        db: db(),
        storage: app.storage,
        userId: currentUser(request).id,
        id: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );
};

/**
 * The provider's side, reached through the link's token. Any session will do: the provider's own
 * account, or the anonymous session the app opens for someone without one.
 */
const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireSession);
  const db = () => app.database.db;

  app.get(
    '/provider-requests/by-token',
    {
      schema: {
        tags,
        summary: 'What the provider is asked to sign',
        description: TOKEN_NOTE,
        response: { 200: providerRequestViewSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => viewProviderRequest({ db: db(), token: linkToken(request) }),
  );

  app.get(
    '/provider-requests/by-token/draft',
    {
      schema: {
        tags,
        summary: 'The draft letter as a PDF, to read and print',
        description: TOKEN_NOTE,
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const file = await providerDraft({ db: db(), token: linkToken(request) });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes));
    },
  );

  app.post(
    '/provider-requests/by-token/upload',
    {
      schema: {
        tags,
        summary: 'Start the upload of the signed letter (PDF, JPEG or PNG)',
        description: `${TOKEN_NOTE} Answers signed URLs as \`POST /uploads\` does; the file is the veteran's (their storage cap applies: 403 with \`quota\`). A new grant replaces the previous one.`,
        body: providerUploadInputSchema,
        response: { 201: uploadGrantSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const grant = await grantProviderUpload({
        db: db(),
        storage: app.storage,
        token: linkToken(request),
        input: request.body,
        billingEnabled: app.config.billing.stripe !== undefined,
      });
      return reply.code(201).send(grant);
    },
  );

  app.post(
    '/provider-requests/by-token/complete',
    {
      schema: {
        tags,
        summary: 'Finish the upload: the signed letter goes to the veteran (once)',
        description: `${TOKEN_NOTE} Only the file granted through this link (another answers 404). Its content is checked: a refused file answers 400 with \`fields\` and the link keeps working. Then the link is used (a second answers 404), the file is filed in the veteran's vault (L049), the letter reads \`signed\`, and the stored file is answered.`,
        body: completeProviderUploadInputSchema,
        response: { 200: storedFileSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) =>
      completeProviderUpload({
        db: db(),
        storage: app.storage,
        token: linkToken(request),
        input: request.body,
      }),
  );
};

export const providerRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(providerRoutes);
  await app.register(veteranRoutes);
};
