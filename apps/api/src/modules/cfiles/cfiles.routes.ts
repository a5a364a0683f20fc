import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCfileDisabilitiesSchema,
  addedCfileDisabilitiesSchema,
  cfileConditionsSchema,
  cfileCreatedSchema,
  cfileListQuerySchema,
  cfileListSchema,
  cfileMedicationsSchema,
  cfilePageParamsSchema,
  cfilePageSchema,
  cfileSchema,
  createCfileSchema,
} from '@muster/contract/cfiles';
import { pathIdSchema } from '@muster/contract/common';
import { errorResponses } from '#src/lib/route-errors.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import {
  addDisabilities,
  cancelCfile,
  createCfile,
  deleteCfile,
  getCfile,
  getConditions,
  getEvidenceIndex,
  getMedications,
  getPage,
  listCfiles,
} from './cfiles.service.ts';

const tags = ['cfiles'];
const idParams = z.object({ id: pathIdSchema });

/**
 * C-files (the veteran's whole VA claims file) read in the background: pages counted, read in
 * chunks by every worker (text layer, pdftotext or OCR), then the medications and conditions
 * gathered with the pages that name them. Everything is the owner's alone: another user's C-file
 * answers 404.
 */
export const cfileRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;
  const owner = (request: FastifyRequest) => ({ db: db(), userId: currentUser(request).id });

  app.post(
    '/cfiles',
    {
      schema: {
        tags,
        summary: 'Read a C-file',
        description:
          '`{file_id}` of a finished `c-file` upload (a PDF). Answers 202; the pages are read in the background (`GET /cfiles/{id}` for status, progress and pages read).',
        body: createCfileSchema,
        response: { 202: cfileCreatedSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await createCfile({
        ...owner(request),
        input: request.body,
        jobs: app.jobs,
        job: app.jobDefinitions.planCfile,
      });
      return reply.code(202).send(created);
    },
  );

  app.get(
    '/cfiles',
    {
      schema: {
        tags,
        summary: 'The user’s C-files, newest first',
        querystring: cfileListQuerySchema,
        response: { 200: cfileListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listCfiles({ ...owner(request), page: request.query }),
  );

  app.get(
    '/cfiles/:id',
    {
      schema: {
        tags,
        summary: 'One C-file: its status, progress and counts',
        params: idParams,
        response: { 200: cfileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getCfile({ ...owner(request), id: request.params.id }),
  );

  app.post(
    '/cfiles/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Stop reading a C-file',
        description:
          'Workers stop at the next page; pages read are kept. A C-file already canceled answers as it is; one complete or failed answers 409.',
        params: idParams,
        response: { 200: cfileSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cancelCfile({ ...owner(request), id: request.params.id }),
  );

  app.delete(
    '/cfiles/:id',
    {
      schema: {
        tags,
        summary: 'Delete a C-file’s reading (its pages and findings)',
        description:
          'Reading stops at the next page. The uploaded PDF stays in the vault (it is the veteran’s document).',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteCfile({ ...owner(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/cfiles/:id/medications',
    {
      schema: {
        tags,
        summary: 'The medications found in a C-file',
        description: '409 while the C-file is not completely read.',
        params: idParams,
        response: { 200: cfileMedicationsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => getMedications({ ...owner(request), id: request.params.id }),
  );

  app.get(
    '/cfiles/:id/conditions',
    {
      schema: {
        tags,
        summary: 'The conditions found in a C-file',
        description:
          '`claimed` is worked out against the veteran’s disabilities as they are now. 409 while the C-file is not completely read.',
        params: idParams,
        response: { 200: cfileConditionsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => getConditions({ ...owner(request), id: request.params.id }),
  );

  app.get(
    '/cfiles/:id/pages/:page',
    {
      schema: {
        tags,
        summary: 'One page’s text, for the page viewer',
        description: '400 for a number that is not a page of the file; 404 while it is not read.',
        params: cfilePageParamsSchema,
        response: { 200: cfilePageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getPage({ ...owner(request), id: request.params.id, page: request.params.page }),
  );

  app.post(
    '/cfiles/:id/disabilities',
    {
      schema: {
        tags,
        summary: 'Add conditions found in a C-file as disabilities',
        description:
          'All in one step. Every name must be one of the C-file’s conditions (else 400 on that name); those already among the disabilities are skipped.',
        params: idParams,
        body: addCfileDisabilitiesSchema,
        response: {
          200: addedCfileDisabilitiesSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      addDisabilities({ ...owner(request), id: request.params.id, input: request.body }),
  );

  app.get(
    '/cfiles/:id/evidence-index.pdf',
    {
      schema: {
        tags,
        summary: 'The evidence index: each finding with the pages that name it (PDF)',
        params: idParams,
        response: {
          200: z.any().describe('application/pdf'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const bytes = await getEvidenceIndex({ ...owner(request), id: request.params.id });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="c-file-evidence-index.pdf"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );
};
