import { ERR } from '@muster/contract/errors';
import { SIGN_IN_LOCKOUT_MINUTES } from '@muster/contract/auth';
import { AppError } from '#src/lib/errors.ts';

export type AuthErrorBody = { code?: string; message?: string };

/** What the sign-in route knows about the email beyond the library's answer. */
export type SignInCodeContext = {
  /** Wrong codes still allowed before the email is locked, counted across every code sent to it. */
  attemptsLeft?: number;
};

/**
 * The answer for an email locked after too many wrong codes: how long is left in words, and the
 * exact end of the lock for clients to show in the person's own time zone.
 */
export function signInLockedError(lockedUntil: Date, now = Date.now()): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now) / 60_000));
  return new AppError(ERR.ACCOUNT_LOCKED, {
    detail: `Too many wrong codes. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    extra: { sign_in: { locked_until: lockedUntil.toISOString() } },
  });
}

/**
 * The answer when the email has no code that could sign in (it expired and was cleared, or it was
 * used): a new code is the only way on, so this is not counted as a wrong guess.
 */
export function noLiveCodeError(): AppError {
  return new AppError(ERR.INVALID_INPUT, {
    detail: 'The code has expired or was already used',
    fields: { otp: 'This code has expired or was already used. Send a new code to sign in.' },
    extra: { sign_in: { code_expired: true } },
  });
}

/** The field message for a wrong code: a warning when the next wrong code locks the email. */
function wrongCodeMessage(attemptsLeft: number | undefined): string {
  if (attemptsLeft !== 1) return 'Invalid code';
  return `Invalid code. 1 try left before sign-in is locked for ${SIGN_IN_LOCKOUT_MINUTES} minutes.`;
}

/**
 * Translates the auth library's error answers into the platform envelope's codes. Messages come
 * from the catalogue; a refused code also says what can be done next (`sign_in`).
 */
export function translateAuthError(
  status: number,
  body: AuthErrorBody,
  context: SignInCodeContext = {},
): AppError {
  switch (body.code) {
    case 'INVALID_OTP':
      return new AppError(ERR.INVALID_INPUT, {
        detail: 'The code is not correct',
        fields: { otp: wrongCodeMessage(context.attemptsLeft) },
        ...(context.attemptsLeft === undefined
          ? {}
          : { extra: { sign_in: { attempts_left: context.attemptsLeft } } }),
      });
    case 'OTP_EXPIRED':
      return new AppError(ERR.INVALID_INPUT, {
        detail: 'The code has expired',
        fields: { otp: 'This code has expired. Send a new code to sign in.' },
        extra: { sign_in: { code_expired: true } },
      });
    case 'TOO_MANY_ATTEMPTS':
      return new AppError(ERR.ACCOUNT_LOCKED, {
        detail: `Too many wrong codes. Try again in ${SIGN_IN_LOCKOUT_MINUTES} minutes.`,
      });
    case 'INVALID_EMAIL':
      return new AppError(ERR.INVALID_EMAIL, { fields: { email: 'Invalid email address' } });
    case 'INVALID_TOKEN':
    case 'INVALID_ONE_TIME_TOKEN':
      return new AppError(ERR.AUTH_FAILED, {
        detail: 'This sign-in link is invalid or has expired',
      });
    case 'SESSION_EXPIRED':
      return new AppError(ERR.SESSION_EXPIRED);
    case 'USER_NOT_FOUND':
    case 'FAILED_TO_CREATE_USER':
    case 'FAILED_TO_CREATE_SESSION':
      return new AppError(status >= 500 ? ERR.INTERNAL : ERR.AUTH_FAILED);
  }
  if (status === 401) return new AppError(ERR.AUTH_FAILED);
  if (status === 403) return new AppError(ERR.FORBIDDEN);
  if (status === 404) return new AppError(ERR.NOT_FOUND);
  if (status === 429) return new AppError(ERR.RATE_LIMITED);
  if (status >= 500) return new AppError(ERR.INTERNAL);
  return new AppError(ERR.INVALID_INPUT, { detail: 'The sign-in request was not accepted' });
}
