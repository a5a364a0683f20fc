import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { encryptedText } from '../encryption.ts';
import { user } from './auth.ts';

export type VaAuthentication = { benefit_claims: boolean; veteran_verification: boolean };
export type ServedBranch = { branch: string };

/**
 * The product's profile of a user. Identity (email, sessions,
 * accounts) belongs to the auth library's `user` table; this row is keyed by the same text id.
 * The names are encrypted; the email is the sign-in identity and stays plain like `user.email`.
 */
export const userProfiles = pgTable('user_profiles', {
  id: text('id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  // Names are encrypted, so their placeholders are applied by the app, not by a SQL default.
  firstName: encryptedText('first_name')
    .notNull()
    .$defaultFn(() => 'Veteran'),
  lastName: encryptedText('last_name')
    .notNull()
    .$defaultFn(() => 'Doe'),
  isDeleted: boolean('is_deleted').notNull().default(false),
  deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
  deletionScheduledFor: timestamp('deletion_scheduled_for', { withTimezone: true }),
  deletionJobId: text('deletion_job_id'),
  isVaAuthenticated: jsonb('is_va_authenticated')
    .$type<VaAuthentication>()
    .notNull()
    .default(sql`'{"benefit_claims": false, "veteran_verification": false}'::jsonb`),
  themeEnabled: boolean('theme_enabled').notNull().default(false),
  selectedThemeBranch: text('selected_theme_branch'),
  /**
   * Whether chat may send text to an outside model: `ask` until the user chooses, then `provider`
   * or `offline`.
   */
  aiConsent: text('ai_consent').notNull().default('ask'),
  /** The outside model's host the user agreed to; a different one must be agreed to anew. */
  aiConsentHost: text('ai_consent_host'),
  servedBranches: jsonb('served_branches')
    .$type<ServedBranch[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** IANA time zone for dates and reminder emails (e.g. `America/Chicago`); null until chosen. */
  timeZone: text('time_zone'),
  /** Deadline kinds the user asked not to be reminded of by email. */
  remindersOff: jsonb('reminders_off')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** `YYYY-MM-DD` in the user's time zone: the last day the reminder job looked at their deadlines. */
  remindersCheckedOn: text('reminders_checked_on'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserProfileRow = typeof userProfiles.$inferSelect;
export type NewUserProfileRow = typeof userProfiles.$inferInsert;
