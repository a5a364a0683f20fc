import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import { nexusProviderRequests as requests } from '@muster/db/schema/index';
import { isRowId } from '#src/modules/disabilities/disabilities.service.ts';
import type { Tx } from './nexus-letters.repository.ts';

/**
 * Provider requests of nexus letters. Every query by owner names the owner: another user's
 * request is simply not found. The provider's queries go by the token's hash instead, and only
 * ever reach a link that still works.
 *
 * `uploaded_file_id` is the file granted through the link: while `used_at` is null it is an upload
 * granted and not yet accepted (a new grant replaces it); once used, the signed copy filed.
 */
type Owner = { db: Db; userId: string };

/** A link that works: not used, not revoked, not expired (by the database's clock). */
const linkWorks = (tokenHash: string) =>
  and(
    eq(requests.tokenHash, tokenHash),
    isNull(requests.usedAt),
    isNull(requests.revokedAt),
    gt(requests.expiresAt, sql`now()`),
  );

export async function insertRequest(
  options: Owner & {
    letterId: string;
    providerName: string;
    providerEmail: string;
    tokenHash: string;
    expiresAt: Date;
  },
) {
  const [row] = await options.db
    .insert(requests)
    .values({
      userId: options.userId,
      nexusLetterId: options.letterId,
      providerName: options.providerName,
      providerEmail: options.providerEmail,
      tokenHash: options.tokenHash,
      expiresAt: options.expiresAt,
    })
    .returning();
  if (!row) throw new Error('provider request insert returned no row');
  return row;
}

/** Removes a request whose mail could not be sent (nobody holds its link). */
export async function deleteRequest(options: Owner & { id: string }): Promise<void> {
  await options.db
    .delete(requests)
    .where(and(eq(requests.id, options.id), eq(requests.userId, options.userId)));
}

/** The requests of one of the owner's letters, newest first. */
export async function listRequests(options: Owner & { letterId: string }) {
  if (!isRowId(options.letterId)) return [];
  return options.db
    .select()
    .from(requests)
    .where(and(eq(requests.userId, options.userId), eq(requests.nexusLetterId, options.letterId)))
    .orderBy(desc(requests.createdAt), desc(requests.id));
}

/** Revokes the link (a second revocation keeps the first time); answers whether the row exists. */
export async function revokeLink(
  options: Owner & { id: string },
): Promise<{ unfiledFileId: string | null } | undefined> {
  if (!isRowId(options.id)) return undefined;
  const [row] = await options.db
    .update(requests)
    .set({ revokedAt: sql`coalesce(${requests.revokedAt}, now())` })
    .where(and(eq(requests.id, options.id), eq(requests.userId, options.userId)))
    .returning({ usedAt: requests.usedAt, fileId: requests.uploadedFileId });
  if (!row) return undefined;
  // A file granted through the link but never finished is reachable by nothing any more.
  return { unfiledFileId: row.usedAt ? null : row.fileId };
}

/** The request a working link opens, whoever asks. */
export async function findByWorkingToken(options: { db: Db; tokenHash: string }) {
  const [row] = await options.db.select().from(requests).where(linkWorks(options.tokenHash));
  return row;
}

/** Remembers the upload granted through a working link; answers whether the link still worked. */
export async function grantFile(options: {
  db: Db;
  tokenHash: string;
  fileId: string;
}): Promise<{ granted: boolean; previous: string | null }> {
  // The row is locked while the grant is swapped, so of two grants at once each replaces exactly
  // the file the other left, and every replaced file is known to its caller to delete.
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: requests.id, previous: requests.uploadedFileId })
      .from(requests)
      .where(linkWorks(options.tokenHash))
      .for('update');
    if (!row) return { granted: false, previous: null };
    await tx
      .update(requests)
      .set({ uploadedFileId: options.fileId })
      .where(eq(requests.id, row.id));
    return { granted: true, previous: row.previous };
  });
}

/**
 * Uses the link for the upload granted through it, in one conditional update: of two at once,
 * exactly one finds the link working. Answers whether this one did.
 */
export async function markUploaded(options: {
  db: Db | Tx;
  tokenHash: string;
  fileId: string;
}): Promise<boolean> {
  const updated = await options.db
    .update(requests)
    .set({ usedAt: sql`now()` })
    .where(and(linkWorks(options.tokenHash), eq(requests.uploadedFileId, options.fileId)))
    .returning({ id: requests.id });
  return updated.length > 0;
}

/** Every request of the owner, newest first (for the account export). */
export async function listAllRequests(options: Owner) {
  return options.db
    .select()
    .from(requests)
    .where(eq(requests.userId, options.userId))
    .orderBy(desc(requests.createdAt), desc(requests.id));
}

/** How many requests the owner made since `since` (the daily cap on emails to providers). */
export async function countRequestsSince(options: {
  db: Db;
  userId: string;
  since: Date;
}): Promise<number> {
  const [row] = await options.db
    .select({ n: count() })
    .from(requests)
    .where(and(eq(requests.userId, options.userId), gt(requests.createdAt, options.since)));
  return row?.n ?? 0;
}
