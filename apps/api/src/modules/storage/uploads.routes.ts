import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import { storageUsageSchema } from '@muster/contract/documents';
import {
  completeUploadInputSchema,
  createUploadInputSchema,
  storedFileSchema,
  uploadGrantSchema,
} from '@muster/contract/storage';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import {
  completeUpload,
  createUpload,
  deleteFile,
  getFile,
  storageUsage,
} from './storage.service.ts';

const tags = ['uploads'];
const fileParams = z.object({ fileId: pathIdSchema });

/**
 * Uploads: a grant of signed URLs (the bytes go straight to storage, never through the API), the
 * finish step that checks size and content, the upload's status, cancelling one, and the owner's
 * storage use. Every file is the owner's: another user's id answers 404.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const deps = (request: Parameters<typeof currentUser>[0]) => ({
    db: app.database.db,
    storage: app.storage,
    ownerId: currentUser(request).id,
  });
  const billingEnabled = () => app.config.billing.stripe !== undefined;

  app.post(
    '/uploads',
    {
      schema: {
        tags,
        summary: 'Start an upload',
        description:
          'Checks the kind’s types and size (413 above it) and, with billing on, the storage cap (403 with `quota` when the file would pass it), then answers signed URLs: one PUT, or one per part above 64 MB.',
        body: createUploadInputSchema,
        response: { 201: uploadGrantSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const grant = await createUpload({
        ...deps(request),
        input: request.body,
        billingEnabled: billingEnabled(),
      });
      return reply.code(201).send(grant);
    },
  );

  app.post(
    '/uploads/:fileId/complete',
    {
      schema: {
        tags,
        summary: 'Finish an upload',
        description:
          'Assembles the parts (multipart), compares the stored size with the announced one and reads the content: an accepted type becomes `ready`; anything else (another type behind the name, an empty or encrypted PDF, more bytes than announced) is deleted, and the upload stays `rejected` with its reason.',
        params: fileParams,
        body: completeUploadInputSchema,
        response: { 200: storedFileSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) =>
      completeUpload({ ...deps(request), fileId: request.params.fileId, input: request.body }),
  );

  app.get(
    '/uploads/:fileId',
    {
      schema: {
        tags,
        summary: 'An upload’s status',
        params: fileParams,
        response: { 200: storedFileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      getFile({
        db: app.database.db,
        ownerId: currentUser(request).id,
        fileId: request.params.fileId,
      }),
  );

  app.delete(
    '/uploads/:fileId',
    {
      schema: {
        tags,
        summary: 'Cancel an upload, or delete a stored file',
        params: fileParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteFile({ ...deps(request), fileId: request.params.fileId });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/storage/usage',
    {
      schema: {
        tags,
        summary: 'The bytes the user keeps in storage, and the plan’s cap',
        response: { 200: storageUsageSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      storageUsage({
        db: app.database.db,
        ownerId: currentUser(request).id,
        billingEnabled: billingEnabled(),
      }),
  );
};
