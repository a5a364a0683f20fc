import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
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
export async function revokeLink(options: Owner & { id: string }): Promise<boolean> {
  if (!isRowId(options.id)) return false;
  const [row] = await options.db
    .update(requests)
    .set({ revokedAt: sql`coalesce(${requests.revokedAt}, now())` })
    .where(and(eq(requests.id, options.id), eq(requests.userId, options.userId)))
    .returning({ id: requests.id });
  return row !== undefined;
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
}): Promise<boolean> {
  const updated = await options.db
    .update(requests)
    .set({ uploadedFileId: options.fileId })
    .where(linkWorks(options.tokenHash))
    .returning({ id: requests.id });
  return updated.length > 0;
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
