import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  LAYMAN_TOKEN_HEADER,
  completeLaymanAttachmentInputSchema,
  createLaymanStatementInputSchema,
  laymanAttachmentUploadInputSchema,
  draftLaymanStatementInputSchema,
  laymanDownloadQuerySchema,
  laymanDraftSchema,
  laymanLinkSchema,
  laymanSignerViewSchema,
  laymanStatementListQuerySchema,
  laymanStatementPageSchema,
  laymanStatementSchema,
  submitLaymanStatementInputSchema,
  updateLaymanStatementInputSchema,
} from '@muster/contract/layman-statements';
import { storedFileSchema, uploadGrantSchema } from '@muster/contract/storage';
import { errorResponses } from '#src/lib/route-errors.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { currentUser, requireSession, requireUser } from '#src/modules/auth/require-user.ts';
import {
  completeAttachmentUpload,
  createStatement,
  deleteStatement,
  downloadStatement,
  draftByToken,
  emailLink,
  getStatement,
  grantAttachmentUpload,
  listStatements,
  revokeLink,
  submitByToken,
  updateNotes,
  viewByToken,
} from './layman-statements.service.ts';

const tags = ['layman-statements'];
const idParams = z.object({ id: pathIdSchema });

/** The signing link's token: only ever from its header, never from the URL. */
function linkToken(request: FastifyRequest): string | undefined {
  const value = request.headers[LAYMAN_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

const TOKEN_NOTE = `The link's token goes in the \`X-Layman-Token\` header (never in the URL). An unknown, expired, revoked or used token answers 404, all alike.`;

/**
 * The veteran's side: their requests for lay statements, each the owner's alone (another user's
 * answers 404).
 */
const veteranRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;
  const appUrl = () => app.config.urls.app;

  app.post(
    '/layman-statements',
    {
      schema: {
        tags,
        summary: 'Ask someone for a lay (buddy) statement',
        description:
          'Answers the signing link once (it is not kept and cannot be shown again); it works for 30 days, once. Counts against the month’s `buddy_requests` (403 with `quota` when spent, with billing on).',
        body: createLaymanStatementInputSchema,
        response: { 201: laymanLinkSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const link = await createStatement({
        db: db(),
        userId: currentUser(request).id,
        input: request.body,
        billingEnabled: app.config.billing.stripe !== undefined,
        appUrl: appUrl(),
      });
      return reply.code(201).send(link);
    },
  );

  app.get(
    '/layman-statements',
    {
      schema: {
        tags,
        summary: 'The user’s lay statement requests, newest first',
        querystring: laymanStatementListQuerySchema,
        response: { 200: laymanStatementPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { disability_id: disabilityId, ...page } = request.query;
      return listStatements({ db: db(), userId: currentUser(request).id, page, disabilityId });
    },
  );

  app.get(
    '/layman-statements/:id',
    {
      schema: {
        tags,
        summary: 'One request: its status and, once submitted, the statement',
        params: idParams,
        response: { 200: laymanStatementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getStatement({ db: db(), userId: currentUser(request).id, id: request.params.id }),
  );

  app.patch(
    '/layman-statements/:id',
    {
      schema: {
        tags,
        summary: 'The veteran’s notes on a request',
        params: idParams,
        body: updateLaymanStatementInputSchema,
        response: { 200: laymanStatementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateNotes({
        db: db(),
        userId: currentUser(request).id,
        id: request.params.id,
        notes: request.body.notes,
      }),
  );

  app.delete(
    '/layman-statements/:id/link',
    {
      schema: {
        tags,
        summary: 'Revoke the signing link',
        description: 'The link stops working at once; a statement already submitted stays.',
        params: idParams,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeLink({
        db: db(),
        storage: app.storage,
        userId: currentUser(request).id,
        id: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/layman-statements/:id',
    {
      schema: {
        tags,
        summary: 'Delete a request and its statement',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteStatement({
        db: db(),
        storage: app.storage,
        userId: currentUser(request).id,
        id: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/layman-statements/:id/email',
    {
      schema: {
        tags,
        summary: 'Email the signing link to the person asked',
        description:
          'The link is not kept, so the email carries a new one: the previous link stops working and the new one (answered here too) runs for 30 days. 409 once submitted or revoked, or when the request has no email address.',
        params: idParams,
        response: { 200: laymanLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      emailLink({
        db: db(),
        userId: currentUser(request).id,
        id: request.params.id,
        mailer: app.mailer,
        appUrl: appUrl(),
      }),
  );

  app.get(
    '/layman-statements/:id/download',
    {
      schema: {
        tags,
        summary: 'The submitted statement as a PDF, or filled into VA Form 21-10210',
        description:
          '`pdf`: the statement with the witness’s certification and typed signature; `va-21-10210`: VA Form 21-10210 filled from the veteran record and the witness’s details, the statement continued on attached pages when long, the signature left for the witness. 409 before the statement is submitted.',
        params: idParams,
        querystring: laymanDownloadQuerySchema,
        response: {
          200: z.any().describe('application/pdf'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const file = await downloadStatement({
        db: db(),
        userId: currentUser(request).id,
        id: request.params.id,
        format: request.query.format,
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes));
    },
  );
};

/**
 * The witness's side, reached through the link's token. Any session will do: the witness's own
 * account, or the anonymous session the app opens for someone without one.
 */
const signerRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireSession);
  const db = () => app.database.db;

  app.get(
    '/layman-statements/by-token',
    {
      schema: {
        tags,
        summary: 'What the witness is asked',
        description: TOKEN_NOTE,
        response: { 200: laymanSignerViewSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => viewByToken({ db: db(), token: linkToken(request) }),
  );

  app.post(
    '/layman-statements/by-token/draft',
    {
      schema: {
        tags,
        summary: 'A first-person draft from the witness’s answers (nothing is saved)',
        description: TOKEN_NOTE,
        body: draftLaymanStatementInputSchema,
        response: { 200: laymanDraftSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => draftByToken({ db: db(), token: linkToken(request), input: request.body }),
  );

  app.post(
    '/layman-statements/by-token/submit',
    {
      schema: {
        tags,
        summary: 'Sign and submit the statement (once)',
        description: `${TOKEN_NOTE} A link takes one submission; a second answers 404. \`attachment_file_id\`, when sent, must be the finished upload granted through this link (else 400 with \`fields\`); it is filed in the veteran's vault (L015).`,
        body: submitLaymanStatementInputSchema,
        response: { 204: z.null().describe('Submitted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await submitByToken({
        db: db(),
        storage: app.storage,
        token: linkToken(request),
        input: request.body,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/layman-statements/by-token/upload',
    {
      schema: {
        tags,
        summary: 'Start the upload of a file sent with the statement (PDF, JPEG or PNG)',
        description: `${TOKEN_NOTE} Answers signed URLs as \`POST /uploads\` does; the file is the veteran's (their storage cap applies: 403 with \`quota\`). A new grant replaces the previous one, whose file is deleted.`,
        body: laymanAttachmentUploadInputSchema,
        response: { 201: uploadGrantSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const grant = await grantAttachmentUpload({
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
    '/layman-statements/by-token/upload/complete',
    {
      schema: {
        tags,
        summary: 'Finish the upload of the file sent with the statement',
        description: `${TOKEN_NOTE} Only the file granted through this link (another answers 404). Its content is checked: a refused file answers 400 with \`fields\` (upload it again). Name it as \`attachment_file_id\` on submission.`,
        body: completeLaymanAttachmentInputSchema,
        response: { 200: storedFileSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) =>
      completeAttachmentUpload({
        db: db(),
        storage: app.storage,
        token: linkToken(request),
        input: request.body,
      }),
  );
};

export const laymanStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(signerRoutes);
  await app.register(veteranRoutes);
};
