import { and, eq, inArray, lt, ne } from 'drizzle-orm';
import { uuidSchema } from '@muster/contract/common';
import type { Db } from '@muster/db/client';
import { files, storageTotals, type FileRow } from '@muster/db/schema/index';

/** The stored-file rows. Every read and delete by owner names the owner. */

export async function insertFile(options: { db: Db; row: typeof files.$inferInsert }) {
  await options.db.insert(files).values(options.row);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The bytes the owner keeps (every file not refused; kept by a trigger on `files`). */
export async function findStorageTotal(options: { db: Db | Tx; ownerId: string }): Promise<number> {
  const [row] = await options.db
    .select({ bytes: storageTotals.bytes })
    .from(storageTotals)
    .where(eq(storageTotals.ownerId, options.ownerId));
  return row?.bytes ?? 0;
}

/**
 * Records a new upload only if the owner's total stays within `limitBytes`: the row and the check
 * are one transaction, and the trigger's update of the owner's total row makes concurrent uploads
 * wait for each other, so two at once cannot both pass the cap. Answers the total after the
 * insert, or null (nothing recorded) when it would pass the cap.
 */
export async function insertFileWithin(options: {
  db: Db;
  row: typeof files.$inferInsert & { ownerId: string };
  limitBytes: number;
}): Promise<number | null> {
  try {
    return await options.db.transaction(async (tx) => {
      await tx.insert(files).values(options.row);
      const total = await findStorageTotal({ db: tx, ownerId: options.row.ownerId });
      if (total > options.limitBytes) throw new OverCap();
      return total;
    });
  } catch (error) {
    if (error instanceof OverCap) return null;
    throw error;
  }
}
class OverCap extends Error {}

/** An id that cannot be a file's is simply not found (rather than a database type error). */
const isFileId = (value: string) => uuidSchema.safeParse(value).success;

export async function findOwnedFile(options: {
  db: Db;
  ownerId: string;
  fileId: string;
}): Promise<FileRow | undefined> {
  if (!isFileId(options.fileId)) return undefined;
  const [row] = await options.db
    .select()
    .from(files)
    .where(and(eq(files.id, options.fileId), eq(files.ownerId, options.ownerId)));
  return row;
}

export async function markRejected(options: {
  db: Db;
  fileId: string;
  reason: string;
}): Promise<void> {
  await options.db
    .update(files)
    .set({ status: 'rejected', rejectionReason: options.reason, multipartUploadId: null })
    .where(eq(files.id, options.fileId));
}

/**
 * Marks the owner's file as being deleted (a refused one is not: its bytes no longer count);
 * answers the row, or undefined.
 */
export async function markDeleting(options: {
  db: Db;
  ownerId: string;
  fileId: string;
}): Promise<FileRow | undefined> {
  if (!isFileId(options.fileId)) return undefined;
  const [row] = await options.db
    .update(files)
    .set({ status: 'deleting' })
    .where(
      and(
        eq(files.id, options.fileId),
        eq(files.ownerId, options.ownerId),
        ne(files.status, 'rejected'),
      ),
    )
    .returning();
  return row;
}

/** The status of the file stored at `storageKey`, or undefined when there is none. */
export async function findStatusByKey(options: { db: Db; storageKey: string }) {
  const [row] = await options.db
    .select({ status: files.status })
    .from(files)
    .where(eq(files.storageKey, options.storageKey));
  return row?.status;
}

/** Rows left pending or half-deleted before `cutoff` (the sweep finishes them). */
export async function findStale(options: {
  db: Db;
  status: 'pending' | 'deleting';
  cutoff: Date;
}): Promise<FileRow[]> {
  return options.db
    .select()
    .from(files)
    .where(and(eq(files.status, options.status), lt(files.createdAt, options.cutoff)));
}

export async function deleteFileRows(options: { db: Db; fileIds: string[] }): Promise<void> {
  if (options.fileIds.length === 0) return;
  await options.db.delete(files).where(inArray(files.id, options.fileIds));
}

/** Marks a pending file ready; undefined when it was no longer pending (finalized concurrently). */
/** Points a pending file at the key its object was moved to (sealed); false once not pending. */
export async function moveStorageKey(options: {
  db: Db;
  fileId: string;
  storageKey: string;
}): Promise<boolean> {
  const moved = await options.db
    .update(files)
    .set({ storageKey: options.storageKey })
    .where(and(eq(files.id, options.fileId), eq(files.status, 'pending')))
    .returning({ id: files.id });
  return moved.length > 0;
}

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

export async function findReadyFiles(options: { db: Db; ownerId: string }): Promise<FileRow[]> {
  return options.db
    .select()
    .from(files)
    .where(and(eq(files.ownerId, options.ownerId), eq(files.status, 'ready')));
}
