import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import { signInLockouts, verification } from '@muster/db/schema/index';

/** Sign-in lockouts are keyed by the email's hash, never the email itself. */
export async function findLockedUntil(options: { db: Db; emailHash: string }) {
  const [lock] = await options.db
    .select({ lockedUntil: signInLockouts.lockedUntil })
    .from(signInLockouts)
    .where(eq(signInLockouts.emailHash, options.emailHash));
  return lock?.lockedUntil;
}

export async function upsertLockout(options: {
  db: Db;
  emailHash: string;
  lockedUntil: Date;
}): Promise<void> {
  const { emailHash, lockedUntil } = options;
  await options.db
    .insert(signInLockouts)
    .values({ emailHash, lockedUntil })
    .onConflictDoUpdate({ target: signInLockouts.emailHash, set: { lockedUntil } });
}

/** Whether an unexpired verification row exists under the library's identifier. */
export async function hasUnexpiredVerification(options: {
  db: Db;
  identifier: string;
}): Promise<boolean> {
  const [row] = await options.db
    .select({ expiresAt: verification.expiresAt })
    .from(verification)
    .where(
      and(eq(verification.identifier, options.identifier), gt(verification.expiresAt, new Date())),
    )
    .limit(1);
  return row !== undefined;
}
