import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@muster/contract/common';
import type {
  DisabilityRecordKind,
  DisabilityRecordListQuery,
  DsmCriterionLetter,
} from '@muster/contract/disability-records';
import {
  disabilities,
  disabilityDsmCriteria,
  disabilityRecords,
  type DisabilityRecordRow,
} from '@muster/db/schema/index';
import {
  holdDisability,
  isRowId,
  type Owner,
  type OwnerScope,
  type Tx,
} from './disabilities.repository.ts';

/**
 * The records of a disability (exposures, treatments, mental-health conditions and what hangs
 * under one) and the DSM-5 criteria answers. Every query names the owner, the disability and the
 * parent record: a record is found only under the very path that leads to it.
 */

/** Where records of one collection live: the owner's disability and, for nested ones, a parent. */
export type RecordPlace = Owner & {
  kind: DisabilityRecordKind;
  disabilityId: string;
  /** The mental-health condition a nested record hangs under; null for a disability's own. */
  parentId: string | null;
};

/** The mental-health condition records are parents of the nested kinds. */
const PARENT_KIND: DisabilityRecordKind = 'mental-health-conditions';

function placeOf(place: RecordPlace): SQL | undefined {
  return and(
    eq(disabilityRecords.userId, place.userId),
    eq(disabilityRecords.disabilityId, place.disabilityId),
    eq(disabilityRecords.kind, place.kind),
    place.parentId === null
      ? isNull(disabilityRecords.parentId)
      : eq(disabilityRecords.parentId, place.parentId),
  );
}

/** Whether the ids of a place can name rows at all (anything else is simply not found). */
function wellFormed(place: RecordPlace, id?: string): boolean {
  return (
    isRowId(place.disabilityId) &&
    (place.parentId === null || isRowId(place.parentId)) &&
    (id === undefined || isRowId(id))
  );
}

/**
 * Whether the place exists (the owner's disability, and the parent condition under it), holding
 * what it found (FOR KEY SHARE) until the transaction ends.
 */
async function holdPlace(tx: Tx, place: RecordPlace): Promise<boolean> {
  if (!wellFormed(place)) return false;
  if (place.parentId === null) return holdDisability(tx, place.userId, place.disabilityId);
  return holdCondition(tx, place.userId, place.disabilityId, place.parentId);
}

function conditionWhere(userId: string, disabilityId: string, conditionId: string) {
  return and(
    eq(disabilityRecords.id, conditionId),
    eq(disabilityRecords.userId, userId),
    eq(disabilityRecords.disabilityId, disabilityId),
    eq(disabilityRecords.kind, PARENT_KIND),
  );
}

async function holdCondition(
  tx: Tx,
  userId: string,
  disabilityId: string,
  conditionId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: disabilityRecords.id })
    .from(disabilityRecords)
    .where(conditionWhere(userId, disabilityId, conditionId))
    .for('key share');
  return row !== undefined;
}

/** Whether the place exists (lists and reads need no lock). */
export async function placeExists(place: RecordPlace): Promise<boolean> {
  if (!wellFormed(place)) return false;
  const [row] =
    place.parentId === null
      ? await place.db
          .select({ id: disabilities.id })
          .from(disabilities)
          .where(
            and(eq(disabilities.id, place.disabilityId), eq(disabilities.userId, place.userId)),
          )
      : await place.db
          .select({ id: disabilityRecords.id })
          .from(disabilityRecords)
          .where(conditionWhere(place.userId, place.disabilityId, place.parentId));
  return row !== undefined;
}

const newestFirst = [desc(disabilityRecords.createdAt), desc(disabilityRecords.id)] as const;

type RecordSort = DisabilityRecordListQuery['sort'];

const ORDER: Record<RecordSort, readonly SQL[]> = {
  '-created_at': newestFirst,
  created_at: [asc(disabilityRecords.createdAt), asc(disabilityRecords.id)],
  '-updated_at': [desc(disabilityRecords.updatedAt), desc(disabilityRecords.id)],
};

/** A page of the records at a place, in the order asked for. */
export async function listRecords(place: RecordPlace & { page: PageQuery; sort: RecordSort }) {
  const { page, page_size } = place.page;
  const where = placeOf(place);
  const [rows, [counted]] = await Promise.all([
    place.db
      .select()
      .from(disabilityRecords)
      .where(where)
      .orderBy(...ORDER[place.sort])
      .limit(page_size)
      .offset((page - 1) * page_size),
    place.db.select({ total: count() }).from(disabilityRecords).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Every record at a place, in the order asked for (a search reads them all: their text is sealed,
 * so it is matched after decryption; one place holds the few records a veteran typed in).
 */
export async function listAllRecordsAt(
  place: RecordPlace & { sort: RecordSort },
): Promise<DisabilityRecordRow[]> {
  return place.db
    .select()
    .from(disabilityRecords)
    .where(placeOf(place))
    .orderBy(...ORDER[place.sort]);
}

export async function findRecord(place: RecordPlace & { id: string }) {
  if (!wellFormed(place, place.id)) return undefined;
  const [row] = await place.db
    .select()
    .from(disabilityRecords)
    .where(and(eq(disabilityRecords.id, place.id), placeOf(place)));
  return row;
}

/**
 * Inserts a record at its place; undefined when the place is not the owner's. With an `id` chosen
 * by the caller, sending the same create again is harmless: the record already made with that id
 * at the same place is answered instead (`created: false`), and an id taken anywhere else is a
 * conflict.
 */
export async function insertRecord(
  place: RecordPlace & { details: string; id?: string | undefined },
): Promise<{ row: DisabilityRecordRow; created: boolean } | 'conflict' | undefined> {
  return place.db.transaction(async (tx) => {
    if (!(await holdPlace(tx, place))) return undefined;
    const [row] = await tx
      .insert(disabilityRecords)
      .values({
        ...(place.id ? { id: place.id } : {}),
        userId: place.userId,
        disabilityId: place.disabilityId,
        parentId: place.parentId,
        kind: place.kind,
        details: place.details,
      })
      .onConflictDoNothing({ target: disabilityRecords.id })
      .returning();
    if (row) return { row, created: true };
    if (!place.id) return undefined;
    const [existing] = await tx
      .select()
      .from(disabilityRecords)
      .where(and(eq(disabilityRecords.id, place.id), placeOf(place)));
    return existing ? { row: existing, created: false } : 'conflict';
  });
}

/**
 * Replaces a record's details with what `change` makes of the stored ones (read and written in one
 * transaction, the row locked in between, so two changes at once cannot lose one another's
 * fields). `change` may throw to refuse. Undefined when the record is not at this place.
 */
export async function updateRecord(
  place: RecordPlace & { id: string; change: (details: string) => string },
): Promise<DisabilityRecordRow | undefined> {
  if (!wellFormed(place, place.id)) return undefined;
  const target = and(eq(disabilityRecords.id, place.id), placeOf(place));
  return place.db.transaction(async (tx) => {
    const [current] = await tx.select().from(disabilityRecords).where(target).for('update');
    if (!current) return undefined;
    const [row] = await tx
      .update(disabilityRecords)
      .set({ details: place.change(current.details), updatedAt: new Date() })
      .where(target)
      .returning();
    return row;
  });
}

/** Deletes a record and, by cascade, what hangs under it; answers whether it existed. */
export async function deleteRecord(place: RecordPlace & { id: string }): Promise<boolean> {
  if (!wellFormed(place, place.id)) return false;
  const deleted = await place.db
    .delete(disabilityRecords)
    .where(and(eq(disabilityRecords.id, place.id), placeOf(place)))
    .returning({ id: disabilityRecords.id });
  return deleted.length > 0;
}

/** Every record of the owner (or of the one disability named), newest first. */
export async function listAllRecords(options: OwnerScope): Promise<DisabilityRecordRow[]> {
  return options.db
    .select()
    .from(disabilityRecords)
    .where(
      and(
        eq(disabilityRecords.userId, options.userId),
        options.disabilityId === undefined
          ? undefined
          : eq(disabilityRecords.disabilityId, options.disabilityId),
      ),
    )
    .orderBy(...newestFirst);
}

// DSM-5 criteria ------------------------------------------------------------------------------

/** The owner's mental-health condition under the owner's disability. */
export type ConditionPlace = Owner & { disabilityId: string; conditionId: string };

function conditionOf(place: ConditionPlace) {
  return and(
    eq(disabilityDsmCriteria.userId, place.userId),
    eq(disabilityDsmCriteria.disabilityId, place.disabilityId),
    eq(disabilityDsmCriteria.conditionId, place.conditionId),
  );
}

function conditionPlace(place: ConditionPlace): RecordPlace {
  return {
    db: place.db,
    userId: place.userId,
    disabilityId: place.disabilityId,
    parentId: null,
    kind: PARENT_KIND,
  };
}

/** Whether the condition exists at this place. */
export async function conditionExists(place: ConditionPlace): Promise<boolean> {
  return (await findRecord({ ...conditionPlace(place), id: place.conditionId })) !== undefined;
}

export async function listDsmAnswers(place: ConditionPlace) {
  if (!wellFormed(conditionPlace(place), place.conditionId)) return [];
  return place.db.select().from(disabilityDsmCriteria).where(conditionOf(place));
}

/** Every DSM answer of the owner (or of the one disability named). */
export async function listAllDsmAnswers(options: OwnerScope) {
  return options.db
    .select()
    .from(disabilityDsmCriteria)
    .where(
      and(
        eq(disabilityDsmCriteria.userId, options.userId),
        options.disabilityId === undefined
          ? undefined
          : eq(disabilityDsmCriteria.disabilityId, options.disabilityId),
      ),
    );
}

/** Saves the answer to one criterion whole; undefined when the condition is not at this place. */
export async function upsertDsmAnswer(
  place: ConditionPlace & { criterion: DsmCriterionLetter; answers: string },
) {
  if (!wellFormed(conditionPlace(place), place.conditionId)) return undefined;
  return place.db.transaction(async (tx) => {
    const held = await holdCondition(tx, place.userId, place.disabilityId, place.conditionId);
    if (!held) return undefined;
    const now = new Date();
    const [row] = await tx
      .insert(disabilityDsmCriteria)
      .values({
        conditionId: place.conditionId,
        criterion: place.criterion,
        userId: place.userId,
        disabilityId: place.disabilityId,
        answers: place.answers,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [disabilityDsmCriteria.conditionId, disabilityDsmCriteria.criterion],
        set: { answers: place.answers, updatedAt: now },
      })
      .returning();
    return row;
  });
}

/** Clears the answer to one criterion (nothing to clear is not an error). */
export async function deleteDsmAnswer(
  place: ConditionPlace & { criterion: DsmCriterionLetter },
): Promise<void> {
  if (!wellFormed(conditionPlace(place), place.conditionId)) return;
  await place.db
    .delete(disabilityDsmCriteria)
    .where(and(conditionOf(place), eq(disabilityDsmCriteria.criterion, place.criterion)));
}
