import { and, desc, eq, getTableColumns, isNull, sql, type Placeholder } from 'drizzle-orm';
import { uuidSchema, type PageQuery } from '@muster/contract/common';
import type { Db } from '@muster/db/client';
import { threadCounts, threads } from '@muster/db/schema/index';
import { statementName } from '#src/lib/prepared.ts';

/** Every query here is filtered by owner: another user's thread is simply not found. */

/** Ids that cannot be a thread's are not found (rather than a database type error). */
export function isThreadId(value: string): boolean {
  return uuidSchema.safeParse(value).success;
}

const newestFirst = [desc(threads.createdAt), desc(threads.id)] as const;

/** The owner's number of threads: one row of `thread_counts` (no row yet means none). */
function totalOf(owner: Placeholder) {
  return sql<number>`coalesce((select ${threadCounts.total} from ${threadCounts} where ${threadCounts.userId} = ${owner}), 0)`.mapWith(
    Number,
  );
}

/**
 * A page of the owner's threads with the owner's total beside each row, in one statement: the
 * total is the owner's row of `thread_counts` (kept by triggers), not a count of every thread.
 */
function preparePage(db: Db) {
  const owner = sql.placeholder('userId');
  return db
    .select({ ...getTableColumns(threads), total: totalOf(owner) })
    .from(threads)
    .where(eq(threads.userId, owner))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(statementName(db, 'muster_thread_page'));
}

const pages = new WeakMap<Db, ReturnType<typeof preparePage>>();

export async function listThreads(options: { db: Db; userId: string; page: PageQuery }) {
  const { page, page_size } = options.page;
  let query = pages.get(options.db);
  if (!query) {
    query = preparePage(options.db);
    pages.set(options.db, query);
  }
  const found = await query.execute({
    userId: options.userId,
    limit: page_size,
    offset: (page - 1) * page_size,
  });
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0]) return { rows, total: found[0].total };
  // A page past the end holds no row to carry the total: read it on its own.
  const [counted] = await options.db
    .select({ total: threadCounts.total })
    .from(threadCounts)
    .where(eq(threadCounts.userId, options.userId));
  return { rows, total: counted?.total ?? 0 };
}

export async function findThread(options: { db: Db; userId: string; id: string }) {
  if (!isThreadId(options.id)) return undefined;
  const [row] = await options.db
    .select()
    .from(threads)
    .where(and(eq(threads.id, options.id), eq(threads.userId, options.userId)));
  return row;
}

export async function insertThread(options: { db: Db; userId: string; title: string | null }) {
  const [row] = await options.db
    .insert(threads)
    .values({ userId: options.userId, title: options.title })
    .returning();
  if (!row) throw new Error('thread insert returned no row');
  return row;
}

/** Deletes one owned thread; answers whether it existed. */
export async function deleteThread(options: { db: Db; userId: string; id: string }) {
  if (!isThreadId(options.id)) return false;
  const deleted = await options.db
    .delete(threads)
    .where(and(eq(threads.id, options.id), eq(threads.userId, options.userId)))
    .returning({ id: threads.id });
  return deleted.length > 0;
}

/** The most recent threads the palette looks through for a title. */
const SEARCHED_THREADS = 1_000;

/**
 * The palette's threads: titles containing `q` (any case), newest first; all when `q` is empty.
 * Titles are encrypted, so the owner's latest threads are read and matched here, not in SQL.
 */
export async function searchThreads(options: { db: Db; userId: string; q: string; limit: number }) {
  const rows = await options.db
    .select({ id: threads.id, title: threads.title, createdAt: threads.createdAt })
    .from(threads)
    .where(eq(threads.userId, options.userId))
    .orderBy(...newestFirst)
    .limit(options.q ? SEARCHED_THREADS : options.limit);
  const q = options.q.toLocaleLowerCase();
  return rows
    .filter((row) => !q || (row.title ?? '').toLocaleLowerCase().includes(q))
    .slice(0, options.limit);
}

/**
 * Marks one of the owner's threads as just used, and names it `title` when it has no name yet.
 * Answers whether the thread exists.
 */
export async function touchThread(options: { db: Db; userId: string; id: string; title: string }) {
  if (!isThreadId(options.id)) return false;
  const owned = and(eq(threads.id, options.id), eq(threads.userId, options.userId));
  const touched = await options.db
    .update(threads)
    .set({ updatedAt: new Date() })
    .where(owned)
    .returning({ title: threads.title });
  if (touched.length === 0) return false;
  if (touched[0]?.title === null) {
    await options.db
      .update(threads)
      .set({ title: options.title })
      .where(and(owned, isNull(threads.title)));
  }
  return true;
}

/** All the owner's threads, newest first (for the account export). */
export async function listAllThreads(options: { db: Db; userId: string }) {
  return options.db
    .select()
    .from(threads)
    .where(eq(threads.userId, options.userId))
    .orderBy(desc(threads.createdAt));
}
