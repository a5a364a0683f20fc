import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every stored object. A row is created `pending` when an upload is granted, and only the finalize
 * step (which reads the object's first bytes and checks them against the allowed types) marks it
 * `ready`. Nothing reads a file that is not ready.
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
    status: text('status', { enum: ['pending', 'ready', 'rejected'] })
      .notNull()
      .default('pending'),
    multipartUploadId: text('multipart_upload_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [index('files_owner_idx').on(t.ownerId, t.createdAt)],
);

export type FileRow = typeof files.$inferSelect;
