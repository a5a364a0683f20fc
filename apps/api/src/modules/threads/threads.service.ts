import type { PageQuery, Paged } from '@muster/contract/common';
import { ERR } from '@muster/contract/errors';
import type { Thread } from '@muster/contract/threads';
import type { Db } from '@muster/db/client';
import type { ThreadRow } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import * as repository from './threads.repository.ts';

type Owner = { db: Db; userId: string };

export function toThread(row: ThreadRow): Thread {
  return {
    id: row.id,
    title: row.title,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The owner's threads, newest first. */
export async function listThreads(options: Owner & { page: PageQuery }): Promise<Paged<Thread>> {
  const { rows, total } = await repository.listThreads(options);
  return {
    results: rows.map(toThread),
    meta: { page: options.page.page, page_size: options.page.page_size, total },
  };
}

/** One of the owner's threads; anything else (another user's, malformed, gone) is not found. */
export async function getThread(options: Owner & { id: string }): Promise<Thread> {
  const row = await repository.findThread(options);
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return toThread(row);
}

export async function createThread(options: Owner & { title: string | null }): Promise<Thread> {
  return toThread(await repository.insertThread(options));
}

/** Deletes one of the owner's threads (and, once chat lands, its messages with it). */
export async function deleteThread(options: Owner & { id: string }): Promise<void> {
  if (!(await repository.deleteThread(options))) throw new AppError(ERR.NOT_FOUND);
}

/** The longest title the chat gives a thread from its first message. */
const DERIVED_TITLE_MAX = 80;

/** A thread's name from its first message: the first line, cut at a word near 80 characters. */
export function titleFromMessage(content: string): string {
  const line = content.trim().split(/\n/)[0]?.replace(/\s+/g, ' ').trim() ?? '';
  if (line.length <= DERIVED_TITLE_MAX) return line;
  const cut = line.slice(0, DERIVED_TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DERIVED_TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Records a new message in one of the owner's threads: the thread moves to the top of "recent", and
 * a thread without a name takes one from the message. Not found when the thread is not the owner's.
 */
export async function noteThreadMessage(options: Owner & { id: string; content: string }) {
  const found = await repository.touchThread({
    ...options,
    title: titleFromMessage(options.content),
  });
  if (!found) throw new AppError(ERR.NOT_FOUND);
}

/** All the owner's threads as stored, newest first (for the account export). */
export async function listAllThreads(options: Owner): Promise<ThreadRow[]> {
  return repository.listAllThreads(options);
}
