import { ERR } from '@muster/contract/errors';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-error';

import { formatLockEnd, isShownByCodeForm, lockedMessage } from './sign-in-errors';

const locked = (signIn?: { locked_until: string }) =>
  new ApiError({
    status: 403,
    code: ERR.ACCOUNT_LOCKED,
    detail: 'Too many wrong codes. Try again in 15 minutes.',
    ...(signIn ? { signIn } : {}),
  });

describe('sign-in error texts', () => {
  it('formats the end of a lock in the given time zone', () => {
    expect(formatLockEnd('2026-11-23T20:32:00.000Z', 'America/Chicago')).toBe('2:32 PM');
    expect(formatLockEnd('2026-11-23T20:32:00.000Z', 'UTC')).toBe('8:32 PM');
    expect(formatLockEnd('not a date')).toBeNull();
  });

  it('says until when sign-in is locked, or the server detail when the end is unknown', () => {
    expect(lockedMessage(locked({ locked_until: '2026-11-23T14:32:00.000Z' }), 'UTC')).toBe(
      'Too many wrong codes. Try again after 2:32 PM.',
    );
    expect(lockedMessage(locked(), 'UTC')).toBe('Too many wrong codes. Try again in 15 minutes.');
    expect(lockedMessage(new ApiError({ status: 400, code: ERR.INVALID_INPUT }))).toBeNull();
  });

  it('leaves to the toast only what the code form does not show', () => {
    expect(isShownByCodeForm(locked())).toBe(true);
    expect(
      isShownByCodeForm(
        new ApiError({ status: 400, code: ERR.INVALID_INPUT, fields: { otp: 'Invalid code' } }),
      ),
    ).toBe(true);
    expect(isShownByCodeForm(new ApiError({ status: 429, code: ERR.RATE_LIMITED }))).toBe(false);
  });
});
