import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  SHARE_TOKEN_HEADER,
  createVsoShareSchema,
  form2122Schema,
  shareableRecordListSchema,
  sharedItemParamsSchema,
  sharedItemSchema,
  sharedViewSchema,
  vsoRepresentativeAnswerSchema,
  vsoRepresentativeInputSchema,
  vsoRepresentativeSchema,
  vsoShareAccessListSchema,
  vsoShareCreatedSchema,
  vsoShareListSchema,
} from '@muster/contract/vso';
import { errorResponses } from '#src/lib/route-errors.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { currentUser, requireSession, requireUser } from '#src/modules/auth/require-user.ts';
import {
  createShare,
  deleteRepresentative,
  findRepresentative,
  form2122,
  listAccesses,
  listRecords,
  listShares,
  readSharedItem,
  revokeShare,
  saveRepresentative,
  viewShare,
  type Visitor,
} from './vso.service.ts';

const tags = ['vso'];
const idParams = z.object({ id: pathIdSchema });

/** The share link's token: only ever from its header, never from the URL. */
function shareToken(request: FastifyRequest): string | undefined {
  const value = request.headers[SHARE_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

function visitorOf(request: FastifyRequest): Visitor {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}

const TOKEN_NOTE = `The link's token goes in the \`X-Share-Token\` header (never in the URL). An unknown, expired or revoked token, and a record the share does not hold, answer 404, all alike. Each answer is logged for the veteran (time, record, network shortened, browser).`;

/** The veteran's side: their representative, VA Form 21-22's data and their shares. */
const veteranRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;
  const owner = (request: FastifyRequest) => ({ db: db(), userId: currentUser(request).id });

  app.get(
    '/vso-representative',
    {
      schema: {
        tags,
        summary: 'The accredited representative the veteran works with',
        description: '`representative` is null before one is recorded.',
        response: { 200: vsoRepresentativeAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ representative: await findRepresentative(owner(request)) }),
  );

  app.put(
    '/vso-representative',
    {
      schema: {
        tags,
        summary: 'Record the representative (replaces the one recorded)',
        body: vsoRepresentativeInputSchema,
        response: { 200: vsoRepresentativeSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveRepresentative({ ...owner(request), input: request.body }),
  );

  app.delete(
    '/vso-representative',
    {
      schema: {
        tags,
        summary: 'Forget the representative',
        description: 'Shares already made keep working until they expire or are revoked.',
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteRepresentative(owner(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/vso-representative/form-21-22',
    {
      schema: {
        tags,
        summary: 'VA Form 21-22’s data, and what is missing',
        description:
          'From the primary veteran record (SSN and VA file number masked) and the representative. `request_body` is shaped as the Benefits Claims API v2 `POST /veterans/{icn}/2122` body and checked against VA’s schema; nothing is sent to VA. `missing` says in plain words what to add and where.',
        response: { 200: form2122Schema, ...errorResponses(401, 403) },
      },
    },
    async (request) => form2122(owner(request)),
  );

  app.get(
    '/vso-shares/records',
    {
      schema: {
        tags,
        summary: 'The veteran’s records that can be shared, with their 7332 state',
        response: { 200: shareableRecordListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listRecords(owner(request)),
  );

  app.post(
    '/vso-shares',
    {
      schema: {
        tags,
        summary: 'Share chosen records read-only through a link',
        description: `Answers the link once (it is not kept and cannot be shown again). Each item must be one of the veteran's records (else 400 naming \`items.<index>\`); a record protected by 38 U.S.C. 7332 needs \`include_protected: true\` on its own item (a C-file is shared without its protected findings unless so ticked). \`expires_at\` in the future, at most 90 days ahead.`,
        body: createVsoShareSchema,
        response: { 201: vsoShareCreatedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const share = await createShare({
        ...owner(request),
        input: request.body,
        appUrl: app.config.urls.app,
      });
      return reply.code(201).send(share);
    },
  );

  app.get(
    '/vso-shares',
    {
      schema: {
        tags,
        summary: 'The veteran’s shares, newest first, with how often each was opened',
        response: { 200: vsoShareListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listShares(owner(request)),
  );

  app.get(
    '/vso-shares/:id/accesses',
    {
      schema: {
        tags,
        summary: 'Every opening of a share’s link, newest first',
        params: idParams,
        response: { 200: vsoShareAccessListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listAccesses({ ...owner(request), id: request.params.id }),
  );

  app.delete(
    '/vso-shares/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a share',
        description: 'The link stops working at once; its access log stays.',
        params: idParams,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeShare({ ...owner(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};

/**
 * The representative's side, reached through the link's token. Any session will do: the
 * anonymous session the app opens for someone without an account.
 */
const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireSession);
  const db = () => app.database.db;

  app.get(
    '/shared',
    {
      schema: {
        tags,
        summary: 'What a share link holds',
        description: TOKEN_NOTE,
        response: { 200: sharedViewSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      viewShare({ db: db(), token: shareToken(request), visitor: visitorOf(request) }),
  );

  app.get(
    '/shared/items/:kind/:id',
    {
      schema: {
        tags,
        summary: 'One shared record, read-only',
        description: `${TOKEN_NOTE} A vault document answers a short-lived link to its file.`,
        params: sharedItemParamsSchema,
        response: { 200: sharedItemSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      readSharedItem({
        db: db(),
        storage: app.storage,
        token: shareToken(request),
        kind: request.params.kind,
        id: request.params.id,
        visitor: visitorOf(request),
      }),
  );
};

export const vsoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(linkRoutes);
  await app.register(veteranRoutes);
};
