import { and, count, desc, eq, sql } from 'drizzle-orm';
import { uuidSchema, type PageQuery } from '@muster/contract/common';
import type { Db } from '@muster/db/client';
import { user, veterans, type NewVeteranRow, type VeteranRow } from '@muster/db/schema/index';

/** Every query here is filtered by owner: another user's record is simply not found. */

type Owner = { db: Db; userId: string };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The columns a create or an update writes (owner, id, primary flag and times are set here). */
export type VeteranValues = Omit<
  NewVeteranRow,
  'id' | 'userId' | 'isPrimary' | 'createdAt' | 'updatedAt'
>;

/** Ids that cannot be a record's are not found (rather than a database type error). */
export function isVeteranId(value: string): boolean {
  return uuidSchema.safeParse(value).success;
}

const newestFirst = [desc(veterans.createdAt), desc(veterans.id)] as const;

/**
 * Which record is the primary changes only inside a transaction that first takes this lock: the
 * owner's user row, FOR NO KEY UPDATE (which does not hold up inserts that merely reference the
 * user). Creates, primary moves and deletes of one user therefore run one after another, each
 * seeing what the previous one committed, so none can leave two primaries or none.
 */
async function lockOwner(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('no key update');
}

/** A page of the owner's records: the primary first, then newest first. */
export async function listVeterans(options: Owner & { page: PageQuery }) {
  const { page, page_size } = options.page;
  const owned = eq(veterans.userId, options.userId);
  const [rows, [counted]] = await Promise.all([
    options.db
      .select()
      .from(veterans)
      .where(owned)
      .orderBy(desc(veterans.isPrimary), ...newestFirst)
      .limit(page_size)
      .offset((page - 1) * page_size),
    options.db.select({ total: count() }).from(veterans).where(owned),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findVeteran(options: Owner & { id: string }) {
  if (!isVeteranId(options.id)) return undefined;
  const [row] = await options.db
    .select()
    .from(veterans)
    .where(and(eq(veterans.id, options.id), eq(veterans.userId, options.userId)));
  return row;
}

/**
 * Inserts a record; the owner's first becomes the primary. The primary flag is decided under the
 * owner lock. Should a primary appear anyway (a write that did not take the lock), the partial
 * unique index turns the first insert into nothing and the record is kept as a non-primary one.
 */
export async function insertVeteran(
  options: Owner & { values: VeteranValues },
): Promise<VeteranRow> {
  return options.db.transaction(async (tx) => {
    await lockOwner(tx, options.userId);
    const base = { ...options.values, userId: options.userId };
    const noPrimaryYet = sql<boolean>`not exists (select 1 from ${veterans} where ${veterans.userId} = ${options.userId} and ${veterans.isPrimary})`;
    const [first] = await tx
      .insert(veterans)
      .values({ ...base, isPrimary: noPrimaryYet })
      .onConflictDoNothing({ target: veterans.userId, where: sql`is_primary` })
      .returning();
    if (first) return first;
    const [other] = await tx
      .insert(veterans)
      .values({ ...base, isPrimary: false })
      .returning();
    if (!other) throw new Error('veteran insert returned no row');
    return other;
  });
}

/**
 * Updates the fields given of one owned record and, with `makePrimary`, makes it the primary (the
 * previous primary stops being it), all in one transaction. `check` sees the record as stored,
 * locked until the transaction ends, and may throw to refuse the change. Undefined when the record
 * is not the owner's.
 */
export async function updateVeteran(
  options: Owner & {
    id: string;
    values: Partial<VeteranValues>;
    makePrimary: boolean;
    check: (current: VeteranRow) => void;
  },
): Promise<VeteranRow | undefined> {
  if (!isVeteranId(options.id)) return undefined;
  const target = and(eq(veterans.id, options.id), eq(veterans.userId, options.userId));
  return options.db.transaction(async (tx) => {
    if (options.makePrimary) await lockOwner(tx, options.userId);
    const [current] = await tx.select().from(veterans).where(target).for('update');
    if (!current) return undefined;
    options.check(current);
    const now = new Date();
    if (options.makePrimary && !current.isPrimary) {
      // The old primary steps down first: the unique index allows one at a time.
      await tx
        .update(veterans)
        .set({ isPrimary: false, updatedAt: now })
        .where(and(eq(veterans.userId, options.userId), eq(veterans.isPrimary, true)));
    }
    const [row] = await tx
      .update(veterans)
      .set({
        ...options.values,
        ...(options.makePrimary ? { isPrimary: true } : {}),
        updatedAt: now,
      })
      .where(target)
      .returning();
    return row;
  });
}

/**
 * Deletes one owned record; when it was the primary, the owner's most recent other record becomes
 * the primary in the same transaction. Answers whether the record existed.
 */
export async function deleteVeteran(options: Owner & { id: string }): Promise<boolean> {
  if (!isVeteranId(options.id)) return false;
  return options.db.transaction(async (tx) => {
    await lockOwner(tx, options.userId);
    const [deleted] = await tx
      .delete(veterans)
      .where(and(eq(veterans.id, options.id), eq(veterans.userId, options.userId)))
      .returning({ isPrimary: veterans.isPrimary });
    if (!deleted) return false;
    if (deleted.isPrimary) {
      const [next] = await tx
        .select({ id: veterans.id })
        .from(veterans)
        .where(eq(veterans.userId, options.userId))
        .orderBy(...newestFirst)
        .limit(1);
      if (next) {
        await tx
          .update(veterans)
          .set({ isPrimary: true, updatedAt: new Date() })
          .where(eq(veterans.id, next.id));
      }
    }
    return true;
  });
}

/** The id of the owner's primary record, if they have one. */
export async function findPrimaryVeteranId(options: Owner): Promise<string | undefined> {
  const [row] = await options.db
    .select({ id: veterans.id })
    .from(veterans)
    .where(and(eq(veterans.userId, options.userId), eq(veterans.isPrimary, true)));
  return row?.id;
}

/** Whether `id` names one of the owner's records (without opening any of its fields). */
export async function isOwnVeteran(options: Owner & { id: string }): Promise<boolean> {
  if (!isVeteranId(options.id)) return false;
  const [row] = await options.db
    .select({ id: veterans.id })
    .from(veterans)
    .where(and(eq(veterans.id, options.id), eq(veterans.userId, options.userId)));
  return row !== undefined;
}

/** All the owner's records, the primary first, then newest first (for the account export). */
export async function listAllVeterans(options: Owner): Promise<VeteranRow[]> {
  return options.db
    .select()
    .from(veterans)
    .where(eq(veterans.userId, options.userId))
    .orderBy(desc(veterans.isPrimary), ...newestFirst);
}
