import { and, eq } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import { files, type FileRow } from '@muster/db/schema/index';

/** The stored-file rows. Every read and delete by owner names the owner. */

export async function insertFile(options: { db: Db; row: typeof files.$inferInsert }) {
  await options.db.insert(files).values(options.row);
}

export async function findOwnedFile(options: {
  db: Db;
  ownerId: string;
  fileId: string;
}): Promise<FileRow | undefined> {
  const [row] = await options.db
    .select()
    .from(files)
    .where(and(eq(files.id, options.fileId), eq(files.ownerId, options.ownerId)));
  return row;
}

export async function markRejected(options: { db: Db; fileId: string }): Promise<void> {
  await options.db.update(files).set({ status: 'rejected' }).where(eq(files.id, options.fileId));
}

/** Marks a pending file ready; undefined when it was no longer pending (finalized concurrently). */
export async function markReady(options: {
  db: Db;
  fileId: string;
  contentType: string;
}): Promise<FileRow | undefined> {
  const [ready] = await options.db
    .update(files)
    .set({
      status: 'ready',
      contentType: options.contentType,
      readyAt: new Date(),
      multipartUploadId: null,
    })
    .where(and(eq(files.id, options.fileId), eq(files.status, 'pending')))
    .returning();
  return ready;
}

export async function deleteOwnedFile(options: {
  db: Db;
  ownerId: string;
  fileId: string;
}): Promise<void> {
  await options.db
    .delete(files)
    .where(and(eq(files.id, options.fileId), eq(files.ownerId, options.ownerId)));
}

export async function findReadyFiles(options: { db: Db; ownerId: string }): Promise<FileRow[]> {
  return options.db
    .select()
    .from(files)
    .where(and(eq(files.ownerId, options.ownerId), eq(files.status, 'ready')));
}
