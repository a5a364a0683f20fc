import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { encryptedText } from '../encryption.ts';
import { user } from './auth.ts';
import { files } from './files.ts';
import { jobStateColumns } from './job-state.ts';

/**
 * A C-file (the veteran's whole VA claims file, often thousands of pages) being read or read.
 * The job state lives on the row; the pages are read in chunks that any worker may take, and
 * each page's text is kept (encrypted) as soon as it is read, so a restart goes on from the last
 * page done. The findings are gathered from the pages' text once every page is read, and are
 * encrypted: they are the veteran's medications and diagnoses.
 */
export const cfiles = pgTable(
  'cfiles',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The uploaded PDF; null once it is deleted from the vault (the reading stays). */
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The upload's name, as the veteran gave it (it may name them, so it is encrypted). */
    filename: encryptedText('filename').notNull(),
    pagesTotal: integer('pages_total'),
    pagesDone: integer('pages_done').notNull().default(0),
    pagesOcr: integer('pages_ocr').notNull().default(0),
    /** JSON: the contract's medications, once every page is read. */
    medications: encryptedText('medications'),
    /** JSON: the contract's conditions, once every page is read. */
    conditions: encryptedText('conditions'),
    medicationsCount: integer('medications_count'),
    conditionsCount: integer('conditions_count'),
    ...jobStateColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [index('cfiles_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);
export type CfileRow = typeof cfiles.$inferSelect;

/**
 * A run of consecutive pages one worker reads at a time. A worker takes a chunk by setting a lease
 * on it; a chunk whose lease ran out (its worker stopped) is taken again, and pages already read
 * in it are skipped.
 */
export const cfileChunks = pgTable(
  'cfile_chunks',
  {
    cfileId: uuid('cfile_id')
      .notNull()
      .references(() => cfiles.id, { onDelete: 'cascade' }),
    firstPage: integer('first_page').notNull(),
    lastPage: integer('last_page').notNull(),
    status: text('status', { enum: ['pending', 'reading', 'done'] })
      .notNull()
      .default('pending'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.cfileId, t.firstPage] }),
    index('cfile_chunks_status_idx').on(t.cfileId, t.status),
  ],
);
export type CfileChunkRow = typeof cfileChunks.$inferSelect;

/** One page's text as read, written once per page (a page read again is not written twice). */
export const cfilePages = pgTable(
  'cfile_pages',
  {
    cfileId: uuid('cfile_id')
      .notNull()
      .references(() => cfiles.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    /** `text` (pdf.js text layer), `pdftotext`, `ocr` or `none`. */
    source: text('source').notNull(),
    text: encryptedText('text').notNull(),
    /** The page names a record protected by 38 U.S.C. 7332. */
    protected7332: boolean('protected_7332').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cfileId, t.page] })],
);
export type CfilePageRow = typeof cfilePages.$inferSelect;
