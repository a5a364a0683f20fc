import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { PageQuery } from '@muster/contract/common';
import type { Db } from '@muster/db/client';
import { disabilities, nexusLetters, type NexusLetterRow } from '@muster/db/schema/index';
import {
  holdOwnDisability as holdDisability,
  isRowId,
} from '#src/modules/disabilities/disabilities.service.ts';

/**
 * Nexus letters. Every query names the owner, and those under a disability name it too: a letter
 * is found only under its own disability, and only by its owner.
 */
type Owner = { db: Db; userId: string };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type LetterPlace = Owner & { disabilityId: string };
export type LetterWithTitle = { letter: NexusLetterRow; title: string };

/** The columns a letter's fields are written to (JSON already serialised). */
export type LetterValues = {
  status: string;
  opinionBasis: string;
  details: string;
  negativeConditions: string;
  content: string | null;
};

const withTitle = { letter: nexusLetters, title: disabilities.title };

function placeOf(place: LetterPlace, id: string) {
  return and(
    eq(nexusLetters.id, id),
    eq(nexusLetters.userId, place.userId),
    eq(nexusLetters.disabilityId, place.disabilityId),
  );
}

/** Inserts a letter under the owner's disability; undefined when the disability is not theirs. */
export async function insertLetter(
  place: LetterPlace & { values: LetterValues },
): Promise<LetterWithTitle | undefined> {
  if (!isRowId(place.disabilityId)) return undefined;
  return place.db.transaction(async (tx) => {
    if (!(await holdDisability(tx, place.userId, place.disabilityId))) return undefined;
    const [letter] = await tx
      .insert(nexusLetters)
      .values({ userId: place.userId, disabilityId: place.disabilityId, ...place.values })
      .returning();
    const [disability] = await tx
      .select({ title: disabilities.title })
      .from(disabilities)
      .where(eq(disabilities.id, place.disabilityId));
    if (!letter || !disability) throw new Error('letter insert returned no row');
    return { letter, title: disability.title };
  });
}

export async function findLetter(
  place: LetterPlace & { id: string },
): Promise<LetterWithTitle | undefined> {
  if (!isRowId(place.id) || !isRowId(place.disabilityId)) return undefined;
  const [row] = await place.db
    .select(withTitle)
    .from(nexusLetters)
    .innerJoin(disabilities, eq(disabilities.id, nexusLetters.disabilityId))
    .where(placeOf(place, place.id));
  return row;
}

/** One of the owner's letters by its id alone, whatever its disability. */
export async function findOwnLetter(
  options: Owner & { id: string },
): Promise<LetterWithTitle | undefined> {
  if (!isRowId(options.id)) return undefined;
  const [row] = await options.db
    .select(withTitle)
    .from(nexusLetters)
    .innerJoin(disabilities, eq(disabilities.id, nexusLetters.disabilityId))
    .where(and(eq(nexusLetters.id, options.id), eq(nexusLetters.userId, options.userId)));
  return row;
}

/** One page of the owner's letters, newest first: all of them, or those of one disability. */
export async function listLetters(
  options: Owner & { disabilityId?: string; page: PageQuery },
): Promise<{ rows: LetterWithTitle[]; total: number }> {
  if (options.disabilityId !== undefined && !isRowId(options.disabilityId)) {
    return { rows: [], total: 0 };
  }
  const where = and(
    eq(nexusLetters.userId, options.userId),
    options.disabilityId === undefined
      ? undefined
      : eq(nexusLetters.disabilityId, options.disabilityId),
  );
  const rows = await options.db
    .select(withTitle)
    .from(nexusLetters)
    .innerJoin(disabilities, eq(disabilities.id, nexusLetters.disabilityId))
    .where(where)
    .orderBy(desc(nexusLetters.createdAt), desc(nexusLetters.id))
    .limit(options.page.page_size)
    .offset((options.page.page - 1) * options.page.page_size);
  const [counted] = await options.db.select({ total: count() }).from(nexusLetters).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** Writes the fields given; answers the letter as saved, or undefined when it is not there. */
export async function updateLetter(
  place: LetterPlace & { id: string; values: Partial<LetterValues> },
): Promise<LetterWithTitle | undefined> {
  if (!isRowId(place.id) || !isRowId(place.disabilityId)) return undefined;
  const [updated] = await place.db
    .update(nexusLetters)
    .set({ ...place.values, updatedAt: new Date() })
    .where(placeOf(place, place.id))
    .returning({ id: nexusLetters.id });
  return updated ? findLetter(place) : undefined;
}

export async function deleteLetter(place: LetterPlace & { id: string }): Promise<boolean> {
  if (!isRowId(place.id) || !isRowId(place.disabilityId)) return false;
  const deleted = await place.db
    .delete(nexusLetters)
    .where(placeOf(place, place.id))
    .returning({ id: nexusLetters.id });
  return deleted.length > 0;
}

/** Every letter of the owner, newest first (for the account export). */
export async function listAllLetters(options: Owner): Promise<LetterWithTitle[]> {
  return options.db
    .select(withTitle)
    .from(nexusLetters)
    .innerJoin(disabilities, eq(disabilities.id, nexusLetters.disabilityId))
    .where(eq(nexusLetters.userId, options.userId))
    .orderBy(desc(nexusLetters.createdAt), desc(nexusLetters.id));
}

/** Marks the owner's letter as sent to a provider, unless its signed copy is back already. */
export async function markRequested(options: Owner & { id: string }): Promise<void> {
  if (!isRowId(options.id)) return;
  await options.db
    .update(nexusLetters)
    .set({ status: 'requested', updatedAt: new Date() })
    .where(
      and(
        eq(nexusLetters.id, options.id),
        eq(nexusLetters.userId, options.userId),
        ne(nexusLetters.status, 'signed'),
      ),
    );
}

/** Records the signed copy of the owner's letter; answers whether the letter is still there. */
export async function markSigned(options: {
  db: Db | Tx;
  userId: string;
  id: string;
  fileId: string;
}): Promise<boolean> {
  const updated = await options.db
    .update(nexusLetters)
    .set({ status: 'signed', signedFileId: options.fileId, updatedAt: new Date() })
    .where(and(eq(nexusLetters.id, options.id), eq(nexusLetters.userId, options.userId)))
    .returning({ id: nexusLetters.id });
  return updated.length > 0;
}
