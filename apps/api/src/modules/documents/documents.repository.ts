import { and, desc, eq, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm';
import { uuidSchema, type PageQuery } from '@muster/contract/common';
import type { Db } from '@muster/db/client';
import { documents, files } from '@muster/db/schema/index';

/** Every query here is filtered by owner: another user's document is simply not found. */
type Owner = { db: Db; userId: string };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const isDocumentId = (value: string) => uuidSchema.safeParse(value).success;

/** `LIKE` treats `%`, `_` and `\` specially; a search for them means the characters themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A document with what its file says about it (type and size); files being deleted are gone. */
const withFile = {
  ...getTableColumns(documents),
  filename: files.filename,
  contentType: files.contentType,
  size: files.size,
};

function owned(userId: string, ...more: (SQL | undefined)[]) {
  return and(eq(documents.userId, userId), eq(files.status, 'ready'), ...more);
}

export async function listDocuments(options: Owner & { page: PageQuery; q?: string | undefined }) {
  const where = owned(
    options.userId,
    options.q ? ilike(documents.name, `%${escapeLike(options.q)}%`) : undefined,
  );
  const rows = await options.db
    .select({ ...withFile, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .where(where)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(options.page.page_size)
    .offset((options.page.page - 1) * options.page.page_size);
  if (rows[0]) return { rows, total: rows[0].total };
  const [counted] = await options.db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findDocument(options: Owner & { id: string }) {
  if (!isDocumentId(options.id)) return undefined;
  const [row] = await options.db
    .select(withFile)
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .where(owned(options.userId, eq(documents.id, options.id)));
  return row;
}

/** Answers the new row, or undefined when the file already is a document. */
export async function insertDocument(options: {
  db: Db | Tx;
  userId: string;
  fileId: string;
  name: string;
  docType: string | null;
}) {
  const [row] = await options.db
    .insert(documents)
    .values({
      userId: options.userId,
      fileId: options.fileId,
      name: options.name,
      docType: options.docType,
    })
    .onConflictDoNothing({ target: documents.fileId })
    .returning({ id: documents.id });
  return row;
}

export async function updateDocument(
  options: Owner & { id: string; name?: string | undefined; docType?: string | null | undefined },
) {
  if (!isDocumentId(options.id)) return false;
  const updated = await options.db
    .update(documents)
    .set({
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.docType !== undefined ? { docType: options.docType } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(documents.id, options.id), eq(documents.userId, options.userId)))
    .returning({ id: documents.id });
  return updated.length > 0;
}

/** The palette's documents: names containing `q` (any case), newest first. */
export async function searchDocuments(options: Owner & { q: string; limit: number }) {
  return options.db
    .select({ id: documents.id, name: documents.name, filename: files.filename })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .where(
      owned(
        options.userId,
        options.q ? ilike(documents.name, `%${escapeLike(options.q)}%`) : undefined,
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(options.limit);
}
