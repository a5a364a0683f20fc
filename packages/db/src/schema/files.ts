import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every stored object. A row is created `pending` when an upload is granted, and only the finalize
 * step (which reads the object's first bytes and checks them against the allowed types) marks it
 * `ready`. Nothing reads a file that is not ready. Deleting marks a row `deleting` first, then
 * removes the object, then the row; the sweep finishes any delete that stopped half-way, so neither
 * an object without its row nor a row without its object is left for long.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerId: text('owner_id').notNull(),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    filename: text('filename').notNull(),
    declaredType: text('declared_type').notNull(),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'ready', 'rejected', 'deleting'] })
      .notNull()
      .default('pending'),
    multipartUploadId: text('multipart_upload_id'),
    /** Why finalize refused the file, in words the owner can act on (never the file's content). */
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [index('files_owner_idx').on(t.ownerId, t.createdAt)],
);

export type FileRow = typeof files.$inferSelect;

/**
 * Bytes each owner keeps in storage: every file not refused (pending ones included, so uploads
 * under way count against a cap). Kept by triggers on `files` (see the migration that adds this
 * table), in the same transaction as each change, so it is always exact.
 */
export const storageTotals = pgTable('storage_totals', {
  ownerId: text('owner_id').primaryKey(),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});
