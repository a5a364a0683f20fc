import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_PACKET_DOCUMENTS,
  MAX_PACKET_PAGES,
  claimListQuerySchema,
  claimPacketSchema,
  claimPageSchema,
  claimReviewSchema,
  claimSchema,
  createClaimInputSchema,
  createClaimPacketInputSchema,
  updateClaimInputSchema,
} from '@muster/contract/claims';
import { pathIdSchema } from '@muster/contract/common';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import {
  assertOwnClaim,
  createClaim,
  deleteClaim,
  getClaim,
  listClaims,
  reviewClaim,
  updateClaim,
} from './claims.service.ts';
import { createClaimPacket } from './packet.service.ts';

const tags = ['claims'];
/** Any text is accepted as an id; one that is not a claim of the caller's answers 404. */
const idParams = z.object({ id: pathIdSchema });
const errors = errorResponses(400, 401, 403, 404);

/**
 * Claims: named sets of the veteran's disabilities for one veteran record. Everything is the
 * caller's own: another user's claim answers 404 on every route, whatever the body, since the
 * claim a path names is looked up before the body is validated.
 */
export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const db = () => app.database.db;
  app.addHook('preValidation', async (request) => {
    const { id } = request.params as { id?: unknown };
    if (typeof id === 'string') {
      await assertOwnClaim({ db: db(), userId: currentUser(request).id, id });
    }
  });

  app.get(
    '/claims',
    {
      schema: {
        tags,
        summary: 'The user’s claims, newest first',
        querystring: claimListQuerySchema,
        response: { 200: claimPageSchema, ...errors },
      },
    },
    async (request) =>
      listClaims({ db: db(), userId: currentUser(request).id, page: request.query }),
  );

  app.post(
    '/claims',
    {
      schema: {
        tags,
        summary: 'Make a claim of some of the user’s disabilities',
        description:
          'A new claim is a draft. Without `veteran_id` it is for the primary veteran record (none while there is no record). A disability or veteran record that is not the user’s is refused with 400 naming the field (`disability_ids.2`), and nothing is saved.',
        body: createClaimInputSchema,
        response: { 201: claimSchema, ...errors },
      },
    },
    async (request, reply) => {
      const claim = await createClaim({
        db: db(),
        userId: currentUser(request).id,
        input: request.body,
      });
      return reply.code(201).send(claim);
    },
  );

  app.get(
    '/claims/:id',
    {
      schema: {
        tags,
        summary: 'One claim with its disabilities, in order',
        params: idParams,
        response: { 200: claimSchema, ...errors },
      },
    },
    async (request) =>
      getClaim({ db: db(), userId: currentUser(request).id, id: request.params.id }),
  );

  app.patch(
    '/claims/:id',
    {
      schema: {
        tags,
        summary: 'Change a claim',
        description:
          'The fields sent change; `disability_ids` replaces the whole list, in the order sent, all at once.',
        params: idParams,
        body: updateClaimInputSchema,
        response: { 200: claimSchema, ...errors },
      },
    },
    async (request) =>
      updateClaim({
        db: db(),
        userId: currentUser(request).id,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/claims/:id',
    {
      schema: {
        tags,
        summary: 'Delete a claim (its disabilities stay)',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteClaim({ db: db(), userId: currentUser(request).id, id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/claims/:id/review',
    {
      schema: {
        tags,
        summary: 'How ready a claim is, disability by disability',
        description:
          'For each disability of the claim, in order: its readiness (as `GET /disabilities/{id}/readiness`), its personal statements (named, without their text) and what it still lacks in plain sentences; and the totals of the claim.',
        params: idParams,
        response: { 200: claimReviewSchema, ...errors },
      },
    },
    async (request) =>
      reviewClaim({ db: db(), userId: currentUser(request).id, id: request.params.id }),
  );

  app.post(
    '/claims/:id/packet',
    {
      schema: {
        tags,
        summary: 'Make the claim’s packet: one PDF kept in the vault',
        description: `One PDF for the veteran to review before filing (Muster does not file it): a cover, an index of every item with the page it starts on, then for each disability of the claim, in order, its personal statements (latest versions), its submitted lay statements and its nexus letters (the signed copy when on file, else the draft marked as not yet signed), then the vault documents named in \`document_ids\` (at most ${MAX_PACKET_DOCUMENTS}, each the user’s, a PDF, JPEG or PNG; else 400 per field) under "Supporting documents". Every page is numbered "Page N of M". A PDF that cannot be read is listed as not included, with the reason. The file is kept as a new vault document (\`Claim packet — <claim> — <YYYY-MM-DD>\`) and counts against storage (403 past the cap with billing on). More than ${MAX_PACKET_PAGES.toLocaleString('en-US')} pages or 100 MB answers 413.`,
        params: idParams,
        // Sent without a body (or with `null`), nothing is appended.
        body: createClaimPacketInputSchema.nullish(),
        response: { 201: claimPacketSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const packet = await createClaimPacket({
        db: db(),
        storage: app.storage,
        userId: currentUser(request).id,
        id: request.params.id,
        input: request.body ?? {},
        billingEnabled: app.config.billing.stripe !== undefined,
      });
      return reply.code(201).send(packet);
    },
  );
};
