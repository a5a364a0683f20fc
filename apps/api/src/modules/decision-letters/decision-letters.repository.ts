import { and, count, desc, eq } from 'drizzle-orm';
import { uuidSchema, type PageQuery } from '@muster/contract/common';
import type { Db } from '@muster/db/client';
import { decisionLetters } from '@muster/db/schema/index';

/** Every query by owner names the owner: another user's letter is simply not found. */
type Owner = { db: Db; userId: string };

export const isLetterId = (value: string) => uuidSchema.safeParse(value).success;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function insertLetter(
  options: { db: Db | Tx; userId: string } & {
    source: 'upload' | 'text';
    fileId: string | null;
    text: string | null;
  },
) {
  const [row] = await options.db
    .insert(decisionLetters)
    .values({
      userId: options.userId,
      source: options.source,
      fileId: options.fileId,
      text: options.text,
      jobStatus: 'queued',
    })
    .returning();
  if (!row) throw new Error('letter insert returned no row');
  return row;
}

export async function listLetters(options: Owner & { page: PageQuery }) {
  const owned = eq(decisionLetters.userId, options.userId);
  const rows = await options.db
    .select()
    .from(decisionLetters)
    .where(owned)
    .orderBy(desc(decisionLetters.createdAt), desc(decisionLetters.id))
    .limit(options.page.page_size)
    .offset((options.page.page - 1) * options.page.page_size);
  const [counted] = await options.db.select({ total: count() }).from(decisionLetters).where(owned);
  return { rows, total: counted?.total ?? 0 };
}

export async function findLetter(options: Owner & { id: string }) {
  if (!isLetterId(options.id)) return undefined;
  const [row] = await options.db
    .select()
    .from(decisionLetters)
    .where(and(eq(decisionLetters.id, options.id), eq(decisionLetters.userId, options.userId)));
  return row;
}

/** A letter by id alone (the analysis job, which carries only the id). */
export async function findLetterById(options: { db: Db; id: string }) {
  const [row] = await options.db
    .select()
    .from(decisionLetters)
    .where(eq(decisionLetters.id, options.id));
  return row;
}

export async function saveReading(options: {
  db: Db;
  id: string;
  text: string;
  result: string | null;
}) {
  await options.db
    .update(decisionLetters)
    .set({ text: options.text, result: options.result, updatedAt: new Date() })
    .where(eq(decisionLetters.id, options.id));
}

/** Deletes the owner's letter; answers whether it existed and the upload it was read from. */
export async function deleteLetter(
  options: Owner & { id: string },
): Promise<{ fileId: string | null } | null> {
  if (!isLetterId(options.id)) return null;
  const [deleted] = await options.db
    .delete(decisionLetters)
    .where(and(eq(decisionLetters.id, options.id), eq(decisionLetters.userId, options.userId)))
    .returning({ fileId: decisionLetters.fileId });
  return deleted ?? null;
}

/** Whether any of the owner's letters was read from this upload. */
export async function isFileInUse(options: Owner & { fileId: string }): Promise<boolean> {
  const [row] = await options.db
    .select({ id: decisionLetters.id })
    .from(decisionLetters)
    .where(
      and(eq(decisionLetters.userId, options.userId), eq(decisionLetters.fileId, options.fileId)),
    )
    .limit(1);
  return row !== undefined;
}

/** Every letter of the owner, newest first (for the account export). */
export async function listAllLetters(options: Owner) {
  return options.db
    .select()
    .from(decisionLetters)
    .where(eq(decisionLetters.userId, options.userId))
    .orderBy(desc(decisionLetters.createdAt));
}
