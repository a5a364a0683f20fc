import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Completed passes of the encryption sweep: every encrypted column and every locally stored file
 * re-encrypted under key `keyId`, for the set of encrypted columns identified by `columnsHash`.
 * At start the API enqueues a sweep unless one is recorded for its current key and columns, so a
 * new key, or a newly encrypted column with plaintext rows, is swept once. When the sweep for a new
 * key is recorded, the older keys can leave the key ring.
 */
export const encryptionSweeps = pgTable(
  'encryption_sweeps',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    keyId: integer('key_id').notNull(),
    columnsHash: text('columns_hash').notNull(),
    valuesRewritten: integer('values_rewritten').notNull(),
    filesRewritten: integer('files_rewritten').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('encryption_sweeps_key_columns_idx').on(t.keyId, t.columnsHash)],
);
