import { ERR } from '@muster/contract/errors';

import type { ApiError } from '@/lib/api-error';

/**
 * The time a sign-in lock ends, in the person's own time zone (`timeZone` is for tests), e.g.
 * "2:32 PM". Null for a value that is not a date.
 */
export function formatLockEnd(lockedUntil: string, timeZone?: string): string | null {
  const date = new Date(lockedUntil);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(
    date,
  );
}

/** What the code form says about a locked email, with the end of the lock when it is known. */
export function lockedMessage(error: ApiError, timeZone?: string): string | null {
  if (error.code !== ERR.ACCOUNT_LOCKED) return null;
  const until = error.signIn?.locked_until;
  const time = until ? formatLockEnd(until, timeZone) : null;
  return time
    ? `Too many wrong codes. Try again after ${time}.`
    : (error.detail ?? 'Too many wrong codes. Try again later.');
}

/** Whether the code form shows this failure itself (on the field or as its alert), not a toast. */
export function isShownByCodeForm(error: ApiError): boolean {
  return error.fields?.otp !== undefined || error.code === ERR.ACCOUNT_LOCKED;
}
