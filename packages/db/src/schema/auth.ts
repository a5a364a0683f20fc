import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { encryptedText } from '../encryption.ts';

/**
 * Identity tables owned by the auth library (better-auth): users, sessions, linked provider
 * accounts, and verification values (one-time codes). Column names follow the library's model
 * fields; the product's own profile lives in `user_profiles`, keyed by `user.id`.
 * The name is encrypted; the email stays plain because sign-in looks accounts up by it.
 */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: encryptedText('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  isAnonymous: boolean('is_anonymous').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Provider tokens are encrypted by the auth library before they are stored. */
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_user_idx').on(t.userId),
    uniqueIndex('account_provider_account_idx').on(t.providerId, t.accountId),
  ],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * Sign-in lockouts: after too many wrong one-time codes for an email, sign-in for that email is
 * refused until `lockedUntil`. Keyed by a hash of the normalised email, never the email itself.
 */
export const signInLockouts = pgTable('sign_in_lockouts', {
  emailHash: text('email_hash').primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mail kept by the embedded outbox transport (development only; never in production). Subjects and
 * bodies carry sign-in codes and contact messages, so they are encrypted; the recipient stays plain
 * so an account's mail can be erased with it.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: encryptedText('subject').notNull(),
    text: encryptedText('text').notNull(),
    html: encryptedText('html').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_sent_idx').on(t.sentAt)],
);

/**
 * Messages sent through the contact form (also emailed to the team). Who wrote and what they wrote
 * (often about their health) are encrypted; the topic is one of a fixed list and stays plain.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: encryptedText('name').notNull(),
    email: encryptedText('email').notNull(),
    topic: text('topic').notNull(),
    message: encryptedText('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_created_idx').on(t.createdAt)],
);
