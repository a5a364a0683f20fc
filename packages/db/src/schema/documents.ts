import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { files } from './files.ts';

/**
 * A document in the veteran's vault: one stored file, with the name the veteran gives it and the
 * VA evidence type it is tagged with. The name is a short label the vault lists and searches, so
 * it stays plain; the file itself is encrypted in storage. A document goes with its file.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** VA's evidence document type (an L-code such as L015), or null when not tagged. */
    docType: text('doc_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export type DocumentRow = typeof documents.$inferSelect;
