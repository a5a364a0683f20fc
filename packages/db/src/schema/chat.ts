import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { encryptedText } from '../encryption.ts';
import { user } from './auth.ts';
import { threads } from './threads.ts';

/** A passage an assistant reply relies on, as stored beside the reply. */
export type StoredCitation = { passage_id: string; citation: string; title: string };

/**
 * One message of a chat thread: the veteran's question or the assistant's reply. The text is
 * medical and personal, so it is encrypted; who wrote it, which model, how many tokens and which
 * passages it cites are not the veteran's words and stay plain. Messages go with their thread.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: encryptedText('content').notNull(),
    model: text('model'),
    completionTokens: integer('completion_tokens'),
    promptTokens: integer('prompt_tokens'),
    citations: jsonb('citations')
      .$type<StoredCitation[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    crisis: boolean('crisis').notNull().default(false),
    /** The user message an assistant reply answers: one reply per question, even when retried. */
    replyTo: uuid('reply_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_thread_created_idx').on(t.threadId, t.createdAt, t.id),
    index('messages_user_idx').on(t.userId),
    uniqueIndex('messages_reply_to_idx').on(t.replyTo),
    check('messages_role_check', sql`${t.role} in ('user', 'assistant')`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
