import {
  answerStepSchema,
  disabilityAnswersSchema,
  type AnswerStep,
  type StepAnswers,
} from '@muster/contract/disabilities';
import { MAX_PAGE_SIZE } from '@muster/contract/common';
import {
  DISABILITY_RECORDS,
  dsmCriteriaSchema,
  dsmCriterionSchema,
  recordPageSchema,
  secondaryDisabilitySchema,
  type DisabilityRecord,
  type DisabilityRecordKind,
  type DsmCriterionAnswerInput,
  type DsmCriterionLetter,
  type SecondaryDisability,
} from '@muster/contract/disability-records';
import { pagedSchema } from '@muster/contract/common';
import { bodySystemOf, type BodySystemInput } from '@muster/domain/body-systems';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type z } from 'zod';

import { api } from '@/lib/api-client';

import { DISABILITIES_QUERY_KEY } from '../api/get-disabilities';

/**
 * The wizard's calls: each step's answers (read, saved whole), the records a step collects
 * (treatments, exposures, the mental-health records), the secondary link and the DSM-5 criteria.
 * A disability holds few records of each kind, so a step reads them all in one page.
 */

const disabilityPath = (disabilityId: string) =>
  `/disabilities/${encodeURIComponent(disabilityId)}`;

const wizardKey = (disabilityId: string) => [...DISABILITIES_QUERY_KEY, 'wizard', disabilityId];

export function answersQueryOptions<S extends AnswerStep>(disabilityId: string, step: S) {
  return queryOptions({
    queryKey: [...wizardKey(disabilityId), 'answers', step],
    queryFn: ({ signal }) =>
      api.get(`${disabilityPath(disabilityId)}/answers/${step}`, answerStepSchema(step), {
        signal,
      }),
  });
}

export function useStepAnswers<S extends AnswerStep>(disabilityId: string, step: S) {
  return useQuery({ ...answersQueryOptions(disabilityId, step), throwOnError: false });
}

/** `PUT …/answers/{step}`: the step's answers whole (sending the same twice changes nothing). */
export function useSaveStepAnswers<S extends AnswerStep>(disabilityId: string, step: S) {
  const queryClient = useQueryClient();
  return async (answers: StepAnswers<S>) => {
    const stored = await api.put(
      `${disabilityPath(disabilityId)}/answers/${step}`,
      answers,
      answerStepSchema(step),
    );
    queryClient.setQueryData(answersQueryOptions(disabilityId, step).queryKey, stored);
    return stored;
  };
}

/** Where a kind of record lives: under the disability, or under its mental-health condition. */
export type RecordParent = { disabilityId: string; conditionId?: string | undefined };

export function recordCollectionUrl(kind: DisabilityRecordKind, parent: RecordParent): string {
  const base = disabilityPath(parent.disabilityId);
  if (DISABILITY_RECORDS[kind].parent === 'disability') return `${base}/${kind}`;
  if (!parent.conditionId) throw new Error(`${kind} needs a mental-health condition`);
  return `${base}/mental-health-conditions/${encodeURIComponent(parent.conditionId)}/${kind}`;
}

export function recordsQueryOptions<K extends DisabilityRecordKind>(kind: K, parent: RecordParent) {
  return queryOptions({
    queryKey: [...wizardKey(parent.disabilityId), kind, parent.conditionId ?? null],
    queryFn: async ({ signal }) => {
      const page = await api.get(recordCollectionUrl(kind, parent), recordPageSchema(kind), {
        query: { page_size: MAX_PAGE_SIZE, sort: 'created_at' },
        signal,
      });
      return page.results as DisabilityRecord<K>[];
    },
  });
}

/** A kind's records, oldest first (the order the veteran added them). */
export function useRecords<K extends DisabilityRecordKind>(
  kind: K,
  parent: RecordParent,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...recordsQueryOptions(kind, parent),
    enabled: options.enabled,
    throwOnError: false,
  });
}

/** Creating, changing and deleting a kind's records; the cached list follows each answer. */
export function useRecordWriter<K extends DisabilityRecordKind>(kind: K, parent: RecordParent) {
  const queryClient = useQueryClient();
  const url = recordCollectionUrl(kind, parent);
  const item = DISABILITY_RECORDS[kind].item as unknown as z.ZodType<DisabilityRecord<K>>;
  const key = recordsQueryOptions(kind, parent).queryKey;
  const put = (record: DisabilityRecord<K>) =>
    queryClient.setQueryData(key, (list: DisabilityRecord<K>[] | undefined) => {
      const rest = (list ?? []).filter((entry) => entry.id !== record.id);
      return list?.some((entry) => entry.id === record.id)
        ? list.map((entry) => (entry.id === record.id ? record : entry))
        : [...rest, record];
    });
  return {
    /**
     * With `idempotencyKey` (a UUID made once per new record), the record takes it as its id and
     * sending the same create again answers that record instead of making another.
     */
    create: async (input: unknown, idempotencyKey?: string) => {
      const record = await api.post(url, input, item, {
        ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
      });
      put(record);
      return record;
    },
    update: async (id: string, input: unknown) => {
      const record = await api.patch(`${url}/${encodeURIComponent(id)}`, input, item);
      put(record);
      return record;
    },
    remove: async (id: string) => {
      await api.delete(`${url}/${encodeURIComponent(id)}`);
      queryClient.setQueryData(key, (list: DisabilityRecord<K>[] | undefined) =>
        (list ?? []).filter((entry) => entry.id !== id),
      );
    },
  };
}

const secondaryPageSchema = pagedSchema(secondaryDisabilitySchema);

export function secondaryQueryOptions(disabilityId: string) {
  return queryOptions({
    queryKey: [...wizardKey(disabilityId), 'secondary-disabilities'],
    queryFn: async ({ signal }) => {
      const page = await api.get(
        `${disabilityPath(disabilityId)}/secondary-disabilities`,
        secondaryPageSchema,
        { query: { page_size: MAX_PAGE_SIZE }, signal },
      );
      return page.results;
    },
  });
}

/** The secondary link of the disability: the primaries it rests on (the wizard keeps one). */
export function useSecondaryLinks(disabilityId: string) {
  return useQuery({ ...secondaryQueryOptions(disabilityId), throwOnError: false });
}

export function useSecondaryWriter(disabilityId: string) {
  const queryClient = useQueryClient();
  const url = `${disabilityPath(disabilityId)}/secondary-disabilities`;
  const key = secondaryQueryOptions(disabilityId).queryKey;
  return async (existing: SecondaryDisability | undefined, input: object) => {
    const record = existing
      ? await api.patch(
          `${url}/${encodeURIComponent(existing.id)}`,
          input,
          secondaryDisabilitySchema,
        )
      : await api.post(url, input, secondaryDisabilitySchema);
    queryClient.setQueryData(key, [record]);
    return record;
  };
}

const dsmPath = (parent: Required<RecordParent>) =>
  `${disabilityPath(parent.disabilityId)}/mental-health-conditions/${encodeURIComponent(parent.conditionId)}/dsm-criteria`;

export function dsmQueryOptions(parent: Required<RecordParent>) {
  return queryOptions({
    queryKey: [...wizardKey(parent.disabilityId), 'dsm-criteria', parent.conditionId],
    queryFn: async ({ signal }) =>
      (await api.get(dsmPath(parent), dsmCriteriaSchema, { signal })).results,
  });
}

export function useDsmCriteria(parent: Required<RecordParent>) {
  return useQuery({ ...dsmQueryOptions(parent), throwOnError: false });
}

/** `PUT …/dsm-criteria/{letter}`: one criterion's answer, whole. */
export function useSaveDsmCriterion(parent: Required<RecordParent>) {
  const queryClient = useQueryClient();
  return async (letter: DsmCriterionLetter, input: DsmCriterionAnswerInput) => {
    const stored = await api.put(`${dsmPath(parent)}/${letter}`, input, dsmCriterionSchema);
    queryClient.setQueryData(
      dsmQueryOptions(parent).queryKey,
      (list: z.infer<typeof dsmCriterionSchema>[] | undefined) =>
        (list ?? []).map((entry) => (entry.criterion === letter ? stored : entry)),
    );
    return stored;
  };
}

/** `GET …/answers`: every document step's answers, in the wizard's order. */
export function useAllAnswers(disabilityId: string) {
  return useQuery({
    queryKey: [...wizardKey(disabilityId), 'answers'],
    queryFn: ({ signal }) =>
      api.get(`${disabilityPath(disabilityId)}/answers`, disabilityAnswersSchema, { signal }),
    throwOnError: false,
  });
}

/**
 * Whether the disability is a mental-health condition, as VA's forms read it: its body system
 * (from its codes or title), or a mental-health record under it. While the records load, the body
 * system alone answers.
 */
export function useIsMentalHealthCondition(disabilityId: string, condition: BodySystemInput) {
  const records = useRecords('mental-health-conditions', { disabilityId });
  return bodySystemOf(condition) === 'mental' || (records.data?.length ?? 0) > 0;
}
