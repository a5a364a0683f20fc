import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { encryptedText } from '../encryption.ts';
import { user } from './auth.ts';
import { files } from './files.ts';
import { jobStateColumns } from './job-state.ts';

/**
 * A VA decision letter the veteran asked Muster to read: an uploaded file or pasted text. Its text
 * and what was read from it are the veteran's medical and benefit details, so both are encrypted.
 * The analysis runs as a background job whose state lives on the row. A letter goes with its
 * owner; its file may be deleted from the vault without losing the reading.
 */
export const decisionLetters = pgTable(
  'decision_letters',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** `upload` or `text`: where the letter came from. */
    source: text('source').notNull(),
    /** The letter's text: as pasted, or as read from the file (text layer or OCR). */
    text: encryptedText('text'),
    /** What was read from the letter, as JSON (the contract's decision letter fields). */
    result: encryptedText('result'),
    ...jobStateColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('decision_letters_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export type DecisionLetterRow = typeof decisionLetters.$inferSelect;
