import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { encryptedText } from '../encryption.ts';
import { user } from './auth.ts';

/**
 * The accredited representative (VSO, attorney or claims agent) a veteran works with; one per
 * veteran. The organisation is a plain label; the person's name and contact details are
 * encrypted.
 */
export const vsoRepresentatives = pgTable('vso_representatives', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  organization: text('organization').notNull(),
  representativeName: encryptedText('representative_name').notNull(),
  accreditationNumber: text('accreditation_number'),
  poaCode: text('poa_code'),
  email: encryptedText('email'),
  phone: encryptedText('phone'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type VsoRepresentativeRow = typeof vsoRepresentatives.$inferSelect;

/** A share item as stored: which record, and whether the veteran ticked it although protected. */
export type StoredShareItem = { kind: string; id: string; include_protected?: boolean };

/**
 * Read-only access to chosen records through a link. Only the SHA-256 of the link's token is
 * kept; the link works until it expires or is revoked.
 */
export const vsoShares = pgTable(
  'vso_shares',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    label: encryptedText('label'),
    items: jsonb('items').$type<StoredShareItem[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vso_shares_user_created_idx').on(t.userId, t.createdAt.desc())],
);
export type VsoShareRow = typeof vsoShares.$inferSelect;

/** Every opening of a share link: when, what, and from where (shortened). */
export const vsoShareAccesses = pgTable(
  'vso_share_accesses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    shareId: uuid('share_id')
      .notNull()
      .references(() => vsoShares.id, { onDelete: 'cascade' }),
    accessedAt: timestamp('accessed_at', { withTimezone: true }).notNull().defaultNow(),
    itemKind: text('item_kind'),
    itemId: uuid('item_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('vso_share_accesses_share_idx').on(t.shareId, t.accessedAt.desc())],
);
export type VsoShareAccessRow = typeof vsoShareAccesses.$inferSelect;
