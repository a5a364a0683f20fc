import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { uuidSchema, type PageQuery } from '@muster/contract/common';
import type { Db } from '@muster/db/client';
import { laymanStatements } from '@muster/db/schema/index';

/**
 * Every query by owner names the owner: another user's request is simply not found. The signer's
 * queries go by the token's hash instead, and only ever reach a link that still works.
 */
type Owner = { db: Db; userId: string };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const isId = (value: string) => uuidSchema.safeParse(value).success;
const owned = (options: Owner & { id: string }) =>
  and(eq(laymanStatements.id, options.id), eq(laymanStatements.userId, options.userId));
/** A link that works: not used, not revoked, not expired (by the database's clock). */
const linkWorks = (tokenHash: string) =>
  and(
    eq(laymanStatements.tokenHash, tokenHash),
    isNull(laymanStatements.usedAt),
    isNull(laymanStatements.revokedAt),
    gt(laymanStatements.expiresAt, sql`now()`),
  );

export async function insertStatement(
  options: Owner & {
    disabilityId: string;
    name: string;
    email: string | null;
    relationship: string;
    witnessed: string;
    tokenHash: string;
    expiresAt: Date;
  },
) {
  const [row] = await options.db
    .insert(laymanStatements)
    .values({
      userId: options.userId,
      disabilityId: options.disabilityId,
      name: options.name,
      email: options.email,
      relationship: options.relationship,
      witnessed: options.witnessed,
      tokenHash: options.tokenHash,
      expiresAt: options.expiresAt,
    })
    .returning();
  if (!row) throw new Error('lay statement insert returned no row');
  return row;
}

export async function listStatements(
  options: Owner & { page: PageQuery; disabilityId: string | undefined },
) {
  const where = and(
    eq(laymanStatements.userId, options.userId),
    options.disabilityId ? eq(laymanStatements.disabilityId, options.disabilityId) : undefined,
  );
  const rows = await options.db
    .select()
    .from(laymanStatements)
    .where(where)
    .orderBy(desc(laymanStatements.createdAt), desc(laymanStatements.id))
    .limit(options.page.page_size)
    .offset((options.page.page - 1) * options.page.page_size);
  const [counted] = await options.db.select({ total: count() }).from(laymanStatements).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findStatement(options: Owner & { id: string }) {
  if (!isId(options.id)) return undefined;
  const [row] = await options.db.select().from(laymanStatements).where(owned(options));
  return row;
}

export async function updateNotes(options: Owner & { id: string; notes: string | null }) {
  if (!isId(options.id)) return undefined;
  const [row] = await options.db
    .update(laymanStatements)
    .set({ notes: options.notes, updatedAt: new Date() })
    .where(owned(options))
    .returning();
  return row;
}

/** Revokes the link (a second revocation keeps the first time); answers whether the row exists. */
export async function revokeLink(
  options: Owner & { id: string },
): Promise<{ unfiledFileId: string | null } | undefined> {
  if (!isId(options.id)) return undefined;
  const [row] = await options.db
    .update(laymanStatements)
    .set({
      revokedAt: sql`coalesce(${laymanStatements.revokedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(owned(options))
    .returning({ usedAt: laymanStatements.usedAt, fileId: laymanStatements.attachmentFileId });
  if (!row) return undefined;
  // A file granted through the link but never submitted is reachable by nothing any more.
  return { unfiledFileId: row.usedAt ? null : row.fileId };
}

/**
 * Gives a request that is still open (not submitted, not revoked) a new token and a new expiry;
 * the old link stops working. Undefined when the request is not the owner's or no longer open.
 */
export async function replaceToken(
  options: Owner & { id: string; tokenHash: string; expiresAt: Date },
) {
  if (!isId(options.id)) return undefined;
  const [row] = await options.db
    .update(laymanStatements)
    .set({ tokenHash: options.tokenHash, expiresAt: options.expiresAt, updatedAt: new Date() })
    .where(and(owned(options), isNull(laymanStatements.usedAt), isNull(laymanStatements.revokedAt)))
    .returning();
  return row;
}

export async function deleteStatement(
  options: Owner & { id: string },
): Promise<{ unfiledFileId: string | null } | undefined> {
  if (!isId(options.id)) return undefined;
  const [row] = await options.db
    .delete(laymanStatements)
    .where(owned(options))
    .returning({ usedAt: laymanStatements.usedAt, fileId: laymanStatements.attachmentFileId });
  if (!row) return undefined;
  // A submitted attachment is in the vault and stays; one never submitted goes with the request.
  return { unfiledFileId: row.usedAt ? null : row.fileId };
}

/** The request a working link opens, whoever asks. */
export async function findByWorkingToken(options: { db: Db; tokenHash: string }) {
  const [row] = await options.db
    .select()
    .from(laymanStatements)
    .where(linkWorks(options.tokenHash));
  return row;
}

/**
 * Records the submission in one conditional update: only a link that still works is used, so of
 * two submissions at once exactly one finds it working. Answers whether this one did.
 */
export async function submitByToken(options: {
  db: Db | Tx;
  tokenHash: string;
  statement: string;
  signature: string;
  signer: string;
  answers: string | null;
  /** The file sent with the statement: it must still be the one granted through the link. */
  attachmentFileId: string | null;
}): Promise<boolean> {
  const updated = await options.db
    .update(laymanStatements)
    .set({
      statement: options.statement,
      signature: options.signature,
      signer: options.signer,
      answers: options.answers,
      attachmentFileId: options.attachmentFileId,
      usedAt: sql`now()`,
      certifiedAt: sql`now()`,
      updatedAt: new Date(),
    })
    .where(
      and(
        linkWorks(options.tokenHash),
        options.attachmentFileId
          ? eq(laymanStatements.attachmentFileId, options.attachmentFileId)
          : undefined,
      ),
    )
    .returning({ id: laymanStatements.id });
  return updated.length > 0;
}

/**
 * Remembers the attachment's upload granted through a working link (replacing the previous one);
 * answers whether the link still worked.
 */
export async function grantAttachment(options: {
  db: Db;
  tokenHash: string;
  fileId: string;
}): Promise<{ granted: boolean; previous: string | null }> {
  // The row is locked while the grant is swapped, so of two grants at once each replaces exactly
  // the file the other left, and every replaced file is known to its caller to delete.
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: laymanStatements.id, previous: laymanStatements.attachmentFileId })
      .from(laymanStatements)
      .where(linkWorks(options.tokenHash))
      .for('update');
    if (!row) return { granted: false, previous: null };
    await tx
      .update(laymanStatements)
      .set({ attachmentFileId: options.fileId, updatedAt: new Date() })
      .where(eq(laymanStatements.id, row.id));
    return { granted: true, previous: row.previous };
  });
}

/** Every request of the owner, newest first (for the account export). */
export async function listAllStatements(options: Owner) {
  return options.db
    .select()
    .from(laymanStatements)
    .where(eq(laymanStatements.userId, options.userId))
    .orderBy(desc(laymanStatements.createdAt));
}
