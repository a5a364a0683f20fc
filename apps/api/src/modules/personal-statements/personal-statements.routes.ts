import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  STATEMENTS_PATH,
  STATEMENT_PATH,
  disabilityRouteSummary as summary,
} from '@muster/contract/disability-routes';
import {
  createPersonalStatementInputSchema,
  downloadStatementQuerySchema,
  personalStatementListQuerySchema,
  personalStatementPageSchema,
  personalStatementQuerySchema,
  personalStatementSchema,
  updatePersonalStatementInputSchema,
} from '@muster/contract/personal-statements';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser } from '#src/modules/auth/require-user.ts';
import { guardOwnDisability } from '#src/modules/disabilities/own-disability-guard.ts';
import {
  createStatement,
  deleteStatement,
  downloadStatement,
  getStatement,
  listStatements,
  updateStatement,
} from './personal-statements.service.ts';
import { getAiConsent } from '#src/modules/preferences/preferences.service.ts';
import { modelStatementGenerator, offlineStatementGenerator } from './statement-generator.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['disabilities'];
const listParams = z.object({ id: pathIdSchema });
const itemParams = z.object({ id: pathIdSchema, statementId: pathIdSchema });
const downloadPath = `${STATEMENT_PATH}/download-statement`;
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.uuid('Must be a UUID').optional(),
});

/**
 * Personal statements of a disability. Every path is guarded as the disabilities' are: another user's disability, or a statement under it, answers 404.
 */
export const personalStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  guardOwnDisability(app);
  const db = () => app.database.db;
  // The outside model writes only for a veteran who agreed to it; the composer writes otherwise.
  const generatorFor = async (userId: string) =>
    app.ai.provider &&
    (await getAiConsent({ db: db(), userId, host: app.ai.provider.host })) === 'provider'
      ? modelStatementGenerator((draft) => app.ai.rewriteStatement(draft))
      : offlineStatementGenerator;
  const placeOf = (request: { params: { id: string } }, userId: string) => ({
    db: db(),
    userId,
    disabilityId: request.params.id,
  });

  app.get(
    STATEMENTS_PATH,
    {
      schema: {
        tags,
        summary: summary('GET', STATEMENTS_PATH),
        params: listParams,
        querystring: personalStatementListQuerySchema,
        response: { 200: personalStatementPageSchema, ...errors },
      },
    },
    async (request) =>
      listStatements({ ...placeOf(request, currentUser(request).id), page: request.query }),
  );

  app.post(
    STATEMENTS_PATH,
    {
      schema: {
        tags,
        summary: summary('POST', STATEMENTS_PATH),
        description:
          'Without `body`, the statement is composed from the disability’s wizard answers and counts against the month’s `personal_statements` quota (403 with `quota` when none is left, while billing is on). With `body`, the text is the veteran’s own and is not counted. An `Idempotency-Key` header (a UUID made once per statement) becomes its id: sending the same create again answers the statement already made (200), counted once.',
        params: listParams,
        headers: idempotencyHeaders,
        body: createPersonalStatementInputSchema,
        response: {
          201: personalStatementSchema,
          200: personalStatementSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { statement, created } = await createStatement({
        ...placeOf(request, currentUser(request).id),
        body: request.body.body,
        id: request.headers['idempotency-key'],
        generator: await generatorFor(currentUser(request).id),
        billingEnabled: app.config.billing.stripe !== undefined,
      });
      return reply.code(created ? 201 : 200).send(statement);
    },
  );

  app.get(
    STATEMENT_PATH,
    {
      schema: {
        tags,
        summary: summary('GET', STATEMENT_PATH),
        params: itemParams,
        querystring: personalStatementQuerySchema,
        response: { 200: personalStatementSchema, ...errors },
      },
    },
    async (request) =>
      getStatement({
        ...placeOf(request, currentUser(request).id),
        id: request.params.statementId,
        version: request.query.version,
      }),
  );

  app.patch(
    STATEMENT_PATH,
    {
      schema: {
        tags,
        summary: summary('PATCH', STATEMENT_PATH),
        description:
          'The whole new text. It becomes the latest version (the one downloaded); earlier ones stay readable with `?version=`.',
        params: itemParams,
        body: updatePersonalStatementInputSchema,
        response: { 200: personalStatementSchema, ...errors },
      },
    },
    async (request) =>
      updateStatement({
        ...placeOf(request, currentUser(request).id),
        id: request.params.statementId,
        body: request.body.body,
      }),
  );

  app.delete(
    STATEMENT_PATH,
    {
      schema: {
        tags,
        summary: summary('DELETE', STATEMENT_PATH),
        params: itemParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteStatement({
        ...placeOf(request, currentUser(request).id),
        id: request.params.statementId,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    downloadPath,
    {
      schema: {
        tags,
        summary: summary('GET', downloadPath),
        description:
          '`pdf` and `docx`: the statement alone. `va-21-4138`: VA Form 21-4138 filled from the veteran record, with the statement as its remarks (continued on attached pages when longer than the box). `va-21-0781`: VA Form 21-0781 (March 2024) filled from the trauma answers, only for a mental-health condition (409 otherwise). Forms are left unsigned for the veteran to sign.',
        params: itemParams,
        querystring: downloadStatementQuerySchema,
        response: {
          200: z.any().describe('application/pdf or the Word document'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const file = await downloadStatement({
        ...placeOf(request, currentUser(request).id),
        id: request.params.statementId,
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
