import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import {
  userProfiles,
  vaConnections,
  vaOauthStates,
  type VaConnectionRow,
  type VaOauthStateRow,
} from '@muster/db/schema/index';

/** Every query here is filtered by owner, except the callback's state lookup (by its hash). */

type Owner = { db: Db; userId: string };
/** The profile flag of a service (`benefit_claims` or `veteran_verification`). */
export type VaFlag = 'benefit_claims' | 'veteran_verification';

export type NewTokens = {
  accessToken: string;
  refreshToken: string | null;
  accessTokenExpiresAt: Date;
  scope: string;
};

/** Stores a sign-in in progress; drops the owner's used and expired ones on the way. */
export async function insertOauthState(
  options: Owner & { service: VaFlag; stateHash: string; codeVerifier: string; expiresAt: Date },
): Promise<void> {
  const { db, userId } = options;
  await db
    .delete(vaOauthStates)
    .where(
      and(
        eq(vaOauthStates.userId, userId),
        or(lt(vaOauthStates.expiresAt, new Date()), sql`${vaOauthStates.usedAt} IS NOT NULL`),
      ),
    );
  await db.insert(vaOauthStates).values({
    userId,
    service: options.service,
    stateHash: options.stateHash,
    codeVerifier: options.codeVerifier,
    expiresAt: options.expiresAt,
  });
}

/**
 * Uses a state: one conditional update, so of two callbacks with the same state only one gets the
 * row. Undefined when the state is unknown, used or expired.
 */
export async function consumeOauthState(options: {
  db: Db;
  stateHash: string;
}): Promise<VaOauthStateRow | undefined> {
  const now = new Date();
  const [row] = await options.db
    .update(vaOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(vaOauthStates.stateHash, options.stateHash),
        isNull(vaOauthStates.usedAt),
        gt(vaOauthStates.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Sets `is_va_authenticated.<flag>` on the owner's profile. */
async function setFlag(db: Db, userId: string, flag: VaFlag, value: boolean): Promise<void> {
  await db
    .update(userProfiles)
    .set({
      isVaAuthenticated: sql`jsonb_set(${userProfiles.isVaAuthenticated}, ${`{${flag}}`}::text[], ${value ? 'true' : 'false'}::jsonb, true)`,
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.id, userId));
}

/** Stores (or replaces) the owner's connection to a service and raises the profile flag. */
export async function saveConnection(
  options: Owner & { service: VaFlag; tokens: NewTokens; icn: string | null },
): Promise<void> {
  const { db, userId, service, tokens } = options;
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(vaConnections)
      .values({ userId, service, ...tokens, icn: options.icn })
      .onConflictDoUpdate({
        target: [vaConnections.userId, vaConnections.service],
        set: {
          ...tokens,
          icn: options.icn,
          tokenVersion: sql`${vaConnections.tokenVersion} + 1`,
          updatedAt: now,
        },
      });
    await setFlag(tx as unknown as Db, userId, service, true);
  });
}

export async function findConnection(
  options: Owner & { service: VaFlag },
): Promise<VaConnectionRow | undefined> {
  const [row] = await options.db
    .select()
    .from(vaConnections)
    .where(
      and(eq(vaConnections.userId, options.userId), eq(vaConnections.service, options.service)),
    );
  return row;
}

/**
 * Stores refreshed tokens if no one else refreshed since `version` was read; the updated row, or
 * undefined when another refresh won.
 */
export async function updateConnectionTokens(
  options: Owner & { service: VaFlag; version: number; tokens: NewTokens },
): Promise<VaConnectionRow | undefined> {
  const { tokens } = options;
  const [row] = await options.db
    .update(vaConnections)
    .set({
      accessToken: tokens.accessToken,
      // A refresh answer without a new refresh token keeps the old one.
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      ...(tokens.scope ? { scope: tokens.scope } : {}),
      tokenVersion: options.version + 1,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(vaConnections.userId, options.userId),
        eq(vaConnections.service, options.service),
        eq(vaConnections.tokenVersion, options.version),
      ),
    )
    .returning();
  return row;
}

/** Forgets the owner's connection to a service and lowers the profile flag; the removed row. */
export async function deleteConnection(
  options: Owner & { service: VaFlag },
): Promise<VaConnectionRow | undefined> {
  const { db, userId, service } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(vaConnections)
      .where(and(eq(vaConnections.userId, userId), eq(vaConnections.service, service)))
      .returning();
    await setFlag(tx as unknown as Db, userId, service, false);
    return row;
  });
}

/** The owner's profile flags (false when the profile is missing). */
export async function findVaFlags(options: Owner): Promise<Record<VaFlag, boolean>> {
  const [row] = await options.db
    .select({ flags: userProfiles.isVaAuthenticated })
    .from(userProfiles)
    .where(eq(userProfiles.id, options.userId));
  return {
    benefit_claims: row?.flags.benefit_claims === true,
    veteran_verification: row?.flags.veteran_verification === true,
  };
}
