import { eq } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import { session, user, userProfiles } from '@muster/db/schema/index';

type Owner = { db: Db; userId: string };

/** The profile with the sign-in picture beside it; undefined when absent. */
export async function findProfileRows(options: Owner) {
  const [row] = await options.db
    .select({ profile: userProfiles, image: user.image })
    .from(userProfiles)
    .innerJoin(user, eq(user.id, userProfiles.id))
    .where(eq(userProfiles.id, options.userId));
  return row;
}

/**
 * Updates the profile fields given and, when a name changed, the sign-in name, in one transaction:
 * both change or neither. Answers false when the profile does not exist.
 */
export async function updateProfile(
  options: Owner & {
    firstName: string | undefined;
    lastName: string | undefined;
    servedBranches: { branch: string }[] | undefined;
  },
): Promise<boolean> {
  const { firstName, lastName, servedBranches } = options;
  return options.db.transaction(async (tx) => {
    const [names] = await tx
      .update(userProfiles)
      .set({
        ...(firstName !== undefined ? { firstName } : {}),
        ...(lastName !== undefined ? { lastName } : {}),
        ...(servedBranches ? { servedBranches } : {}),
        updatedAt: new Date(),
      })
      .where(eq(userProfiles.id, options.userId))
      .returning({ firstName: userProfiles.firstName, lastName: userProfiles.lastName });
    if (!names) return false;
    if (firstName !== undefined || lastName !== undefined) {
      await tx
        .update(user)
        .set({ name: `${names.firstName} ${names.lastName}`, updatedAt: new Date() })
        .where(eq(user.id, options.userId));
    }
    return true;
  });
}

/** Marks the account deleted and ends every session, together. */
export async function markDeletionRequested(
  options: Owner & { scheduledFor: Date; jobId: string | null },
): Promise<void> {
  await options.db.transaction(async (tx) => {
    await tx
      .update(userProfiles)
      .set({
        isDeleted: true,
        deletionRequestedAt: new Date(),
        deletionScheduledFor: options.scheduledFor,
        deletionJobId: options.jobId,
        updatedAt: new Date(),
      })
      .where(eq(userProfiles.id, options.userId));
    await tx.delete(session).where(eq(session.userId, options.userId));
  });
}

export async function clearDeletion(options: Owner): Promise<void> {
  await options.db
    .update(userProfiles)
    .set({
      isDeleted: false,
      deletionRequestedAt: null,
      deletionScheduledFor: null,
      deletionJobId: null,
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.id, options.userId));
}
