import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  createDocumentInputSchema,
  documentDownloadQuerySchema,
  documentListQuerySchema,
  documentPageSchema,
  documentSchema,
  generatedDocumentListSchema,
  updateDocumentInputSchema,
} from '@muster/contract/documents';
import { downloadUrlSchema } from '@muster/contract/storage';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { listGeneratedStatements } from '#src/modules/personal-statements/personal-statements.service.ts';
import {
  createDocument,
  deleteDocument,
  documentDownload,
  getDocument,
  listDocuments,
  updateDocument,
} from './documents.service.ts';

const tags = ['documents'];
const idParams = z.object({ id: pathIdSchema });

/**
 * The file vault: documents made from finished uploads, listed, renamed, tagged with VA's
 * evidence types, downloaded or opened through short-lived links, and deleted with their file.
 * Everything is the owner's: another user's document answers 404.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;

  app.get(
    '/documents',
    {
      schema: {
        tags,
        summary: 'The vault’s documents, newest first',
        querystring: documentListQuerySchema,
        response: { 200: documentPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listDocuments({ db: db(), userId: currentUser(request).id, query: request.query }),
  );

  app.post(
    '/documents',
    {
      schema: {
        tags,
        summary: 'Put a finished upload in the vault',
        body: createDocumentInputSchema,
        response: { 201: documentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const made = await createDocument({
        db: db(),
        userId: currentUser(request).id,
        input: request.body,
      });
      return reply.code(201).send(made);
    },
  );

  app.get(
    '/documents/:id',
    {
      schema: {
        tags,
        summary: 'One document',
        params: idParams,
        response: { 200: documentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getDocument({ db: db(), userId: currentUser(request).id, id: request.params.id }),
  );

  app.patch(
    '/documents/:id',
    {
      schema: {
        tags,
        summary: 'Rename a document or change its type',
        params: idParams,
        body: updateDocumentInputSchema,
        response: { 200: documentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateDocument({
        db: db(),
        userId: currentUser(request).id,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.get(
    '/documents/:id/download',
    {
      schema: {
        tags,
        summary: 'A five-minute link to the document’s file',
        description:
          '`disposition=inline` opens a PDF or an image in the browser instead of saving it.',
        params: idParams,
        querystring: documentDownloadQuerySchema,
        response: { 200: downloadUrlSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      documentDownload({
        db: db(),
        userId: currentUser(request).id,
        id: request.params.id,
        storage: app.storage,
        disposition: request.query.disposition,
      }),
  );

  app.get(
    '/generated-documents',
    {
      schema: {
        tags,
        summary: 'What Muster wrote for the user, to download again',
        description:
          'Each personal statement (its latest version) with the formats it downloads in, through `GET /disabilities/{disability_id}/personal-statements/{id}/download-statement?format=`.',
        response: { 200: generatedDocumentListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      results: await listGeneratedStatements({ db: db(), userId: currentUser(request).id }),
    }),
  );

  app.delete(
    '/bucket/delete/:id',
    {
      schema: {
        tags,
        summary: 'Delete a document and its file',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteDocument({
        db: db(),
        userId: currentUser(request).id,
        id: request.params.id,
        storage: app.storage,
      });
      return reply.code(204).send(null);
    },
  );
};
