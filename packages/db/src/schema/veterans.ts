import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { encryptedText } from '../encryption.ts';
import { user } from './auth.ts';

/**
 * A veteran's record: identity, contact and service history, kept by a user for themselves or for
 * a veteran they help. Everything that identifies the veteran or that they wrote is encrypted:
 * names, SSN, VA file number, date of birth, address, phone, email, notes, and the service periods
 * and deployments (stored as JSON text). Only the canonical branch names stay plain.
 *
 * A user has at most one primary record: the partial unique index refuses a second, whatever
 * writes it. Deleting the user deletes their records.
 */
export const veterans = pgTable(
  'veterans',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    firstName: encryptedText('first_name').notNull(),
    middleName: encryptedText('middle_name'),
    lastName: encryptedText('last_name').notNull(),
    /** Nine digits. */
    ssn: encryptedText('ssn'),
    vaFileNumber: encryptedText('va_file_number'),
    /** `YYYY-MM-DD`. */
    dateOfBirth: encryptedText('date_of_birth'),
    /** The address as JSON. */
    address: encryptedText('address'),
    /** Ten digits. */
    phone: encryptedText('phone'),
    email: encryptedText('email'),
    /** Canonical branch names (`Marine Corps`, `Army`, …). */
    branches: jsonb('branches')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** JSON array of service periods; encrypted, so its default is applied by the app. */
    servicePeriods: encryptedText('service_periods')
      .notNull()
      .$defaultFn(() => '[]'),
    /** JSON array of deployments. */
    deployments: encryptedText('deployments')
      .notNull()
      .$defaultFn(() => '[]'),
    notes: encryptedText('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every list is one user's records, newest first.
    index('veterans_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('veterans_one_primary_per_user_idx')
      .on(t.userId)
      .where(sql`${t.isPrimary}`),
  ],
);

export type VeteranRow = typeof veterans.$inferSelect;
export type NewVeteranRow = typeof veterans.$inferInsert;
