import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@muster/contract/common';
import {
  DISABILITY_RECORDS,
  DISABILITY_RECORD_KINDS,
  disabilityRecordListQuerySchema,
  dsmCriteriaSchema,
  dsmCriterionAnswerInputSchema,
  dsmCriterionLetterSchema,
  dsmCriterionSchema,
  exposureSchema,
  recordPageSchema,
  updateAdditionalHazardsInputSchema,
  type DisabilityRecordKind,
} from '@muster/contract/disability-records';
import {
  MENTAL_HEALTH_CONDITION_PATH,
  disabilityRouteSummary as summary,
  recordCollectionPath,
  recordPath,
} from '@muster/contract/disability-routes';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser } from '#src/modules/auth/require-user.ts';
import {
  clearDsmCriterion,
  createRecord,
  deleteRecord,
  getDsmCriterion,
  getRecord,
  listDsmCriteria,
  listRecords,
  saveDsmCriterion,
  updateRecord,
} from './disability-records.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const createErrors = errorResponses(400, 401, 403, 404, 409);
const CREATE_NOTE =
  'An `Idempotency-Key` header (a UUID the client makes once per record) becomes the record’s id: ' +
  'sending the same create again answers the record already made (200) instead of a second one.';
/** The optional key that makes a create safe to send again after a lost answer. */
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.uuid('Must be a UUID').optional(),
});
const tags = ['disabilities'];
const PATCH_NOTE =
  'Fields sent replace the stored ones; the record as it would become is checked in full.';

/** Path ids are looked up, not parsed: one that leads to nothing of the caller's answers 404. */
function paramsOf(names: readonly string[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, pathIdSchema])));
}

/**
 * The record collections (exposures, treatments, mental-health conditions, and under a condition
 * its traumatic events, behaviour changes, official reports and evidence sources), the exposures'
 * additional hazards and the DSM-5 criteria. Registered inside the disabilities plugin, whose guard
 * and owner check run first.
 */
export const disabilityRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  const collection = (kind: DisabilityRecordKind) => {
    const spec = DISABILITY_RECORDS[kind];
    const nested = spec.parent !== 'disability';
    const parentNames = nested ? ['id', 'conditionId'] : ['id'];
    const listParams = paramsOf(parentNames);
    const itemParams = paramsOf([...parentNames, spec.param]);
    const scopeOf = (request: { params: Record<string, string> }, userId: string) => ({
      db: db(),
      userId,
      kind,
      disabilityId: request.params.id!,
      conditionId: request.params.conditionId,
    });
    const idOf = (request: { params: Record<string, string> }) => request.params[spec.param]!;
    const listPath = recordCollectionPath(kind);
    const itemPath = recordPath(kind);

    app.get(
      listPath,
      {
        schema: {
          tags,
          summary: summary('GET', listPath),
          params: listParams,
          querystring: disabilityRecordListQuerySchema,
          response: { 200: recordPageSchema(kind), ...errors },
        },
      },
      async (request) =>
        listRecords({ ...scopeOf(request, currentUser(request).id), query: request.query }),
    );

    app.post(
      listPath,
      {
        schema: {
          tags,
          summary: summary('POST', listPath),
          description: CREATE_NOTE,
          params: listParams,
          headers: idempotencyHeaders,
          body: spec.create,
          response: { 201: spec.item, 200: spec.item, ...createErrors },
        },
      },
      async (request, reply) => {
        const { record, created } = await createRecord({
          ...scopeOf(request, currentUser(request).id),
          input: request.body,
          id: request.headers['idempotency-key'],
        });
        return reply.code(created ? 201 : 200).send(record);
      },
    );

    app.get(
      itemPath,
      {
        schema: {
          tags,
          summary: summary('GET', itemPath),
          params: itemParams,
          response: { 200: spec.item, ...errors },
        },
      },
      async (request) =>
        getRecord({ ...scopeOf(request, currentUser(request).id), id: idOf(request) }),
    );

    app.patch(
      itemPath,
      {
        schema: {
          tags,
          summary: summary('PATCH', itemPath),
          description: PATCH_NOTE,
          params: itemParams,
          body: spec.update,
          response: { 200: spec.item, ...errors },
        },
      },
      async (request) =>
        updateRecord({
          ...scopeOf(request, currentUser(request).id),
          id: idOf(request),
          input: request.body as Record<string, unknown>,
        }),
    );

    app.delete(
      itemPath,
      {
        schema: {
          tags,
          summary: summary('DELETE', itemPath),
          description: nested ? undefined : 'Whatever hangs under the record goes with it.',
          params: itemParams,
          response: { 204: z.null().describe('Deleted'), ...errors },
        },
      },
      async (request, reply) => {
        await deleteRecord({ ...scopeOf(request, currentUser(request).id), id: idOf(request) });
        return reply.code(204).send(null);
      },
    );
  };
  for (const kind of DISABILITY_RECORD_KINDS) collection(kind);

  const hazardsPath = `${recordPath('exposures')}/update-additional-hazards`;
  app.post(
    hazardsPath,
    {
      schema: {
        tags,
        summary: summary('POST', hazardsPath),
        description:
          'The list and the description sent replace the stored ones (an empty list clears them).',
        params: z.object({ id: pathIdSchema, exposureId: pathIdSchema }),
        body: updateAdditionalHazardsInputSchema,
        response: { 200: exposureSchema, ...errors },
      },
    },
    async (request) =>
      updateRecord({
        db: db(),
        userId: currentUser(request).id,
        kind: 'exposures',
        disabilityId: request.params.id,
        id: request.params.exposureId,
        input: {
          additional_hazards: request.body.additional_hazards,
          additional_hazards_details: request.body.additional_hazards_details ?? null,
        },
      }),
  );

  const dsmPath = `${MENTAL_HEALTH_CONDITION_PATH}/dsm-criteria`;
  const dsmItemPath = `${dsmPath}/:criterion`;
  const conditionParams = z.object({ id: pathIdSchema, conditionId: pathIdSchema });
  const criterionParams = conditionParams.extend({ criterion: dsmCriterionLetterSchema });
  const conditionOf = (params: { id: string; conditionId: string }, userId: string) => ({
    db: db(),
    userId,
    disabilityId: params.id,
    conditionId: params.conditionId,
  });

  app.get(
    dsmPath,
    {
      schema: {
        tags,
        summary: summary('GET', dsmPath),
        description: 'All eight, A to H; an unanswered one has null `answers`.',
        params: conditionParams,
        response: { 200: dsmCriteriaSchema, ...errors },
      },
    },
    async (request) => listDsmCriteria(conditionOf(request.params, currentUser(request).id)),
  );

  app.get(
    dsmItemPath,
    {
      schema: {
        tags,
        summary: summary('GET', dsmItemPath),
        params: criterionParams,
        response: { 200: dsmCriterionSchema, ...errors },
      },
    },
    async (request) =>
      getDsmCriterion({
        ...conditionOf(request.params, currentUser(request).id),
        criterion: request.params.criterion,
      }),
  );

  app.put(
    dsmItemPath,
    {
      schema: {
        tags,
        summary: summary('PUT', dsmItemPath),
        description:
          'Saved whole. `items` are keys of the signs listed under the criterion (DSM_CRITERION_ITEMS in the contract).',
        params: criterionParams,
        body: dsmCriterionAnswerInputSchema,
        response: { 200: dsmCriterionSchema, ...errors },
      },
    },
    async (request) =>
      saveDsmCriterion({
        ...conditionOf(request.params, currentUser(request).id),
        criterion: request.params.criterion,
        input: request.body,
      }),
  );

  app.delete(
    dsmItemPath,
    {
      schema: {
        tags,
        summary: summary('DELETE', dsmItemPath),
        params: criterionParams,
        response: { 204: z.null().describe('Cleared'), ...errors },
      },
    },
    async (request, reply) => {
      await clearDsmCriterion({
        ...conditionOf(request.params, currentUser(request).id),
        criterion: request.params.criterion,
      });
      return reply.code(204).send(null);
    },
  );
};
