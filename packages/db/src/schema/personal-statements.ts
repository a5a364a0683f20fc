import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { STATEMENT_SOURCES } from '@muster/contract/personal-statements';
import { encryptedText } from '../encryption.ts';
import { user } from './auth.ts';
import { disabilities } from './disabilities.ts';

const SOURCE_LIST = sql.raw(`(${STATEMENT_SOURCES.map((source) => `'${source}'`).join(', ')})`);

/**
 * A personal statement about one disability. The text lives in its versions (below); the
 * statement row holds the latest version's number, which every save raises under a row lock, so
 * two saves at once make two versions, never one number twice. It goes with its disability.
 */
export const personalStatements = pgTable(
  'personal_statements',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    disabilityId: uuid('disability_id')
      .notNull()
      .references(() => disabilities.id, { onDelete: 'cascade' }),
    latestVersion: integer('latest_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('personal_statements_list_idx').on(t.disabilityId, t.createdAt.desc(), t.id.desc()),
    index('personal_statements_user_idx').on(t.userId),
    check('personal_statements_latest_version_check', sql`${t.latestVersion} >= 1`),
  ],
);

export type PersonalStatementRow = typeof personalStatements.$inferSelect;

/**
 * Each saved text of a statement: the veteran's account of their health, encrypted. Who wrote it
 * (the composer, a model, the veteran) is plain: it is not their words.
 */
export const personalStatementVersions = pgTable(
  'personal_statement_versions',
  {
    statementId: uuid('statement_id')
      .notNull()
      .references(() => personalStatements.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    body: encryptedText('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.statementId, t.version] }),
    index('personal_statement_versions_user_idx').on(t.userId),
    check('personal_statement_versions_source_check', sql`${t.source} in ${SOURCE_LIST}`),
  ],
);

export type PersonalStatementVersionRow = typeof personalStatementVersions.$inferSelect;
