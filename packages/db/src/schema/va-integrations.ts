import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { encryptedText } from '../encryption.ts';
import { user } from './auth.ts';
import { claims } from './evidence.ts';

/**
 * A VA.gov (Lighthouse) sign-in in progress: the OAuth `state` (only its SHA-256 is kept) and the
 * PKCE code verifier (encrypted), tied to the user and the service. Single use, 15 minutes.
 */
export const vaOauthStates = pgTable(
  'va_oauth_states',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** `benefit_claims` or `veteran_verification`. */
    service: text('service').notNull(),
    stateHash: text('state_hash').notNull().unique(),
    codeVerifier: encryptedText('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('va_oauth_states_user_idx').on(t.userId)],
);

/**
 * A user's connection to one VA.gov API: the tokens and the veteran's ICN (the token answer's
 * `patient`), all encrypted. `tokenVersion` grows with each refresh, so two refreshes at once
 * cannot both store their (rotated) tokens.
 */
export const vaConnections = pgTable(
  'va_connections',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    accessToken: encryptedText('access_token').notNull(),
    refreshToken: encryptedText('refresh_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }).notNull(),
    icn: encryptedText('icn'),
    scope: text('scope').notNull().default(''),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('va_connections_user_service_idx').on(t.userId, t.service)],
);

/**
 * The user's intent to file (VA Form 21-0966) as VA last reported it, one per benefit type.
 * `filingUntil` is a short lease: while it lies in the future one request is asking VA, and
 * others wait for its answer instead of filing a second time.
 */
export const intentToFiles = pgTable(
  'intent_to_files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** `compensation` (the only type filed from Muster). */
    type: text('type').notNull(),
    /** VA's id of the intent to file; null until VA answered. */
    intentFileId: text('intent_file_id'),
    status: text('status'),
    creationDate: text('creation_date'),
    expirationDate: text('expiration_date'),
    filingUntil: timestamp('filing_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('intent_to_files_user_type_idx').on(t.userId, t.type)],
);

/**
 * A 21-526EZ sent to VA through Benefits Claims v2, one per local claim (`claimKey` is the claim's
 * id, or `primary` for the draft built from the primary record and every disability).
 * `submittingUntil` is a short lease like the intent to file's: while it lies in the future one
 * request is talking to VA and others wait, so a retry never files a second claim. `payload` is
 * the body sent (it holds medical and identifying text, so it is encrypted); `vaClaimId` is VA's
 * claim id once VA accepted it.
 */
export const vaClaimSubmissions = pgTable(
  'va_claim_submissions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    claimKey: text('claim_key').notNull(),
    claimId: uuid('claim_id').references(() => claims.id, { onDelete: 'set null' }),
    /** `submitting`, `submitted` or `failed`. */
    status: text('status').notNull().default('submitting'),
    vaClaimId: text('va_claim_id'),
    payload: encryptedText('payload'),
    /** Why VA refused it, in plain words (no medical text). */
    error: text('error'),
    submittingUntil: timestamp('submitting_until', { withTimezone: true }),
    /** Who holds the lease: every write of an attempt names it, so a lapsed holder changes nothing. */
    attemptId: uuid('attempt_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('va_claim_submissions_user_claim_idx').on(t.userId, t.claimKey)],
);

export type VaOauthStateRow = typeof vaOauthStates.$inferSelect;
export type VaConnectionRow = typeof vaConnections.$inferSelect;
export type IntentToFileRow = typeof intentToFiles.$inferSelect;
export type VaClaimSubmissionRow = typeof vaClaimSubmissions.$inferSelect;
