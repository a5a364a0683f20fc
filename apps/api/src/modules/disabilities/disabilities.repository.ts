import { and, asc, count, desc, eq, ilike, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import { uuidSchema } from '@muster/contract/common';
import type { AnswerStep, DisabilityListQuery } from '@muster/contract/disabilities';
import type { Db } from '@muster/db/client';
import {
  disabilities,
  disabilityAnswers,
  disabilitySecondaryConnections,
  disabilitySecondaryPrimaries,
  user,
  type DisabilityRow,
  type NewDisabilityRow,
} from '@muster/db/schema/index';

/** Every query here is filtered by owner: another user's disability is simply not found. */

export type Owner = { db: Db; userId: string };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The columns a create or an update writes (owner, id and times are set here). */
export type DisabilityValues = Omit<NewDisabilityRow, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** Ids that cannot be a row's are not found (rather than a database type error). */
export function isRowId(value: string): boolean {
  return uuidSchema.safeParse(value).success;
}

/** `LIKE` treats `%`, `_` and `\` specially; a search for them means the characters themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Whether a failed write broke a foreign key (what it named was deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Takes the owner's user row FOR NO KEY UPDATE (which does not hold up writes that merely
 * reference the user), so writes that must see each other (the secondary connections, whose
 * cycles are checked against all the owner's others) run one after another.
 */
export async function lockOwner(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('no key update');
}

/**
 * Whether the owner's disability `id` exists, holding it (FOR KEY SHARE) until the transaction
 * ends: a record written under it meanwhile cannot lose its parent to a concurrent delete.
 */
export async function holdDisability(tx: Tx, userId: string, id: string): Promise<boolean> {
  if (!isRowId(id)) return false;
  const [row] = await tx
    .select({ id: disabilities.id })
    .from(disabilities)
    .where(and(eq(disabilities.id, id), eq(disabilities.userId, userId)))
    .for('key share');
  return row !== undefined;
}

const ORDER: Record<DisabilityListQuery['sort'], SQL[]> = {
  '-created_at': [desc(disabilities.createdAt), desc(disabilities.id)],
  created_at: [asc(disabilities.createdAt), asc(disabilities.id)],
  '-updated_at': [desc(disabilities.updatedAt), desc(disabilities.id)],
  title: [
    asc(sql`lower(${disabilities.title})`),
    desc(disabilities.createdAt),
    desc(disabilities.id),
  ],
  '-title': [
    desc(sql`lower(${disabilities.title})`),
    desc(disabilities.createdAt),
    desc(disabilities.id),
  ],
};

function matching(userId: string, q: string) {
  const owned = eq(disabilities.userId, userId);
  return q ? and(owned, ilike(disabilities.title, `%${escapeLike(q)}%`)) : owned;
}

/** A page of the owner's disabilities whose title contains `q`, in the order asked for. */
export async function listDisabilities(options: Owner & { query: DisabilityListQuery }) {
  const { page, page_size, q, sort } = options.query;
  const where = matching(options.userId, q);
  const [rows, [counted]] = await Promise.all([
    options.db
      .select()
      .from(disabilities)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(page_size)
      .offset((page - 1) * page_size),
    options.db.select({ total: count() }).from(disabilities).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findDisability(options: Owner & { id: string }) {
  if (!isRowId(options.id)) return undefined;
  const [row] = await options.db
    .select()
    .from(disabilities)
    .where(and(eq(disabilities.id, options.id), eq(disabilities.userId, options.userId)));
  return row;
}

export async function insertDisability(
  options: Owner & { values: DisabilityValues },
): Promise<DisabilityRow> {
  const [row] = await options.db
    .insert(disabilities)
    .values({ ...options.values, userId: options.userId })
    .returning();
  if (!row) throw new Error('disability insert returned no row');
  return row;
}

/**
 * Inserts several disabilities in one transaction, under the owner lock, so two bulk adds at once
 * (a form sent twice) see each other's titles. `check` sees the titles the owner has and may
 * throw to refuse: then nothing is inserted. The rows come back in the order of `values`, each a
 * millisecond newer than the one before it, so lists order them as if they were added one by one.
 */
export async function insertDisabilities(
  options: Owner & { values: DisabilityValues[]; check: (existingTitles: string[]) => void },
): Promise<DisabilityRow[]> {
  return options.db.transaction(async (tx) => {
    await lockOwner(tx, options.userId);
    const existing = await tx
      .select({ title: disabilities.title })
      .from(disabilities)
      .where(eq(disabilities.userId, options.userId));
    options.check(existing.map((row) => row.title));
    const start = Date.now();
    const rows = await tx
      .insert(disabilities)
      .values(
        options.values.map((values, index) => {
          const at = new Date(start + index);
          return { ...values, userId: options.userId, createdAt: at, updatedAt: at };
        }),
      )
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  });
}

/**
 * Changes the fields given of one owned disability; undefined when it is not the owner's. Moving
 * the wizard's resume point alone is not a change to the disability: it leaves `updated_at` (and
 * so the "recently changed" order) as it was.
 */
export async function updateDisability(
  options: Owner & { id: string; values: Partial<DisabilityValues> },
): Promise<DisabilityRow | undefined> {
  if (!isRowId(options.id)) return undefined;
  const onlyResumePoint = Object.keys(options.values).every((key) => key === 'wizardStep');
  const [row] = await options.db
    .update(disabilities)
    .set(onlyResumePoint ? options.values : { ...options.values, updatedAt: new Date() })
    .where(and(eq(disabilities.id, options.id), eq(disabilities.userId, options.userId)))
    .returning();
  return row;
}

/**
 * Deletes one owned disability and, in the same transaction, everything under it: its answers and
 * records go by their cascading foreign keys; a secondary connection that named it as its only
 * primary is left with none and goes too. Answers whether the disability existed.
 */
export async function deleteDisability(options: Owner & { id: string }): Promise<boolean> {
  if (!isRowId(options.id)) return false;
  return options.db.transaction(async (tx) => {
    await lockOwner(tx, options.userId);
    const deleted = await tx
      .delete(disabilities)
      .where(and(eq(disabilities.id, options.id), eq(disabilities.userId, options.userId)))
      .returning({ id: disabilities.id });
    if (deleted.length === 0) return false;
    await tx.delete(disabilitySecondaryConnections).where(
      and(
        eq(disabilitySecondaryConnections.userId, options.userId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(disabilitySecondaryPrimaries)
            .where(
              eq(disabilitySecondaryPrimaries.connectionId, disabilitySecondaryConnections.id),
            ),
        ),
      ),
    );
    return true;
  });
}

/** The palette's disabilities: titles containing `q` (any case), newest first. */
export async function searchDisabilities(options: Owner & { q: string; limit: number }) {
  return options.db
    .select({ id: disabilities.id, title: disabilities.title, diagnosis: disabilities.diagnosis })
    .from(disabilities)
    .where(matching(options.userId, options.q))
    .orderBy(...ORDER['-created_at'])
    .limit(options.limit);
}

/**
 * What the account export reads: all of the owner's rows, or with `disabilityId` only those of that
 * disability (everything one disability holds, for its statement and its readiness).
 */
export type OwnerScope = Owner & { disabilityId?: string };

/** The owner's disabilities (or the one named), newest first. */
export async function listAllDisabilities(options: OwnerScope): Promise<DisabilityRow[]> {
  if (options.disabilityId !== undefined && !isRowId(options.disabilityId)) return [];
  return options.db
    .select()
    .from(disabilities)
    .where(
      and(
        eq(disabilities.userId, options.userId),
        options.disabilityId === undefined ? undefined : eq(disabilities.id, options.disabilityId),
      ),
    )
    .orderBy(...ORDER['-created_at']);
}

/** The owner's disabilities among `ids` (ids that are not theirs, or malformed, are left out). */
export async function findDisabilities(
  options: Owner & { ids: string[] },
): Promise<DisabilityRow[]> {
  const ids = options.ids.filter(isRowId);
  if (ids.length === 0) return [];
  return options.db
    .select()
    .from(disabilities)
    .where(and(eq(disabilities.userId, options.userId), inArray(disabilities.id, ids)));
}

// The wizard's answers ------------------------------------------------------------------------

/** The saved steps of one owned disability (the caller checked that it is the owner's). */
export async function listAnswers(options: Owner & { disabilityId: string }) {
  return options.db
    .select()
    .from(disabilityAnswers)
    .where(
      and(
        eq(disabilityAnswers.disabilityId, options.disabilityId),
        eq(disabilityAnswers.userId, options.userId),
      ),
    );
}

/** Every saved step of the owner (or of the one disability named). */
export async function listAllAnswers(options: OwnerScope) {
  return options.db
    .select()
    .from(disabilityAnswers)
    .where(
      and(
        eq(disabilityAnswers.userId, options.userId),
        options.disabilityId === undefined
          ? undefined
          : eq(disabilityAnswers.disabilityId, options.disabilityId),
      ),
    );
}

/**
 * Saves one step of one owned disability whole (insert, or replace what was there). Undefined when
 * the disability is not the owner's.
 */
export async function upsertAnswers(
  options: Owner & { disabilityId: string; step: AnswerStep; answers: string },
) {
  return options.db.transaction(async (tx) => {
    if (!(await holdDisability(tx, options.userId, options.disabilityId))) return undefined;
    const now = new Date();
    const [row] = await tx
      .insert(disabilityAnswers)
      .values({
        disabilityId: options.disabilityId,
        step: options.step,
        userId: options.userId,
        answers: options.answers,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [disabilityAnswers.disabilityId, disabilityAnswers.step],
        set: { answers: options.answers, updatedAt: now },
      })
      .returning();
    return row;
  });
}
