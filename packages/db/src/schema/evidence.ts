import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { encryptedText } from '../encryption.ts';
import { user } from './auth.ts';
import { disabilities } from './disabilities.ts';
import { files } from './files.ts';
import { veterans } from './veterans.ts';

/**
 * The evidence a veteran gathers from other people: nexus letters (a medical opinion drafted for
 * their physician to review and sign) and lay ("buddy") statements written by people who know
 * them, each reached by an outsider through an unguessable, expiring, single-use link; and the
 * claims that gather disabilities for filing.
 *
 * A link's token is never stored: only its SHA-256 (`token_hash`), so a copy of the database opens
 * no link. Everything that names a person or describes the veteran's health is encrypted.
 */

const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A link an outsider opens without an account: its hash, when it ends, and whether it was used. */
const linkColumns = () => ({
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** When the one use allowed was made (the upload, the submission). */
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * A nexus letter for one disability: the opinion, its rationale and the facts against the claim
 * it must address, drafted for the veteran's physician. `status`: draft, requested (sent to a
 * provider), signed (the signed copy is back, `signed_file_id`).
 */
export const nexusLetters = pgTable(
  'nexus_letters',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: owner(),
    disabilityId: uuid('disability_id')
      .notNull()
      .references(() => disabilities.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('draft'),
    /** How the opinion connects the condition: caused, secondary (proximately due to), aggravated. */
    opinionBasis: text('opinion_basis').notNull().default('caused'),
    /** The letter's facts as JSON: diagnosis, event, primary condition, records, provider. */
    details: encryptedText('details').notNull(),
    /** The facts against the claim the opinion must address, as a JSON list. */
    negativeConditions: encryptedText('negative_conditions').notNull(),
    /** The letter's text as drafted and edited. */
    content: encryptedText('content'),
    signedFileId: uuid('signed_file_id').references(() => files.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    index('nexus_letters_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('nexus_letters_disability_idx').on(t.disabilityId),
  ],
);

/** A nexus letter sent to a provider, who uploads the signed copy through its link. */
export const nexusProviderRequests = pgTable(
  'nexus_provider_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: owner(),
    nexusLetterId: uuid('nexus_letter_id')
      .notNull()
      .references(() => nexusLetters.id, { onDelete: 'cascade' }),
    providerName: encryptedText('provider_name').notNull(),
    providerEmail: encryptedText('provider_email').notNull(),
    ...linkColumns(),
    uploadedFileId: uuid('uploaded_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('nexus_provider_requests_letter_idx').on(t.nexusLetterId)],
);

/**
 * A lay ("buddy") statement asked of someone who knows the veteran, for one disability: who they
 * are and what they witnessed, the signing link, and once they submit, their statement, typed
 * signature and optional attachment; the veteran's notes on it.
 */
export const laymanStatements = pgTable(
  'layman_statements',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: owner(),
    disabilityId: uuid('disability_id')
      .notNull()
      .references(() => disabilities.id, { onDelete: 'cascade' }),
    name: encryptedText('name').notNull(),
    email: encryptedText('email'),
    relationship: encryptedText('relationship').notNull(),
    witnessed: encryptedText('witnessed').notNull(),
    ...linkColumns(),
    /** The signer's answers to the prompts, as JSON. */
    answers: encryptedText('answers'),
    statement: encryptedText('statement'),
    signature: encryptedText('signature'),
    /** The signer's details for the form (address, phone, dates known), as JSON. */
    signer: encryptedText('signer'),
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    attachmentFileId: uuid('attachment_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    notes: encryptedText('notes'),
    ...stamps(),
  },
  (t) => [
    index('layman_statements_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('layman_statements_disability_idx').on(t.disabilityId),
  ],
);

/** A claim: a named set of the veteran's disabilities for one veteran record. */
export const claims = pgTable(
  'claims',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: owner(),
    veteranId: uuid('veteran_id').references(() => veterans.id, { onDelete: 'set null' }),
    /** A short label of the veteran's choosing, shown in lists (not encrypted, like titles). */
    name: text('name').notNull(),
    /** draft, ready or filed. */
    status: text('status').notNull().default('draft'),
    ...stamps(),
  },
  (t) => [index('claims_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export const claimDisabilities = pgTable(
  'claim_disabilities',
  {
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    disabilityId: uuid('disability_id')
      .notNull()
      .references(() => disabilities.id, { onDelete: 'cascade' }),
    /** The order the veteran listed them in. */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.claimId, t.disabilityId] }),
    index('claim_disabilities_disability_idx').on(t.disabilityId),
  ],
);

export type NexusLetterRow = typeof nexusLetters.$inferSelect;
export type NexusProviderRequestRow = typeof nexusProviderRequests.$inferSelect;
export type LaymanStatementRow = typeof laymanStatements.$inferSelect;
export type ClaimRow = typeof claims.$inferSelect;
