import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { encryptedText } from '../encryption.ts';
import { user } from './auth.ts';

/**
 * A conversation with the assistant; its messages hang off this row. `title` stays null until one is
 * known (the chat names a thread from its first message, so the title is the veteran's own words
 * and is encrypted); screens show "Unnamed thread" meanwhile. Deleting the user deletes the threads.
 */
export const threads = pgTable(
  'threads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: encryptedText('title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Every list is one user's threads, newest first.
  (t) => [index('threads_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export type ThreadRow = typeof threads.$inferSelect;

/**
 * How many threads each user has, so a list's total is one row read rather than a count of every
 * thread. Kept by triggers on `threads` (see the migration that adds this table), in the same
 * transaction as each insert and delete, so it is always exact. No row means no threads yet.
 */
export const threadCounts = pgTable('thread_counts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});
