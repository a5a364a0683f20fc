import { and, count, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { uuidSchema } from '@muster/contract/common';
import type { Db } from '@muster/db/client';
import {
  vsoRepresentatives,
  vsoShareAccesses,
  vsoShares,
  type StoredShareItem,
} from '@muster/db/schema/index';

/**
 * Every query by owner names the owner: another user's share is simply not found. The link's
 * queries go by the token's hash instead, and only ever reach a share that still works.
 */
type Owner = { db: Db; userId: string };

const isId = (value: string) => uuidSchema.safeParse(value).success;

// The representative ---------------------------------------------------------------------------

export async function findRepresentative(options: Owner) {
  const [row] = await options.db
    .select()
    .from(vsoRepresentatives)
    .where(eq(vsoRepresentatives.userId, options.userId));
  return row;
}

export type RepresentativeValues = {
  organization: string;
  representativeName: string;
  accreditationNumber: string | null;
  poaCode: string | null;
  email: string | null;
  phone: string | null;
};

export async function upsertRepresentative(options: Owner & { values: RepresentativeValues }) {
  const now = new Date();
  const [row] = await options.db
    .insert(vsoRepresentatives)
    .values({ userId: options.userId, ...options.values, updatedAt: now })
    .onConflictDoUpdate({
      target: vsoRepresentatives.userId,
      set: { ...options.values, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error('representative upsert returned no row');
  return row;
}

export async function deleteRepresentative(options: Owner): Promise<boolean> {
  const rows = await options.db
    .delete(vsoRepresentatives)
    .where(eq(vsoRepresentatives.userId, options.userId))
    .returning({ userId: vsoRepresentatives.userId });
  return rows.length > 0;
}

// Shares ---------------------------------------------------------------------------------------

export async function insertShare(
  options: Owner & {
    tokenHash: string;
    label: string | null;
    items: StoredShareItem[];
    expiresAt: Date;
  },
) {
  const [row] = await options.db
    .insert(vsoShares)
    .values({
      userId: options.userId,
      tokenHash: options.tokenHash,
      label: options.label,
      items: options.items,
      expiresAt: options.expiresAt,
    })
    .returning();
  if (!row) throw new Error('share insert returned no row');
  return row;
}

export async function listShares(options: Owner) {
  return options.db
    .select()
    .from(vsoShares)
    .where(eq(vsoShares.userId, options.userId))
    .orderBy(desc(vsoShares.createdAt), desc(vsoShares.id));
}

export async function findShare(options: Owner & { id: string }) {
  if (!isId(options.id)) return undefined;
  const [row] = await options.db
    .select()
    .from(vsoShares)
    .where(and(eq(vsoShares.id, options.id), eq(vsoShares.userId, options.userId)));
  return row;
}

/** Revokes the owner's share (a share already revoked keeps its first revocation time). */
export async function revokeShare(options: Owner & { id: string }): Promise<boolean> {
  if (!isId(options.id)) return false;
  const rows = await options.db
    .update(vsoShares)
    .set({ revokedAt: sql`coalesce(${vsoShares.revokedAt}, now())` })
    .where(and(eq(vsoShares.id, options.id), eq(vsoShares.userId, options.userId)))
    .returning({ id: vsoShares.id });
  return rows.length > 0;
}

/** A share whose link works: not revoked, not expired (by the database's clock). */
export async function findWorkingShare(options: { db: Db; tokenHash: string }) {
  const [row] = await options.db
    .select()
    .from(vsoShares)
    .where(
      and(
        eq(vsoShares.tokenHash, options.tokenHash),
        isNull(vsoShares.revokedAt),
        gt(vsoShares.expiresAt, sql`now()`),
      ),
    );
  return row;
}

// Accesses -------------------------------------------------------------------------------------

export async function insertAccess(options: {
  db: Db;
  shareId: string;
  itemKind: string | null;
  itemId: string | null;
  ip: string | null;
  userAgent: string | null;
}) {
  await options.db.insert(vsoShareAccesses).values({
    shareId: options.shareId,
    itemKind: options.itemKind,
    itemId: options.itemId,
    ip: options.ip,
    userAgent: options.userAgent,
  });
}

/** How often each of the owner's shares was opened, and when last. */
export async function accessCounts(options: Owner & { shareIds: string[] }) {
  if (options.shareIds.length === 0) return [];
  return options.db
    .select({
      shareId: vsoShareAccesses.shareId,
      total: count(),
      last: max(vsoShareAccesses.accessedAt),
    })
    .from(vsoShareAccesses)
    .innerJoin(vsoShares, eq(vsoShares.id, vsoShareAccesses.shareId))
    .where(
      and(
        eq(vsoShares.userId, options.userId),
        inArray(vsoShareAccesses.shareId, options.shareIds),
      ),
    )
    .groupBy(vsoShareAccesses.shareId);
}

/** The owner's share's accesses, newest first (at most `limit`). */
export async function listAccesses(options: Owner & { shareId: string; limit: number }) {
  return options.db
    .select({ access: vsoShareAccesses })
    .from(vsoShareAccesses)
    .innerJoin(vsoShares, eq(vsoShares.id, vsoShareAccesses.shareId))
    .where(and(eq(vsoShares.userId, options.userId), eq(vsoShareAccesses.shareId, options.shareId)))
    .orderBy(desc(vsoShareAccesses.accessedAt), desc(vsoShareAccesses.id))
    .limit(options.limit);
}

/** Every share of the owner with its accesses (for the account export). */
export async function listAllAccesses(options: Owner) {
  return options.db
    .select({ access: vsoShareAccesses })
    .from(vsoShareAccesses)
    .innerJoin(vsoShares, eq(vsoShares.id, vsoShareAccesses.shareId))
    .where(eq(vsoShares.userId, options.userId))
    .orderBy(desc(vsoShareAccesses.accessedAt));
}
