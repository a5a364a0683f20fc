import type { z } from 'zod';
import type { Paged } from '@muster/contract/common';
import {
  DISABILITY_RECORDS,
  DSM_CRITERIA,
  dsmAnswersSchema,
  isDsmItemOf,
  type DisabilityRecord,
  type DisabilityRecordKind,
  type DisabilityRecordListQuery,
  type DsmCriterion,
  type DsmCriterionAnswerInput,
  type DsmCriterionLetter,
} from '@muster/contract/disability-records';
import { ERR } from '@muster/contract/errors';
import type { Db } from '@muster/db/client';
import type { DisabilityRecordRow } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import * as repository from './disability-records.repository.ts';
import { FieldErrors, blankToNull, parseOrRefuse } from './field-errors.ts';

/**
 * The records of a disability that share one shape of API. A record is addressed by the owner,
 * its disability, for nested kinds its mental-health condition, and its id: anything that does not
 * lead to it along that path (another user's, another disability's, malformed) is not found.
 */

type Owner = { db: Db; userId: string };
export type RecordScope<K extends DisabilityRecordKind = DisabilityRecordKind> = Owner & {
  kind: K;
  disabilityId: string;
  /** The mental-health condition, for the kinds that hang under one. */
  conditionId?: string | undefined;
};

function isNested(kind: DisabilityRecordKind): boolean {
  return DISABILITY_RECORDS[kind].parent !== 'disability';
}

function placeOf(scope: RecordScope): repository.RecordPlace {
  const nested = isNested(scope.kind);
  if (nested && scope.conditionId === undefined) {
    throw new Error(`${scope.kind} records hang under a mental-health condition`);
  }
  return {
    db: scope.db,
    userId: scope.userId,
    kind: scope.kind,
    disabilityId: scope.disabilityId,
    parentId: nested ? scope.conditionId! : null,
  };
}

export function toRecord<K extends DisabilityRecordKind>(
  kind: K,
  row: DisabilityRecordRow,
): DisabilityRecord<K> {
  const details = JSON.parse(row.details) as Record<string, unknown>;
  return {
    ...details,
    id: row.id,
    disability_id: row.disabilityId,
    ...(isNested(kind) ? { condition_id: row.parentId } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  } as DisabilityRecord<K>;
}

/** The checked document of a record, as stored. */
function detailsOf(kind: DisabilityRecordKind, input: unknown): string {
  const parsed = parseOrRefuse(DISABILITY_RECORDS[kind].create as z.ZodType, input);
  return JSON.stringify(blankToNull(parsed));
}

/** Every text value of a record document (nested lists and objects too), lower-cased. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value.toLowerCase()];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/**
 * A page of one collection, in the order asked for. `q` keeps the records with a text value
 * containing it (any case). The text is sealed at rest, so no SQL can match it: the search reads
 * every record of this one place (one disability's or condition's collection, the few records a
 * veteran typed in), opens them, filters and pages here.
 */
export async function listRecords<K extends DisabilityRecordKind>(
  scope: RecordScope<K> & { query: DisabilityRecordListQuery },
): Promise<Paged<DisabilityRecord<K>>> {
  const { page, page_size, q, sort } = scope.query;
  const place = placeOf(scope);
  if (!(await repository.placeExists(place))) throw new AppError(ERR.NOT_FOUND);
  const meta = (total: number) => ({ page, page_size, total });
  if (!q) {
    const { rows, total } = await repository.listRecords({ ...place, page: scope.query, sort });
    return { results: rows.map((row) => toRecord(scope.kind, row)), meta: meta(total) };
  }
  const needle = q.toLowerCase();
  const matches = (await repository.listAllRecordsAt({ ...place, sort })).filter((row) =>
    textsOf(JSON.parse(row.details)).some((text) => text.includes(needle)),
  );
  const start = (page - 1) * page_size;
  return {
    results: matches.slice(start, start + page_size).map((row) => toRecord(scope.kind, row)),
    meta: meta(matches.length),
  };
}

export async function getRecord<K extends DisabilityRecordKind>(
  scope: RecordScope<K> & { id: string },
): Promise<DisabilityRecord<K>> {
  const row = await repository.findRecord({ ...placeOf(scope), id: scope.id });
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return toRecord(scope.kind, row);
}

/** Adds a record; its parent must be the owner's. Checked in full first: nothing half saved. */
export async function createRecord<K extends DisabilityRecordKind>(
  scope: RecordScope<K> & { input: unknown; id?: string | undefined },
): Promise<{ record: DisabilityRecord<K>; created: boolean }> {
  const details = detailsOf(scope.kind, scope.input);
  const result = await repository.insertRecord({ ...placeOf(scope), details, id: scope.id });
  if (!result) throw new AppError(ERR.NOT_FOUND);
  if (result === 'conflict') throw new AppError(ERR.CONFLICT);
  return { record: toRecord(scope.kind, result.row), created: result.created };
}

/**
 * Changes the fields sent of a record. The record as it would become is checked in full (a change
 * cannot break a rule that spans fields, such as dates in order); refused, nothing changes.
 */
export async function updateRecord<K extends DisabilityRecordKind>(
  scope: RecordScope<K> & { id: string; input: Record<string, unknown> },
): Promise<DisabilityRecord<K>> {
  const row = await repository.updateRecord({
    ...placeOf(scope),
    id: scope.id,
    change: (stored) =>
      detailsOf(scope.kind, { ...(JSON.parse(stored) as object), ...scope.input }),
  });
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return toRecord(scope.kind, row);
}

/** Deletes a record and what hangs under it. */
export async function deleteRecord(scope: RecordScope & { id: string }): Promise<void> {
  if (!(await repository.deleteRecord({ ...placeOf(scope), id: scope.id }))) {
    throw new AppError(ERR.NOT_FOUND);
  }
}

// DSM-5 criteria ------------------------------------------------------------------------------

type ConditionScope = Owner & { disabilityId: string; conditionId: string };

async function assertCondition(scope: ConditionScope): Promise<void> {
  if (!(await repository.conditionExists(scope))) throw new AppError(ERR.NOT_FOUND);
}

function toCriterion(
  criterion: DsmCriterionLetter,
  conditionId: string,
  row: { answers: string; updatedAt: Date } | undefined,
): DsmCriterion {
  return {
    criterion,
    condition_id: conditionId,
    answers: row ? dsmAnswersSchema.parse(JSON.parse(row.answers)) : null,
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

/** All eight criteria of the owner's condition, A to H; the unanswered ones with null. */
export async function listDsmCriteria(scope: ConditionScope): Promise<{ results: DsmCriterion[] }> {
  await assertCondition(scope);
  const rows = await repository.listDsmAnswers(scope);
  return {
    results: DSM_CRITERIA.map((criterion) =>
      toCriterion(
        criterion,
        scope.conditionId,
        rows.find((row) => row.criterion === criterion),
      ),
    ),
  };
}

export async function getDsmCriterion(
  scope: ConditionScope & { criterion: DsmCriterionLetter },
): Promise<DsmCriterion> {
  const { results } = await listDsmCriteria(scope);
  return results.find((entry) => entry.criterion === scope.criterion)!;
}

/** Saves the answer to one criterion whole; its signs must be the ones listed under it. */
export async function saveDsmCriterion(
  scope: ConditionScope & { criterion: DsmCriterionLetter; input: DsmCriterionAnswerInput },
): Promise<DsmCriterion> {
  const errors = new FieldErrors();
  scope.input.items.forEach((item, index) => {
    if (!isDsmItemOf(scope.criterion, item)) {
      errors.add(`items.${index}`, `Not a sign listed under criterion ${scope.criterion}`);
    }
  });
  errors.throwIfAny();
  const answers = {
    met: scope.input.met ?? null,
    items: scope.input.items,
    explanation: scope.input.explanation || null,
  };
  const row = await repository.upsertDsmAnswer({
    ...scope,
    criterion: scope.criterion,
    answers: JSON.stringify(answers),
  });
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return toCriterion(scope.criterion, scope.conditionId, row);
}

/** Clears the answer to one criterion of the owner's condition. */
export async function clearDsmCriterion(
  scope: ConditionScope & { criterion: DsmCriterionLetter },
): Promise<void> {
  await assertCondition(scope);
  await repository.deleteDsmAnswer(scope);
}

// The account export --------------------------------------------------------------------------

/** Every record and DSM answer of the owner (or of one disability), decrypted. */
export async function listOwnerRecords(options: Owner & { disabilityId?: string }) {
  const [records, dsm] = await Promise.all([
    repository.listAllRecords(options),
    repository.listAllDsmAnswers(options),
  ]);
  return {
    records: records.map((row) => ({
      kind: row.kind as DisabilityRecordKind,
      parentId: row.parentId,
      record: toRecord(row.kind as DisabilityRecordKind, row),
    })),
    dsm: dsm.map((row) => toCriterion(row.criterion as DsmCriterionLetter, row.conditionId, row)),
  };
}
