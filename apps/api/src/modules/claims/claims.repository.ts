import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { uuidSchema, type PageQuery } from '@muster/contract/common';
import type { Db } from '@muster/db/client';
import {
  claimDisabilities,
  claims,
  laymanStatements,
  nexusLetters,
  type ClaimRow,
} from '@muster/db/schema/index';

/**
 * Every query here names the owner: another user's claim is simply not found. The disabilities of
 * a claim are reached through their claim, so they are the owner's by that same predicate.
 */
type Owner = { db: Db; userId: string };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The columns a create or an update writes (owner, id and times are set here). */
export type ClaimValues = { name: string; status: string; veteranId: string | null };

/** Ids that cannot be a row's are not found (rather than a database type error). */
export const isClaimId = (value: string) => uuidSchema.safeParse(value).success;

/** Which row a failed write named that was deleted meanwhile (a broken foreign key), if any. */
export function brokenReference(error: unknown): 'veteran' | 'disability' | undefined {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23503' && typeof constraint === 'string') {
      if (constraint === 'claims_veteran_id_veterans_id_fk') return 'veteran';
      if (constraint === 'claim_disabilities_disability_id_disabilities_id_fk') return 'disability';
    }
  }
  return undefined;
}

/** The disabilities of the claims named, each claim's in the order listed. */
export async function listClaimDisabilityIds(
  options: Owner & { claimIds: string[] },
): Promise<Map<string, string[]>> {
  const byClaim = new Map<string, string[]>(options.claimIds.map((id) => [id, []]));
  if (options.claimIds.length === 0) return byClaim;
  const rows = await options.db
    .select({ claimId: claimDisabilities.claimId, disabilityId: claimDisabilities.disabilityId })
    .from(claimDisabilities)
    .innerJoin(claims, eq(claims.id, claimDisabilities.claimId))
    .where(and(eq(claims.userId, options.userId), inArray(claims.id, options.claimIds)))
    .orderBy(asc(claimDisabilities.claimId), asc(claimDisabilities.position));
  for (const row of rows) byClaim.get(row.claimId)?.push(row.disabilityId);
  return byClaim;
}

/** A page of the owner's claims, newest first. */
export async function listClaims(options: Owner & { page: PageQuery }) {
  const owned = eq(claims.userId, options.userId);
  const [rows, [counted]] = await Promise.all([
    options.db
      .select()
      .from(claims)
      .where(owned)
      .orderBy(desc(claims.createdAt), desc(claims.id))
      .limit(options.page.page_size)
      .offset((options.page.page - 1) * options.page.page_size),
    options.db.select({ total: count() }).from(claims).where(owned),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every claim of the owner, newest first (the account export). */
export async function listAllClaims(options: Owner): Promise<ClaimRow[]> {
  return options.db
    .select()
    .from(claims)
    .where(eq(claims.userId, options.userId))
    .orderBy(desc(claims.createdAt), desc(claims.id));
}

export async function findClaim(options: Owner & { id: string }): Promise<ClaimRow | undefined> {
  if (!isClaimId(options.id)) return undefined;
  const [row] = await options.db
    .select()
    .from(claims)
    .where(and(eq(claims.id, options.id), eq(claims.userId, options.userId)));
  return row;
}

async function writeDisabilities(tx: Tx, claimId: string, disabilityIds: string[]) {
  await tx.delete(claimDisabilities).where(eq(claimDisabilities.claimId, claimId));
  await tx
    .insert(claimDisabilities)
    .values(disabilityIds.map((disabilityId, position) => ({ claimId, disabilityId, position })));
}

/** Inserts a claim with its disabilities, in one transaction: both or neither. */
export async function insertClaim(
  options: Owner & { values: ClaimValues; disabilityIds: string[] },
): Promise<ClaimRow> {
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(claims)
      .values({ ...options.values, userId: options.userId })
      .returning();
    if (!row) throw new Error('claim insert returned no row');
    await writeDisabilities(tx, row.id, options.disabilityIds);
    return row;
  });
}

/**
 * Changes the fields given of one owned claim and, when `disabilityIds` is given, replaces its
 * disabilities, in one transaction. The update takes the claim's row lock first, so two changes
 * of the same claim run one after the other and the set left is exactly one of theirs. Undefined
 * when the claim is not the owner's.
 */
export async function updateClaim(
  options: Owner & {
    id: string;
    values: Partial<ClaimValues>;
    disabilityIds: string[] | undefined;
  },
): Promise<ClaimRow | undefined> {
  if (!isClaimId(options.id)) return undefined;
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .update(claims)
      .set({ ...options.values, updatedAt: new Date() })
      .where(and(eq(claims.id, options.id), eq(claims.userId, options.userId)))
      .returning();
    if (!row) return undefined;
    if (options.disabilityIds) await writeDisabilities(tx, row.id, options.disabilityIds);
    return row;
  });
}

/** Deletes one owned claim (its list of disabilities goes with it); answers whether it existed. */
export async function deleteClaim(options: Owner & { id: string }): Promise<boolean> {
  if (!isClaimId(options.id)) return false;
  const deleted = await options.db
    .delete(claims)
    .where(and(eq(claims.id, options.id), eq(claims.userId, options.userId)))
    .returning({ id: claims.id });
  return deleted.length > 0;
}

/**
 * The buddy statements and nexus letters of some of the owner's disabilities, newest first: two
 * queries for the whole claim. Only the witness's name is decrypted, never a statement's text.
 */
export async function findOutsideEvidence(options: Owner & { disabilityIds: string[] }) {
  if (options.disabilityIds.length === 0) return { statements: [], letters: [] };
  const [statements, letters] = await Promise.all([
    options.db
      .select({
        id: laymanStatements.id,
        disabilityId: laymanStatements.disabilityId,
        name: laymanStatements.name,
        expiresAt: laymanStatements.expiresAt,
        usedAt: laymanStatements.usedAt,
        revokedAt: laymanStatements.revokedAt,
      })
      .from(laymanStatements)
      .where(
        and(
          eq(laymanStatements.userId, options.userId),
          inArray(laymanStatements.disabilityId, options.disabilityIds),
        ),
      )
      .orderBy(desc(laymanStatements.createdAt), desc(laymanStatements.id)),
    options.db
      .select({
        id: nexusLetters.id,
        disabilityId: nexusLetters.disabilityId,
        status: nexusLetters.status,
        updatedAt: nexusLetters.updatedAt,
      })
      .from(nexusLetters)
      .where(
        and(
          eq(nexusLetters.userId, options.userId),
          inArray(nexusLetters.disabilityId, options.disabilityIds),
        ),
      )
      .orderBy(desc(nexusLetters.createdAt), desc(nexusLetters.id)),
  ]);
  return { statements, letters };
}
