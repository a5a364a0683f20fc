import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '@muster/db/jobs';
import {
  files,
  outboxEmails,
  signInLockouts,
  storageTotals,
  user,
  userProfiles,
  verification,
} from '@muster/db/schema/index';
import { emailHash } from '#src/modules/auth/auth.ts';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';

/**
 * Erases an account whose deletion grace period has passed: every stored file, then the user row
 * (which cascades to the profile, sessions, linked accounts, subscription, usage and billing
 * customer), then the sign-in traces keyed by email. Does nothing if the deletion was canceled or
 * is not yet due, so a stale or early run is harmless; idempotent on retry.
 */
export function eraseAccountJob(storage: StorageDriver) {
  return defineJob({
    name: 'users.erase-account',
    payloadSchema: z.object({ user_id: z.string().min(1) }),
    retry: { limit: 5, delaySeconds: 60, maxDelaySeconds: 3600 },
    async handler({ payload, db, progress }) {
      const [profile] = await db
        .select()
        .from(userProfiles)
        .where(eq(userProfiles.id, payload.user_id));
      if (!profile) {
        // Profile already gone (a previous attempt got this far): finish removing the user row.
        await db.delete(user).where(eq(user.id, payload.user_id));
        return;
      }
      if (
        !profile.isDeleted ||
        !profile.deletionScheduledFor ||
        profile.deletionScheduledFor.getTime() > Date.now()
      )
        return;
      const owned = await db.select().from(files).where(eq(files.ownerId, payload.user_id));
      for (const [index, file] of owned.entries()) {
        if (file.multipartUploadId)
          await storage
            .abortMultipart(file.storageKey, file.multipartUploadId)
            .catch(() => undefined);
        await storage.delete(file.storageKey);
        await db.delete(files).where(eq(files.id, file.id));
        await progress(((index + 1) / (owned.length + 1)) * 100);
      }
      await db.transaction(async (tx) => {
        await tx
          .delete(verification)
          .where(eq(verification.identifier, `sign-in-otp-${profile.email}`));
        await tx
          .delete(signInLockouts)
          .where(eq(signInLockouts.emailHash, emailHash(profile.email)));
        await tx.delete(outboxEmails).where(eq(outboxEmails.to, profile.email));
        // The running total of stored bytes is keyed by the user id: it goes too.
        await tx.delete(storageTotals).where(eq(storageTotals.ownerId, payload.user_id));
        await tx.delete(user).where(eq(user.id, payload.user_id));
      });
    },
  });
}
