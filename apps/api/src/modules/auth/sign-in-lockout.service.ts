import { SIGN_IN_LOCKOUT_MINUTES } from '@muster/contract/auth';
import type { Db } from '@muster/db/client';
import { emailHash } from './auth.ts';
import { signInLockedError } from './auth-errors.ts';
import * as repository from './sign-in-lockout.repository.ts';

type ByEmail = { db: Db; email: string };

/** Throws the lock error while the email is locked out of code sign-in. */
export async function assertNotLocked(options: ByEmail): Promise<void> {
  const lockedUntil = await repository.findLockedUntil({
    db: options.db,
    emailHash: emailHash(options.email),
  });
  if (lockedUntil && lockedUntil.getTime() > Date.now()) throw signInLockedError(lockedUntil);
}

/** Locks the email out of code sign-in for the lockout period; answers until when. */
export async function lockEmail(options: ByEmail): Promise<Date> {
  const lockedUntil = new Date(Date.now() + SIGN_IN_LOCKOUT_MINUTES * 60_000);
  await repository.upsertLockout({
    db: options.db,
    emailHash: emailHash(options.email),
    lockedUntil,
  });
  return lockedUntil;
}

/**
 * Whether the email has a code that can still sign in (the library keys codes by the lower-cased
 * email). Without one, no guess can succeed: the person needs a new code, not a warning.
 */
export async function hasLiveCode(options: ByEmail): Promise<boolean> {
  return repository.hasUnexpiredVerification({
    db: options.db,
    identifier: `sign-in-otp-${options.email.toLowerCase()}`,
  });
}
