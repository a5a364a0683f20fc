import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import { intentToFiles, type IntentToFileRow } from '@muster/db/schema/index';

/** Every query here is filtered by owner. */

type Owner = { db: Db; userId: string; type: string };

/** What VA says of an intent to file. */
export type VaIntentToFile = {
  intentFileId: string;
  status: string;
  creationDate: string;
  expirationDate: string;
};

export async function findIntentToFile(options: Owner): Promise<IntentToFileRow | undefined> {
  const [row] = await options.db
    .select()
    .from(intentToFiles)
    .where(and(eq(intentToFiles.userId, options.userId), eq(intentToFiles.type, options.type)));
  return row;
}

/**
 * Takes the filing lease of the owner's intent to file of this type: one statement that succeeds
 * for one caller only while no unexpired lease is held. True when this caller holds it now.
 */
export async function claimFilingLease(options: Owner & { leaseMs: number }): Promise<boolean> {
  const until = new Date(Date.now() + options.leaseMs);
  const rows = await options.db
    .insert(intentToFiles)
    .values({ userId: options.userId, type: options.type, filingUntil: until })
    .onConflictDoUpdate({
      target: [intentToFiles.userId, intentToFiles.type],
      set: { filingUntil: until },
      setWhere: or(isNull(intentToFiles.filingUntil), lt(intentToFiles.filingUntil, sql`now()`)),
    })
    .returning({ id: intentToFiles.id });
  return rows.length === 1;
}

export async function releaseFilingLease(options: Owner): Promise<void> {
  await options.db
    .update(intentToFiles)
    .set({ filingUntil: null })
    .where(and(eq(intentToFiles.userId, options.userId), eq(intentToFiles.type, options.type)));
}

/** Stores what VA said (and releases the lease when `release`). */
export async function storeIntentToFile(
  options: Owner & { record: VaIntentToFile; release: boolean },
): Promise<IntentToFileRow> {
  const values = { ...options.record, updatedAt: new Date() };
  const [row] = await options.db
    .insert(intentToFiles)
    .values({ userId: options.userId, type: options.type, ...values })
    .onConflictDoUpdate({
      target: [intentToFiles.userId, intentToFiles.type],
      set: options.release ? { ...values, filingUntil: null } : values,
    })
    .returning();
  return row!;
}

/** The owner's intent-to-file records VA answered for (the account export). */
export async function listIntentToFiles(options: { db: Db; userId: string }) {
  return options.db
    .select()
    .from(intentToFiles)
    .where(eq(intentToFiles.userId, options.userId))
    .orderBy(intentToFiles.type);
}

/**
 * VA used the active intent to file: a claim was filed under it. VA then reports none active, and
 * the local record stops counting down (VA's own status for it is `claim_received`).
 */
export async function markIntentToFileUsed(options: Owner): Promise<void> {
  await options.db
    .update(intentToFiles)
    .set({ status: 'claim_received', updatedAt: new Date() })
    .where(
      and(
        eq(intentToFiles.userId, options.userId),
        eq(intentToFiles.type, options.type),
        eq(intentToFiles.status, 'active'),
      ),
    );
}
