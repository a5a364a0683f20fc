import { and, desc, eq, getTableColumns, ilike, sql, type Placeholder } from 'drizzle-orm';
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

/** `LIKE` treats `%`, `_` and `\` specially; a search for them means the characters themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The palette's threads: titles containing `q` (any case), newest first; all when `q` is empty. */
export async function searchThreads(options: { db: Db; userId: string; q: string; limit: number }) {
  const owned = eq(threads.userId, options.userId);
  const where = options.q ? and(owned, ilike(threads.title, `%${escapeLike(options.q)}%`)) : owned;
  return options.db
    .select({ id: threads.id, title: threads.title, createdAt: threads.createdAt })
    .from(threads)
    .where(where)
    .orderBy(...newestFirst)
    .limit(options.limit);
}

/** All the owner's threads, newest first (for the account export). */
export async function listAllThreads(options: { db: Db; userId: string }) {
  return options.db
    .select()
    .from(threads)
    .where(eq(threads.userId, options.userId))
    .orderBy(desc(threads.createdAt));
}
